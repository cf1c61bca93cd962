//! Squares and sides in the paper's coordinates (appendix): columns a-i from the left, rows
//! 1-9 from the top; the first player starts on e9 and heads for row 1.

use std::fmt;

/// Board size (the paper's §2.1: 9 x 9).
pub const N: usize = 9;

/// A square, `row * 9 + col`, row 0 being the paper's row 1 (top) and col 0 column a.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub(crate) u8);

impl Square {
    /// The square at column `col` (0 = a) and row `row` (0 = the paper's row 1), if on the board.
    pub fn new(col: usize, row: usize) -> Option<Square> {
        (col < N && row < N).then(|| Square((row * N + col) as u8))
    }
    /// Column, 0 = a.
    pub fn col(self) -> usize {
        self.0 as usize % N
    }
    /// Row, 0 = the paper's row 1 (the top, the first player's goal).
    pub fn row(self) -> usize {
        self.0 as usize / N
    }
    /// The index `row * 9 + col`.
    pub fn index(self) -> usize {
        self.0 as usize
    }
    pub(crate) fn bit(self) -> u128 {
        1u128 << self.0
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.col() as u8) as char, self.row() + 1)
    }
}

/// One of the two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// Moves first, starts on e9, wins on row 1 (the paper's "x").
    First,
    /// Starts on e1, wins on row 9 (the paper's "o").
    Second,
}

impl Side {
    /// The other player.
    pub fn opponent(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }
    /// 0 for the first player, 1 for the second.
    pub fn index(self) -> usize {
        self as usize
    }
    /// The row (0 = the paper's row 1) this side must reach.
    pub fn goal_row(self) -> usize {
        match self {
            Side::First => 0,
            Side::Second => N - 1,
        }
    }
    /// The square this side starts on: e9 and e1.
    pub fn start(self) -> Square {
        match self {
            Side::First => Square(((N - 1) * N + 4) as u8),
            Side::Second => Square(4),
        }
    }
    /// The paper's pawn letters (Figure 1): `x` for the first player, `o` for the second.
    pub fn pawn_char(self) -> char {
        match self {
            Side::First => 'x',
            Side::Second => 'o',
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::First => "the first player",
            Side::Second => "the second player",
        })
    }
}
