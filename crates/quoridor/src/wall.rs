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

fn at_least_two(a: u64, b: u64, c: u64) -> u64 {
    (a & b) | (a & c) | (b & c)
}

/// Slots in row 1 and row 8.
const SLOT_ROW_1: u64 = 0xff;
const SLOT_ROW_8: u64 = 0xff << 56;

/// Walls (horizontal, vertical slot sets) that might close a loop of fences, given the walls
/// `h` and `v` on the board; only these can cut a pawn from its goal, so every other wall is
/// legal without a path search.
///
/// The fences are the board's border and the walls, meeting at grid corners; the interior
/// corner at the bottom-right of square (c, r) is indexed like the wall centre (c, r). A wall
/// touches three corners (its ends and its centre) and closes a loop only if two of them were
/// already joined by fences. Two cheap sufficient conditions cover every such case: two of its
/// corners lie on fences joined to the border, or two lie on walls not joined to the border
/// (which may be one floating cluster).
pub(crate) fn may_enclose(h: u64, v: u64) -> (u64, u64) {
    // Fence segments between neighbouring corners: right of corner k, below corner k.
    let right = (h | (h >> 1)) & !SLOT_COL_H;
    let down = (v | (v >> 8)) & !SLOT_ROW_8;
    let touched = h | v | ((h << 1) & !SLOT_COL_A) | ((h >> 1) & !SLOT_COL_H) | (v << 8) | (v >> 8);
    // Corners joined to the border: a wall end on the border, then along fence segments.
    let mut border = (h & (SLOT_COL_A | SLOT_COL_H)) | (v & (SLOT_ROW_1 | SLOT_ROW_8));
    loop {
        let next = border
            | ((border & right) << 1)
            | ((border >> 1) & right)
            | ((border & down) << 8)
            | ((border >> 8) & down);
        if next == border {
            break;
        }
        border = next;
    }
    let floating = touched & !border;
    let near_h = |g: u64, edge: u64| {
        let l = ((g << 1) & !SLOT_COL_A) | (edge & SLOT_COL_A);
        let r = ((g >> 1) & !SLOT_COL_H) | (edge & SLOT_COL_H);
        at_least_two(l, g, r)
    };
    let near_v = |g: u64, edge: u64| {
        let a = (g << 8) | (edge & SLOT_ROW_1);
        let b = (g >> 8) | (edge & SLOT_ROW_8);
        at_least_two(a, g, b)
    };
    (
        near_h(border, !0) | near_h(floating, 0),
        near_v(border, !0) | near_v(floating, 0),
    )
}
