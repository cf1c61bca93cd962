//! The paper's notation (appendix, after Akiyama's ICGA Journal report): a pawn move is its
//! destination square (`e8`); a wall is the square whose bottom-right corner is the wall's
//! centre, then `|` (vertical) or `-` (horizontal) (`c5|`, `e8-`); a record is the moves
//! separated by commas.
//!
//! Notes:
//! 1. On input OpenSpiel's `v`/`h` stand for `|`/`-`, and upper case is accepted (the ASR-33
//!    has no lower case); `!` stands for `|` too, as the ASR-33 has no vertical bar and the
//!    teletype board prints `!` for it; `\` too, as the teletype's keyboard folds a typed `|`
//!    to `\` (so `e7|` typed at the teletype is the wall e7|, never the pawn move e7). Output
//!    is always the paper's lower-case form.
//! 2. Records are read with commas, blanks or line ends between moves, so a record, a
//!    space-separated history and a file of one move per line all read alike.

use crate::square::Square;
use crate::state::{IllegalMove, State};
use crate::wall::{Orient, Wall};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// One move: a pawn to a square, or a wall.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    Pawn(Square),
    Wall(Wall),
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Pawn(s) => s.fmt(f),
            Move::Wall(w) => w.fmt(f),
        }
    }
}

/// A string that is not a move in the paper's notation.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{text:?} is not a move: {why}")]
pub struct ParseMoveError {
    pub text: String,
    pub why: &'static str,
}

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let err = |why| ParseMoveError {
            text: s.to_string(),
            why,
        };
        let b = s.as_bytes();
        if b.is_empty() {
            return Err(err("it is empty"));
        }
        let col = match b[0].to_ascii_lowercase() {
            c @ b'a'..=b'i' => (c - b'a') as usize,
            _ => return Err(err("a move starts with a column a-i")),
        };
        let row = match b.get(1) {
            Some(r @ b'1'..=b'9') => (r - b'1') as usize,
            _ => return Err(err("the column is followed by a row 1-9")),
        };
        let orient = match b.get(2).map(u8::to_ascii_lowercase) {
            None => return Ok(Move::Pawn(Square::new(col, row).expect("a-i, 1-9"))),
            Some(b'|' | b'v' | b'!' | b'\\') => Orient::Vertical,
            Some(b'-' | b'h') => Orient::Horizontal,
            Some(_) => return Err(err("a wall ends in | or - (v or h)")),
        };
        if b.len() > 3 {
            return Err(err("there is more after the wall's mark"));
        }
        Wall::new(orient, col, row)
            .map(Move::Wall)
            .ok_or_else(|| err("a wall's square is in columns a-h and rows 1-8"))
    }
}

/// A record that does not replay: which move, and why.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RecordError {
    #[error("move {number}: {source}")]
    Malformed {
        number: usize,
        source: ParseMoveError,
    },
    #[error("move {number} ({text}): {source}")]
    Illegal {
        number: usize,
        text: String,
        source: IllegalMove,
    },
}

/// The moves of a record, split at commas and blanks (note 2).
pub fn tokens(record: &str) -> impl Iterator<Item = &str> {
    record
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
}

/// Parse a record without playing it.
pub fn parse_record(record: &str) -> Result<Vec<Move>, RecordError> {
    tokens(record)
        .enumerate()
        .map(|(i, t)| {
            t.parse().map_err(|source| RecordError::Malformed {
                number: i + 1,
                source,
            })
        })
        .collect()
}

/// Replay a record from the start, stopping at the first malformed or illegal move; the
/// positions after each move (the start first).
pub fn replay(record: &str) -> Result<Vec<(Move, State)>, RecordError> {
    let mut state = State::new();
    let mut out = Vec::new();
    for (i, t) in tokens(record).enumerate() {
        let number = i + 1;
        let m: Move = t
            .parse()
            .map_err(|source| RecordError::Malformed { number, source })?;
        state.play(m).map_err(|source| RecordError::Illegal {
            number,
            text: t.to_string(),
            source,
        })?;
        out.push((m, state));
    }
    Ok(out)
}

/// The position after a record (the start for an empty one).
pub fn position(record: &str) -> Result<State, RecordError> {
    Ok(replay(record)?.last().map_or_else(State::new, |(_, s)| *s))
}

/// Moves written as a record: `e8, e2, c5|`.
pub fn format_record(moves: &[Move]) -> String {
    moves
        .iter()
        .map(Move::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}
