//! Exclusive locks on the files a run writes (match logs, `--results`, a DOS-M disc image
//! being generated), so that two runs can never write into one file: the second is refused,
//! naming the process that holds the lock.
//!
//! Notes:
//! 1. The lock is the operating system's advisory whole-file lock (`flock` on Unix, through
//!    `File::try_lock`), held as long as the file is open and released by the kernel when the
//!    process ends however it ends, so a killed run leaves no stale lock.
//! 2. The holder's PID is read from `/proc/locks` (Linux), matching the file's device and
//!    inode; elsewhere the refusal says only that another process holds it.
//! 3. A lock held for less than `SETTLE` is not another run. A process that starts programs
//!    forks, and between its fork and its exec the child shares every open file of its parent,
//!    locks included; on a loaded machine that lasts milliseconds. So a refused lock is tried
//!    again, with waits doubling from 1 ms, until `SETTLE` has passed.

use std::fs::File;
use std::io;
use std::os::unix::fs::MetadataExt;
use std::path::Path;
use std::time::{Duration, Instant};

/// How long a lock may be held by someone before it counts as another run's (note 3).
pub const SETTLE: Duration = Duration::from_secs(1);

#[derive(Debug, thiserror::Error)]
pub enum LockError {
    #[error("{path}: in use by another run ({holder}); two runs never write one file")]
    Held { path: String, holder: String },
    #[error("{0}: cannot lock: {1}")]
    Io(String, io::Error),
}

/// Take the exclusive lock on `file` (opened from `path`) or refuse (notes 1, 3).
pub fn exclusive(file: &File, path: &Path) -> Result<(), LockError> {
    let start = Instant::now();
    let mut wait = Duration::from_millis(1);
    loop {
        match file.try_lock() {
            Ok(()) => return Ok(()),
            Err(std::fs::TryLockError::WouldBlock) if start.elapsed() < SETTLE => {
                std::thread::sleep(wait);
                wait = (wait * 2).min(Duration::from_millis(100));
            }
            Err(std::fs::TryLockError::WouldBlock) => {
                return Err(LockError::Held {
                    path: path.display().to_string(),
                    holder: match holder(file) {
                        Some(pid) => format!("process {pid}"),
                        None => "a process".into(),
                    },
                })
            }
            Err(std::fs::TryLockError::Error(e)) => {
                return Err(LockError::Io(path.display().to_string(), e))
            }
        }
    }
}

/// The PID holding a lock on `file`, from `/proc/locks` (note 2).
pub fn holder(file: &File) -> Option<u32> {
    let meta = file.metadata().ok()?;
    let (major, minor) = (
        nix::sys::stat::major(meta.dev()),
        nix::sys::stat::minor(meta.dev()),
    );
    let want = format!("{major:02x}:{minor:02x}:{}", meta.ino());
    let locks = std::fs::read_to_string("/proc/locks").ok()?;
    // `1: FLOCK  ADVISORY  WRITE 12345 08:01:1234567 0 EOF`
    locks.lines().find_map(|l| {
        let w: Vec<&str> = l.split_whitespace().collect();
        let at = w.iter().position(|f| f.matches(':').count() == 2)?;
        (w[at] == want)
            .then(|| w.get(at.checked_sub(1)?)?.parse().ok())
            .flatten()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs::OpenOptions;

    /// A new open file description of `p`, as each run has its own.
    fn open_at(p: &Path) -> File {
        OpenOptions::new()
            .create(true)
            .append(true)
            .open(p)
            .unwrap()
    }

    #[test]
    fn a_second_lock_is_refused_with_the_holders_pid() {
        let p = std::env::temp_dir().join(format!("longrun-lock-{}", std::process::id()));
        let open = || open_at(&p);
        let first = open();
        exclusive(&first, &p).unwrap();
        // A second open file description, as a second run has, is refused.
        let second = open();
        let e = exclusive(&second, &p).unwrap_err().to_string();
        assert!(e.contains("in use by another run"), "{e}");
        if std::path::Path::new("/proc/locks").exists() {
            assert!(
                e.contains(&format!("process {}", std::process::id())),
                "{e}"
            );
        } else {
            eprintln!("skipped the PID check: no /proc/locks");
        }
        drop(first);
        exclusive(&second, &p).unwrap();
        std::fs::remove_file(&p).unwrap();
    }

    #[test]
    fn a_lock_held_for_a_moment_as_by_a_forked_child_is_waited_out() {
        let p = std::env::temp_dir().join(format!("longrun-lock-brief-{}", std::process::id()));
        let open = || open_at(&p);
        let first = open();
        exclusive(&first, &p).unwrap();
        let holder = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(50));
            drop(first);
        });
        let second = open();
        exclusive(&second, &p).unwrap();
        holder.join().unwrap();
        std::fs::remove_file(&p).unwrap();
    }
}
