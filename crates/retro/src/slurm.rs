//! `--slurm N` and its options, shared by the commands whose work splits into shares
//! (`retro quoridor experiment`, `retro gomoku tournament`): the options, and their hand-over
//! to the `slurm` crate (`slurm::handover`), which builds the task command from this very
//! command line.

use clap::Args;
use std::path::{Path, PathBuf};

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

/// Hand the running command over to Slurm (or write its script) and print what was done.
/// `merge` makes the merge command's words from the absolute output folder `out`.
pub fn hand_over(
    args: &SlurmArgs,
    shares: u32,
    name: &str,
    merge: impl FnOnce(&str) -> Vec<String>,
    out: &Path,
) -> Result<(), Box<dyn std::error::Error>> {
    let exe = std::env::current_exe().map_err(|e| format!("cannot find the retro program: {e}"))?;
    let words: Vec<_> = std::env::args_os().skip(1).collect();
    let h = slurm::handover::Handover {
        name: name.to_string(),
        shares,
        options: slurm::Options {
            partition: args.slurm_partition.clone(),
            time: args.slurm_time.clone(),
            cpus_per_task: args.slurm_cpus,
            extra: args.slurm_arg.clone(),
        },
        script: args.slurm_script.clone(),
    };
    let said = slurm::handover::hand_over(&h, &exe.display().to_string(), &words, merge, out)?;
    outln!("{said}")?;
    Ok(())
}
