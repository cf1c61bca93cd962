//! The evaluation of the empty points (paper 3(6)–(7), 3(8) first paragraph):
//!
//! * for every one-move connection (A, B, D) with D' = M^K(A,B;D), every empty P ∈ D gets the
//!   value of the pair's category, from the row "P ∈ M" if P ∈ D' and "P ∈ M̄" otherwise:
//!
//!   | category | 1 | 1' | 2 | 2' | 3 | 3' | 4 | 4' | 5 | 5' |
//!   |---|---|---|---|---|---|---|---|---|---|---|
//!   | P ∈ M | 10000 | 10000 | 1000 | 1000 | 100 | 100 | 10 | 10 | 1 | 1 |
//!   | P ∈ M̄ | 1000 | 6000 | 100 | 600 | 10 | 60 | 1 | 6 | 1 | 1 |
//!
//! * the centre bonus: for each empty P whose region (choice **centre**) lies on the board and
//!   is empty, 16 is added to P and 8 to the other points of the region;
//! * the first-type table L1 is NHEX's view (unprimed = NHEX's pairs); the second-type table L2
//!   is the same with the sides exchanged, i.e. the values of k and k' swapped.
//!
//! Sums are 32-bit (two HP words); the largest possible sum (64 cells of 1024 entries of
//! 10000) stays far below 2^31.

use crate::board::{Board, Cell, NMAX};
use crate::position::{Analysis, CategoryRule};

pub const VAL_KEY: [i32; 5] = [10000, 1000, 100, 10, 1];
pub const VAL_OWN: [i32; 5] = [1000, 100, 10, 1, 1];
pub const VAL_INTRUDE: [i32; 5] = [6000, 600, 60, 6, 1];
pub const CENTRE_P: i32 = 16;
pub const CENTRE_REST: i32 = 8;

/// The centre-bonus region (its figure is lost).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Centre {
    /// No bonus.
    Off,
    /// P and its 6 neighbours.
    Hex1,
    /// P and the 18 cells within distance 2.
    Hex2,
}

/// The cells of the hexagon of radius r around the origin (origin excluded), a then b ascending.
pub fn hex_ring_offsets(r: i32) -> Vec<(i32, i32)> {
    let mut v = Vec::new();
    for a in -r..=r {
        for b in -r..=r {
            // Hex distance in these axes: max(|a|, |b|, |a-b|).
            let dist = a.abs().max(b.abs()).max((a - b).abs());
            if dist >= 1 && dist <= r {
                v.push((a, b));
            }
        }
    }
    v
}

/// L1 and L2 over all cells (occupied cells stay 0).
pub fn evaluate(
    board: &Board,
    an: &Analysis,
    rule: CategoryRule,
    centre: Centre,
) -> ([i32; NMAX * NMAX], [i32; NMAX * NMAX]) {
    let mut l1 = [0i32; NMAX * NMAX];
    let mut l2 = [0i32; NMAX * NMAX];
    for l in &an.semis {
        let Some(cat) = an.category(l.a, l.b, rule) else {
            continue;
        };
        let k = cat as usize - 1;
        let nhex_pair = an.bside[l.a as usize] > 0;
        let (own1, own2) = if nhex_pair {
            (VAL_OWN[k], VAL_INTRUDE[k])
        } else {
            (VAL_INTRUDE[k], VAL_OWN[k])
        };
        let mut d = l.d;
        while d != 0 {
            let i = d.trailing_zeros() as usize;
            d &= d - 1;
            if l.m >> i & 1 == 1 {
                l1[i] += VAL_KEY[k];
                l2[i] += VAL_KEY[k];
            } else {
                l1[i] += own1;
                l2[i] += own2;
            }
        }
    }
    let r = match centre {
        Centre::Off => 0,
        Centre::Hex1 => 1,
        Centre::Hex2 => 2,
    };
    if r > 0 {
        let region = hex_ring_offsets(r);
        for p in board.cells() {
            if !board.is_empty(p) {
                continue;
            }
            let cells: Option<Vec<Cell>> = region
                .iter()
                .map(|&(a, b)| {
                    board
                        .cell(p.u() as i32 + a, p.v() as i32 + b)
                        .filter(|&c| board.is_empty(c))
                })
                .collect();
            if let Some(cells) = cells {
                l1[p.idx()] += CENTRE_P;
                l2[p.idx()] += CENTRE_P;
                for c in cells {
                    l1[c.idx()] += CENTRE_REST;
                    l2[c.idx()] += CENTRE_REST;
                }
            }
        }
    }
    (l1, l2)
}

/// The empty cell with the largest value; ties go to the first cell in scan order.
pub fn best(board: &Board, l: &[i32; NMAX * NMAX]) -> Option<Cell> {
    top(board, l, 1).first().copied()
}

/// The k empty cells with the largest values, best first; ties in scan order.
pub fn top(board: &Board, l: &[i32; NMAX * NMAX], k: usize) -> Vec<Cell> {
    let mut out: Vec<Cell> = Vec::with_capacity(k);
    for c in board.cells().filter(|&c| board.is_empty(c)) {
        let pos = out
            .iter()
            .position(|&o| l[c.idx()] > l[o.idx()])
            .unwrap_or(out.len());
        if pos < k {
            out.insert(pos, c);
            out.truncate(k);
        }
    }
    out
}
