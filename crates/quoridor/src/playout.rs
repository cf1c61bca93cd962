//! The playout policy, one for every player (the paper says only "random" playouts, §2.2).
//!
//! Choice (the paper is silent): at each ply the mover, if it still holds a wall, tries a wall
//! with probability [`WALL_SHARE`] / 256 = 1/16: a slot drawn uniformly from all 128; if that
//! wall overlaps, crosses or would cut a path, the pawn moves instead. Otherwise the pawn moves
//! to one of its legal squares (steps, jumps, diagonal steps) drawn uniformly.
//!
//! Why: a uniform draw over all legal moves would spend every wall in the first twenty plies
//! (128 of the 131 opening moves are walls), and the maze they leave makes the pawns' random
//! walks far longer; it also needs a full wall generation per ply. A playout is a game under
//! the match rules, so it ends at a win or at the paper's 300-move draw (§3.3).
//!
//! Measured (`retro quoridor bench`, 50 000 playouts): from the start the games last 157 plies
//! on average and 16 % reach the 300-move draw; from the middle game of the paper's record
//! (ply 23) they end at ply 230 on average and 48 % are drawn. With a 1/4 wall share the
//! figures were 197 plies and 32 % drawn from the start.

use crate::rng::Rng;
use crate::square::Side;
use crate::state::{State, DRAW_PLY};
use crate::wall::{Orient, Wall};
use crate::Move;

/// Probability, in 1/256, that a mover with walls tries one.
pub const WALL_SHARE: usize = 16;

/// How a playout ended.
#[derive(Clone, Copy, Debug)]
pub struct Playout {
    /// The winner, or `None` for a draw at the 300-move cap.
    pub winner: Option<Side>,
    /// The final position (for the paper's score).
    pub end: State,
}

impl Playout {
    /// The result for `side`: 1 for a win, 0 for a loss, 1/2 for a draw.
    pub fn reward(&self, side: Side) -> f64 {
        match self.winner {
            Some(w) if w == side => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }
}

/// One move by the policy (the position is not over).
#[inline]
pub fn policy_move(state: &State, rng: &mut Rng) -> Move {
    let me = state.side_to_move();
    if state.walls_left(me) > 0 && rng.below(256) < WALL_SHARE {
        let r = rng.below(128);
        let orient = if r < 64 {
            Orient::Horizontal
        } else {
            Orient::Vertical
        };
        let w = Wall {
            orient,
            slot: (r % 64) as u8,
        };
        if state.wall_fits(w) {
            return Move::Wall(w);
        }
    }
    let mut to = [crate::Square::default(); 5];
    let n = state.pawn_targets(&mut to);
    Move::Pawn(to[rng.below(n)])
}

/// Play the policy from `state` to the end.
pub fn playout(state: &State, rng: &mut Rng) -> Playout {
    let mut s = *state;
    loop {
        if let Some(w) = s.winner() {
            return Playout {
                winner: Some(w),
                end: s,
            };
        }
        if s.ply() >= DRAW_PLY {
            return Playout {
                winner: None,
                end: s,
            };
        }
        let m = policy_move(&s, rng);
        s.play_unchecked(m);
    }
}
