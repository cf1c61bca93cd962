//! The index page's pictures, `/pictures/NAME.svg`: each game's board as its page draws it,
//! by the games' own renderers, at a position of a game.
//!
//! Sources: `nhex::render::svg` (the HP 2100A page's board), `gomoku::Picture` and
//! `quoridor::render::svg` (their pages' boards); the L-game's start position of §4
//! (`lgame::Position::start`, `docs/lgame.md`), drawn here since the T3300-R page shows the
//! classifier at work, not a board.
//!
//! Implementation notes:
//!
//! 1. Each picture is drawn once, at its first request, and kept ([`std::sync::OnceLock`]):
//!    the index costs the server no more than its own file.
//! 2. The positions are fixed: NHEX's two first moves of the HP 2100A page's test game,
//!    Gomoku's opening `kansei` (the 1993 rules' named opening), and Quoridor after a pawn
//!    move and a wall each.

use gomoku::{Game, Opening, Picture, Rule};
use std::fmt::Write;
use std::sync::OnceLock;

/// The pictures' names.
pub const NAMES: &[&str] = &["nhex", "gomoku", "quoridor", "lgame"];

/// The picture called `name`, drawn once (note 1).
pub fn find(name: &str) -> Option<&'static str> {
    static DRAWN: [OnceLock<String>; 4] = [const { OnceLock::new() }; 4];
    let i = NAMES.iter().position(|n| *n == name)?;
    Some(DRAWN[i].get_or_init(|| match i {
        0 => nhex(),
        1 => gomoku(),
        2 => quoridor(),
        _ => lgame(),
    }))
}

fn nhex() -> String {
    use nhex::board::{Board, Cell, Side};
    let mut b = Board::new(8);
    let moves = [
        (Cell::new(3, 4), Side::Nhex),
        (Cell::new(4, 4), Side::Opponent),
    ];
    for (c, s) in moves {
        b.play(c, s);
    }
    let numbers: Vec<_> = moves
        .iter()
        .enumerate()
        .map(|(i, (c, _))| (*c, i + 1))
        .collect();
    scalable(nhex::render::svg(&b, &numbers, "NHEX on the HP 2100A"))
}

/// `svg` with a `viewBox` of its width and height if it has none, so that it scales to the
/// width it is given rather than being cut.
pub fn scalable(svg: String) -> String {
    let Some(end) = svg.find('>') else {
        return svg;
    };
    let head = &svg[..end];
    if head.contains("viewBox") {
        return svg;
    }
    let attr = |name: &str| -> Option<&str> {
        let at = head.find(&format!(" {name}=\""))? + name.len() + 3;
        head[at..].split('"').next()
    };
    match (attr("width"), attr("height")) {
        (Some(w), Some(h)) => format!("{head} viewBox=\"0 0 {w} {h}\"{}", &svg[end..]),
        _ => svg,
    }
}

fn gomoku() -> String {
    let mut game = Game::new(Rule::Guide1993);
    for p in Opening::find("kansei").iter().flat_map(Opening::moves) {
        let _ = game.play(p);
    }
    Picture::of_game(&game).svg()
}

fn quoridor() -> String {
    let mut s = quoridor::State::new();
    for m in ["e8", "e2", "d3-"] {
        if let Ok(m) = m.parse() {
            let _ = s.play(m);
        }
    }
    quoridor::render::svg(&s)
}

/// The L-game's start position: red and blue L pieces, the two neutral pieces, 4 by 4.
fn lgame() -> String {
    let board = lgame::position::Position::start().board();
    let cell = 40;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{w}\" \
         viewBox=\"0 0 {w} {w}\" role=\"img\" aria-label=\"the L-game's start position\">",
        w = 4 * cell + 8
    );
    for k in 0..16 {
        let (x, y) = (4 + (k % 4) * cell, 4 + (k / 4) * cell);
        let fill = match board.letter(k) {
            'r' => "#c8402c",
            'b' => "#2c5ac8",
            'n' => "#444",
            _ => "#f4efe0",
        };
        let _ = write!(
            svg,
            "<rect x=\"{x}\" y=\"{y}\" width=\"{cell}\" height=\"{cell}\" fill=\"{fill}\" \
             stroke=\"#222\" stroke-width=\"2\"/>"
        );
        if board.letter(k) == 'n' {
            let (cx, cy) = (x + cell / 2, y + cell / 2);
            let _ = write!(
                svg,
                "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"#ddd\"/>",
                cell / 4
            );
        }
    }
    svg.push_str("</svg>");
    svg
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_picture_is_an_svg() {
        for n in NAMES {
            let p = find(n).unwrap();
            assert!(
                p.starts_with("<svg") || p.starts_with("<?xml"),
                "{n}: {}",
                &p[..40]
            );
            assert!(p.trim_end().ends_with("</svg>"), "{n}");
        }
        assert!(find("none").is_none());
    }

    #[test]
    fn a_picture_without_a_view_box_is_given_one() {
        assert_eq!(
            scalable("<svg width=\"4\" height=\"3\"><g/></svg>".into()),
            "<svg width=\"4\" height=\"3\" viewBox=\"0 0 4 3\"><g/></svg>"
        );
        let has = "<svg viewBox=\"0 0 1 1\" width=\"4\"></svg>".to_string();
        assert_eq!(scalable(has.clone()), has);
        assert!(find("nhex").unwrap().contains("viewBox=\"0 0 "));
    }
}
