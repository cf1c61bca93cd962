//! Paths to the goal rows, by flood fill over the 81 squares held as bits of a `u128`.
//!
//! `Blocked` holds, for each direction, the squares whose step that way is barred by a wall
//! or by the board's edge. Pawns are ignored, as in the rule that a wall may not cut a pawn
//! from its goal (OpenSpiel and the QTP referee do the same): the paper's "shortest path" (§3.2,
//! 最短歩数) is measured the same way.

use crate::square::{Square, N};
use crate::wall::Wall;

/// Directions in `Blocked`: up (towards row 1), down, left, right.
pub const UP: usize = 0;
pub const DOWN: usize = 1;
pub const LEFT: usize = 2;
pub const RIGHT: usize = 3;

/// The distance of a square with no way to the goal.
pub const UNREACHABLE: u8 = u8::MAX;

/// The index step of each direction.
pub(crate) const DELTA: [i32; 4] = [-(N as i32), N as i32, -1, 1];

const fn row_mask(row: usize) -> u128 {
    0x1ff << (row * N)
}

const fn col_mask(col: usize) -> u128 {
    let mut m = 0u128;
    let mut r = 0;
    while r < N {
        m |= 1 << (r * N + col);
        r += 1;
    }
    m
}

/// The goal rows: index 0 the first player's (row 1), 1 the second's (row 9).
pub(crate) const GOAL: [u128; 2] = [row_mask(0), row_mask(N - 1)];

/// Per direction, the squares that cannot step that way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Blocked(pub(crate) [u128; 4]);

impl Blocked {
    /// An empty board: only the edges block.
    pub const EMPTY: Blocked =
        Blocked([row_mask(0), row_mask(N - 1), col_mask(0), col_mask(N - 1)]);

    /// Whether a step from `sq` in direction `dir` is barred.
    #[inline]
    pub fn blocks(&self, sq: Square, dir: usize) -> bool {
        self.0[dir] & sq.bit() != 0
    }

    /// The directions barred at `sq`, one bit each (bit `UP` ... bit `RIGHT`).
    #[inline]
    pub fn at(&self, sq: Square) -> u8 {
        let i = sq.0;
        let b = &self.0;
        ((b[UP] >> i) as u8 & 1)
            | (((b[DOWN] >> i) as u8 & 1) << 1)
            | (((b[LEFT] >> i) as u8 & 1) << 2)
            | (((b[RIGHT] >> i) as u8 & 1) << 3)
    }

    /// The directions barred at each square, as [`at`](Self::at) gives them.
    pub(crate) const fn by_square(&self) -> [u8; N * N] {
        let mut out = [0u8; N * N];
        let mut i = 0;
        while i < N * N {
            let mut dir = 0;
            while dir < 4 {
                if self.0[dir] & (1 << i) != 0 {
                    out[i] |= 1 << dir;
                }
                dir += 1;
            }
            i += 1;
        }
        out
    }

    /// These blocks plus a wall's.
    #[inline]
    pub(crate) fn with(mut self, w: Wall) -> Blocked {
        let b = w.blocks();
        for (mine, theirs) in self.0.iter_mut().zip(b) {
            *mine |= theirs;
        }
        self
    }

    /// All squares one step from `reach`, and `reach` itself.
    #[inline]
    pub(crate) fn grow(&self, reach: u128) -> u128 {
        let b = &self.0;
        reach
            | ((reach & !b[UP]) >> N)
            | ((reach & !b[DOWN]) << N)
            | ((reach & !b[LEFT]) >> 1)
            | ((reach & !b[RIGHT]) << 1)
    }

    /// Steps from `from` to the nearest square of `goal`, or `None` if walled off.
    pub fn distance(&self, from: Square, goal: u128) -> Option<u8> {
        let mut reach = from.bit();
        let mut d = 0;
        while reach & goal == 0 {
            let next = self.grow(reach);
            if next == reach {
                return None;
            }
            reach = next;
            d += 1;
        }
        Some(d)
    }

    /// Whether `from` can reach `goal` at all.
    #[inline]
    pub fn connected(&self, from: Square, goal: u128) -> bool {
        self.distance(from, goal).is_some()
    }

    /// The walls (horizontal, vertical slot sets) that would block one step of one shortest
    /// path from `from` to `goal`. A wall outside these leaves that path open, so it cannot
    /// cut the pawn off. All walls when the path is longer than [`PATH_LAYERS`] steps (the
    /// filter is then not worth its memory) or when there is no path.
    pub(crate) fn path_walls(&self, from: Square, goal: u128) -> (u64, u64) {
        let mut layers = [0u128; PATH_LAYERS + 1];
        layers[0] = from.bit();
        let mut d = 0;
        while layers[d] & goal == 0 {
            let next = self.grow(layers[d]);
            if next == layers[d] || d == PATH_LAYERS {
                return (!0, !0);
            }
            d += 1;
            layers[d] = next;
        }
        let (mut h, mut v) = (0u64, 0u64);
        let mut at = (layers[d] & goal).trailing_zeros() as i32;
        while d > 0 {
            let before = layers[d - 1];
            // A square of the previous layer from which one step reaches `at`.
            let prev = (0..4)
                .map(|dir| (dir, at - DELTA[dir]))
                .find(|&(dir, p)| {
                    (0..(N * N) as i32).contains(&p)
                        && before & (1u128 << p) != 0
                        && self.0[dir] & (1u128 << p) == 0
                })
                .expect("a flood-fill layer has a predecessor");
            let (dir, p) = prev;
            let a = p.min(at);
            let (c, r) = ((a as usize) % N, (a as usize) / N);
            if dir == UP || dir == DOWN {
                // a above b: horizontal walls centred right or left of the groove's middle.
                h |= edge_slots(c, r);
            } else {
                v |= edge_slots_vertical(c, r);
            }
            at = p;
            d -= 1;
        }
        (h, v)
    }
}

/// The longest path [`Blocked::path_walls`] traces.
const PATH_LAYERS: usize = 32;

/// Horizontal wall slots blocking the step between (c, r) and (c, r+1).
fn edge_slots(c: usize, r: usize) -> u64 {
    let mut m = 0u64;
    if c < 8 {
        m |= 1 << (r * 8 + c);
    }
    if c > 0 {
        m |= 1 << (r * 8 + c - 1);
    }
    m
}

/// Vertical wall slots blocking the step between (c, r) and (c+1, r).
fn edge_slots_vertical(c: usize, r: usize) -> u64 {
    let mut m = 0u64;
    if r < 8 {
        m |= 1 << (r * 8 + c);
    }
    if r > 0 {
        m |= 1 << ((r - 1) * 8 + c);
    }
    m
}
