//! The playout policies written the plain way, for checking and timing the fast ones: every
//! distance by a fresh flood fill, every candidate list built, every wall checked by the full
//! rules. It draws the same random numbers in the same order as [`Walk`](super::Walk), so a
//! playout of either from the same seed is the same game.

use super::{Policy, WALL_SHARE};
use crate::paths::GOAL;
use crate::playout::{Cut, Playout};
use crate::rng::Rng;
use crate::square::{Side, Square};
use crate::state::State;
use crate::wall::{Orient, Wall};
use crate::Move;

/// Steps from `sq` to `side`'s goal row by a fresh flood fill.
fn distance(s: &State, side: Side, sq: Square) -> u8 {
    s.blocked()
        .distance(sq, GOAL[side.index()])
        .unwrap_or(super::UNREACHABLE)
}

/// The pawn's squares in the rules' order (steps up, down, left, right, with their jumps).
fn pawn_squares(s: &State) -> Vec<Square> {
    let mut to = [Square::default(); 5];
    let n = s.pawn_targets(&mut to);
    to[..n].to_vec()
}

/// The slots free of overlap and crossing, horizontal then vertical, in slot order.
fn free_walls(s: &State) -> Vec<Wall> {
    let (h, v) = s.free_slots();
    Wall::all()
        .filter(|w| {
            let set = match w.orient {
                Orient::Horizontal => h,
                Orient::Vertical => v,
            };
            set & w.bit() != 0
        })
        .collect()
}

/// A uniform draw from `pawns` and the legal walls, by rejection as the fast policy draws.
fn draw(s: &State, pawns: &[Square], rng: &mut Rng) -> Option<Move> {
    let me = s.side_to_move();
    let mut walls = if s.walls_left(me) > 0 {
        free_walls(s)
    } else {
        Vec::new()
    };
    loop {
        let total = pawns.len() + walls.len();
        if total == 0 {
            return None;
        }
        let k = rng.below(total);
        if k < pawns.len() {
            return Some(Move::Pawn(pawns[k]));
        }
        let w = walls[k - pawns.len()];
        if s.check(Move::Wall(w)).is_ok() {
            return Some(Move::Wall(w));
        }
        walls.remove(k - pawns.len());
    }
}

fn path_step(s: &State, rng: &mut Rng) -> Square {
    let me = s.side_to_move();
    let targets = pawn_squares(s);
    let low = targets
        .iter()
        .map(|&t| distance(s, me, t))
        .min()
        .expect("a pawn always has a move");
    let mut nearest: Vec<Square> = targets
        .into_iter()
        .filter(|&t| distance(s, me, t) == low)
        .collect();
    // Ties are drawn in square order.
    nearest.sort();
    nearest[rng.below(nearest.len())]
}

fn random_pawn(s: &State, rng: &mut Rng) -> Move {
    let to = pawn_squares(s);
    Move::Pawn(to[rng.below(to.len())])
}

/// The policy's move, the plain way.
pub fn policy_move(s: &State, policy: &Policy, rng: &mut Rng) -> Move {
    let me = s.side_to_move();
    match *policy {
        Policy::Uniform => {
            if s.walls_left(me) > 0 && rng.below(256) < WALL_SHARE {
                let r = rng.below(128);
                let orient = if r < 64 {
                    Orient::Horizontal
                } else {
                    Orient::Vertical
                };
                let w = Wall::new(orient, r % 8, (r % 64) / 8).expect("a slot below 64");
                if s.check(Move::Wall(w)).is_ok() {
                    return Move::Wall(w);
                }
            }
            random_pawn(s, rng)
        }
        Policy::Path { step, wall } => {
            if rng.chance(step) {
                return Move::Pawn(path_step(s, rng));
            }
            if s.walls_left(me) > 0 && rng.chance(wall / (1.0 - step)) {
                if let Some(m) = draw(s, &[], rng) {
                    return m;
                }
            }
            random_pawn(s, rng)
        }
        Policy::Respall => {
            if s.walls_left(me) == 0 || s.path_len(me) <= s.path_len(me.opponent()) {
                Move::Pawn(path_step(s, rng))
            } else {
                draw(s, &pawn_squares(s), rng).expect("a pawn always has a move")
            }
        }
    }
}

/// A playout, the plain way.
pub fn playout(state: &State, policy: &Policy, cut: Cut, rng: &mut Rng) -> Playout {
    let mut s = *state;
    let limit = match cut {
        Cut::Ply(p) => p,
        Cut::None => crate::playout::NO_CUT_BOUND,
    };
    let winner = loop {
        if let Some(w) = s.winner() {
            break Some(w);
        }
        if s.ply() >= limit {
            break None;
        }
        let m = policy_move(&s, policy, rng);
        s.play(m).expect("the policy plays legal moves");
    };
    Playout {
        winner,
        ply: s.ply(),
        paths: [s.path_len(Side::First), s.path_len(Side::Second)],
    }
}
