//! `ab2`: the §3.3 opponent, alpha-beta of depth 2 with the paper's score as its evaluation
//! (the opponent's shortest path minus one's own, from the chooser's side).
//!
//! Notes:
//! 1. A won position is worth [`WIN`] plus its score (a lost one minus), so a win in the
//!    search beats any evaluation; the paper does not say how ab2 treats wins.
//! 2. Ties between equally valued moves are drawn at random: the root moves are shuffled with
//!    the player's seed and the first best kept.

use super::Player;
use crate::rng::Rng;
use crate::{Move, State};

/// The value of a win, above any score.
pub const WIN: i32 = 1000;

pub struct AlphaBeta2 {
    rng: Rng,
}

impl AlphaBeta2 {
    pub fn new(seed: u64) -> Self {
        AlphaBeta2 {
            rng: Rng::new(seed),
        }
    }
}

/// The value of a leaf for `me`.
fn evaluate(s: &State, me: crate::Side) -> i32 {
    let score = s.score(me);
    match s.winner() {
        Some(w) if w == me => WIN + score,
        Some(_) => -WIN + score,
        None => score,
    }
}

impl Player for AlphaBeta2 {
    fn choose(&mut self, state: &State) -> Move {
        let me = state.side_to_move();
        let mut moves = state.legal_moves();
        self.rng.shuffle(&mut moves);
        let mut best = (i32::MIN, moves[0]);
        let mut replies = Vec::with_capacity(140);
        for &m in &moves {
            let mut child = *state;
            child.play_unchecked(m);
            let value = if child.winner().is_some() {
                evaluate(&child, me)
            } else {
                // The opponent's best reply; stop as soon as it refutes this move.
                child.legal_moves_into(&mut replies);
                let mut worst = i32::MAX;
                for &r in &replies {
                    let mut g = child;
                    g.play_unchecked(r);
                    worst = worst.min(evaluate(&g, me));
                    if worst <= best.0 {
                        break;
                    }
                }
                worst
            };
            if value > best.0 {
                best = (value, m);
            }
        }
        best.1
    }
}
