//! A position shown (for `retro gomoku show`): the moves (after one of the 24 openings, in a
//! symmetry), the opening named, the board for the terminal or the teletype, the game's state
//! in a line, and the same board as SVG with a caption.
//!
//! Implementation notes:
//!
//! 1. The teletype has neither kanji nor lower case: the opening is given by its code, its
//!    name in romaji and the symmetry's number, and the state line is in upper case.
//! 2. A symmetry is named by its label (正・本 ... 鏡・左) or its number 0..7.

use crate::{forbidden_points, Game, Opening, Picture, Point, Rule, Status, Symmetry, Win};

/// What to show.
#[derive(Clone, Debug)]
pub struct Options {
    /// One of the 24 openings to start from, by any of its names.
    pub opening: Option<String>,
    /// The opening's symmetry (note 2).
    pub symmetry: String,
    /// Mark black's forbidden points.
    pub forbidden: bool,
    pub rule: Rule,
    /// Move numbers instead of stones.
    pub numbers: bool,
    /// As the teletype prints (note 1).
    pub teletype: bool,
}

/// The text to print and the SVG drawing of the position.
#[derive(Clone, Debug)]
pub struct Shown {
    pub text: String,
    pub svg: String,
}

fn symmetry(s: &str) -> Result<Symmetry, String> {
    if let Ok(n) = s.parse::<usize>() {
        return Symmetry::ALL
            .get(n)
            .copied()
            .ok_or(format!("symmetry {n}: expected 0..7"));
    }
    Symmetry::from_label(s).ok_or(format!(
        "unknown symmetry {s:?} (expected 正・本 ... 鏡・左 or 0..7)"
    ))
}

/// The position after the opening (if any) and `moves`.
///
/// # Errors
/// An unknown opening or symmetry, a move that does not parse or cannot be played, named by
/// its number.
pub fn show(moves: &[String], o: &Options) -> Result<Shown, String> {
    let mut points = Vec::new();
    if let Some(name) = &o.opening {
        let op = Opening::find(name).ok_or(format!("unknown opening {name:?}"))?;
        points.extend(op.moves_under(symmetry(&o.symmetry)?));
    }
    for t in moves {
        let p = Point::parse(t).map_err(|e| format!("move {}: {e}", points.len() + 1))?;
        points.push(p);
    }
    let game = Game::from_moves(&points, o.rule)
        .map_err(|(n, e)| format!("move {n} ({}): {e}", points[n - 1]))?;
    let mut picture = Picture::of_game(&game).numbered(o.numbers);
    if o.forbidden {
        picture = picture.forbidden(forbidden_points(game.board(), o.rule));
    }
    let opening = Opening::identify(&points[..points.len().min(3)]);
    let mut text = String::new();
    match opening {
        Some((op, s)) if o.teletype => {
            let n = Symmetry::ALL.iter().position(|&t| t == s).unwrap_or(0);
            let name = op.romaji.to_ascii_uppercase();
            text.push_str(&format!("OPENING {} {name}, SYMMETRY {n}\n", op.code()));
        }
        Some((op, s)) => text.push_str(&format!("{}\n", op.log_name(s))),
        None => {}
    }
    if o.teletype {
        text.push_str(&picture.teletype());
        text.push_str(&status_line(&game).to_ascii_uppercase());
    } else {
        text.push_str(&picture.terminal());
        text.push_str(&status_line(&game));
    }
    let mut caption = Vec::new();
    if let Some((op, s)) = opening {
        let name = op.log_name(s);
        caption.push(format!("opening {} {}: {name}", op.code(), op.romaji));
    }
    caption.push(status_line(&game));
    if o.forbidden {
        caption.push(format!("× black's forbidden points ({})", o.rule));
    }
    let svg = picture.caption(caption).svg();
    Ok(Shown { text, svg })
}

/// The game's state in a line: moves played, who is to move or how it ended.
pub fn status_line(game: &Game) -> String {
    let n = game.history().len();
    match game.status() {
        Status::Playing => format!("{n} moves, {} to move ({})", game.to_move(), game.rule()),
        Status::Draw => format!("{n} moves, the board is full: a draw"),
        Status::Won {
            winner,
            by: Win::Five,
        } => format!("{n} moves, {winner} wins with five"),
        Status::Won {
            by: Win::Foul(f), ..
        } => format!(
            "{n} moves, black's last move is forbidden ({f}, {}): white wins",
            game.rule()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts(teletype: bool) -> Options {
        Options {
            opening: Some("1D".into()),
            symmetry: "0".into(),
            forbidden: true,
            rule: Rule::Renju,
            numbers: false,
            teletype,
        }
    }

    #[test]
    fn an_opening_is_named_for_the_terminal_and_the_teletype() {
        let s = show(&["h10".into()], &opts(false)).unwrap();
        assert!(
            s.text.ends_with("4 moves, black to move (renju)"),
            "{}",
            s.text
        );
        assert!(s.svg.contains("forbidden points (renju)"), "{}", s.svg);
        let t = show(&[], &opts(true)).unwrap();
        assert!(t.text.starts_with("OPENING 1D "), "{}", t.text);
        assert!(
            t.text.ends_with("3 MOVES, WHITE TO MOVE (RENJU)"),
            "{}",
            t.text
        );
    }

    #[test]
    fn bad_input_is_named() {
        let mut o = opts(false);
        o.symmetry = "9".into();
        assert_eq!(show(&[], &o).unwrap_err(), "symmetry 9: expected 0..7");
        o.opening = None;
        assert!(show(&["zz".into()], &o)
            .unwrap_err()
            .starts_with("move 1: "));
        let twice = ["h8".to_string(), "h8".to_string()];
        assert!(show(&twice, &o).unwrap_err().starts_with("move 2 (8,8): "));
    }
}
