//! The engines' working board: a flat 15 x 15 array with a move stack, cheap to play and undo.
//!
//! Points are indices `y * 15 + x` with 0-based `x` from the left and `y` from the top (the
//! guide's `x,y` minus one). Black moves first and the sides alternate (guide §2.1, §2.5 (1):
//! no pass), so the side to move follows from the number of stones.

use crate::shape::{encode, rel, shape, Shape};

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

/// The working board, with the rules crate's board kept alongside for its foul judgement.
#[derive(Clone)]
pub struct Board {
    cells: [u8; CELLS],
    moves: Vec<usize>,
    rules: gomoku::Board,
}

impl Default for Board {
    fn default() -> Self {
        Self::new()
    }
}

impl Board {
    pub fn new() -> Self {
        let mut cells = [WALL; CELLS];
        for p in 0..POINTS {
            cells[cell(p)] = 0;
        }
        Board {
            cells,
            moves: Vec::with_capacity(POINTS),
            rules: gomoku::Board::new(),
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
    }

    #[inline]
    pub fn undo(&mut self) {
        if let Some(p) = self.moves.pop() {
            self.cells[cell(p)] = 0;
            self.rules.set(point(p), None);
        }
    }

    /// The window code around `p` along direction `d` for side `own`.
    #[inline]
    pub fn code(&self, p: usize, d: usize, own: Colour) -> usize {
        let c = cell(p) as isize;
        let step = STEPS[d];
        encode(|off| {
            let v = self.cells[(c + off as isize * step) as usize];
            if v == WALL {
                2
            } else {
                rel(v, own)
            }
        })
    }

    /// The shapes a stone of `own` at empty `p` makes on the four lines.
    #[inline]
    pub fn shapes(&self, p: usize, own: Colour) -> [Shape; 4] {
        let exact = own == BLACK;
        [0, 1, 2, 3].map(|d| shape(self.code(p, d, own), exact))
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
}
