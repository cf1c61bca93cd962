//! Submitting: run the submission script and read the two job IDs it prints.

use crate::{submission_script, ArrayJob, Error};
use std::path::PathBuf;
use std::process::Command;

/// The jobs Slurm accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Submitted {
    pub array: String,
    pub merge: String,
    /// The submission script, kept in `OUT/slurm/` for the record.
    pub script: PathBuf,
}

/// Write the submission script to `OUT/slurm/NAME-submit.sh` and run it with bash (sbatch must
/// be on the PATH, and `SLURM_CONF` set where the cluster needs it).
///
/// # Errors
/// An unwritable folder, no bash, sbatch refusing a job, or output without job IDs.
pub fn submit(job: &ArrayJob) -> Result<Submitted, Error> {
    let text = submission_script(job)?;
    let dir = job.slurm_dir();
    std::fs::create_dir_all(&dir).map_err(|source| Error::Write {
        path: dir.clone(),
        source,
    })?;
    let script = dir.join(format!("{}-submit.sh", job.name));
    std::fs::write(&script, text).map_err(|source| Error::Write {
        path: script.clone(),
        source,
    })?;
    let out = Command::new("bash")
        .arg(&script)
        .output()
        .map_err(|source| Error::Spawn {
            path: script.clone(),
            source,
        })?;
    if !out.status.success() {
        return Err(Error::Refused {
            path: script,
            code: out
                .status
                .code()
                .map_or_else(|| "by a signal".into(), |c| c.to_string()),
            stderr: String::from_utf8_lossy(&out.stderr).trim().to_string(),
        });
    }
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    parse_ids(&stdout)
        .map(|(array, merge)| Submitted {
            array,
            merge,
            script: script.clone(),
        })
        .ok_or(Error::NoJobIds {
            path: script,
            output: stdout,
        })
}

fn parse_ids(stdout: &str) -> Option<(String, String)> {
    let id = |key: &str| {
        stdout
            .lines()
            .find_map(|l| l.strip_prefix(key))
            .map(str::trim)
            .filter(|id| !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()))
            .map(str::to_string)
    };
    Some((id("array job ")?, id("merge job ")?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn job_ids_are_read_from_the_script_output() {
        assert_eq!(
            parse_ids("array job 17\nmerge job 18\n"),
            Some(("17".into(), "18".into()))
        );
        assert_eq!(parse_ids("array job 17\n"), None);
        assert_eq!(parse_ids("array job x\nmerge job 18\n"), None);
    }
}
