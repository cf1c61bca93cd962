//! `ucb-dt`: UCB with the paper's dynamic threshold (§3.2). The search is the flat UCB of
//! `ucb.rs`; each child also keeps the distribution of its playouts' scores (score = the
//! opponent's shortest path minus one's own at the end of the playout, from the chooser's side).
//! The threshold then serves the final choice among the children (§4).
//!
//! The rule, per §3.2: with threshold `th`, a playout counts as a win when its score exceeds
//! `th`. Walking the children in move order, a rate above `best + d` resets the list of best
//! moves and becomes `best`; a rate above `best - d` joins the list. When the list holds `n` or
//! more moves, the threshold moves by 1 (the least change, scores being whole steps), up if
//! `best > 0.5` and down if `best < 0.5`, and the rates are computed again.
//!
//! Notes (the paper is silent on these):
//! 1. A score equal to the threshold counts as half a win (the paper defines only > and <).
//! 2. The walk stops when the list falls below `n`, when `best` is exactly 0.5, when the
//!    direction would reverse (the threshold stays where it is), or at the score range's end.
//! 3. The final choice is the highest rate at the final threshold, ties drawn at random.

use super::ucb::{Bandit, SCORE_BINS, SCORE_SPAN};
use super::{best_index, Player, UcbParams};
use crate::rng::Rng;
use crate::{Move, State};

pub struct UcbDt {
    params: UcbParams,
    d: f64,
    n: u32,
    rng: Rng,
}

impl UcbDt {
    pub fn new(params: UcbParams, d: f64, n: u32, seed: u64) -> Self {
        UcbDt {
            params,
            d,
            n,
            rng: Rng::new(seed),
        }
    }
}

/// Rates with threshold `th`: (scores above th + half of those equal) / playouts.
pub(crate) fn rates_at(hist: &[[u32; SCORE_BINS]], th: i32) -> Vec<f64> {
    let at = (th + SCORE_SPAN) as usize;
    hist.iter()
        .map(|h| {
            let total: u32 = h.iter().sum();
            if total == 0 {
                return 0.0;
            }
            let above: u32 = h[at + 1..].iter().sum();
            (f64::from(above) + 0.5 * f64::from(h[at])) / f64::from(total)
        })
        .collect()
}

/// The paper's list of best moves: (best rate, list length).
pub(crate) fn best_list(rates: &[f64], d: f64) -> (f64, usize) {
    let mut best = f64::NEG_INFINITY;
    let mut len = 0;
    for &r in rates {
        if r > best + d {
            best = r;
            len = 1;
        } else if r > best - d {
            len += 1;
        }
    }
    (best, len)
}

/// The threshold the §3.2 rule settles on.
pub(crate) fn threshold(hist: &[[u32; SCORE_BINS]], d: f64, n: u32) -> i32 {
    let mut th = 0;
    let mut last = 0;
    loop {
        let (best, len) = best_list(&rates_at(hist, th), d);
        if (len as u64) < u64::from(n) || best == 0.5 {
            return th;
        }
        let dir = if best > 0.5 { 1 } else { -1 };
        if (last != 0 && dir != last) || (th + dir).abs() >= SCORE_SPAN {
            return th;
        }
        th += dir;
        last = dir;
    }
}

impl Player for UcbDt {
    fn choose(&mut self, state: &State) -> Move {
        let b = Bandit::run(state, &self.params, &mut self.rng, true);
        let hist = b.scores.as_deref().expect("scores were asked for");
        let th = threshold(hist, self.d, self.n);
        b.moves[best_index(&rates_at(hist, th), &mut self.rng)]
    }
}
