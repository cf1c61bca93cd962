//! The random opening of every game: "初手から3手ずつ、合計6手はランダム" (§3.3). The paper does
//! not say what the random moves are drawn from, and the choice changes the games: 128 of the
//! 131 legal moves at the start are walls, so a uniform draw over the legal moves opens almost
//! every game with six walls. The draw is therefore a named setting, `--opening`, recorded in
//! every results header:
//!
//! - `legal`: uniform over the legal moves (pawn moves and walls alike): the paper's words read
//!   literally, and the setting of the project's first experiments;
//! - `kind`: a pawn move or a wall with probability 1/2 each (a pawn move when no wall is
//!   legal), then uniform within the kind;
//! - `pawn`: uniform over the pawn moves only.

use quoridor::{Move, State};
use serde::{Deserialize, Serialize};
use splitmix::SplitMix64;
use std::fmt;
use std::str::FromStr;

/// What the random opening moves are drawn from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Opening {
    #[default]
    Legal,
    Kind,
    Pawn,
}

impl fmt::Display for Opening {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Opening::Legal => "legal",
            Opening::Kind => "kind",
            Opening::Pawn => "pawn",
        })
    }
}

impl FromStr for Opening {
    type Err = String;
    fn from_str(s: &str) -> Result<Opening, String> {
        match s {
            "legal" => Ok(Opening::Legal),
            "kind" => Ok(Opening::Kind),
            "pawn" => Ok(Opening::Pawn),
            _ => Err(format!(
                "unknown opening `{s}`: expected legal, kind or pawn"
            )),
        }
    }
}

impl Opening {
    /// Whether `serde` may leave the field out (files written before the setting existed).
    pub fn is_legal(&self) -> bool {
        *self == Opening::Legal
    }

    /// Play `per_side` random moves for each side from `state`, drawn from `seed`.
    pub fn play(self, state: &mut State, seed: u64, per_side: u32) -> Vec<Move> {
        let mut rng = SplitMix64::new(seed);
        let mut moves = Vec::new();
        for _ in 0..2 * per_side {
            if state.winner().is_some() {
                break;
            }
            let legal = state.legal_moves();
            let (pawns, walls): (Vec<Move>, Vec<Move>) =
                legal.iter().partition(|m| matches!(m, Move::Pawn(_)));
            let pool = match self {
                Opening::Legal => &legal,
                Opening::Pawn => &pawns,
                Opening::Kind => {
                    if walls.is_empty() || rng.below_unbiased(2) == 0 {
                        &pawns
                    } else {
                        &walls
                    }
                }
            };
            let m = pool[rng.below_unbiased(pool.len())];
            state.play(m).expect("a legal move plays");
            moves.push(m);
        }
        moves
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn walls_in(kind: Opening) -> usize {
        (0..200u64)
            .map(|seed| {
                let mut s = State::new();
                kind.play(&mut s, seed, 3)
                    .iter()
                    .filter(|m| matches!(m, Move::Wall(_)))
                    .count()
            })
            .sum()
    }

    #[test]
    fn the_kinds_draw_walls_as_documented() {
        // 1200 moves each: legal ~98% walls, kind ~50%, pawn none.
        assert!(walls_in(Opening::Legal) > 1100);
        let kind = walls_in(Opening::Kind);
        assert!((480..=720).contains(&kind), "{kind}");
        assert_eq!(walls_in(Opening::Pawn), 0);
    }

    #[test]
    fn names_read_back() {
        for o in [Opening::Legal, Opening::Kind, Opening::Pawn] {
            assert_eq!(o.to_string().parse::<Opening>(), Ok(o));
        }
        assert!("walls".parse::<Opening>().is_err());
    }
}
