//! Reading a position: its moves in order, black first, as typed on a command line or in a
//! file line. A position must be playable as a record: every point on the board and free,
//! and no five (or longer line) before the last move is judged.

use crate::board::Board;
use crate::point::{Point, PointError};
use crate::stone::Stone;

/// What is wrong with a position, naming the move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    #[error("move {number}: {source}")]
    BadPoint {
        number: usize,
        #[source]
        source: PointError,
    },
    #[error("move {number} ({point}) is on a point already taken by move {first}")]
    Duplicate {
        number: usize,
        point: Point,
        first: usize,
    },
    #[error("move {number} ({point}) makes a line of {length} for {stone}: the position already holds a five")]
    Five {
        number: usize,
        point: Point,
        stone: Stone,
        length: u32,
    },
}

/// Reads whitespace-separated points (`x,y` or `h8`) in move order into a board.
pub fn parse_moves(text: &str) -> Result<Vec<Point>, PositionError> {
    text.split_whitespace()
        .enumerate()
        .map(|(i, t)| {
            Point::parse(t).map_err(|source| PositionError::BadPoint {
                number: i + 1,
                source,
            })
        })
        .collect()
}

/// The board after `moves`, checking each move as it is placed.
pub fn board_of(moves: &[Point]) -> Result<Board, PositionError> {
    let mut board = Board::new();
    let mut first = [0usize; crate::point::POINTS];
    for (i, &p) in moves.iter().enumerate() {
        let number = i + 1;
        if !board.is_empty(p) {
            return Err(PositionError::Duplicate {
                number,
                point: p,
                first: first[p.index()],
            });
        }
        let stone = Stone::of_move(number);
        let length = board.longest_line(p, stone);
        if length >= 5 {
            return Err(PositionError::Five {
                number,
                point: p,
                stone,
                length,
            });
        }
        board.set(p, Some(stone));
        first[p.index()] = number;
    }
    Ok(board)
}

/// A position as one text line: the moves, or a line of the golden-data format
/// (`id stones tags | moves | forbidden`), whose second field holds the moves.
pub fn parse_position(line: &str) -> Result<(Vec<Point>, Board), PositionError> {
    let moves_text = match line.split('|').nth(1) {
        Some(m) => m,
        None => line,
    };
    let moves = parse_moves(moves_text)?;
    let board = board_of(&moves)?;
    Ok((moves, board))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn errors_name_the_move() {
        let e = parse_position("8,8 9,9 16,1").unwrap_err();
        assert!(e.to_string().starts_with("move 3:"), "{e}");
        let e = parse_position("8,8 9,9 h8").unwrap_err();
        assert_eq!(
            e,
            PositionError::Duplicate {
                number: 3,
                point: Point::CENTRE,
                first: 1
            }
        );
        let e = parse_position("1,1 9,9 2,1 9,10 3,1 9,11 4,1 9,12 5,1").unwrap_err();
        assert!(
            matches!(
                e,
                PositionError::Five {
                    number: 9,
                    length: 5,
                    ..
                }
            ),
            "{e}"
        );
        let (m, b) = parse_position("7 10 - | 8,8 9,9 | -").unwrap();
        assert_eq!(m.len(), 2);
        assert_eq!(b.stone_count(), 2);
    }

    proptest! {
        #[test]
        fn reader_never_panics(s in "[0-9a-p,| hH#\\-]{0,60}") {
            let _ = parse_position(&s);
        }

        #[test]
        fn reader_never_panics_on_any_text(s in "\\PC{0,40}") {
            let _ = parse_position(&s);
        }
    }
}
