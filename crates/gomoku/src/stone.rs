//! The two colours. Black moves first (guide §2.1).

use std::fmt;

/// A stone's colour, which is also the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stone {
    Black,
    White,
}

impl Stone {
    /// The other colour.
    pub fn opponent(self) -> Stone {
        match self {
            Stone::Black => Stone::White,
            Stone::White => Stone::Black,
        }
    }

    /// The colour of the `n`-th move (1-based): odd moves are black's.
    pub fn of_move(n: usize) -> Stone {
        if n % 2 == 1 {
            Stone::Black
        } else {
            Stone::White
        }
    }
}

impl fmt::Display for Stone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Stone::Black => "black",
            Stone::White => "white",
        })
    }
}
