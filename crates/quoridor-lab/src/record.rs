//! One finished game, as a line of a results file.
//!
//! The two players of a match are `A` and `B` as named on the command line; `first` tells which
//! of them moved first (from e9), `winner` is `A`, `B` or `draw`, `plies` counts every move of
//! both sides including the random opening, and `moves` is the whole record in the paper's
//! notation (Appendix: squares `e8`, walls `c5|` / `e8-`, comma-separated), ready for
//! `retro quoridor replay`.

use serde::{Deserialize, Serialize};

/// A player of a match, by its place on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    A,
    B,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    A,
    B,
    #[serde(rename = "draw")]
    Draw,
}

impl Outcome {
    pub fn won_by(side: Side) -> Outcome {
        match side {
            Side::A => Outcome::A,
            Side::B => Outcome::B,
        }
    }

    /// What the game is worth to `side`: 1, 0, or 0.5 for a draw (the paper's §3.3).
    pub fn points(self, side: Side) -> f64 {
        match (self, side) {
            (Outcome::Draw, _) => 0.5,
            (Outcome::A, Side::A) | (Outcome::B, Side::B) => 1.0,
            _ => 0.0,
        }
    }
}

/// A finished game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The game number within its match (or experiment cell), from 0.
    pub game: u64,
    pub first: Side,
    pub winner: Outcome,
    pub plies: u32,
    pub moves: String,
}

/// Which side moves first in game `game`: A in even games, B in odd ones, so that any even
/// number of games gives each side the first move in exactly half of them.
pub fn first_of(game: u64) -> Side {
    if game % 2 == 0 {
        Side::A
    } else {
        Side::B
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_line_shape() {
        let r = GameRecord {
            game: 3,
            first: Side::B,
            winner: Outcome::Draw,
            plies: 300,
            moves: "e8, e2".into(),
        };
        let line = serde_json::to_string(&r).unwrap();
        assert_eq!(
            line,
            r#"{"game":3,"first":"B","winner":"draw","plies":300,"moves":"e8, e2"}"#
        );
        assert_eq!(serde_json::from_str::<GameRecord>(&line).unwrap(), r);
    }

    #[test]
    fn points() {
        assert_eq!(Outcome::A.points(Side::A), 1.0);
        assert_eq!(Outcome::A.points(Side::B), 0.0);
        assert_eq!(Outcome::Draw.points(Side::B), 0.5);
        assert_eq!(first_of(0), Side::A);
        assert_eq!(first_of(1), Side::B);
    }
}
