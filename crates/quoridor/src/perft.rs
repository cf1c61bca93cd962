//! Move-generation counts (perft): the leaves of the legal-move tree `depth` plies deep. A won
//! position has no moves, as in the golden data (`tests/quoridor/quoridor-perft-dev.txt`).

use crate::State;

/// The number of leaves `depth` plies below `state`.
pub fn perft(state: &State, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => state.count_moves() as u64,
        _ => {
            let mut total = 0;
            for m in state.legal_moves() {
                let mut s = *state;
                s.play_unchecked(m);
                total += perft(&s, depth - 1);
            }
            total
        }
    }
}

/// perft at every depth 1..=`depth`.
pub fn perft_all(state: &State, depth: u32) -> Vec<u64> {
    (1..=depth).map(|d| perft(state, d)).collect()
}
