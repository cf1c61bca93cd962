//! Pictures of a position: the hex diamond for the terminal and an SVG drawing.
//!
//! Row v is drawn shifted half a cell left of row v−1, so the neighbours (u,v+1) and (u+1,v+1)
//! of (u,v) sit below it on either side, and the board is the usual diamond. NHEX's edges
//! ⊤ and ⊥ are the top and bottom rows; the opponent's ⊢ and ⊣ the left and right sides.

use crate::board::{Board, Cell, Side};

/// The board as text: `N` NHEX, `O` opponent, `.` empty; `last` is bracketed. The `\\` at
/// both ends of a row are the opponent's edges ⊢ and ⊣; the dashed lines NHEX's ⊤ and ⊥.
pub fn diamond(b: &Board, last: Option<Cell>) -> String {
    diamond_for(b, last, "opponent")
}

/// [`diamond`] with the opponent named as the caption should call it (`you` at the teletype).
pub fn diamond_for(b: &Board, last: Option<Cell>, opponent: &str) -> String {
    let n = b.n();
    let mut out = String::new();
    // Row v starts at column 4 + (n - v); cell u of it at 2u - 1 from there.
    let start = |v: usize| 4 + n - v;
    let top: String = (1..=n).map(|u| format!("{u} ")).collect();
    out.push_str(&format!(
        "{}{}  u\n",
        " ".repeat(start(1) + 1),
        top.trim_end()
    ));
    out.push_str(&format!(
        "{}{}  NHEX (top)\n",
        " ".repeat(start(1) + 1),
        "-".repeat(2 * n - 1)
    ));
    for v in 1..=n {
        let mut row: Vec<char> = vec![' '; 2 * n + 1];
        row[0] = '\\';
        row[2 * n] = '\\';
        for u in 1..=n {
            let c = Cell::new(u, v);
            row[2 * u - 1] = match b.owner(c) {
                Some(Side::Nhex) => 'N',
                Some(Side::Opponent) => 'O',
                None => '.',
            };
            if Some(c) == last {
                row[2 * u - 2] = '[';
                row[2 * u] = ']';
            }
        }
        let text: String = row.into_iter().collect();
        out.push_str(&format!("v={v}{}{}\n", " ".repeat(start(v) - 3), text));
    }
    out.push_str(&format!(
        "{}{}  NHEX (bottom)\n",
        " ".repeat(start(n) + 1),
        "-".repeat(2 * n - 1)
    ));
    out.push_str(&format!(
        "{}{opponent} (O): left \\ to right \\\n",
        " ".repeat(start(n) + 1)
    ));
    out
}

/// An SVG drawing of the board, with move numbers if `numbers` gives the ply of each cell.
///
/// The title and the two caption lines stand above the board, the canvas as wide as the
/// longest of them; the columns u are numbered above the top row and the rows v at the left of
/// each row, so a cell reads as the `uuvv` move it is; the canvas ends just below the board.
pub fn svg(b: &Board, numbers: &[(Cell, usize)], title: &str) -> String {
    let n = b.n() as f64;
    let r = 20.0_f64;
    let w = 3f64.sqrt() * r;
    let captions = [
        format!(
            "black: NHEX, joins the top and bottom rows (v = 1 and {})",
            b.n()
        ),
        format!(
            "red: opponent, joins the left and right sides (u = 1 and {})",
            b.n()
        ),
    ];
    // Title (14 px), two caption lines (12 px), the u numbers, then the board.
    let board_top = 86.0;
    let left = 44.0;
    let centre = |c: Cell| -> (f64, f64) {
        let (u, v) = (c.u() as f64, c.v() as f64);
        (
            left + (u - 1.0) * w + (n - v) * w / 2.0 + w / 2.0,
            board_top + r + (v - 1.0) * 1.5 * r,
        )
    };
    // Monospace advance: 0.6 em.
    let text_width = (title.chars().count() as f64 * 14.0 * 0.6).max(
        captions
            .iter()
            .map(|c| c.chars().count())
            .max()
            .unwrap_or(0) as f64
            * 12.0
            * 0.6,
    );
    let board_right = left + (n + (n - 1.0) / 2.0) * w;
    let width = (board_right + 20.0).max(20.0 + text_width);
    let height = board_top + 2.0 * r + (n - 1.0) * 1.5 * r + 16.0;
    let title = escape(title);
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" font-family=\"monospace\">\n<title>{title}</title>\n<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n"
    );
    s.push_str(&format!(
        "<text x=\"10\" y=\"20\" font-size=\"14\">{title}</text>\n"
    ));
    for (k, c) in captions.iter().enumerate() {
        s.push_str(&format!(
            "<text x=\"10\" y=\"{}\" font-size=\"12\">{c}</text>\n",
            38 + 16 * k
        ));
    }
    for k in 1..=b.n() {
        let (x, y) = centre(Cell::new(k, 1));
        s.push_str(&format!(
            "<text class=\"u\" x=\"{x:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"middle\" fill=\"#555\">{k}</text>\n",
            y - r - 4.0
        ));
        let (x, y) = centre(Cell::new(1, k));
        s.push_str(&format!(
            "<text class=\"v\" x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"end\" fill=\"#555\">{k}</text>\n",
            x - w / 2.0 - 4.0,
            y + 4.0
        ));
    }
    s.push_str(&format!(
        "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" fill=\"#555\">u</text>\n",
        centre(Cell::new(b.n(), 1)).0 + w / 2.0 + 4.0,
        board_top - 4.0
    ));
    // "v" ends the column of row numbers, as "u" ends the row of column numbers.
    let (x, y) = centre(Cell::new(1, b.n()));
    s.push_str(&format!(
        "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"end\" fill=\"#555\">v</text>\n",
        x - w / 2.0 - 4.0,
        y + 18.0
    ));
    for c in b.cells() {
        let (x, y) = centre(c);
        let pts: Vec<String> = (0..6)
            .map(|k| {
                let a = std::f64::consts::PI / 180.0 * (60.0 * k as f64 - 30.0);
                format!("{:.1},{:.1}", x + r * a.cos(), y + r * a.sin())
            })
            .collect();
        let fill = match b.owner(c) {
            Some(Side::Nhex) => "#222",
            Some(Side::Opponent) => "#d33",
            None => "#eee",
        };
        let edge_hint = if c.v() == 1 || c.v() == b.n() {
            "#222"
        } else if c.u() == 1 || c.u() == b.n() {
            "#d33"
        } else {
            "#999"
        };
        s.push_str(&format!(
            "<polygon points=\"{}\" fill=\"{fill}\" stroke=\"{edge_hint}\"/>\n",
            pts.join(" ")
        ));
        if let Some((_, k)) = numbers.iter().find(|(x, _)| *x == c) {
            s.push_str(&format!(
                "<text x=\"{x:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"middle\" fill=\"#fff\">{k}</text>\n",
                y + 4.0
            ));
        }
    }
    s.push_str("</svg>\n");
    s
}

/// Text for an SVG element: the XML specials escaped.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diamond_shows_stones() {
        let mut b = Board::new(8);
        b.play(Cell::new(4, 5), Side::Nhex);
        b.play(Cell::new(4, 4), Side::Opponent);
        let t = diamond(&b, Some(Cell::new(4, 4)));
        assert_eq!(t.matches(" N ").count(), 1, "{t}");
        assert!(t.contains("[O]"), "{t}");
        let s = svg(&b, &[(Cell::new(4, 5), 1)], "t");
        assert_eq!(s.matches("<polygon").count(), 64);
    }

    #[test]
    fn the_svg_has_coordinates_and_room_for_its_captions() {
        let b = Board::new(8);
        let title = "a-rather-long-log-name-from-the-1975-match.txt game 12";
        let s = svg(&b, &[], title);
        assert_eq!(s.matches("class=\"u\"").count(), 8);
        assert_eq!(s.matches("class=\"v\"").count(), 8);
        let width: f64 = s
            .split("width=\"")
            .nth(1)
            .and_then(|t| t.split('"').next())
            .and_then(|t| t.parse().ok())
            .unwrap();
        assert!(width >= title.len() as f64 * 8.4, "{width}");
        let height: f64 = s
            .split("height=\"")
            .nth(1)
            .and_then(|t| t.split('"').next())
            .and_then(|t| t.parse().ok())
            .unwrap();
        // The lowest cell's bottom is within 20 px of the canvas's bottom edge.
        let lowest = s
            .split("points=\"")
            .skip(1)
            .flat_map(|t| {
                t.split('"')
                    .next()
                    .unwrap()
                    .split(' ')
                    .map(|p| p.split(',').nth(1).unwrap().parse::<f64>().unwrap())
                    .collect::<Vec<_>>()
            })
            .fold(0.0_f64, f64::max);
        assert!(
            height - lowest <= 20.0 && height > lowest,
            "{height} {lowest}"
        );
    }
}
