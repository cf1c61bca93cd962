//! Handing the running command over to the cluster (`--slurm N` of `retro quoridor
//! experiment` and `retro gomoku tournament`): the task command is the command line as the
//! user gave it, with the `--slurm*` options taken out and the long run's own options
//! (`longrun::options`: `--share K/N --jobs CPUS --resume --out DIR`, DIR made absolute) put
//! in, so a task runs exactly what the user asked for, one share of it, resumable as every
//! long run is (`longrun::results`).

use crate::{submission_script, submit, Arg, ArrayJob, Options, Placeholder};
use longrun::options;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// The Slurm options, which a task must not inherit (besides the long run's own, which each
/// task sets itself).
const SLURM_OPTIONS: &[&str] = &[
    "--slurm",
    "--slurm-partition",
    "--slurm-time",
    "--slurm-cpus",
    "--slurm-arg",
    "--slurm-script",
];

/// The words after the program name with the Slurm, share and jobs options removed (in both
/// the `--opt VALUE` and `--opt=VALUE` forms).
pub fn task_words(args: &[OsString]) -> Vec<String> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let w = args[i].to_string_lossy().to_string();
        let name = w.split('=').next().unwrap_or("");
        if options::FLAGS.contains(&w.as_str()) {
            i += 1;
        } else if SLURM_OPTIONS.contains(&name) || options::WITH_VALUE.contains(&name) {
            i += if w.contains('=') { 1 } else { 2 };
        } else {
            out.push(w);
            i += 1;
        }
    }
    out
}

/// A hand-over: the job's name and shares, the cluster's options, and the script file to
/// write instead of submitting, if any.
#[derive(Clone, Debug, Default)]
pub struct Handover {
    pub name: String,
    pub shares: u32,
    pub options: Options,
    pub script: Option<PathBuf>,
}

/// [`hand_over`] for this very process (its program, and the words it was started with),
/// whose merge command is `MERGE... OUT --out OUT` with the absolute output folder: the
/// hand-over of `retro quoridor experiment` (`quoridor merge`) and `retro gomoku tournament`
/// (`gomoku crosstable`). What was done, as [`hand_over`] says it.
///
/// # Errors
/// The program's path unknown, or as [`hand_over`].
pub fn hand_over_this_run(
    h: &Handover,
    merge: &[&str],
    out: &Path,
) -> Result<String, Box<dyn std::error::Error>> {
    let exe = std::env::current_exe().map_err(|e| format!("cannot find the retro program: {e}"))?;
    let words: Vec<_> = std::env::args_os().skip(1).collect();
    let merge = |out: &str| {
        let mut w: Vec<String> = merge.iter().map(|s| s.to_string()).collect();
        w.extend([out, "--out", out].map(String::from));
        w
    };
    hand_over(h, &exe.display().to_string(), &words, merge, out)
}

/// Build the array job for the running program (`exe`, its words after the program name
/// `args`) and submit it, or write its script; what was done and how to follow it.
///
/// `merge` makes the merge command's words after the program name from the absolute output
/// folder; `out` is the shared output folder as the user gave it.
///
/// # Errors
/// An output folder that cannot be made absolute, a script that cannot be written, sbatch
/// refusing the jobs.
pub fn hand_over(
    h: &Handover,
    exe: &str,
    args: &[OsString],
    merge: impl FnOnce(&str) -> Vec<String>,
    out: &Path,
) -> Result<String, Box<dyn std::error::Error>> {
    let out = std::path::absolute(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let merge = merge(&out.display().to_string());
    let mut task = vec![Arg::text(exe)];
    task.extend(task_words(args).into_iter().map(Arg::Text));
    task.extend([
        Arg::text(options::SHARE),
        Arg::var(Placeholder::Share),
        Arg::text(options::JOBS),
        Arg::var(Placeholder::Cpus),
        Arg::text(options::RESUME),
        Arg::text(options::OUT),
        Arg::text(out.display().to_string()),
    ]);
    let mut merge_cmd = vec![Arg::text(exe)];
    merge_cmd.extend(merge.into_iter().map(Arg::Text));
    let (name, shares) = (h.name.clone(), h.shares);
    let job = ArrayJob {
        name: name.clone(),
        shares,
        task,
        merge: merge_cmd,
        out: out.clone(),
        options: h.options.clone(),
    };
    if let Some(file) = &h.script {
        let text = submission_script(&job)?;
        std::fs::write(file, text).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
        return Ok(format!(
            "wrote {} (run it with bash to submit {shares} shares and the merge)",
            file.display()
        ));
    }
    let s = submit(&job)?;
    Ok(format!(
        "submitted job array {} ({shares} tasks) and merge job {}\n\
         follow them with: squeue -j {},{}\n\
         results: {} (task logs in {})\n\
         a failed task K runs again alone with: sbatch --array=K {}",
        s.array,
        s.merge,
        s.array,
        s.merge,
        out.display(),
        job.slurm_dir().display(),
        job.slurm_dir().join(format!("{name}-array.sh")).display()
    ))
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

    #[test]
    fn the_script_holds_the_task_and_the_merge() {
        let dir = std::env::temp_dir().join(format!("slurm-handover-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("submit.sh");
        let h = Handover {
            name: "table1".into(),
            shares: 3,
            options: Options {
                cpus_per_task: 2,
                ..Options::default()
            },
            script: Some(file.clone()),
        };
        let args = words("quoridor experiment table1 --games 4 --slurm 3 --out d");
        let merge = |o: &str| vec!["quoridor".into(), "merge".into(), o.into()];
        let said = hand_over(&h, "/bin/retro", &args, merge, &dir).unwrap();
        assert!(said.starts_with("wrote "), "{said}");
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(text.contains("--array=1-3"), "{text}");
        assert!(
            text.contains("quoridor experiment table1 --games 4 --share"),
            "{text}"
        );
        assert!(!text.contains("--slurm 3"), "{text}");
    }
}
