//! The command-line options every long run takes, named once: a cluster hand-over (crate
//! `slurm`) takes them out of the command line it is given and sets them for each task.

/// `--share K/N`: play share K of N (`share`).
pub const SHARE: &str = "--share";
/// `--jobs N`: threads (`runner`).
pub const JOBS: &str = "--jobs";
/// `--out DIR`: where the run's files go.
pub const OUT: &str = "--out";
/// `--resume`: continue the files already there (`results`).
pub const RESUME: &str = "--resume";

/// The options that take a value.
pub const WITH_VALUE: [&str; 3] = [SHARE, JOBS, OUT];
/// The options that are flags.
pub const FLAGS: [&str; 1] = [RESUME];
