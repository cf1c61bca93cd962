//! The batch scripts: the array of shares, the merge, and the script that submits both.

use crate::{Arg, ArrayJob, Error, Piece};
use std::fmt::Write;
use std::path::Path;

/// A value that only the running task knows, written as a shell variable in the script.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placeholder {
    /// `K/N`: this task's share (`SLURM_ARRAY_TASK_ID` of the job's N), as `longrun::Share`
    /// writes and reads it.
    Share,
    /// K alone.
    TaskId,
    /// The CPUs Slurm gave the task (`SLURM_CPUS_PER_TASK`).
    Cpus,
}

/// Quote one word for bash: as it stands when it is plain, else in single quotes.
pub fn quote(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"_./:=,+-@%".contains(&b));
    if plain {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

fn word(arg: &Arg, shares: u32) -> String {
    match arg {
        Arg::Text(t) => quote(t),
        Arg::Pieces(pieces) => pieces
            .iter()
            .map(|p| match p {
                Piece::Text(t) if t.is_empty() => String::new(),
                Piece::Text(t) => quote(t),
                Piece::Var(Placeholder::Share) => format!("\"${{SLURM_ARRAY_TASK_ID}}\"/{shares}"),
                Piece::Var(Placeholder::TaskId) => "\"${SLURM_ARRAY_TASK_ID}\"".into(),
                Piece::Var(Placeholder::Cpus) => "\"${SLURM_CPUS_PER_TASK:-1}\"".into(),
            })
            .collect(),
    }
}

fn command(args: &[Arg], shares: u32) -> String {
    args.iter()
        .map(|a| word(a, shares))
        .collect::<Vec<_>>()
        .join(" ")
}

fn path(p: &Path) -> String {
    quote(&p.display().to_string())
}

fn header(job: &ArrayJob, name: &str, output: &str, cpus: u32) -> String {
    let mut s = String::from("#!/bin/bash\n");
    let _ = writeln!(s, "#SBATCH --job-name={}", quote(name));
    let _ = writeln!(s, "#SBATCH --cpus-per-task={cpus}");
    let _ = writeln!(s, "#SBATCH --ntasks=1");
    if let Some(p) = &job.options.partition {
        let _ = writeln!(s, "#SBATCH --partition={}", quote(p));
    }
    if let Some(t) = &job.options.time {
        let _ = writeln!(s, "#SBATCH --time={}", quote(t));
    }
    let _ = writeln!(
        s,
        "#SBATCH --output={}",
        quote(&job.slurm_dir().join(output).display().to_string())
    );
    for x in &job.options.extra {
        let _ = writeln!(s, "#SBATCH {x}");
    }
    s
}

/// The array job: task K runs the task command for share K of N.
pub fn array_script(job: &ArrayJob) -> Result<String, Error> {
    job.check()?;
    let mut s = header(
        job,
        &job.name,
        &format!("{}-%A_%a.out", job.name),
        job.options.cpus_per_task,
    );
    let _ = writeln!(s, "#SBATCH --array=1-{}", job.shares);
    let _ = writeln!(
        s,
        "# Task K of {} plays share K/{} and writes under {}.",
        job.shares,
        job.shares,
        job.out.display()
    );
    let _ = writeln!(
        s,
        "# A failed task is run again alone: sbatch --array=K {}",
        path(&job.slurm_dir().join(format!("{}-array.sh", job.name)))
    );
    s.push_str("set -eu\n");
    let _ = writeln!(s, "exec {}", command(&job.task, job.shares));
    Ok(s)
}

/// The merge job, run once every task succeeded.
pub fn merge_script(job: &ArrayJob) -> Result<String, Error> {
    job.check()?;
    let name = format!("{}-merge", job.name);
    let mut s = header(job, &name, &format!("{name}-%j.out"), 1);
    let _ = writeln!(
        s,
        "# Merges the {} shares under {}.",
        job.shares,
        job.out.display()
    );
    s.push_str("set -eu\n");
    let _ = writeln!(s, "exec {}", command(&job.merge, job.shares));
    Ok(s)
}

/// The script that writes both batch scripts under `OUT/slurm/` and submits them, the merge
/// depending on the array. It prints `array job ID` and `merge job ID`.
pub fn submission_script(job: &ArrayJob) -> Result<String, Error> {
    let array = array_script(job)?;
    let merge = merge_script(job)?;
    let dir = job.slurm_dir();
    let array_path = path(&dir.join(format!("{}-array.sh", job.name)));
    let merge_path = path(&dir.join(format!("{}-merge.sh", job.name)));
    let mut s = String::from("#!/bin/bash\n");
    let _ = writeln!(
        s,
        "# Submits {}: a Slurm job array of {} shares, and a merge job that runs when all succeeded.",
        job.name, job.shares
    );
    s.push_str("set -euo pipefail\n");
    let _ = writeln!(s, "mkdir -p {}", path(&dir));
    let _ = write!(
        s,
        "cat > {array_path} <<'RETRO_ARRAY'\n{array}RETRO_ARRAY\n"
    );
    let _ = write!(
        s,
        "cat > {merge_path} <<'RETRO_MERGE'\n{merge}RETRO_MERGE\n"
    );
    let _ = writeln!(s, "array=$(sbatch --parsable {array_path})");
    s.push_str("array=${array%%;*}\n");
    let _ = writeln!(
        s,
        "merge=$(sbatch --parsable --dependency=afterok:\"$array\" {merge_path})"
    );
    s.push_str("merge=${merge%%;*}\n");
    s.push_str("echo \"array job $array\"\necho \"merge job $merge\"\n");
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_share_word_reads_as_each_tasks_share() {
        let w = word(&Arg::var(Placeholder::Share), 4);
        for k in 1..=4 {
            let share = w.replace("\"${SLURM_ARRAY_TASK_ID}\"", &k.to_string());
            assert_eq!(share.parse(), Ok(longrun::Share { k, n: 4 }));
        }
    }
    use crate::{Options, Placeholder};
    use std::path::PathBuf;

    fn job() -> ArrayJob {
        ArrayJob {
            name: "table1".into(),
            shares: 3,
            task: vec![
                Arg::text("/opt/retro"),
                Arg::text("quoridor"),
                Arg::text("--share"),
                Arg::var(Placeholder::Share),
                Arg::text("--jobs"),
                Arg::var(Placeholder::Cpus),
            ],
            merge: vec![Arg::text("/opt/retro"), Arg::text("merge")],
            out: PathBuf::from("/shared/run 1"),
            options: Options {
                partition: Some("long".into()),
                time: Some("2:00:00".into()),
                cpus_per_task: 4,
                extra: vec!["--account=games".into()],
            },
        }
    }

    #[test]
    fn quoting_leaves_plain_words_and_guards_the_rest() {
        assert_eq!(quote("ucb-dt:d=0.005,n=10"), "ucb-dt:d=0.005,n=10");
        assert_eq!(quote("a b"), "'a b'");
        assert_eq!(quote("it's"), r"'it'\''s'");
        assert_eq!(quote(""), "''");
        assert_eq!(quote("$HOME"), "'$HOME'");
    }

    #[test]
    fn the_array_script_runs_share_k_of_n_on_its_cpus() {
        let s = array_script(&job()).unwrap();
        assert!(s.contains("#SBATCH --array=1-3\n"));
        assert!(s.contains("#SBATCH --cpus-per-task=4\n"));
        assert!(s.contains("#SBATCH --partition=long\n"));
        assert!(s.contains("#SBATCH --time=2:00:00\n"));
        assert!(s.contains("#SBATCH --account=games\n"));
        assert!(s.contains("#SBATCH --output='/shared/run 1/slurm/table1-%A_%a.out'\n"));
        assert!(s.ends_with(
            "exec /opt/retro quoridor --share \"${SLURM_ARRAY_TASK_ID}\"/3 --jobs \"${SLURM_CPUS_PER_TASK:-1}\"\n"
        ));
    }

    #[test]
    fn the_merge_runs_once_on_one_cpu() {
        let s = merge_script(&job()).unwrap();
        assert!(!s.contains("--array"));
        assert!(s.contains("#SBATCH --cpus-per-task=1\n"));
        assert!(s.ends_with("exec /opt/retro merge\n"));
    }

    #[test]
    fn the_submission_waits_for_the_array() {
        let s = submission_script(&job()).unwrap();
        assert!(s.contains("--dependency=afterok:\"$array\" '/shared/run 1/slurm/table1-merge.sh'"));
        assert!(s.contains(
            "cat > '/shared/run 1/slurm/table1-array.sh' <<'RETRO_ARRAY'\n#!/bin/bash\n"
        ));
    }

    #[test]
    fn zero_shares_or_cpus_are_refused() {
        let mut j = job();
        j.shares = 0;
        assert!(matches!(array_script(&j), Err(Error::NoShares)));
        let mut j = job();
        j.options.cpus_per_task = 0;
        assert!(matches!(submission_script(&j), Err(Error::NoCpus)));
        let mut j = job();
        j.merge.push(Arg::var(Placeholder::TaskId));
        assert!(matches!(merge_script(&j), Err(Error::TaskValueInMerge)));
    }
}
