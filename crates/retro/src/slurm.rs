//! `--slurm N` and its options, shared by the commands whose work splits into shares
//! (`retro quoridor experiment`, `retro gomoku tournament`): the options, and their hand-over
//! to the `slurm` crate (`slurm::handover`), which builds the task command from this very
//! command line.

use clap::Args;
use std::path::PathBuf;

/// Options for handing the run to a Slurm cluster.
#[derive(Args, Clone, Debug, Default)]
pub struct SlurmArgs {
    /// Submit the run to Slurm as a job array of N shares plus a merge job
    #[arg(long, value_name = "N")]
    pub slurm: Option<u32>,
    /// Slurm partition for both jobs
    #[arg(long, value_name = "NAME", requires = "slurm")]
    pub slurm_partition: Option<String>,
    /// Time limit per task, as sbatch takes it (e.g. 12:00:00)
    #[arg(long, value_name = "TIME", requires = "slurm")]
    pub slurm_time: Option<String>,
    /// CPUs per task; each task plays on that many threads
    #[arg(long, value_name = "N", default_value_t = 1, requires = "slurm")]
    pub slurm_cpus: u32,
    /// A further sbatch argument for both jobs (repeatable), e.g. --slurm-arg=--account=games
    #[arg(
        long,
        value_name = "ARG",
        allow_hyphen_values = true,
        requires = "slurm"
    )]
    pub slurm_arg: Vec<String>,
    /// Write the submission script to FILE instead of submitting it
    #[arg(long, value_name = "FILE", requires = "slurm")]
    pub slurm_script: Option<PathBuf>,
}

impl SlurmArgs {
    /// The hand-over of the running command as these options ask, for `shares` shares.
    pub fn handover(&self, shares: u32, name: &str) -> slurm::handover::Handover {
        slurm::handover::Handover {
            name: name.to_string(),
            shares,
            options: slurm::Options {
                partition: self.slurm_partition.clone(),
                time: self.slurm_time.clone(),
                cpus_per_task: self.slurm_cpus,
                extra: self.slurm_arg.clone(),
            },
            script: self.slurm_script.clone(),
        }
    }
}
