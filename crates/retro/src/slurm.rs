//! `--slurm N` and its options, shared by the commands whose work splits into shares
//! (`retro quoridor experiment`, `retro gomoku tournament`): the wiring from the command line
//! to the `slurm` crate.
//!
//! The task command is this very command line with the `--slurm*` options taken out and
//! `--share K/N --jobs CPUS --resume --out DIR` put in (DIR made absolute), so a task runs
//! exactly what the user asked for, one share of it.

use clap::Args;
use std::ffi::OsString;
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

/// Options a task must not inherit: the Slurm ones, and those each task sets itself.
const TAKEN_OUT: &[&str] = &[
    "--slurm",
    "--slurm-partition",
    "--slurm-time",
    "--slurm-cpus",
    "--slurm-arg",
    "--slurm-script",
    "--share",
    "--jobs",
    "--out",
];
const FLAGS_TAKEN_OUT: &[&str] = &["--resume"];

/// The words after the program name with the Slurm, share and jobs options removed (in both
/// the `--opt VALUE` and `--opt=VALUE` forms).
pub fn task_words(args: &[OsString]) -> Vec<String> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let w = args[i].to_string_lossy().to_string();
        let name = w.split('=').next().unwrap_or("");
        if FLAGS_TAKEN_OUT.contains(&w.as_str()) {
            i += 1;
        } else if TAKEN_OUT.contains(&name) {
            i += if w.contains('=') { 1 } else { 2 };
        } else {
            out.push(w);
            i += 1;
        }
    }
    out
}

/// Build the array job for the running command and submit it (or write its script), printing
/// what was done and how to follow it.
///
/// `merge` makes the merge command's words after the program name from the absolute output
/// folder; `out` is the shared output folder as the user gave it.
pub fn hand_over(
    args: &SlurmArgs,
    shares: u32,
    name: &str,
    merge: impl FnOnce(&str) -> Vec<String>,
    out: &Path,
) -> Result<(), Box<dyn std::error::Error>> {
    let exe = std::env::current_exe().map_err(|e| format!("cannot find the retro program: {e}"))?;
    let exe = exe.display().to_string();
    let out = std::path::absolute(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let merge = merge(&out.display().to_string());
    let all: Vec<OsString> = std::env::args_os().skip(1).collect();
    let mut task = vec![slurm::Arg::text(&exe)];
    task.extend(task_words(&all).into_iter().map(slurm::Arg::Text));
    task.extend([
        slurm::Arg::text("--share"),
        slurm::Arg::var(slurm::Placeholder::Share),
        slurm::Arg::text("--jobs"),
        slurm::Arg::var(slurm::Placeholder::Cpus),
        slurm::Arg::text("--resume"),
        slurm::Arg::text("--out"),
        slurm::Arg::text(out.display().to_string()),
    ]);
    let mut merge_cmd = vec![slurm::Arg::text(&exe)];
    merge_cmd.extend(merge.into_iter().map(slurm::Arg::Text));
    let job = slurm::ArrayJob {
        name: name.to_string(),
        shares,
        task,
        merge: merge_cmd,
        out: out.clone(),
        options: slurm::Options {
            partition: args.slurm_partition.clone(),
            time: args.slurm_time.clone(),
            cpus_per_task: args.slurm_cpus,
            extra: args.slurm_arg.clone(),
        },
    };
    if let Some(file) = &args.slurm_script {
        let text = slurm::submission_script(&job)?;
        std::fs::write(file, text).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
        outln!(
            "wrote {} (run it with bash to submit {shares} shares and the merge)",
            file.display()
        )?;
        return Ok(());
    }
    let s = slurm::submit(&job)?;
    outln!(
        "submitted job array {} ({shares} tasks) and merge job {}",
        s.array,
        s.merge
    )?;
    outln!("follow them with: squeue -j {},{}", s.array, s.merge)?;
    outln!(
        "results: {} (task logs in {})",
        out.display(),
        job.slurm_dir().display()
    )?;
    outln!(
        "a failed task K runs again alone with: sbatch --array=K {}",
        job.slurm_dir().join(format!("{name}-array.sh")).display()
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<OsString> {
        s.split(' ').map(OsString::from).collect()
    }

    #[test]
    fn the_task_keeps_the_run_and_drops_the_slurm_options() {
        let w = task_words(&words(
            "quoridor experiment table1 --slurm 8 --slurm-cpus=4 --games 10 --jobs 2 --slurm-arg=--account=x --resume --out d",
        ));
        assert_eq!(w, ["quoridor", "experiment", "table1", "--games", "10"]);
    }
}
