//! `ucb-dt`: UCB with the paper's dynamic threshold (§3.2). The search is the flat UCB of
//! `ucb.rs`; each child also keeps the distribution of its playouts' scores (score = the
//! opponent's shortest path minus one's own at the end of the playout, from the chooser's side).
//! The threshold then serves the final choice among the children (§4: "子局面同士の最終比較に
//! 使用する方法").
//!
//! The rule, per §3.2: with threshold `th`, a playout counts as a win when its score exceeds
//! `th`. Walking the children in move order, a rate above `best + d` resets the list of best
//! moves and becomes `best`; a rate above `best - d` joins the list. When the list holds `n` or
//! more moves, the threshold moves by 1 (the least change, "最低限だけ閾値を変更", scores being
//! whole steps), up if `best > 0.5` and down if `best < 0.5`, and the rates are computed again.
//!
//! The paper leaves these open; each is a named parameter of the spec ([`DtParams`]), measured
//! in `docs/quoridor-experiments.md`:
//! 1. `start`: where each move's walk starts. `zero`: at 0, the plain win rate. `carry`: where
//!    the player's previous move's walk ended, the threshold being the player's state across
//!    the moves of a game ("動的調整" may mean either).
//! 2. `tie`: a score equal to the threshold, which the paper's two cases (> th, < th) do not
//!    cover: `half` a win (the draw's worth), a `loss`, or a `win`. At th = 0 under `half` the
//!    rate is the win rate, except that a draw at the cut counts by its score.
//! 3. `reversal`: a walk that would turn back (up after down or down after up) stops; `stay`
//!    keeps the threshold it reached, `back` returns to the one before. A walk that kept turning
//!    would never end, so one of the two is forced.
//!
//! Fixed, since the paper's rule decides them: the walk stops when the list is shorter than
//! `n`, when `best` is exactly 0.5 (the rule gives no direction), or at the score range's end;
//! the final choice is the highest rate at the final threshold, ties drawn at random.

use super::ucb::{Bandit, SCORE_BINS, SCORE_SPAN};
use super::{best_index, Player, Stop, UcbParams};
use crate::rng::Rng;
use crate::{Move, State};
use std::fmt;
use std::str::FromStr;

/// Where each move's walk starts (note 1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Start {
    #[default]
    Zero,
    Carry,
}

/// What a score equal to the threshold counts as (note 2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tie {
    #[default]
    Half,
    Loss,
    Win,
}

/// Where a walk that would turn back ends (note 3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Reversal {
    #[default]
    Stay,
    Back,
}

macro_rules! words {
    ($t:ty: $($v:ident = $w:literal),+) => {
        impl fmt::Display for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(match self { $(<$t>::$v => $w),+ })
            }
        }
        impl FromStr for $t {
            type Err = &'static str;
            fn from_str(s: &str) -> Result<Self, &'static str> {
                match s {
                    $($w => Ok(<$t>::$v),)+
                    _ => Err(concat!("one of:", $(" ", $w),+)),
                }
            }
        }
    };
}
words!(Start: Zero = "zero", Carry = "carry");
words!(Tie: Half = "half", Loss = "loss", Win = "win");
words!(Reversal: Stay = "stay", Back = "back");

/// The dynamic threshold's parameters: the paper's d and n, and its unstated choices.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DtParams {
    /// The rate margin of the list of best moves.
    pub d: f64,
    /// The list length that moves the threshold (§3.3: 10).
    pub n: u32,
    pub start: Start,
    pub tie: Tie,
    pub reversal: Reversal,
}

impl Default for DtParams {
    fn default() -> Self {
        DtParams {
            d: 0.005,
            n: 10,
            start: Start::default(),
            tie: Tie::default(),
            reversal: Reversal::default(),
        }
    }
}

pub struct UcbDt {
    params: UcbParams,
    dt: DtParams,
    /// Where the last move's walk ended (used under `start=carry`).
    th: i32,
    rng: Rng,
    stop: Option<Stop>,
}

impl UcbDt {
    pub fn new(params: UcbParams, dt: DtParams, seed: u64) -> Self {
        UcbDt {
            params,
            dt,
            th: 0,
            rng: Rng::new(seed),
            stop: None,
        }
    }
}

/// Rates with threshold `th`: (scores above th + the tie's share of those equal) / playouts.
pub(crate) fn rates_at(hist: &[[u32; SCORE_BINS]], th: i32, tie: Tie) -> Vec<f64> {
    let at = (th + SCORE_SPAN) as usize;
    let share = match tie {
        Tie::Half => 0.5,
        Tie::Loss => 0.0,
        Tie::Win => 1.0,
    };
    hist.iter()
        .map(|h| {
            let total: u32 = h.iter().sum();
            if total == 0 {
                return 0.0;
            }
            let above: u32 = h[at + 1..].iter().sum();
            (f64::from(above) + share * f64::from(h[at])) / f64::from(total)
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

/// The threshold the §3.2 rule settles on, starting from `from`.
pub(crate) fn threshold(hist: &[[u32; SCORE_BINS]], dt: &DtParams, from: i32) -> i32 {
    let mut th = from;
    let mut last = 0;
    loop {
        let (best, len) = best_list(&rates_at(hist, th, dt.tie), dt.d);
        if (len as u64) < u64::from(dt.n) || best == 0.5 {
            return th;
        }
        let dir = if best > 0.5 { 1 } else { -1 };
        if last != 0 && dir != last {
            return match dt.reversal {
                Reversal::Stay => th,
                Reversal::Back => th + dir,
            };
        }
        if (th + dir).abs() >= SCORE_SPAN {
            return th;
        }
        th += dir;
        last = dir;
    }
}

impl Player for UcbDt {
    fn choose(&mut self, state: &State) -> Move {
        let b = Bandit::run(state, &self.params, &mut self.rng, true, self.stop.as_ref());
        let hist = b.scores.as_deref().expect("scores were asked for");
        let from = match self.dt.start {
            Start::Zero => 0,
            Start::Carry => self.th,
        };
        self.th = threshold(hist, &self.dt, from);
        b.moves[best_index(&rates_at(hist, self.th, self.dt.tie), &mut self.rng)]
    }

    fn set_stop(&mut self, stop: Stop) {
        self.stop = Some(stop);
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

    fn dt(n: u32) -> DtParams {
        DtParams {
            n,
            ..DtParams::default()
        }
    }

    #[test]
    fn rates_count_scores_above_the_threshold_and_the_tie_share_of_those_on_it() {
        let h = [hist(&[1, 1, 2, 3])];
        assert_eq!(rates_at(&h, 0, Tie::Half), vec![1.0]);
        assert_eq!(rates_at(&h, 1, Tie::Half), vec![0.75]);
        assert_eq!(rates_at(&h, 2, Tie::Half), vec![0.375]);
        assert_eq!(rates_at(&h, -5, Tie::Half), vec![1.0]);
        assert_eq!(rates_at(&h, 3, Tie::Half), vec![0.125]);
        assert_eq!(rates_at(&h, 1, Tie::Loss), vec![0.5]);
        assert_eq!(rates_at(&h, 1, Tie::Win), vec![1.0]);
        assert_eq!(rates_at(&h, 3, Tie::Loss), vec![0.0]);
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
        assert_eq!(threshold(&h, &dt(10), 0), 3);
        assert_eq!(threshold(&h, &dt(13), 0), 0);
    }

    #[test]
    fn the_threshold_falls_when_every_move_loses() {
        // All lose at th = 0; at th = -1 the child ending at -1 scores 0.5 and stands alone.
        let h: Vec<_> = (0..12).map(|i| hist(&[-(i + 1); 4])).collect();
        assert_eq!(threshold(&h, &dt(10), 0), -1);
        // Ten children ending at -3 and -2 alike tie until th = -3.
        let h: Vec<_> = (0..10).map(|_| hist(&[-3, -2])).collect();
        assert_eq!(threshold(&h, &dt(10), 0), -3);
    }

    #[test]
    fn a_carried_threshold_starts_where_the_last_walk_ended() {
        // Children ending at 1..=12: from 0 the walk stops at 3 (above). From 6, six children
        // (7..=12) are above: fewer than 10, so it stays at 6.
        let h: Vec<_> = (0..12).map(|i| hist(&[i + 1; 4])).collect();
        assert_eq!(threshold(&h, &dt(10), 6), 6);
        // From -4 every child wins: the walk climbs to 3 as from 0.
        assert_eq!(threshold(&h, &dt(10), -4), 3);
    }

    #[test]
    fn the_tie_reading_moves_the_threshold() {
        // Ten children all ending at exactly 2, and two ending at 0.
        let mut h: Vec<_> = (0..10).map(|_| hist(&[2; 4])).collect();
        h.extend((0..2).map(|_| hist(&[0; 4])));
        // half: at th 2 the ten score 0.5: best == 0.5 stops there.
        assert_eq!(threshold(&h, &dt(10), 0), 2);
        // loss: at th 2 they all score 0 and so do the others: twelve at 0.0, so it turns back
        // down: stays at 2, or goes back to 1.
        let loss = DtParams {
            tie: Tie::Loss,
            ..dt(10)
        };
        assert_eq!(threshold(&h, &loss, 0), 2);
        let back = DtParams {
            reversal: Reversal::Back,
            ..loss
        };
        assert_eq!(threshold(&h, &back, 0), 1);
        // win: at th 2 the ten still win (1.0), at 3 all lose, a reversal: stay at 3 or back to 2.
        let win = DtParams {
            tie: Tie::Win,
            ..dt(10)
        };
        assert_eq!(threshold(&h, &win, 0), 3);
        assert_eq!(
            threshold(
                &h,
                &DtParams {
                    reversal: Reversal::Back,
                    ..win
                },
                0
            ),
            2
        );
    }

    #[test]
    fn only_a_carrying_player_starts_from_its_last_threshold() {
        let ucb = UcbParams {
            playouts: 400,
            ..UcbParams::default()
        };
        let s = State::new();
        let run = |start, th| {
            let mut p = UcbDt::new(
                ucb,
                DtParams {
                    start,
                    ..DtParams::default()
                },
                1,
            );
            p.th = th;
            let m = p.choose(&s);
            (m, p.th)
        };
        assert_eq!(run(Start::Zero, 7), run(Start::Zero, 0));
        assert_eq!(run(Start::Carry, 0), run(Start::Zero, 0));
    }
}
