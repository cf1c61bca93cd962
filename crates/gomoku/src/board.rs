//! The 15 x 15 board, with the line queries the rules and the engines need.
//!
//! Cells are kept on a 25 x 25 grid with a margin of five wall cells (so cell arithmetic
//! along a line never leaves the grid), and, for reading lines, as bit masks: for each of
//! the 88 lines of the board (15 rows, 15 columns, 29 diagonals each way) one mask of the
//! black, white and empty points, bit `pos + 5` for the point at `pos` along the line. The
//! eleven cells of a line through a point are then one shift.

use crate::line::{self, Line};
use crate::point::{Point, SIZE};
use crate::stone::Stone;
use std::fmt;

const MARGIN: usize = 5;
const WIDTH: usize = SIZE as usize + 2 * MARGIN;
const CELLS: usize = WIDTH * WIDTH;

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const WALL: u8 = 3;

/// Steps between neighbouring cells: across, down, down-right, down-left.
pub(crate) const DIRECTIONS: [usize; 4] = [1, WIDTH, WIDTH + 1, WIDTH - 1];

/// Rows, columns, down-right and down-left diagonals.
const LINES: usize = 15 + 15 + 29 + 29;

/// Stones on the board. No history: see [`crate::Game`] for that.
#[derive(Clone, PartialEq, Eq)]
pub struct Board {
    cells: [u8; CELLS],
    /// Per cell code (empty, black, white): one mask per line.
    masks: [[u32; LINES]; 3],
    stones: u16,
}

/// The line through 0-based (x, y) in direction `k` (as [`DIRECTIONS`]) and the point's
/// place along it; moving along the line by `DIRECTIONS[k]` adds one to the place.
fn slot(x: usize, y: usize, k: usize) -> (usize, usize) {
    match k {
        0 => (y, x),
        1 => (15 + x, y),
        2 => (30 + x + 14 - y, y),
        _ => (59 + x + y, y),
    }
}

/// 0-based (x, y) of a padded cell.
fn xy(c: usize) -> (usize, usize) {
    (c % WIDTH - MARGIN, c / WIDTH - MARGIN)
}

/// Where a point lives in the padded grid.
pub(crate) fn cell(p: Point) -> usize {
    (p.y() as usize - 1 + MARGIN) * WIDTH + (p.x() as usize - 1 + MARGIN)
}

/// The point of a padded cell on the board.
fn point_of(c: usize) -> Point {
    let (row, col) = (c / WIDTH, c % WIDTH);
    Point::new((col - MARGIN + 1) as u8, (row - MARGIN + 1) as u8).expect("cell on the board")
}

fn code(stone: Stone) -> u8 {
    match stone {
        Stone::Black => BLACK,
        Stone::White => WHITE,
    }
}

impl Default for Board {
    fn default() -> Board {
        Board::new()
    }
}

impl Board {
    /// The empty board.
    pub fn new() -> Board {
        let mut b = Board {
            cells: [WALL; CELLS],
            masks: [[0; LINES]; 3],
            stones: 0,
        };
        for p in Point::all() {
            b.write(cell(p), EMPTY);
        }
        b
    }

    /// Sets a cell's code in the grid and in the masks of its four lines.
    fn write(&mut self, c: usize, code: u8) {
        let (x, y) = xy(c);
        for k in 0..4 {
            let (line, pos) = slot(x, y, k);
            let bit = 1u32 << (pos + 5);
            for m in &mut self.masks {
                m[line] &= !bit;
            }
            self.masks[code as usize][line] |= bit;
        }
        self.cells[c] = code;
    }

    /// The stone on a point.
    pub fn get(&self, p: Point) -> Option<Stone> {
        match self.cells[cell(p)] {
            BLACK => Some(Stone::Black),
            WHITE => Some(Stone::White),
            _ => None,
        }
    }

    /// Whether a point is free.
    pub fn is_empty(&self, p: Point) -> bool {
        self.cells[cell(p)] == EMPTY
    }

    /// Puts a stone on a point or clears it (engines use this to make and unmake moves;
    /// [`crate::Game::play`] is the checked way to play).
    pub fn set(&mut self, p: Point, stone: Option<Stone>) {
        let c = cell(p);
        let before = self.cells[c] != EMPTY;
        self.write(c, stone.map_or(EMPTY, code));
        let after = stone.is_some();
        match (before, after) {
            (false, true) => self.stones += 1,
            (true, false) => self.stones -= 1,
            _ => {}
        }
    }

    /// Number of stones on the board.
    pub fn stone_count(&self) -> usize {
        self.stones as usize
    }

    /// Whether no point is free.
    pub fn is_full(&self) -> bool {
        self.stone_count() == crate::point::POINTS
    }

    /// Every stone, row by row from the top-left corner.
    pub fn stones(&self) -> impl Iterator<Item = (Point, Stone)> + '_ {
        Point::all().filter_map(|p| self.get(p).map(|s| (p, s)))
    }

    /// The line through padded cell `c` in direction `k` (index into [`DIRECTIONS`]), with
    /// `c` itself counted as a stone of `stone`.
    pub(crate) fn line(&self, c: usize, k: usize, stone: Stone) -> Line {
        let (x, y) = xy(c);
        let (line, pos) = slot(x, y, k);
        let window = |m: &[u32; LINES]| ((m[line] >> pos) & 0x7ff) as u16;
        let centre = 1u16 << line::CENTRE;
        Line {
            own: window(&self.masks[code(stone) as usize]) | centre,
            empty: window(&self.masks[EMPTY as usize]) & !centre,
        }
    }

    /// The four lines through a point, the point counted as `stone`.
    pub(crate) fn lines(&self, c: usize, stone: Stone) -> [Line; 4] {
        [0, 1, 2, 3].map(|k| self.line(c, k, stone))
    }

    pub(crate) fn cell_is_empty(&self, c: usize) -> bool {
        self.cells[c] == EMPTY
    }

    /// Places black on an empty cell without counting it (the foul check's trial stones).
    pub(crate) fn put_black(&mut self, c: usize) {
        self.write(c, BLACK);
    }

    /// Takes a trial stone away again.
    pub(crate) fn clear(&mut self, c: usize) {
        self.write(c, EMPTY);
    }

    #[cfg(test)]
    pub(crate) fn point_of_cell(c: usize) -> Point {
        point_of(c)
    }

    /// Whether `stone` on the empty point `p` makes five: exactly five for black (six or
    /// more is black's overline), five or more for white (the crate's note 3).
    pub fn makes_five(&self, p: Point, stone: Stone) -> bool {
        let c = cell(p);
        self.lines(c, stone).iter().any(|l| is_five(l.run(), stone))
    }

    /// Whether the stone on `p` (already played) stands in a winning line for its colour.
    pub fn five_at(&self, p: Point) -> bool {
        self.get(p).is_some_and(|s| self.makes_five(p, s))
    }

    /// The longest line of `stone` through `p`, the point counted as `stone`.
    pub fn longest_line(&self, p: Point, stone: Stone) -> u32 {
        let c = cell(p);
        self.lines(c, stone)
            .iter()
            .map(|l| l.run())
            .max()
            .unwrap_or(1)
    }

    /// Number of fours `stone` would make by playing `p` (a four: one more stone makes a
    /// five; for black an exact five). A straight four counts once, `X.X?X.X` twice.
    pub fn fours(&self, p: Point, stone: Stone) -> u32 {
        let exact = stone == Stone::Black;
        self.lines(cell(p), stone)
            .iter()
            .map(|l| line::fours(l.completions(exact)))
            .sum()
    }

    /// The points that would complete a five with `p` after `stone` plays `p`, in all four
    /// lines (for a four: its completions; more than one means a double threat).
    pub fn five_points(&self, p: Point, stone: Stone) -> Vec<Point> {
        let c = cell(p);
        let exact = stone == Stone::Black;
        let mut out = Vec::new();
        for (k, d) in DIRECTIONS.into_iter().enumerate() {
            let mut s = self.line(c, k, stone).completions(exact);
            while s != 0 {
                let i = s.trailing_zeros() as usize;
                s &= s - 1;
                out.push(point_of(c + i * d - 5 * d));
            }
        }
        out
    }

    /// Whether `stone` on `p` makes a straight four (活四: two completions) on some line.
    pub fn makes_straight_four(&self, p: Point, stone: Stone) -> bool {
        let exact = stone == Stone::Black;
        self.lines(cell(p), stone)
            .iter()
            .any(|l| line::is_straight(l.completions(exact)))
    }

    /// Number of lines on which `stone` on `p` makes a three by shape (a key point that
    /// makes a straight four), without the renju test of the key point's legality.
    pub fn threes(&self, p: Point, stone: Stone) -> u32 {
        let exact = stone == Stone::Black;
        self.lines(cell(p), stone)
            .iter()
            .filter(|l| l.completions(exact) == 0 && l.three_keys(exact) != 0)
            .count() as u32
    }
}

/// Whether a run of `len` stones wins for `stone`.
pub(crate) fn is_five(len: u32, stone: Stone) -> bool {
    match stone {
        Stone::Black => len == 5,
        Stone::White => len >= 5,
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for y in 1..=SIZE {
            for x in 1..=SIZE {
                let p = Point::new(x, y).expect("on board");
                f.write_str(match self.get(p) {
                    Some(Stone::Black) => "X",
                    Some(Stone::White) => "O",
                    None => ".",
                })?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}
