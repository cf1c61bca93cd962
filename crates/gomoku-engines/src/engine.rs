//! The engine interface used by the referee, the teletype game and the benchmark.

use crate::budget::{Limits, Stop};
use gomoku::{Game, Point, Rule};
use std::fmt;
use std::str::FromStr;

/// A program that chooses moves.
pub trait Engine: Send {
    /// The engine's name, as logs print it.
    fn name(&self) -> &str;
    /// A move for the side to move in `game` under `rule`, within `limits`. Always a point the
    /// side may take when there is one (an empty point; for black, one not forbidden).
    fn choose(&mut self, game: &Game, rule: Rule, limits: &Limits) -> Point;
    /// Take `stop`: once it is set, a move being chosen ends early and so does every later
    /// one, still with a point the side may take. An engine that does not search ignores it.
    fn set_stop(&mut self, _stop: Stop) {}
}

/// The engines on offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EngineKind {
    /// No look-ahead: the best point by pattern evaluation.
    Eval,
    /// Threat-space search, then alpha-beta with iterative deepening.
    Search,
}

impl EngineKind {
    pub const ALL: [EngineKind; 2] = [EngineKind::Eval, EngineKind::Search];

    pub fn name(self) -> &'static str {
        match self {
            EngineKind::Eval => "eval",
            EngineKind::Search => "search",
        }
    }

    /// A new engine of this kind; `seed` breaks ties between equal points.
    pub fn build(self, seed: u64) -> Box<dyn Engine> {
        match self {
            EngineKind::Eval => Box::new(crate::EvalEngine::new(seed)),
            EngineKind::Search => Box::new(crate::SearchEngine::new(seed)),
        }
    }
}

impl fmt::Display for EngineKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An engine name that is neither `eval` nor `search`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown engine {0:?} (expected eval or search)")]
pub struct UnknownEngine(pub String);

impl FromStr for EngineKind {
    type Err = UnknownEngine;
    fn from_str(s: &str) -> Result<Self, UnknownEngine> {
        match s.trim().to_ascii_lowercase().as_str() {
            "eval" => Ok(EngineKind::Eval),
            "search" => Ok(EngineKind::Search),
            _ => Err(UnknownEngine(s.to_string())),
        }
    }
}
