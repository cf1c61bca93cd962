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
//!    At th = 0 the rate is the win rate, except that a 300-move draw counts by its score.
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A histogram of the given scores.
    fn hist(scores: &[i32]) -> [u32; SCORE_BINS] {
        let mut h = [0; SCORE_BINS];
        for &s in scores {
            h[(s + SCORE_SPAN) as usize] += 1;
        }
        h
    }

    #[test]
    fn rates_count_scores_above_the_threshold_and_half_of_those_on_it() {
        let h = [hist(&[1, 1, 2, 3])];
        assert_eq!(rates_at(&h, 0), vec![1.0]);
        assert_eq!(rates_at(&h, 1), vec![0.75]);
        assert_eq!(rates_at(&h, 2), vec![0.375]);
        assert_eq!(rates_at(&h, -5), vec![1.0]);
        assert_eq!(rates_at(&h, 3), vec![0.125]);
    }

    #[test]
    fn the_list_follows_the_papers_pseudocode() {
        // 0.5 starts the list; 0.9 resets it; 0.895 joins (within d); 0.7 does not; 0.91 is
        // not above 0.9 + d, so it joins without becoming the best.
        assert_eq!(best_list(&[0.5, 0.9, 0.895, 0.7, 0.91], 0.01), (0.9, 3));
        assert_eq!(best_list(&[0.2, 0.4, 0.6], 0.0), (0.6, 1));
    }

    #[test]
    fn the_threshold_rises_until_fewer_than_n_moves_tie() {
        // Child i always ends with score i + 1: all win at th = 0.
        let h: Vec<_> = (0..12).map(|i| hist(&[i + 1; 4])).collect();
        // th 0: 12 at 1.0; th 1: 11; th 2: 10; th 3: 9 < 10.
        assert_eq!(threshold(&h, 0.005, 10), 3);
        assert_eq!(threshold(&h, 0.005, 13), 0);
    }

    #[test]
    fn the_threshold_falls_when_every_move_loses() {
        // All lose at th = 0; at th = -1 the child ending at -1 scores 0.5 and stands alone.
        let h: Vec<_> = (0..12).map(|i| hist(&[-(i + 1); 4])).collect();
        assert_eq!(threshold(&h, 0.005, 10), -1);
        // Ten children ending at -3 and -2 alike tie until th = -3.
        let h: Vec<_> = (0..10).map(|_| hist(&[-3, -2])).collect();
        assert_eq!(threshold(&h, 0.005, 10), -3);
    }
}
