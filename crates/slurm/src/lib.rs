//! Long runs on a Slurm cluster: a job array of shares and a merge job.
//!
//! The project does not schedule work across machines itself. A long run (a Quoridor experiment,
//! a Gomoku tournament; crate `longrun`) already splits into deterministic shares
//! (`--share K/N`, `longrun::Share`) whose results merge into exactly what one unsplit run
//! gives. This crate hands those shares to Slurm:
//!
//! * a **job array** of N tasks; task K runs the same command with `--share K/N`, using the CPUs
//!   Slurm gave it, and writes under the output folder the user named (which the cluster's nodes
//!   share);
//! * a **merge job** that depends on the array (`--dependency=afterok:ID`) and writes the final
//!   tables into the same folder.
//!
//! Everything goes through one submission script ([`submission_script`]): `--slurm-script FILE`
//! writes it for review, and [`submit`] runs the same script with `bash`, so what a user reads
//! is what runs. Facts about Slurm used here (job arrays, `SLURM_ARRAY_TASK_ID`,
//! `SLURM_CPUS_PER_TASK`, `sbatch --parsable`, `afterok`) are from Slurm's `sbatch(1)` manual.
//!
//! [`handover`] builds the job from the running command line (`--slurm N`).
//!
//! Notes:
//! 1. Task IDs run 1..=N (`--array=1-N`), so `SLURM_ARRAY_TASK_ID` is K of `--share K/N` as it
//!    stands; no arithmetic in the script.
//! 2. A task that fails or is cancelled is resubmitted alone with `sbatch --array=K` on the
//!    array script kept in the output folder; the task command carries `--resume`, so a share
//!    skips the games it finished. The merge reports the shares that are missing or incomplete.
//! 3. Each task's standard output and error go to `OUT/slurm/TASK-%A_%a.out`, beside the results.

pub mod handover;
mod script;
mod submit;

pub use script::{array_script, merge_script, quote, submission_script, Placeholder};
pub use submit::{submit, Submitted};

use std::path::PathBuf;

/// What users set on a real cluster.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// `--partition`.
    pub partition: Option<String>,
    /// `--time` per task, in any form sbatch accepts (e.g. `2:00:00`).
    pub time: Option<String>,
    /// `--cpus-per-task`; each task plays on that many threads (`--jobs`).
    pub cpus_per_task: u32,
    /// Further `sbatch` arguments, given to both jobs as they stand (e.g. `--account=X`).
    pub extra: Vec<String>,
}

/// A run split into `shares` tasks plus its merge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArrayJob {
    /// Job name (`--job-name`), also the stem of the script and log files.
    pub name: String,
    /// N: the number of shares, one array task each.
    pub shares: u32,
    /// The command each task runs, with [`Placeholder`]s for what differs per task.
    pub task: Vec<Arg>,
    /// The command the merge job runs.
    pub merge: Vec<Arg>,
    /// The output folder the nodes share; scripts and logs go to `OUT/slurm/`.
    pub out: PathBuf,
    pub options: Options,
}

/// One word of a command line: literal text, or a value only the running task knows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    Text(String),
    /// A word made of text and placeholders, e.g. `[Share]` for `K/N`.
    Pieces(Vec<Piece>),
}

/// Part of an [`Arg::Pieces`] word.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece {
    Text(String),
    Var(Placeholder),
}

impl Arg {
    pub fn text(s: impl Into<String>) -> Self {
        Arg::Text(s.into())
    }
    pub fn var(p: Placeholder) -> Self {
        Arg::Pieces(vec![Piece::Var(p)])
    }
}

/// Errors of writing or submitting the scripts.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("the number of shares must be at least 1")]
    NoShares,
    #[error(
        "the merge command cannot use a task's share, ID or CPUs: it runs once, after the array"
    )]
    TaskValueInMerge,
    #[error("--cpus-per-task must be at least 1")]
    NoCpus,
    #[error("cannot write {path}: {source}")]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot run bash to submit {path}: {source}")]
    Spawn {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("sbatch refused the jobs of {path} (exit {code}): {stderr}")]
    Refused {
        path: PathBuf,
        code: String,
        stderr: String,
    },
    #[error("cannot read the job IDs from the output of {path}: {output:?}")]
    NoJobIds { path: PathBuf, output: String },
}

impl ArrayJob {
    fn check(&self) -> Result<(), Error> {
        if self.shares == 0 {
            return Err(Error::NoShares);
        }
        if self.options.cpus_per_task == 0 {
            return Err(Error::NoCpus);
        }
        if self
            .merge
            .iter()
            .any(|a| matches!(a, Arg::Pieces(p) if p.iter().any(|p| matches!(p, Piece::Var(_)))))
        {
            return Err(Error::TaskValueInMerge);
        }
        Ok(())
    }

    /// `OUT/slurm`, where the scripts and task logs are kept.
    pub fn slurm_dir(&self) -> PathBuf {
        self.out.join("slurm")
    }
}
