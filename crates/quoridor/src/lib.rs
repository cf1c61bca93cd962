//! Quoridor as played in Akiyama and Kotani, "Dynamic Threshold Adjustment for using Score in
//! Monte-Carlo Based Game Player" (the seed paper `004`): the rules, the paper's notation, move
//! counts, one board renderer (terminal, SVG, teletype), the paper's four players and play at
//! the teletype.
//!
//! Sources: the paper's §2.1 (board, pawns, ten walls each, the basic rules), §2.2 (UCB), §3
//! (the dynamic threshold and the score), §3.3 (the experiment's settings: 50 000 playouts,
//! n = 10, the 300-move draw) and its appendix (notation, the Olympiad record); the rules the
//! paper leaves to the official rule page as collected in the project's notes (jumps, diagonal
//! steps at a wall or the board's edge, overlap and crossing, the path rule with pawns ignored),
//! which agree with OpenSpiel 2.0.2 on every golden position.
//!
//! Notes on deliberate choices:
//! 1. The board's edge behind an adjacent opponent allows the diagonal step, as a wall does
//!    (OpenSpiel, Wikipedia, the QTP referee; Gigamic names only the wall).
//! 2. The path rule and the paper's shortest path both ignore pawns.
//! 3. The rules have no draw; [`state::DRAW_PLY`] is the paper's 300-move draw, applied by
//!    [`State::is_over`], playouts and matches, not by [`State::legal_moves`].
//! 4. The playout policies and the players' unstated details are documented in `policy/` and
//!    in each player's module.

pub mod batch;
pub mod bench;
pub mod notation;
pub mod paths;
pub mod perft;
pub mod play;
pub mod players;
pub mod playout;
pub mod policy;
pub mod render;
pub mod rng;
pub mod square;
pub mod state;
pub mod wall;

pub use notation::{Move, ParseMoveError, RecordError};
pub use players::{Player, Spec, SpecError, Stop};
pub use square::{Side, Square};
pub use state::{IllegalMove, PawnMoves, State};
pub use wall::{Orient, Wall};
