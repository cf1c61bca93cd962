//! The paper's players behind one trait: `random`, `ucb` (§2.2), `ucb-dt` (§3) and `ab2` (the
//! depth-2 alpha-beta opponent of §3.3), built from a textual [`Spec`].

mod ab2;
mod random;
mod spec;
mod ucb;
mod ucb_dt;

pub use ab2::AlphaBeta2;
pub use random::RandomPlayer;
pub use spec::{Formula, Spec, SpecError, UcbParams, DEFAULT_POLICY};
pub use ucb::Ucb;
pub use ucb_dt::{DtParams, Reversal, Start, Tie, UcbDt};

use crate::rng::Rng;
use crate::{Move, State};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A stop signal for a player's search, set from another thread (a closed web page): a search
/// in progress then ends at its next playout and answers with what it has, still a legal move.
pub type Stop = Arc<AtomicBool>;

/// A player: given a position that is not over, a legal move. Deterministic for its seed: the
/// same seed and the same positions give the same moves.
pub trait Player: Send {
    fn choose(&mut self, state: &State) -> Move;

    /// Take `stop`: once it is set, a move being chosen ends early and so does every later
    /// one. A player whose move is quick anyway ignores it.
    fn set_stop(&mut self, _stop: Stop) {}
}

/// Whether `stop` has been set.
#[inline]
pub(crate) fn stopped(stop: Option<&Stop>) -> bool {
    stop.is_some_and(|s| s.load(Ordering::Relaxed))
}

/// The best of `values` (highest), ties broken by `rng`: the index.
pub(crate) fn best_index(values: &[f64], rng: &mut Rng) -> usize {
    let top = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let ties: Vec<usize> = (0..values.len()).filter(|&i| values[i] == top).collect();
    ties[rng.below(ties.len())]
}
