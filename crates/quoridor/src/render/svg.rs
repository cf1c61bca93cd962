//! The board as an SVG picture: the same marks as the character board, drawn as squares,
//! pawns, walls and coordinates.

use super::{picture, Picture};
use crate::square::Side;
use crate::wall::Orient;
use crate::{Square, State, Wall};
use std::fmt::Write;

/// Square side and the groove between squares, in pixels.
const CELL: usize = 40;
const GAP: usize = 8;
const MARGIN: usize = 30;

fn origin(i: usize) -> usize {
    MARGIN + i * (CELL + GAP)
}

fn draw(p: &Picture) -> String {
    let size = origin(9) - GAP + MARGIN;
    let height = size + 20 * p.caption.len() + 10;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{height}" viewBox="0 0 {size} {height}" font-family="sans-serif">"#
    );
    let _ = writeln!(
        s,
        r##"<rect width="{size}" height="{height}" fill="#ffffff"/>"##
    );
    for i in 0..9 {
        let mid = origin(i) + CELL / 2;
        let col = (b'a' + i as u8) as char;
        let _ = writeln!(
            s,
            r#"<text x="{mid}" y="{}" text-anchor="middle" font-size="16">{col}</text>"#,
            MARGIN - 10
        );
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" text-anchor="middle" font-size="16">{}</text>"#,
            MARGIN / 2,
            mid + 6,
            i + 1
        );
        for r in 0..9 {
            let _ = writeln!(
                s,
                r##"<rect x="{}" y="{}" width="{CELL}" height="{CELL}" fill="#d8c8a8"/>"##,
                origin(i),
                origin(r)
            );
        }
    }
    for w in &p.walls {
        let (x, y, wd, ht) = match w.orient {
            Orient::Vertical => (origin(w.col()) + CELL, origin(w.row()), GAP, 2 * CELL + GAP),
            Orient::Horizontal => (origin(w.col()), origin(w.row()) + CELL, 2 * CELL + GAP, GAP),
        };
        let _ = writeln!(
            s,
            r##"<rect class="wall" x="{x}" y="{y}" width="{wd}" height="{ht}" fill="#5a3a1a"/>"##
        );
    }
    for &(side, sq) in &p.pawns {
        let (cx, cy) = (origin(sq.col()) + CELL / 2, origin(sq.row()) + CELL / 2);
        let (fill, ink) = match side {
            Side::First => ("#202020", "#ffffff"),
            Side::Second => ("#ffffff", "#202020"),
        };
        let _ = writeln!(
            s,
            r##"<circle class="pawn" cx="{cx}" cy="{cy}" r="{}" fill="{fill}" stroke="#202020" stroke-width="2"/>"##,
            CELL / 2 - 5
        );
        let _ = writeln!(
            s,
            r#"<text x="{cx}" y="{}" text-anchor="middle" font-size="18" fill="{ink}">{}</text>"#,
            cy + 6,
            side.pawn_char()
        );
    }
    for (i, line) in p.caption.iter().enumerate() {
        let _ = writeln!(
            s,
            r#"<text x="{MARGIN}" y="{}" font-size="14">{line}</text>"#,
            size + 10 + 20 * i
        );
    }
    s.push_str("</svg>\n");
    s
}

/// What a spot of the SVG names: a square, or the wall whose groove it is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spot {
    Square(Square),
    Wall(Wall),
}

/// Where `v` falls along one axis: in square `i`, or in the groove after it, with how far
/// into the square's span (0..1) it is.
enum Along {
    Square(usize, f64),
    Groove(usize),
}

fn along(v: f64) -> Option<Along> {
    let pitch = (CELL + GAP) as f64;
    let v = v - MARGIN as f64;
    if v < 0.0 {
        return None;
    }
    let i = (v / pitch).floor() as usize;
    let rem = v - i as f64 * pitch;
    match i {
        9.. => None,
        _ if rem < CELL as f64 => Some(Along::Square(i, rem / CELL as f64)),
        8 => None,
        _ => Some(Along::Groove(i)),
    }
}

/// The square or wall a click at `(x, y)` of the SVG names. In a groove, the wall covers the
/// square clicked beside and its neighbour on the side of the click's nearer half (the board's
/// edge turns it back inside); where two grooves cross, nothing.
pub fn spot_at(x: f64, y: f64) -> Option<Spot> {
    let anchor = |i: usize, frac: f64| {
        let a = if frac < 0.5 { i.saturating_sub(1) } else { i };
        a.min(7)
    };
    match (along(x)?, along(y)?) {
        (Along::Square(c, _), Along::Square(r, _)) => Square::new(c, r).map(Spot::Square),
        (Along::Groove(c), Along::Square(r, f)) => {
            Wall::new(Orient::Vertical, c, anchor(r, f)).map(Spot::Wall)
        }
        (Along::Square(c, f), Along::Groove(r)) => {
            Wall::new(Orient::Horizontal, anchor(c, f), r).map(Spot::Wall)
        }
        (Along::Groove(_), Along::Groove(_)) => None,
    }
}

/// `state` as an SVG document.
pub fn svg(state: &State) -> String {
    draw(&picture(state))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn centre(i: usize) -> f64 {
        (origin(i) + CELL / 2) as f64
    }

    /// The spot a move names, from its notation.
    fn named(s: &str) -> Option<Spot> {
        match s.parse::<crate::Move>().unwrap() {
            crate::Move::Pawn(q) => Some(Spot::Square(q)),
            crate::Move::Wall(w) => Some(Spot::Wall(w)),
        }
    }

    fn groove(i: usize) -> f64 {
        (origin(i) + CELL + GAP / 2) as f64
    }

    #[test]
    fn a_click_on_a_square_names_it() {
        assert_eq!(spot_at(centre(4), centre(0)), named("e1"));
        assert_eq!(spot_at(centre(8), centre(8)), named("i9"));
        assert_eq!(spot_at(5.0, 5.0), None);
        assert_eq!(spot_at(groove(8), centre(0)), None);
    }

    #[test]
    fn a_click_in_a_groove_names_the_wall_drawn_there() {
        let v = named;
        // Right of c5, lower half: the wall beside c5 and c6.
        assert_eq!(spot_at(groove(2), centre(4) + 5.0), v("c5|"));
        // Upper half: beside c4 and c5.
        assert_eq!(spot_at(groove(2), centre(4) - 5.0), v("c4|"));
        // The edge turns it back: row 1's upper half and row 9's lower half.
        assert_eq!(spot_at(groove(0), centre(0) - 5.0), v("a1|"));
        assert_eq!(spot_at(groove(0), centre(8) + 5.0), v("a8|"));
        assert_eq!(spot_at(centre(4) + 5.0, groove(3)), v("e4-"));
        assert_eq!(spot_at(groove(3), groove(3)), None);
    }

    #[test]
    fn the_wall_named_by_a_click_is_drawn_where_clicked() {
        let Some(Spot::Wall(w)) = named("c5|") else {
            unreachable!()
        };
        let mut s = State::new();
        s.play(crate::Move::Wall(w)).unwrap();
        let x = origin(w.col()) + CELL;
        assert!(svg(&s).contains(&format!(
            "class=\"wall\" x=\"{x}\" y=\"{}\"",
            origin(w.row())
        )));
    }
}
