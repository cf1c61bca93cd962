//! The board as an SVG picture: the same marks as the character board, drawn as squares,
//! pawns, walls and coordinates.

use super::{picture, Picture};
use crate::square::Side;
use crate::wall::Orient;
use crate::State;
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

/// `state` as an SVG document.
pub fn svg(state: &State) -> String {
    draw(&picture(state))
}
