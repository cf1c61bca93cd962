//! Two Gomoku engines of the 1993 五目競争 period, and play against them at the teletype.
//!
//! Sources: the 1993 guide (ToMo, 五目競争公式ガイド 暫定版): §2 the rules, appendix C the
//! programs of the two tournaments (先読み無し, no look-ahead, common in the first; 先読み,
//! min-max look-ahead, the method of BRAIN5X, champion of both). The rules themselves (fouls,
//! fives, openings, the board picture) come from the `gomoku` crate.
//!
//! * [`Engine`], [`EngineKind`], [`Limits`]: the interface the referee and the front ends use.
//! * [`EvalEngine`] and [`SearchEngine`]: see [`players`].
//! * [`forcing`]: a dozen forced-win positions and the benchmark over them.
//!
//! Notes:
//! 1. The engines keep their own flat board ([`board::Board`]) and a table of line shapes
//!    ([`shape`]) for speed; whether black may take a point is always the rules crate's
//!    judgement ([`legal`]).

pub mod alphabeta;
pub mod board;
pub mod budget;
pub mod clock;
pub mod dialogue;
pub mod duel;
pub mod engine;
pub mod forcing;
pub mod legal;
pub mod players;
pub mod score;
mod seed;
pub mod shape;
pub mod threat;

pub use budget::{Limits, Stop};
pub use clock::MatchClock;
pub use engine::{Engine, EngineKind, UnknownEngine};
pub use players::{EvalEngine, SearchEngine, Thought};
