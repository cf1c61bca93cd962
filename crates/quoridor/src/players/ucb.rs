//! `ucb`: the paper's §2.2 flat UCB over the moves of the current position, playouts by the
//! player's policy (`policy/`, `playout.rs`) to the end of the game.
//!
//! Notes:
//! 1. Formula: UCB1 of the cited source (Auer et al. 2002), `x_i + sqrt(C ln n_all / n_i)`, by
//!    default; `formula=printed` uses the paper's printed `x_i + sqrt(C n_all / n_i)`.
//! 2. Every move gets one playout before the formula applies (n_i = 0 has no value).
//! 3. The final choice is the highest rate, ties drawn at random: the paper's §2.3 says the
//!    player "basically chooses at random among the moves of highest rate", which is what makes
//!    it play randomly when every rate is 1.0, the problem §3 addresses.
//! 4. A playout's reward is 1 for a win, 0 for a loss, 1/2 for a draw at the cut.

use super::{best_index, stopped, Formula, Player, Stop, UcbParams};
use crate::playout::playout_in;
use crate::policy::Walk;
use crate::rng::Rng;
use crate::{Move, State};

/// The statistics of one flat UCB search over the children of a position.
pub(crate) struct Bandit {
    pub moves: Vec<Move>,
    pub wins: Vec<f64>,
    pub visits: Vec<u32>,
    /// Per child, how many playouts ended with each score (index `score + SCORE_SPAN`), when
    /// asked for (ucb-dt).
    pub scores: Option<Vec<[u32; SCORE_BINS]>>,
}

/// Scores lie in -80..=80 (a shortest path is at most 80 steps).
pub(crate) const SCORE_SPAN: i32 = 80;
pub(crate) const SCORE_BINS: usize = 2 * SCORE_SPAN as usize + 1;

impl Bandit {
    /// Run `p.playouts` playouts from the children of `state`, fewer once `stop` is set (note 5).
    pub fn run(
        state: &State,
        p: &UcbParams,
        rng: &mut Rng,
        with_scores: bool,
        stop: Option<&Stop>,
    ) -> Bandit {
        let me = state.side_to_move();
        let moves = state.legal_moves();
        let k = moves.len();
        let children: Vec<State> = moves
            .iter()
            .map(|&m| {
                let mut s = *state;
                s.play_unchecked(m);
                s
            })
            .collect();
        let mut walk = Walk::new(state);
        let mut b = Bandit {
            moves,
            wins: vec![0.0; k],
            visits: vec![0; k],
            scores: with_scores.then(|| vec![[0u32; SCORE_BINS]; k]),
        };
        // Per child: the mean reward and 1/sqrt(n_i), updated only for the child just played,
        // so that choosing is one multiply-add a child.
        let mut mean = vec![0.0f64; k];
        let mut inv_sqrt = vec![0.0f64; k];
        for t in 0..p.playouts as usize {
            if stopped(stop) {
                break;
            }
            let i = if t < k {
                t
            } else {
                let total = t as f64;
                let explore = match p.formula {
                    Formula::Ucb1 => (p.c * total.ln()).sqrt(),
                    Formula::Printed => (p.c * total).sqrt(),
                };
                let mut best = (f64::NEG_INFINITY, 0);
                for j in 0..k {
                    let u = mean[j] + explore * inv_sqrt[j];
                    if u > best.0 {
                        best = (u, j);
                    }
                }
                best.1
            };
            let out = playout_in(&mut walk, &children[i], &p.policy, p.cut, rng, with_scores);
            b.wins[i] += out.reward(me);
            b.visits[i] += 1;
            let n = f64::from(b.visits[i]);
            mean[i] = b.wins[i] / n;
            inv_sqrt[i] = 1.0 / n.sqrt();
            if let Some(h) = b.scores.as_mut() {
                let s = out.score(me).clamp(-SCORE_SPAN, SCORE_SPAN);
                h[i][(s + SCORE_SPAN) as usize] += 1;
            }
        }
        b
    }

    /// The win rate of each child (0 for a child never played).
    pub fn rates(&self) -> Vec<f64> {
        self.wins
            .iter()
            .zip(&self.visits)
            .map(|(&w, &n)| if n == 0 { 0.0 } else { w / f64::from(n) })
            .collect()
    }
}

/// The flat UCB player.
pub struct Ucb {
    params: UcbParams,
    rng: Rng,
    stop: Option<Stop>,
}

impl Ucb {
    pub fn new(params: UcbParams, seed: u64) -> Self {
        Ucb {
            params,
            rng: Rng::new(seed),
            stop: None,
        }
    }
}

impl Player for Ucb {
    fn choose(&mut self, state: &State) -> Move {
        let b = Bandit::run(
            state,
            &self.params,
            &mut self.rng,
            false,
            self.stop.as_ref(),
        );
        b.moves[best_index(&b.rates(), &mut self.rng)]
    }

    fn set_stop(&mut self, stop: Stop) {
        self.stop = Some(stop);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Spec;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    use std::time::{Duration, Instant};

    #[test]
    fn a_stopped_search_ends_early_with_a_legal_move() {
        // A billion playouts would take the better part of an hour; the stop comes after
        // 50 ms, and the move must come long before the hour (the bound is generous, so that
        // a loaded machine cannot fail it; docs/web.md has the measured delay).
        for spec in ["ucb:playouts=1000000000", "ucb-dt:playouts=1000000000"] {
            let mut player = spec.parse::<Spec>().unwrap().build(1);
            let stop: Stop = Arc::new(AtomicBool::new(false));
            player.set_stop(stop.clone());
            let setter = std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(50));
                stop.store(true, Ordering::Relaxed);
            });
            let state = State::new();
            let t = Instant::now();
            let m = player.choose(&state);
            setter.join().unwrap();
            assert!(
                t.elapsed() < Duration::from_secs(60),
                "{spec}: {:?}",
                t.elapsed()
            );
            assert!(state.legal_moves().contains(&m), "{spec}: {m}");
            // Once stopped, every later move is at once too.
            assert!(state.legal_moves().contains(&player.choose(&state)));
        }
    }
}
