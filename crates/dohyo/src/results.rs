//! `--results FILE`: one JSON object per game, for scripts.

use crate::log::{Ending, GameLine};
use gomoku::Point;
use serde::Serialize;

#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct ResultLine {
    #[serde(rename = "match")]
    pub match_no: u32,
    pub game: u32,
    /// `A` or `B`.
    pub black: &'static str,
    pub white: &'static str,
    /// `A`, `B` or `none`.
    pub winner: &'static str,
    pub reason: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
    pub plies: u32,
    /// Guide coordinates `[x, y]`, in order.
    pub moves: Vec<[u8; 2]>,
    pub opening: String,
    /// Seconds used by A and by B.
    pub seconds: [u64; 2],
    /// Program A's and B's specs.
    pub a: String,
    pub b: String,
}

const ID: [&str; 2] = ["A", "B"];

impl ResultLine {
    pub fn new(match_no: u32, line: &GameLine, moves: &[Point], specs: [&str; 2]) -> ResultLine {
        ResultLine {
            match_no,
            game: line.game,
            black: ID[line.first as usize],
            white: ID[1 - line.first as usize],
            winner: line.winner().map_or("none", |w| ID[w as usize]),
            reason: line.reason().to_string(),
            detail: match &line.ending {
                Ending::Lost { detail, .. } => detail.clone(),
                _ => None,
            },
            plies: line.plies,
            moves: moves.iter().map(|p| [p.x(), p.y()]).collect(),
            opening: line.opening_name.clone(),
            seconds: line.seconds,
            a: specs[0].to_string(),
            b: specs[1].to_string(),
        }
    }

    pub fn json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}
