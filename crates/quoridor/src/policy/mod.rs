//! The playout policies: how a playout chooses each move. The paper says only "a game of random
//! moves to the end" (§2.2, 終局までの乱数着手によるゲーム); the policy is therefore a named
//! parameter of every Monte-Carlo player (`policy=` in its [`Spec`](crate::Spec)), recorded in
//! every results header.
//!
//! - `uniform`: at each ply the mover, if it still holds a wall, tries one with probability
//!   16/256 = 1/16 (a slot drawn from all 128; if it overlaps, crosses or cuts a path, the pawn
//!   moves instead); otherwise the pawn moves to one of its legal squares drawn uniformly. The
//!   policy of the project's first experiments, kept draw for draw so their games replay.
//! - `path:P:W`: with probability P the pawn steps to the legal square nearest its goal (ties
//!   drawn at random); with probability W the mover places a wall drawn uniformly from its legal
//!   walls (a pawn move if it holds none); otherwise a uniform legal pawn move. P and W are
//!   shares of all plies (P + W <= 1): `path:0.5:0.25` is half path steps, a quarter walls.
//! - `respall`: Respall and Brown, "Monte Carlo Tree Search for Quoridor" (2018): a path step
//!   when the mover's shortest path is not longer than the opponent's or it holds no wall,
//!   otherwise a move drawn uniformly from all its legal moves (pawn moves and walls alike).
//!
//! Notes:
//! 1. "Nearest its goal" is the steps from the square to the goal row with pawns ignored, the
//!    paper's shortest path (§3.2); a jump or diagonal step counts by the square it lands on.
//! 2. A uniform legal wall is drawn from the slots free of overlap and crossing and redrawn
//!    without the slot when it would cut a path: exactly uniform over the legal walls, with no
//!    list built.
//! 3. A playout keeps, for each side, the squares within k steps of its goal row for k = 0, 1,
//!    ... ([`Layers`]), grown from the goal only as far as a question needs (a path step needs
//!    them up to the pawn's nearest neighbour). A wall cuts them back only to the first layer
//!    it can change: barring a step between squares at distances i and j changes no layer up
//!    to min(i, j) (layer k depends only on steps out of squares nearer than k), and none at
//!    all when i = j (neighbours differ by at most one, so such a step lies on no shortest
//!    path).

pub mod reference;

use crate::paths::GOAL;
pub use crate::paths::UNREACHABLE;
use crate::rng::Rng;
use crate::square::{Side, Square, N};
use crate::state::State;
use crate::wall::{Orient, Wall};
use crate::Move;
use std::fmt;
use std::str::FromStr;

/// Probability, in 1/256, that a mover with walls tries one under `uniform`.
pub const WALL_SHARE: usize = 16;

/// A playout policy.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Policy {
    Uniform,
    Path { step: f64, wall: f64 },
    Respall,
}

impl fmt::Display for Policy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Policy::Uniform => f.write_str("uniform"),
            Policy::Path { step, wall } => write!(f, "path:{step:?}:{wall:?}"),
            Policy::Respall => f.write_str("respall"),
        }
    }
}

impl FromStr for Policy {
    type Err = &'static str;

    fn from_str(s: &str) -> Result<Policy, &'static str> {
        const WHY: &str = "uniform, respall or path:P:W (P, W shares of plies, P + W <= 1)";
        match s {
            "uniform" => Ok(Policy::Uniform),
            "respall" => Ok(Policy::Respall),
            _ => {
                let rest = s.strip_prefix("path:").ok_or(WHY)?;
                let (p, w) = rest.split_once(':').ok_or(WHY)?;
                let share = |x: &str| {
                    x.parse::<f64>()
                        .ok()
                        .filter(|v| (0.0..=1.0).contains(v))
                        .ok_or(WHY)
                };
                let (step, wall) = (share(p)?, share(w)?);
                if step + wall > 1.0 + 1e-12 {
                    return Err(WHY);
                }
                Ok(Policy::Path { step, wall })
            }
        }
    }
}

/// One side's distances to its goal row, as the squares within k steps (note 3).
#[derive(Clone, Copy)]
struct Layers {
    within: [u128; N * N],
    len: usize,
    /// Where the last question was answered: the next, about squares near the same pawn, is
    /// answered near it (the layers only grow, so a scan may start anywhere).
    hint: usize,
}

impl Layers {
    const EMPTY: Layers = Layers {
        within: [0; N * N],
        len: 0,
        hint: 0,
    };

    /// The first layer that meets `squares`, and the squares it meets (grown as needed).
    #[inline]
    fn first_meeting(&mut self, state: &State, goal: u128, squares: u128) -> (usize, u128) {
        if self.len == 0 {
            self.within[0] = goal;
            self.len = 1;
        }
        let mut k = self.hint.min(self.len - 1);
        if self.within[k] & squares != 0 {
            while k > 0 && self.within[k - 1] & squares != 0 {
                k -= 1;
            }
            self.hint = k;
            return (k, self.within[k] & squares);
        }
        loop {
            let hit = self.within[k] & squares;
            if hit != 0 {
                self.hint = k;
                return (k, hit);
            }
            k += 1;
            if k == self.len {
                let next = state.blocked().grow(self.within[k - 1]);
                if next == self.within[k - 1] || k == N * N {
                    return (usize::from(UNREACHABLE), 0);
                }
                self.within[k] = next;
                self.len += 1;
            }
        }
    }

    /// Cut back to the layers a barred step between `a` and `b` leaves unchanged: up to the
    /// nearer square's layer, or none cut when both lie in the same layer (note 3).
    #[inline]
    fn bar(&mut self, a: usize, b: usize) {
        let both = (1u128 << a) | (1u128 << b);
        // The first layer holding either square (the layers only grow: a binary search).
        let (mut lo, mut hi) = (0, self.len);
        while lo < hi {
            let mid = (lo + hi) / 2;
            if self.within[mid] & both != 0 {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        if lo < self.len && self.within[lo] & both != both {
            self.len = lo + 1;
        }
    }
}

/// A position being played out, with both sides' distances (note 3). Reused from playout to
/// playout by [`reset`](Walk::reset), so its layers are never copied.
#[derive(Clone)]
pub struct Walk {
    pub state: State,
    layers: [Layers; 2],
}

impl Walk {
    pub fn new(state: &State) -> Walk {
        Walk {
            state: *state,
            layers: [Layers::EMPTY; 2],
        }
    }

    /// Start again from `state`.
    #[inline]
    pub fn reset(&mut self, state: &State) {
        self.state = *state;
        self.layers[0].len = 0;
        self.layers[1].len = 0;
    }

    /// Steps from `sq` to `side`'s goal row (pawns ignored), [`UNREACHABLE`] if walled off.
    #[inline]
    pub fn distance(&mut self, side: Side, sq: Square) -> u8 {
        let i = side.index();
        let (k, _) = self.layers[i].first_meeting(&self.state, GOAL[i], sq.bit());
        k as u8
    }

    /// The length of `side`'s shortest path (pawns ignored).
    #[inline]
    pub fn path_len(&mut self, side: Side) -> u8 {
        self.distance(side, self.state.pawn(side))
    }

    #[inline]
    pub fn play(&mut self, m: Move) {
        self.state.play_unchecked(m);
        if let Move::Wall(w) = m {
            let blocks = w.blocks();
            // The squares on the far side of the barred steps: below `-`, right of `|`.
            let (near, step) = match w.orient {
                Orient::Horizontal => (blocks[crate::paths::UP], N),
                Orient::Vertical => (blocks[crate::paths::LEFT], 1),
            };
            for layers in &mut self.layers {
                let mut set = near;
                while set != 0 {
                    let a = set.trailing_zeros() as usize;
                    set &= set - 1;
                    layers.bar(a, a - step);
                }
            }
        }
    }

    /// The mover's move under `policy` (the position is not over).
    #[inline]
    pub fn policy_move(&mut self, policy: &Policy, rng: &mut Rng) -> Move {
        match *policy {
            Policy::Uniform => uniform_move(&self.state, rng),
            Policy::Path { step, wall } => {
                let me = self.state.side_to_move();
                if rng.chance(step) {
                    return Move::Pawn(self.path_step(rng));
                }
                if self.state.walls_left(me) > 0 && rng.chance(wall / (1.0 - step)) {
                    if let Some(w) = random_wall(&self.state, rng) {
                        return Move::Wall(w);
                    }
                }
                random_pawn_move(&self.state, rng)
            }
            Policy::Respall => {
                let me = self.state.side_to_move();
                if self.state.walls_left(me) == 0
                    || self.path_len(me) <= self.path_len(me.opponent())
                {
                    Move::Pawn(self.path_step(rng))
                } else {
                    random_legal_move(&self.state, rng)
                }
            }
        }
    }

    /// A legal square of the mover's pawn nearest its goal, ties drawn at random.
    #[inline]
    fn path_step(&mut self, rng: &mut Rng) -> Square {
        let me = self.state.side_to_move().index();
        let mut to = [Square::default(); 5];
        let n = self.state.pawn_targets(&mut to);
        let targets = to[..n].iter().fold(0u128, |m, t| m | t.bit());
        let (_, nearest) = self.layers[me].first_meeting(&self.state, GOAL[me], targets);
        let mut pick = nearest;
        for _ in 0..rng.below(nearest.count_ones() as usize) {
            pick &= pick - 1;
        }
        Square(pick.trailing_zeros() as u8)
    }
}

/// The `uniform` policy's move (kept draw for draw).
#[inline]
pub(crate) fn uniform_move(state: &State, rng: &mut Rng) -> Move {
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
    random_pawn_move(state, rng)
}

/// A uniform legal pawn move.
#[inline]
fn random_pawn_move(state: &State, rng: &mut Rng) -> Move {
    let mut to = [Square::default(); 5];
    let n = state.pawn_targets(&mut to);
    Move::Pawn(to[rng.below(n)])
}

/// The `k`-th set bit of `set` (`k < set.count_ones()`), a byte at a time.
#[inline]
fn nth_bit(mut set: u64, mut k: u32) -> u8 {
    let mut base = 0;
    loop {
        let c = (set & 0xff).count_ones();
        if k < c {
            break;
        }
        k -= c;
        set >>= 8;
        base += 8;
    }
    for _ in 0..k {
        set &= set - 1;
    }
    base + set.trailing_zeros() as u8
}

/// A move drawn uniformly from `pawn` pawn moves (`pawns`) and the legal walls; walls are
/// left out when `pawns` is given and the mover has none in hand (note 2).
fn draw(state: &State, pawns: &[Square], rng: &mut Rng) -> Option<Move> {
    let me = state.side_to_move();
    let (mut fh, mut fv) = if state.walls_left(me) > 0 {
        state.free_slots()
    } else {
        (0, 0)
    };
    let (eh, ev) = state.enclosing_slots();
    loop {
        let (nh, nv) = (fh.count_ones(), fv.count_ones());
        let total = pawns.len() as u32 + nh + nv;
        if total == 0 {
            return None;
        }
        let k = rng.below(total as usize) as u32;
        if k < pawns.len() as u32 {
            return Some(Move::Pawn(pawns[k as usize]));
        }
        let k = k - pawns.len() as u32;
        let (orient, slot, set, enclose) = if k < nh {
            (Orient::Horizontal, nth_bit(fh, k), &mut fh, eh)
        } else {
            (Orient::Vertical, nth_bit(fv, k - nh), &mut fv, ev)
        };
        let w = Wall { orient, slot };
        if enclose & w.bit() == 0 || state.cuts(w).is_none() {
            return Some(Move::Wall(w));
        }
        *set &= !w.bit();
    }
}

/// A wall drawn uniformly from the mover's legal walls, if it has any.
fn random_wall(state: &State, rng: &mut Rng) -> Option<Wall> {
    match draw(state, &[], rng) {
        Some(Move::Wall(w)) => Some(w),
        _ => None,
    }
}

/// A move drawn uniformly from all the mover's legal moves.
fn random_legal_move(state: &State, rng: &mut Rng) -> Move {
    let mut to = [Square::default(); 5];
    let n = state.pawn_targets(&mut to);
    draw(state, &to[..n], rng).expect("a position that is not over has a pawn move")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::position;
    use crate::playout::Cut;

    #[test]
    fn policies_read_and_print_alike() {
        for text in ["uniform", "respall", "path:0.5:0.25", "path:1.0:0.0"] {
            let p: Policy = text.parse().unwrap();
            assert_eq!(p.to_string(), text);
        }
        assert_eq!(
            "path:0.5:0.25".parse::<Policy>(),
            Ok(Policy::Path {
                step: 0.5,
                wall: 0.25
            })
        );
        for bad in [
            "path:0.8:0.5",
            "path:1.5:0",
            "path:0.5",
            "walk",
            "path:x:0.1",
        ] {
            assert!(bad.parse::<Policy>().is_err(), "{bad}");
        }
    }

    #[test]
    fn nth_bit_counts_set_bits_from_the_lowest() {
        let set: u64 = 0x8000_0100_0000_1005;
        let bits: Vec<u8> = (0..set.count_ones()).map(|k| nth_bit(set, k)).collect();
        assert_eq!(bits, [0, 2, 12, 40, 63]);
        assert_eq!(nth_bit(!0, 37), 37);
    }

    #[test]
    fn a_path_step_goes_to_the_square_nearest_the_goal() {
        // First player on e9 heads for row 1: e8 is one step nearer, d9 and f9 are not.
        let mut w = Walk::new(&State::new());
        let mut rng = Rng::new(3);
        for _ in 0..50 {
            assert_eq!(w.path_step(&mut rng).to_string(), "e8");
        }
        assert_eq!(w.path_len(Side::First), 8);
        assert_eq!(w.path_len(Side::Second), 8);
    }

    #[test]
    fn a_path_step_draws_among_the_squares_nearest_the_goal() {
        // The wall e8- bars the steps between rows 8 and 9 in columns e and f.
        let s = position("e8-").unwrap();
        let mut w = Walk::new(&s);
        assert_eq!(w.state.side_to_move(), Side::Second);
        // The second player on e1 heads for row 9: up column e it must leave by d8 (e2: 8
        // steps), straight up column d from d1 is as long (8), f1 is 9. Both ties are drawn.
        let mut rng = Rng::new(5);
        let mut seen = std::collections::BTreeMap::new();
        for _ in 0..200 {
            *seen.entry(w.path_step(&mut rng).to_string()).or_insert(0) += 1;
        }
        assert_eq!(seen.keys().collect::<Vec<_>>(), ["d1", "e2"]);
        assert!(seen.values().all(|&c| c > 60), "{seen:?}");
        // First player's field: e9 is blocked below (e8- covers e and f), so d9 is nearer.
        let first = w.distance(Side::First, Square::new(4, 8).unwrap());
        let d9 = w.distance(Side::First, Square::new(3, 8).unwrap());
        let f9 = w.distance(Side::First, Square::new(5, 8).unwrap());
        assert_eq!((d9, first), (8, 9));
        assert!(f9 > d9);
    }

    #[test]
    fn the_kept_distances_follow_walls_placed_in_playouts() {
        // Ask for distances now and then, as playouts do, and check each against a fresh
        // flood fill: every square, both sides.
        for seed in 0..60 {
            let mut w = Walk::new(&State::new());
            let mut rng = Rng::new(seed);
            let policy = Policy::Path {
                step: 0.3,
                wall: 0.5,
            };
            while w.state.winner().is_none() && w.state.ply() < 120 {
                let m = w.policy_move(&policy, &mut rng);
                w.state.check(m).expect("the policy plays legal moves");
                w.play(m);
                if rng.below(3) == 0 {
                    for side in [Side::First, Side::Second] {
                        let sq = Square((rng.below(81)) as u8);
                        let want = w.state.blocked().distance(sq, GOAL[side.index()]);
                        assert_eq!(
                            Some(w.distance(side, sq)).filter(|d| *d != UNREACHABLE),
                            want
                        );
                        assert_eq!(w.path_len(side), w.state.path_len(side));
                    }
                }
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
        /// The fast policies play the plain way's games, draw for draw, from random positions.
        #[test]
        fn fast_playouts_are_the_plain_ones(
            seed in proptest::prelude::any::<u64>(),
            plies in 0u32..40,
            which in 0usize..5,
        ) {
            let policy = [
                Policy::Uniform,
                Policy::Respall,
                Policy::Path { step: 0.5, wall: 0.25 },
                Policy::Path { step: 0.2, wall: 0.7 },
                Policy::Path { step: 0.9, wall: 0.0 },
            ][which];
            let mut s = State::new();
            let mut r = Rng::new(seed ^ 0x55);
            while s.ply() < plies && s.winner().is_none() {
                let m = reference::policy_move(&s, &Policy::Path { step: 0.3, wall: 0.5 }, &mut r);
                s.play(m).unwrap();
            }
            proptest::prop_assume!(s.winner().is_none());
            for cut in [Cut::default(), Cut::None] {
                let fast = crate::playout::playout(&s, &policy, cut, &mut Rng::new(seed));
                let plain = reference::playout(&s, &policy, cut, &mut Rng::new(seed));
                proptest::prop_assert_eq!(
                    (fast.winner, fast.ply, fast.paths),
                    (plain.winner, plain.ply, plain.paths)
                );
            }
        }
    }

    #[test]
    fn drawn_walls_are_uniform_over_the_legal_walls() {
        // From the middle game of the paper's record: count draws per wall.
        let s = position(crate::bench::MIDDLE_GAME).unwrap();
        let (h, v) = s.legal_wall_slots();
        let legal = (h.count_ones() + v.count_ones()) as usize;
        let mut counts = std::collections::HashMap::new();
        let mut rng = Rng::new(7);
        let draws = 200 * legal;
        for _ in 0..draws {
            let w = random_wall(&s, &mut rng).unwrap();
            assert!(s.check(Move::Wall(w)).is_ok(), "{w} is not legal");
            *counts.entry(w).or_insert(0usize) += 1;
        }
        assert_eq!(counts.len(), legal);
        // Each count is binomial(draws, 1/legal): mean 200, sd ~14; 5 sd either side.
        assert!(
            counts.values().all(|&c| (130..=270).contains(&c)),
            "{counts:?}"
        );
    }

    #[test]
    fn respall_steps_on_its_path_when_not_behind() {
        let mut w = Walk::new(&State::new());
        let mut rng = Rng::new(1);
        for _ in 0..50 {
            assert_eq!(w.policy_move(&Policy::Respall, &mut rng).to_string(), "e8");
        }
        // Behind (first player's path 9 against 8): every legal move can be drawn, walls too.
        let s = position("e8-, e2").unwrap();
        let mut w = Walk::new(&s);
        assert!(w.path_len(Side::First) > w.path_len(Side::Second));
        let walls = (0..400)
            .filter(|_| matches!(w.policy_move(&Policy::Respall, &mut rng), Move::Wall(_)))
            .count();
        assert!(walls > 350, "{walls} walls in 400 draws");
    }
}
