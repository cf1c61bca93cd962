//! Walls (the paper's "fences") and the grooves they block.
//!
//! A wall is two squares long and is named, as in the paper's appendix, by the square whose
//! bottom-right corner is the wall's centre: columns a-h, rows 1-8. Slot `row * 8 + col`.
//! `|` (vertical) runs between columns col and col+1 along rows row and row+1; `-`
//! (horizontal) runs between rows row and row+1 along columns col and col+1.

use crate::square::{Square, N};
use std::fmt;

/// Wall centres per side: 8 x 8.
pub const SLOTS: usize = 8;

/// Which way a wall lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Orient {
    /// `-`: blocks steps between a row and the next.
    Horizontal,
    /// `|`: blocks steps between a column and the next.
    Vertical,
}

impl Orient {
    /// The paper's mark: `|` or `-`.
    pub fn mark(self) -> char {
        match self {
            Orient::Horizontal => '-',
            Orient::Vertical => '|',
        }
    }
}

/// A wall: its orientation and its centre slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Wall {
    pub orient: Orient,
    pub(crate) slot: u8,
}

impl Wall {
    /// The wall named by the square at `col` (0 = a) and `row` (0 = row 1), both below 8.
    pub fn new(orient: Orient, col: usize, row: usize) -> Option<Wall> {
        (col < SLOTS && row < SLOTS).then(|| Wall {
            orient,
            slot: (row * SLOTS + col) as u8,
        })
    }
    /// Column of the naming square (0 = a).
    pub fn col(self) -> usize {
        self.slot as usize % SLOTS
    }
    /// Row of the naming square (0 = row 1).
    pub fn row(self) -> usize {
        self.slot as usize / SLOTS
    }
    /// The slot, `row * 8 + col`.
    pub fn slot(self) -> usize {
        self.slot as usize
    }
    /// The square that names the wall.
    pub fn square(self) -> Square {
        Square::new(self.col(), self.row()).expect("a wall's square is on the board")
    }
    pub(crate) fn bit(self) -> u64 {
        1u64 << self.slot
    }
    /// The lattice points (grid corners, `y * 10 + x`, 0..=9 each) the wall touches: its two
    /// ends and its centre.
    pub(crate) fn points(self) -> u128 {
        let (c, r) = (self.col(), self.row());
        let p = |x: usize, y: usize| 1u128 << (y * 10 + x);
        match self.orient {
            Orient::Horizontal => p(c, r + 1) | p(c + 1, r + 1) | p(c + 2, r + 1),
            Orient::Vertical => p(c + 1, r) | p(c + 1, r + 1) | p(c + 1, r + 2),
        }
    }
    /// The squares whose step in each direction this wall blocks: `[up, down, left, right]`.
    pub(crate) fn blocks(self) -> [u128; 4] {
        let (c, r) = (self.col(), self.row());
        let b = |col: usize, row: usize| 1u128 << (row * N + col);
        match self.orient {
            Orient::Horizontal => [b(c, r + 1) | b(c + 1, r + 1), b(c, r) | b(c + 1, r), 0, 0],
            Orient::Vertical => [0, 0, b(c + 1, r) | b(c + 1, r + 1), b(c, r) | b(c, r + 1)],
        }
    }
    /// All 128 walls, horizontal first.
    pub fn all() -> impl Iterator<Item = Wall> {
        [Orient::Horizontal, Orient::Vertical]
            .into_iter()
            .flat_map(|o| (0..64u8).map(move |slot| Wall { orient: o, slot }))
    }
}

impl fmt::Display for Wall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.square(), self.orient.mark())
    }
}

/// The lattice points on the board's edge: the border is one fence all round.
pub(crate) const BORDER_POINTS: u128 = {
    let mut m = 0u128;
    let mut i = 0;
    while i < 10 {
        m |= 1 << i; // y = 0
        m |= 1 << (90 + i); // y = 9
        m |= 1 << (i * 10); // x = 0
        m |= 1 << (i * 10 + 9); // x = 9
        i += 1;
    }
    m
};

/// Slots in column a (col 0) and column h (col 7).
const SLOT_COL_A: u64 = 0x0101_0101_0101_0101;
const SLOT_COL_H: u64 = SLOT_COL_A << 7;

/// Slots where a horizontal wall would overlap or cross one already placed.
pub(crate) fn horizontal_conflicts(h: u64, v: u64) -> u64 {
    h | ((h << 1) & !SLOT_COL_A) | ((h >> 1) & !SLOT_COL_H) | v
}

/// Slots where a vertical wall would overlap or cross one already placed.
pub(crate) fn vertical_conflicts(h: u64, v: u64) -> u64 {
    v | (v << 8) | (v >> 8) | h
}

/// Slot grid of the lattice `occ` shifted by (dx, dy): bit `r*8+c` = point `(c+dx, r+dy)`.
fn lattice_grid(occ: u128, dx: usize, dy: usize) -> u64 {
    let mut g = 0u64;
    for r in 0..SLOTS {
        g |= (((occ >> ((r + dy) * 10 + dx)) & 0xff) as u64) << (r * SLOTS);
    }
    g
}

fn at_least_two(a: u64, b: u64, c: u64) -> u64 {
    (a & b) | (a & c) | (b & c)
}

/// Walls (horizontal, vertical slot sets) that touch existing fences (walls or the border) at
/// two or more of their three points. Only these can close a loop of fences, so only these can
/// cut a pawn from its goal: every other wall is safe without a path search.
pub(crate) fn may_enclose(occ: u128) -> (u64, u64) {
    let centre = lattice_grid(occ, 1, 1);
    let h = at_least_two(lattice_grid(occ, 0, 1), centre, lattice_grid(occ, 2, 1));
    let v = at_least_two(lattice_grid(occ, 1, 0), centre, lattice_grid(occ, 1, 2));
    (h, v)
}
