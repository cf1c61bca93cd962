//! The one board renderer: the terminal, the teletype's paper and SVG, from one
//! [`Picture`].
//!
//! * Terminal: the guide's glyphs (● black, ○ white, + empty), 3 columns per point, x
//!   numbered 1..15 above and lettered a..o below, y numbered at both sides; the last move
//!   in brackets; forbidden points as `*` (the guide's §2.5 mark); move numbers instead of
//!   stones when asked (odd numbers are black's).
//! * Teletype: the same grid in upper-case ASCII (X black, O white), 51 columns wide, so it
//!   fits the 72-column paper.
//! * SVG: the board as the guide's diagrams draw it, with the same marks; move numbers on
//!   the stones when asked.

use crate::board::Board;
use crate::foul::Foul;
use crate::game::Game;
use crate::point::{Point, POINTS, SIZE};
use crate::stone::Stone;
use std::fmt::Write;

/// The SVG's spacing of the lines and its margin to the first line, in pixels.
const CELL: i32 = 32;
const MARGIN: i32 = 44;

/// The point drawn nearest `(x, y)` of the SVG ([`Picture::svg`]), when the spot is within
/// a third of a square of it: what a click on the picture names.
pub fn svg_point_at(x: f64, y: f64) -> Option<Point> {
    let near = |v: f64| {
        let k = (v - f64::from(MARGIN)) / f64::from(CELL);
        let r = k.round();
        ((k - r).abs() <= 1.0 / 3.0).then_some(r as i32 + 1)
    };
    Point::at(near(x)?, near(y)?)
}

/// A board to draw, with what to mark on it.
#[derive(Clone, Debug)]
pub struct Picture {
    board: Board,
    numbers: Vec<u16>,
    last: Option<Point>,
    forbidden: Vec<(Point, Foul)>,
    show_numbers: bool,
    caption: Vec<String>,
}

/// The characters of a text grid.
struct Glyphs {
    black: &'static str,
    white: &'static str,
    empty: &'static str,
    forbidden: &'static str,
    upper: bool,
}

const TERMINAL: Glyphs = Glyphs {
    black: "●",
    white: "○",
    empty: "+",
    forbidden: "*",
    upper: false,
};

const TELETYPE: Glyphs = Glyphs {
    black: "X",
    white: "O",
    empty: "+",
    forbidden: "*",
    upper: true,
};

impl Picture {
    /// A board without history (no move numbers, no last move).
    pub fn new(board: &Board) -> Picture {
        Picture {
            board: board.clone(),
            numbers: vec![0; POINTS],
            last: None,
            forbidden: Vec::new(),
            show_numbers: false,
            caption: Vec::new(),
        }
    }

    /// A board with the moves that made it, in order (for numbers and the last move).
    pub fn with_history(board: &Board, history: &[Point]) -> Picture {
        let mut p = Picture::new(board);
        for (i, m) in history.iter().enumerate() {
            p.numbers[m.index()] = (i + 1) as u16;
        }
        p.last = history.last().copied();
        p
    }

    /// A game's board, its moves and its last move.
    pub fn of_game(game: &Game) -> Picture {
        Picture::with_history(game.board(), game.history())
    }

    /// Marks (or unmarks) a last move.
    pub fn last_move(mut self, p: Option<Point>) -> Picture {
        self.last = p;
        self
    }

    /// Marks forbidden points (usually [`crate::forbidden_points`] of the board).
    pub fn forbidden(mut self, points: Vec<(Point, Foul)>) -> Picture {
        self.forbidden = points;
        self
    }

    /// Lines under the SVG board (the opening, whose move it is, the rule), as the guide
    /// writes under its diagrams; the text grids leave them to their caller.
    pub fn caption(mut self, lines: Vec<String>) -> Picture {
        self.caption = lines;
        self
    }

    /// Draws move numbers instead of stones where the history is known.
    pub fn numbered(mut self, on: bool) -> Picture {
        self.show_numbers = on;
        self
    }

    /// The board for a terminal.
    pub fn terminal(&self) -> String {
        self.text(&TERMINAL)
    }

    /// The board for the teletype's paper: upper case ASCII, 51 columns.
    pub fn teletype(&self) -> String {
        self.text(&TELETYPE)
    }

    fn number(&self, p: Point) -> Option<u16> {
        let n = self.numbers[p.index()];
        (self.show_numbers && n > 0 && self.board.get(p).is_some()).then_some(n)
    }

    fn is_forbidden(&self, p: Point) -> bool {
        self.forbidden.iter().any(|&(q, _)| q == p)
    }

    fn text(&self, g: &Glyphs) -> String {
        let mut lines = Vec::with_capacity(SIZE as usize + 2);
        let numbers: String = (1..=SIZE).map(|x| format!("{x:>2} ")).collect();
        lines.push(format!("   {numbers}"));
        for y in 1..=SIZE {
            let points: String = (1..=SIZE)
                .map(|x| self.cell(Point::new(x, y).expect("on board"), g))
                .collect();
            lines.push(format!("{y:>3}{points} {y}"));
        }
        let letters: String = (1..=SIZE)
            .map(|x| {
                let c = (b'a' + x - 1) as char;
                format!(" {} ", if g.upper { c.to_ascii_uppercase() } else { c })
            })
            .collect();
        lines.push(format!("   {letters}"));
        lines
            .iter()
            .map(|l| format!("{}\n", l.trim_end()))
            .collect()
    }

    /// One point: three characters.
    fn cell(&self, p: Point, g: &Glyphs) -> String {
        if let Some(n) = self.number(p) {
            return if n < 100 {
                format!("{n:>2} ")
            } else {
                n.to_string()
            };
        }
        let glyph = match self.board.get(p) {
            Some(Stone::Black) => g.black,
            Some(Stone::White) => g.white,
            None if self.is_forbidden(p) => g.forbidden,
            None => g.empty,
        };
        if self.last == Some(p) {
            format!("[{glyph}]")
        } else {
            format!(" {glyph} ")
        }
    }

    /// The board as an SVG document.
    pub fn svg(&self) -> String {
        const LINE: i32 = 20;
        let side = 2 * MARGIN + CELL * (SIZE as i32 - 1);
        let height =
            side + LINE * self.caption.len() as i32 + (self.caption.len() as i32).min(1) * 4;
        let at = |v: u8| MARGIN + CELL * (v as i32 - 1);
        let mut s = String::new();
        let _ = writeln!(
            s,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{side}" height="{height}" viewBox="0 0 {side} {height}" font-family="sans-serif">"#
        );
        let _ = writeln!(
            s,
            r##"<rect width="{side}" height="{height}" fill="#e8c77b"/>"##
        );
        for (k, line) in self.caption.iter().enumerate() {
            let text = line
                .replace('&', "&amp;")
                .replace('<', "&lt;")
                .replace('>', "&gt;");
            let _ = writeln!(
                s,
                r#"<text class="caption" x="{}" y="{}" font-size="14">{text}</text>"#,
                MARGIN - 26,
                side + LINE * k as i32 + 6
            );
        }
        for v in 1..=SIZE {
            let (a, b, c) = (at(1), at(SIZE), at(v));
            let _ = writeln!(
                s,
                r#"<line x1="{a}" y1="{c}" x2="{b}" y2="{c}" stroke="black"/>"#
            );
            let _ = writeln!(
                s,
                r#"<line x1="{c}" y1="{a}" x2="{c}" y2="{b}" stroke="black"/>"#
            );
            let letter = (b'a' + v - 1) as char;
            let (top, bottom) = (MARGIN - 22, at(SIZE) + 30);
            let (left, right) = (MARGIN - 26, at(SIZE) + 26);
            let _ = writeln!(
                s,
                r#"<text x="{c}" y="{top}" font-size="13" text-anchor="middle">{v}</text>"#
            );
            let _ = writeln!(
                s,
                r#"<text x="{c}" y="{bottom}" font-size="13" text-anchor="middle">{letter}</text>"#
            );
            let ty = c + 5;
            let _ = writeln!(
                s,
                r#"<text x="{left}" y="{ty}" font-size="13" text-anchor="middle">{v}</text>"#
            );
            let _ = writeln!(
                s,
                r#"<text x="{right}" y="{ty}" font-size="13" text-anchor="middle">{v}</text>"#
            );
        }
        for (x, y) in [(4, 4), (12, 4), (8, 8), (4, 12), (12, 12)] {
            let _ = writeln!(
                s,
                r#"<circle cx="{}" cy="{}" r="3" fill="black"/>"#,
                at(x),
                at(y)
            );
        }
        for p in Point::all() {
            let (cx, cy) = (at(p.x()), at(p.y()));
            match self.board.get(p) {
                Some(stone) => {
                    let (fill, ink) = match stone {
                        Stone::Black => ("black", "white"),
                        Stone::White => ("white", "black"),
                    };
                    let _ = writeln!(
                        s,
                        r#"<circle cx="{cx}" cy="{cy}" r="14" fill="{fill}" stroke="black"/>"#
                    );
                    if let Some(n) = self.number(p) {
                        let size = if n >= 100 { 11 } else { 13 };
                        let ty = cy + size / 2 - 1;
                        let _ = writeln!(
                            s,
                            r#"<text x="{cx}" y="{ty}" font-size="{size}" text-anchor="middle" fill="{ink}">{n}</text>"#
                        );
                    }
                    if self.last == Some(p) {
                        let _ = writeln!(
                            s,
                            r#"<circle cx="{cx}" cy="{cy}" r="17" fill="none" stroke="red" stroke-width="2"/>"#
                        );
                    }
                }
                None if self.is_forbidden(p) => {
                    let d = 7;
                    let _ = writeln!(
                        s,
                        r#"<path d="M{} {} L{} {} M{} {} L{} {}" stroke="red" stroke-width="3"/>"#,
                        cx - d,
                        cy - d,
                        cx + d,
                        cy + d,
                        cx - d,
                        cy + d,
                        cx + d,
                        cy - d
                    );
                }
                None => {}
            }
        }
        s.push_str("</svg>\n");
        s
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_spot_on_the_svg_names_the_point_drawn_there() {
        let centre = |v: i32| f64::from(MARGIN + CELL * (v - 1));
        assert_eq!(svg_point_at(centre(8), centre(8)), Point::at(8, 8));
        assert_eq!(
            svg_point_at(centre(1) + 5.0, centre(15) - 5.0),
            Point::at(1, 15)
        );
        assert_eq!(svg_point_at(centre(3) + 16.0, centre(3)), None);
        assert_eq!(svg_point_at(1.0, 1.0), None);
        assert_eq!(svg_point_at(centre(16), centre(1)), None);
        let svg = Picture::new(&Board::new()).svg();
        assert!(
            svg.contains(&format!("cx=\"{}\"", MARGIN + CELL * 7)),
            "{svg}"
        );
    }

    use super::*;
    use crate::rule::Rule;

    fn game(moves: &str) -> Game {
        let m: Vec<Point> = moves
            .split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect();
        Game::from_moves(&m, Rule::Renju).unwrap()
    }

    #[test]
    fn terminal_marks_the_last_move_and_axes() {
        let t = Picture::of_game(&game("8,8 8,7 8,6")).terminal();
        let lines: Vec<&str> = t.lines().collect();
        assert_eq!(lines.len(), 17);
        assert!(lines[0].ends_with(" 14 15"));
        // Column numbers and letters stand over the points.
        assert_eq!(lines[0].find(" 8 ").unwrap() + 1, 3 + 7 * 3 + 1);
        assert_eq!(lines[16].find('h').unwrap(), 3 + 7 * 3 + 1);
        assert!(
            lines[6].starts_with("  6") && lines[6].contains("[●]") && lines[6].ends_with(" 6")
        );
        assert!(lines[7].contains(" ○ "));
        assert!(lines[8].contains(" ● ") && !lines[8].contains('['));
        assert!(lines[16].ends_with("  o"));
        assert!(!t.lines().any(|l| l.ends_with(' ')));
        // x of the bracketed stone: column 8 starts at 3 + 7 * 3.
        assert_eq!(&lines[6][3 + 7 * 3..3 + 7 * 3 + 1], "[");
    }

    #[test]
    fn teletype_is_upper_case_ascii_within_72_columns() {
        let g = game("8,8 8,7 8,6 9,6");
        let f = crate::foul::forbidden_points(g.board(), Rule::Renju);
        let t = Picture::of_game(&g).forbidden(f).numbered(true).teletype();
        for l in t.lines() {
            assert!(l.len() <= 72 && l.is_ascii(), "{l}");
            assert_eq!(l, l.to_ascii_uppercase());
        }
        assert!(t.contains(" 3  4 "), "{t}");
        let plain = Picture::of_game(&g).teletype();
        assert!(plain.contains("[O]") && plain.contains(" X "));
    }

    #[test]
    fn svg_has_every_stone_and_mark() {
        let mut b = Board::new();
        b.set(Point::CENTRE, Some(Stone::Black));
        let fouls = vec![(Point::new(1, 1).unwrap(), Foul::Overline)];
        let svg = Picture::with_history(&b, &[Point::CENTRE])
            .numbered(true)
            .forbidden(fouls)
            .svg();
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        assert_eq!(svg.matches(r#"r="14""#).count(), 1);
        assert!(svg.contains(">1</text>") && svg.contains("stroke=\"red\""));
        assert!(svg.contains("<path"));
    }
}
