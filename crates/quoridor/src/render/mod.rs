//! The one board renderer: a position drawn as the paper's figures draw it (Figure 1: columns
//! a-i across the top, rows 1-9 down the side, the first player's pawn `x` on e9, the second's
//! `o` on e1, walls in the grooves between squares). [`picture`] lays the board out once; the
//! terminal and the teletype print its character grid ([`text`], [`teletype`]), and [`svg`]
//! draws the same marks as a picture.

mod svg;
mod text;

pub use svg::{spot_at, svg, Spot};
pub use text::{asr33, teletype, text};

use crate::square::Side;
use crate::{Square, State, Wall};

/// What a board shows: pawns, walls, and the state of play under it.
#[derive(Clone, Debug)]
pub struct Picture {
    pub pawns: [(Side, Square); 2],
    pub walls: Vec<Wall>,
    /// Lines under the board: each side's square, the row it is going to and its walls in
    /// hand, then who moves or won.
    pub caption: Vec<String>,
}

/// Lay out `state`.
pub fn picture(state: &State) -> Picture {
    let side_line = |s: Side| {
        format!(
            "{} ({}) on {}, going to row {}, {} wall{} left",
            capitalised(&s.to_string()),
            s.pawn_char(),
            state.pawn(s),
            s.goal_row() + 1,
            state.walls_left(s),
            if state.walls_left(s) == 1 { "" } else { "s" }
        )
    };
    let status = match state.winner() {
        Some(w) => format!(
            "{} wins after {} moves.",
            capitalised(&w.to_string()),
            state.ply()
        ),
        None if state.is_over() => format!("Drawn after {} moves.", state.ply()),
        None => format!(
            "Move {}: {} ({}) to move.",
            state.ply() + 1,
            state.side_to_move(),
            state.side_to_move().pawn_char()
        ),
    };
    Picture {
        pawns: [Side::First, Side::Second].map(|s| (s, state.pawn(s))),
        walls: state.walls().collect(),
        caption: vec![side_line(Side::First), side_line(Side::Second), status],
    }
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}
