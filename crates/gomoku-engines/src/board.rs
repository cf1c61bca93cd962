//! The engines' working board: a flat 15 x 15 array with a move stack, cheap to play and undo.
//!
//! Points are indices `y * 15 + x` with 0-based `x` from the left and `y` from the top (the
//! guide's `x,y` minus one). Black moves first and the sides alternate (guide §2.1, §2.5 (1):
//! no pass), so the side to move follows from the number of stones.
//!
//! Notes:
//! 1. The board keeps, for every point, direction and side, the code of the line window around
//!    it ([`crate::shape`]), and for every point the number of stones within two points: a
//!    stone played or taken back changes the ten windows it lies in on each line and the 5 x 5
//!    square around it, while the search reads codes and candidates at every node. Reading
//!    them is then a load; [`Board::scanned_code`] reads a window from the cells, as the codes
//!    were computed before, and the tests check the two agree after any moves and undos.

use crate::shape::{encode, rel, shape, Shape};
use std::sync::OnceLock;

pub const SIZE: usize = 15;
pub const POINTS: usize = SIZE * SIZE;

/// A side: [`BLACK`] or [`WHITE`] (cell values; 0 is an empty cell).
pub type Colour = u8;
pub const BLACK: Colour = 1;
pub const WHITE: Colour = 2;

/// The other side.
#[inline]
pub fn other(c: Colour) -> Colour {
    3 - c
}

/// The four line directions as (dx, dy).
pub const DIRS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// The rules crate's point of an index.
pub fn point(p: usize) -> gomoku::Point {
    gomoku::Point::from_index(p).expect("index on the board")
}

fn stone(c: Colour) -> gomoku::Stone {
    if c == BLACK {
        gomoku::Stone::Black
    } else {
        gomoku::Stone::White
    }
}

#[inline]
pub fn xy(p: usize) -> (i32, i32) {
    ((p % SIZE) as i32, (p / SIZE) as i32)
}

#[inline]
pub fn at(x: i32, y: i32) -> Option<usize> {
    let n = SIZE as i32;
    ((0..n).contains(&x) && (0..n).contains(&y)).then(|| y as usize * SIZE + x as usize)
}

/// Padded grid: a margin of five wall cells around the board, so a line window needs no
/// bounds checks.
const MARGIN: usize = 5;
const WIDTH: usize = SIZE + 2 * MARGIN;
const CELLS: usize = WIDTH * WIDTH;
const WALL: u8 = 3;
/// Steps between neighbours in the padded grid, in the order of [`DIRS`].
const STEPS: [isize; 4] = [1, WIDTH as isize, WIDTH as isize + 1, 1 - WIDTH as isize];

#[inline]
fn cell(p: usize) -> usize {
    (p / SIZE + MARGIN) * WIDTH + p % SIZE + MARGIN
}

/// The place value of each window offset in a code, in [`encode`]'s order (-5..=-1, 1..=5),
/// with the offset.
const PLACES: [(isize, u16); 10] = {
    let mut out = [(0, 0); 10];
    let mut i = 0;
    let mut mul = 1;
    while i < 10 {
        let off = if i < 5 {
            i as isize - 5
        } else {
            i as isize - 4
        };
        out[i] = (off, mul);
        mul *= 3;
        i += 1;
    }
    out
};

/// Line codes of every cell of the padded grid, per direction, for one side (note 1).
type Codes = [[u16; 4]; CELLS];

/// The working board, with the rules crate's board kept alongside for its foul judgement.
#[derive(Clone)]
pub struct Board {
    cells: [u8; CELLS],
    moves: Vec<usize>,
    rules: gomoku::Board,
    /// Window codes for black and for white (note 1).
    codes: [Codes; 2],
    /// Stones within Chebyshev distance 2 of each point (note 1).
    around: [u8; POINTS],
}

impl Default for Board {
    fn default() -> Self {
        Self::new()
    }
}

impl Board {
    pub fn new() -> Self {
        static EMPTY: OnceLock<([u8; CELLS], [Codes; 2])> = OnceLock::new();
        let (cells, codes) = EMPTY.get_or_init(|| {
            let mut cells = [WALL; CELLS];
            for p in 0..POINTS {
                cells[cell(p)] = 0;
            }
            let mut codes = [[[0; 4]; CELLS]; 2];
            for (side, codes) in codes.iter_mut().enumerate() {
                for p in 0..POINTS {
                    for (d, code) in codes[cell(p)].iter_mut().enumerate() {
                        *code = scan(&cells, p, d, side as Colour + 1) as u16;
                    }
                }
            }
            (cells, codes)
        });
        Board {
            cells: *cells,
            moves: Vec::with_capacity(POINTS),
            rules: gomoku::Board::new(),
            codes: *codes,
            around: [0; POINTS],
        }
    }

    /// A board after `moves` (indices of empty points, black first).
    pub fn from_moves(moves: &[usize]) -> Self {
        let mut b = Self::new();
        for &p in moves {
            b.play(p);
        }
        b
    }

    #[inline]
    pub fn get(&self, p: usize) -> u8 {
        self.cells[cell(p)]
    }

    /// The same position on the rules crate's board.
    pub fn rules_board(&self) -> &gomoku::Board {
        &self.rules
    }

    pub fn moves(&self) -> &[usize] {
        &self.moves
    }

    pub fn len(&self) -> usize {
        self.moves.len()
    }

    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    pub fn is_full(&self) -> bool {
        self.moves.len() == POINTS
    }

    /// The side to move.
    #[inline]
    pub fn to_move(&self) -> Colour {
        if self.moves.len() % 2 == 0 {
            BLACK
        } else {
            WHITE
        }
    }

    #[inline]
    pub fn play(&mut self, p: usize) {
        debug_assert_eq!(self.get(p), 0);
        let c = self.to_move();
        self.cells[cell(p)] = c;
        self.moves.push(p);
        self.rules.set(point(p), Some(stone(c)));
        self.stone_changed(p, c, true);
    }

    #[inline]
    pub fn undo(&mut self) {
        if let Some(p) = self.moves.pop() {
            let c = self.cells[cell(p)];
            self.cells[cell(p)] = 0;
            self.rules.set(point(p), None);
            self.stone_changed(p, c, false);
        }
    }

    /// Brings the codes and the counts up to a stone of `c` at `p` placed (`put`) or taken
    /// away (note 1): the stone is `own` (1) in its side's windows and blocked (2) in the
    /// other's, from empty (0).
    #[inline]
    fn stone_changed(&mut self, p: usize, c: Colour, put: bool) {
        let at = cell(p) as isize;
        let [black, white] = &mut self.codes;
        let (own, opp) = if c == BLACK {
            (black, white)
        } else {
            (white, black)
        };
        for (d, &step) in STEPS.iter().enumerate() {
            for &(off, mul) in &PLACES {
                // The window of the cell `off` steps before `p` holds `p` at offset `off`.
                let n = (at - off * step) as usize;
                if put {
                    own[n][d] += mul;
                    opp[n][d] += 2 * mul;
                } else {
                    own[n][d] -= mul;
                    opp[n][d] -= 2 * mul;
                }
            }
        }
        let (x, y) = xy(p);
        for qy in (y - 2).max(0)..=(y + 2).min(SIZE as i32 - 1) {
            for qx in (x - 2).max(0)..=(x + 2).min(SIZE as i32 - 1) {
                let q = qy as usize * SIZE + qx as usize;
                if put {
                    self.around[q] += 1;
                } else {
                    self.around[q] -= 1;
                }
            }
        }
    }

    /// The window code around `p` along direction `d` for side `own` (note 1).
    #[inline]
    pub fn code(&self, p: usize, d: usize, own: Colour) -> usize {
        usize::from(self.codes[usize::from(own - 1)][cell(p)][d])
    }

    /// The window codes around `p` on the four lines, for side `own` (note 1).
    #[inline]
    pub fn codes(&self, p: usize, own: Colour) -> [u16; 4] {
        self.codes[usize::from(own - 1)][cell(p)]
    }

    /// The window code around `p` along direction `d` for side `own`, read from the cells
    /// (what [`Board::code`] keeps up to date, note 1).
    pub fn scanned_code(&self, p: usize, d: usize, own: Colour) -> usize {
        scan(&self.cells, p, d, own)
    }

    /// The shapes a stone of `own` at empty `p` makes on the four lines.
    #[inline]
    pub fn shapes(&self, p: usize, own: Colour) -> [Shape; 4] {
        let exact = own == BLACK;
        let codes = self.codes(p, own);
        [
            shape(usize::from(codes[0]), exact),
            shape(usize::from(codes[1]), exact),
            shape(usize::from(codes[2]), exact),
            shape(usize::from(codes[3]), exact),
        ]
    }

    /// Whether a stone of `own` at empty `p` makes five.
    pub fn makes_five(&self, p: usize, own: Colour) -> bool {
        self.shapes(p, own).contains(&Shape::Five)
    }

    /// Whether the last stone played made five (for its side).
    pub fn last_made_five(&self) -> bool {
        let Some(&p) = self.moves.last() else {
            return false;
        };
        let own = self.get(p);
        let exact = own == BLACK;
        let (x, y) = xy(p);
        DIRS.iter().any(|&(dx, dy)| {
            let count = |s: i32| {
                (1..)
                    .take_while(|k| {
                        at(x + s * k * dx, y + s * k * dy).is_some_and(|q| self.get(q) == own)
                    })
                    .count()
            };
            let n = 1 + count(1) + count(-1);
            if exact {
                n == 5
            } else {
                n >= 5
            }
        })
    }

    /// Empty points where `own` would make five now (each is next to one of its stones).
    pub fn five_points(&self, own: Colour) -> Vec<usize> {
        let mut seen = [false; POINTS];
        let mut out = Vec::new();
        for &m in self.moves.iter().filter(|&&m| self.get(m) == own) {
            let (x, y) = xy(m);
            for dy in -1..=1 {
                for dx in -1..=1 {
                    if let Some(q) = at(x + dx, y + dy) {
                        if !seen[q] && self.get(q) == 0 {
                            seen[q] = true;
                            if self.makes_five(q, own) {
                                out.push(q);
                            }
                        }
                    }
                }
            }
        }
        out.sort_unstable();
        out
    }

    /// Whether an empty `p` has a stone within `r` points (Chebyshev distance).
    #[inline]
    pub fn near(&self, p: usize, r: i32) -> bool {
        let (x, y) = xy(p);
        for dy in -r..=r {
            for dx in -r..=r {
                if let Some(q) = at(x + dx, y + dy) {
                    if self.get(q) != 0 {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Empty points on the four lines through `p`, within `r` points of it.
    pub fn line_points(&self, p: usize, r: i32) -> Vec<usize> {
        let (x, y) = xy(p);
        let mut out = Vec::new();
        for (dx, dy) in DIRS {
            for k in (-r..=r).filter(|&k| k != 0) {
                if let Some(q) = at(x + k * dx, y + k * dy) {
                    if self.get(q) == 0 {
                        out.push(q);
                    }
                }
            }
        }
        out
    }

    /// Empty points within distance 2 of a stone (the centre on an empty board), in index order.
    pub fn candidates(&self) -> Vec<usize> {
        if self.moves.is_empty() {
            return vec![7 * SIZE + 7];
        }
        (0..POINTS)
            .filter(|&p| self.around[p] > 0 && self.get(p) == 0)
            .collect()
    }

    /// [`Board::candidates`] found from the moves (the stones near each point counted afresh):
    /// what the kept counts must give (note 1).
    pub fn scanned_candidates(&self) -> Vec<usize> {
        if self.moves.is_empty() {
            return vec![7 * SIZE + 7];
        }
        let mut mark = [false; POINTS];
        for &m in &self.moves {
            let (x, y) = xy(m);
            for dy in -2..=2 {
                for dx in -2..=2 {
                    if let Some(q) = at(x + dx, y + dy) {
                        mark[q] = self.get(q) == 0;
                    }
                }
            }
        }
        (0..POINTS).filter(|&p| mark[p]).collect()
    }
}

/// The window code around `p` along direction `d` for side `own`, read from `cells`.
fn scan(cells: &[u8; CELLS], p: usize, d: usize, own: Colour) -> usize {
    let c = cell(p) as isize;
    let step = STEPS[d];
    encode(|off| {
        let v = cells[(c + off as isize * step) as usize];
        if v == WALL {
            2
        } else {
            rel(v, own)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn five_and_overline() {
        // Black on row 7 at x 3..6 and 8; white elsewhere.
        let mut b = Board::new();
        for (bx, wx) in [(3, 0), (4, 1), (5, 2), (6, 14), (8, 13)] {
            b.play(at(bx, 7).unwrap());
            b.play(at(wx, 0).unwrap());
        }
        // x 7 would make 3..8: six, an overline for black.
        assert!(!b.makes_five(at(7, 7).unwrap(), BLACK));
        assert_eq!(b.shapes(at(7, 7).unwrap(), BLACK)[0], Shape::Overline);
        assert_eq!(b.five_points(BLACK), vec![at(2, 7).unwrap()]);
        b.play(at(9, 7).unwrap());
        b.undo();
        assert_eq!(b.to_move(), BLACK);
    }

    /// The kept codes and candidates are those read from the cells afresh (note 1).
    fn agrees_with_a_scan(b: &Board) -> Result<(), proptest::test_runner::TestCaseError> {
        for p in 0..POINTS {
            for d in 0..4 {
                for own in [BLACK, WHITE] {
                    proptest::prop_assert_eq!(b.code(p, d, own), b.scanned_code(p, d, own));
                }
            }
        }
        proptest::prop_assert_eq!(b.candidates(), b.scanned_candidates());
        Ok(())
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
        /// Any stones played and taken back, edges and corners included: the codes and the
        /// counts kept move by move are those recomputed from the cells (note 1).
        #[test]
        fn kept_codes_and_candidates_are_the_recomputed_ones(
            points in proptest::collection::vec(0..POINTS, 0..160),
            undos in proptest::collection::vec(0usize..4, 0..160),
        ) {
            let mut b = Board::new();
            agrees_with_a_scan(&b)?;
            for (i, &p) in points.iter().enumerate() {
                if b.get(p) != 0 {
                    continue;
                }
                b.play(p);
                for _ in 0..undos.get(i).copied().unwrap_or(0).min(b.len()) {
                    if i % 3 == 0 {
                        b.undo();
                    }
                }
                if i % 8 == 0 {
                    agrees_with_a_scan(&b)?;
                }
            }
            agrees_with_a_scan(&b)?;
            let clone = b.clone();
            while !b.is_empty() {
                b.undo();
            }
            agrees_with_a_scan(&b)?;
            agrees_with_a_scan(&clone)?;
            let fresh = Board::from_moves(clone.moves());
            proptest::prop_assert_eq!(fresh.codes, clone.codes);
            proptest::prop_assert_eq!(fresh.around, clone.around);
        }
    }
}
