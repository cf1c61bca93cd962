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
pub fn svg(b: &Board, numbers: &[(Cell, usize)], title: &str) -> String {
    let n = b.n() as f64;
    let r = 20.0_f64;
    let w = 3f64.sqrt() * r;
    let centre = |c: Cell| -> (f64, f64) {
        let (u, v) = (c.u() as f64, c.v() as f64);
        (
            40.0 + (u - 1.0) * w + (n - v) * w / 2.0 + w / 2.0,
            50.0 + (v - 1.0) * 1.5 * r + r,
        )
    };
    let width = 80.0 + (n + (n - 1.0) / 2.0) * w;
    let height = 100.0 + (n - 1.0) * 1.5 * r + 2.0 * r;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" font-family=\"monospace\">\n<title>{title}</title>\n"
    );
    s.push_str(&format!(
        "<text x=\"10\" y=\"20\" font-size=\"14\">{title}</text>\n"
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
    s.push_str("<text x=\"10\" y=\"38\" font-size=\"11\">black: NHEX (joins top and bottom), red: opponent (joins left and right)</text>\n");
    s.push_str("</svg>\n");
    s
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
}
