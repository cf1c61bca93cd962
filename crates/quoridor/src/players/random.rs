//! `random`: a uniform draw over the legal moves.

use super::Player;
use crate::rng::Rng;
use crate::{Move, State};

pub struct RandomPlayer {
    rng: Rng,
}

impl RandomPlayer {
    pub fn new(seed: u64) -> Self {
        RandomPlayer {
            rng: Rng::new(seed),
        }
    }
}

impl Player for RandomPlayer {
    fn choose(&mut self, state: &State) -> Move {
        let moves = state.legal_moves();
        moves[self.rng.below(moves.len())]
    }
}
