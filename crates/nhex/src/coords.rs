//! Move notation: NHEX's own `uuvv`, the GPCC (x,y) of the 1975 match, and the usual a1..h8.
//!
//! * `uuvv`: two digits of u then two of v (paper, logs). The program read exactly four digits.
//! * GPCC: the paper gives two formulas, one per game of the Tokai match, because the GPCC
//!   convention has the first player join x = 1 and x = 8 whoever that is (docs/nhex.md §1):
//!   game 1 (NHEX first) `x = 9 - v, y = u`; game 2 (NHEX second) `x = u, y = 9 - v`. For n x n
//!   the 9 becomes n + 1.
//! * a1..h8 (Benzene, OpenSpiel): letter `a + (u-1)`, number `n + 1 - v`; the row-joiner is
//!   the top-bottom player there (shared docs/games.md §3b).

use crate::board::{Board, Cell};
use thiserror::Error;

#[derive(Debug, Error, PartialEq, Eq)]
pub enum CoordError {
    #[error("'{}' is not a move: expected four digits uuvv", source_report::visible(.0))]
    Malformed(String),
    #[error("{0} is off the {1}x{1} board")]
    OffBoard(String, usize),
}

/// Parse `uuvv` (surrounding blanks ignored) into a cell of `board`.
pub fn parse_uuvv(text: &str, n: usize) -> Result<Cell, CoordError> {
    let t = text.trim();
    if t.len() != 4 || !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(CoordError::Malformed(t.to_string()));
    }
    let u: i32 = t[0..2].parse().unwrap_or(0);
    let v: i32 = t[2..4].parse().unwrap_or(0);
    Board::new(n)
        .cell(u, v)
        .ok_or_else(|| CoordError::OffBoard(t.to_string(), n))
}

/// Which Tokai game's formula converts to GPCC coordinates: it depends on who moved first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GpccFrame {
    /// Game 1: NHEX moved first. x = n+1-v, y = u.
    NhexFirst,
    /// Game 2: the opponent moved first. x = u, y = n+1-v.
    OpponentFirst,
}

/// NHEX (u,v) -> GPCC (x,y).
pub fn to_gpcc(c: Cell, n: usize, frame: GpccFrame) -> (usize, usize) {
    match frame {
        GpccFrame::NhexFirst => (n + 1 - c.v(), c.u()),
        GpccFrame::OpponentFirst => (c.u(), n + 1 - c.v()),
    }
}

/// GPCC (x,y) -> NHEX (u,v).
pub fn from_gpcc(x: usize, y: usize, n: usize, frame: GpccFrame) -> Option<Cell> {
    let b = Board::new(n);
    let (u, v) = match frame {
        GpccFrame::NhexFirst => (y as i32, n as i32 + 1 - x as i32),
        GpccFrame::OpponentFirst => (x as i32, n as i32 + 1 - y as i32),
    };
    b.cell(u, v)
}

/// NHEX (u,v) -> a1..h8 (`a`+(u-1), n+1-v).
pub fn to_a1(c: Cell, n: usize) -> String {
    format!("{}{}", (b'a' + (c.u() - 1) as u8) as char, n + 1 - c.v())
}

/// a1..h8 -> NHEX (u,v).
pub fn from_a1(text: &str, n: usize) -> Option<Cell> {
    let t = text.trim().as_bytes();
    if t.len() < 2 || !t[0].is_ascii_lowercase() {
        return None;
    }
    let u = (t[0] - b'a') as i32 + 1;
    let num: i32 = std::str::from_utf8(&t[1..]).ok()?.parse().ok()?;
    Board::new(n).cell(u, n as i32 + 1 - num)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_uuvv() {
        assert_eq!(parse_uuvv("0405", 8), Ok(Cell::new(4, 5)));
        assert!(matches!(
            parse_uuvv("065", 8),
            Err(CoordError::Malformed(_))
        ));
        assert!(matches!(
            parse_uuvv("0900", 8),
            Err(CoordError::OffBoard(..))
        ));
        assert!(matches!(
            parse_uuvv("04a5", 8),
            Err(CoordError::Malformed(_))
        ));
    }

    #[test]
    fn paper_first_move_is_gpcc_44() {
        // docs: NHEX (4,5) = GPCC (4,4) with x = 9 - v, y = u.
        assert_eq!(to_gpcc(Cell::new(4, 5), 8, GpccFrame::NhexFirst), (4, 4));
        // game 2, move 1: Tokai (5,4) is GPCC (5,5).
        assert_eq!(
            to_gpcc(Cell::new(5, 4), 8, GpccFrame::OpponentFirst),
            (5, 5)
        );
    }

    #[test]
    fn round_trips() {
        for c in Board::new(8).cells() {
            for f in [GpccFrame::NhexFirst, GpccFrame::OpponentFirst] {
                let (x, y) = to_gpcc(c, 8, f);
                assert_eq!(from_gpcc(x, y, 8, f), Some(c));
            }
            assert_eq!(from_a1(&to_a1(c, 8), 8), Some(c));
        }
        // NHEX's obtuse corner (1,1) is Benzene's a8.
        assert_eq!(to_a1(Cell::new(1, 1), 8), "a8");
    }
}
