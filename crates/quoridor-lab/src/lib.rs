//! Quoridor matches and the experiments of Akiyama and Kotani, "Dynamic Threshold Adjustment
//! for using Score in Monte-Carlo Based Game Player" (seeds/004, §3.3): Tables 1 and 2 and
//! Figures 6 and 7, reproduced with 95% intervals.
//!
//! What the paper fixes (§3.3): UCB players of 50 000 playouts a move, the dynamic threshold
//! with n = 10 and d from 0.0025 to 0.16, a depth-2 alpha-beta opponent, 1000 games a cell (500
//! with each side first), the first 3 moves of each side random, a game past 300 moves a draw
//! worth 0.5 to each. The players and rules come from crate `quoridor`.
//!
//! What this crate adds, where the paper is silent (numbered notes in each module):
//! - seeds: every game is reproducible from the run's seed and its game number ([`seed`], on
//!   `longrun::seed`);
//! - the 95% interval: Wilson's, on the average score with draws as halves ([`interval`]);
//! - results files: JSON lines written as games finish, resumable ([`results_file`], on
//!   `longrun::results`);
//! - shares and merging: one experiment split into N independent runs and put back together,
//!   equal to an unsplit run (`longrun::Share`, [`merge`]).
//!
//! The long-run harness (shares, the runner over all cores, progress, results files, seed
//! streams, the merging of shares) is crate `longrun`, shared with the Gomoku tournaments.
//!
//! Entry points: [`matchup::run_match`], [`sweep::run`], [`merge::collect`] and
//! [`merge::write_outputs`].

mod as_text;
pub mod error;
pub mod experiment;
pub mod interval;
pub mod matchup;
pub mod merge;
pub mod opening;
pub mod paired;
pub mod paper;
pub mod players;
pub mod plot;
pub mod record;
pub mod report;
pub mod results_file;
pub mod seed;
pub mod sweep;
pub mod tally;

pub use error::{LabError, Result};
pub use experiment::{ExperimentConfig, Table};
pub use longrun::Share;
pub use matchup::{run_match, MatchConfig, MatchReport};
pub use sweep::{Sweep, SweepOutcome};
