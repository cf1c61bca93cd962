//! Long runs: thousands of seeded games (a Gomoku tournament's matches, a Quoridor
//! experiment's games) played over all cores, written as they finish, resumable after a kill,
//! split into shares for several machines and merged back into what one unsplit run gives.
//!
//! The pieces, each in its own module:
//! - [`share`]: `--share K/N`, the K-th of N disjoint parts of a run's numbered items;
//! - [`seed`]: the seed streams that make every item depend on the run's seed and its own
//!   number alone, whichever share, thread or resumed run plays it;
//! - [`runner`]: the items played on a pool of threads, results handed back to one thread;
//! - [`progress`]: the live progress line (a bar on a terminal, a line a minute elsewhere);
//! - [`results`]: JSON-lines results files, locked, written line by line, resumable under the
//!   same settings only, with one rule for the partial last line a killed run leaves;
//! - [`lock`]: the exclusive lock on every file a run writes;
//! - [`merge`]: which shares are missing or incomplete, and items found twice that disagree;
//! - [`options`]: the command-line options of a long run, which a cluster hand-over sets for
//!   each of its tasks.
//!
//! Users: `dohyo` (tournaments), `quoridor-lab` (matches and experiments), `slurm` (the
//! hand-over to a cluster).

pub use file_lock as lock;
pub mod merge;
pub mod options;
pub mod progress;
pub mod results;
pub mod runner;
pub mod seed;
pub mod share;

pub use progress::Progress;
pub use share::Share;
