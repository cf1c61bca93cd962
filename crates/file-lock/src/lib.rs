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
//! 4. Unless the holder is certain at once: the process `/proc/locks` names (the one that took
//!    the lock) still has the file open with the lock on it (its `/proc/PID/fdinfo` lists the
//!    lock under that open file). A lock left only in a forked child's copy is listed under the
//!    process that took it, which no longer holds it in its own files, so it is waited out as
//!    note 3 says; a run that holds the file is refused without the wait.

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
            Err(std::fs::TryLockError::WouldBlock)
                if start.elapsed() < SETTLE && !held_by_its_taker(file) =>
            {
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

/// The file's device and inode as `/proc/locks` writes them: `08:01:1234567`.
fn lock_key(file: &File) -> Option<String> {
    let meta = file.metadata().ok()?;
    let (major, minor) = (
        nix::sys::stat::major(meta.dev()),
        nix::sys::stat::minor(meta.dev()),
    );
    Some(format!("{major:02x}:{minor:02x}:{}", meta.ino()))
}

/// Whether the process that took the lock on `file` still holds it through a file of its own
/// (note 4): a lock line for the file in one of its `fdinfo` entries. False when that cannot
/// be seen, so that the lock is waited out.
fn held_by_its_taker(file: &File) -> bool {
    let (Some(pid), Some(key)) = (holder(file), lock_key(file)) else {
        return false;
    };
    let Ok(entries) = std::fs::read_dir(format!("/proc/{pid}/fdinfo")) else {
        return false;
    };
    // `lock:\t1: FLOCK  ADVISORY  WRITE 12345 08:01:1234567 0 EOF`; our own file being refused
    // has no lock line, so it needs no exception.
    entries.flatten().any(|e| {
        std::fs::read_to_string(e.path()).is_ok_and(|info| {
            info.lines()
                .any(|l| l.starts_with("lock:") && l.split_whitespace().any(|w| w == key))
        })
    })
}

/// The PID holding a lock on `file`, from `/proc/locks` (note 2).
pub fn holder(file: &File) -> Option<u32> {
    let want = lock_key(file)?;
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

    /// A child given the locked file `first`, as a child between its fork and its exec has
    /// it, holding the lock for its tenth of a second after `first` is closed here.
    fn child_holding(first: File) -> std::process::Child {
        use nix::fcntl::{fcntl, FcntlArg, FdFlag};
        use std::os::fd::AsRawFd;
        fcntl(first.as_raw_fd(), FcntlArg::F_SETFD(FdFlag::empty())).unwrap();
        let child = std::process::Command::new("sleep")
            .arg("0.1")
            .spawn()
            .unwrap();
        drop(first);
        child
    }

    #[test]
    fn a_lock_held_for_a_moment_as_by_a_forked_child_is_waited_out() {
        let p = std::env::temp_dir().join(format!("longrun-lock-brief-{}", std::process::id()));
        let open = || open_at(&p);
        let first = open();
        exclusive(&first, &p).unwrap();
        let mut child = child_holding(first);
        let second = open();
        assert!(second.try_lock().is_err(), "the child holds the lock");
        exclusive(&second, &p).unwrap();
        child.wait().unwrap();
        std::fs::remove_file(&p).unwrap();
    }

    #[test]
    fn a_lock_this_process_holds_is_held_by_its_taker_and_a_childs_copy_is_not() {
        let p = std::env::temp_dir().join(format!("longrun-lock-taker-{}", std::process::id()));
        let first = open_at(&p);
        exclusive(&first, &p).unwrap();
        let second = open_at(&p);
        if !Path::new("/proc/self/fdinfo").exists() {
            eprintln!("skipped: no /proc/self/fdinfo, every lock is waited out");
            return;
        }
        assert!(held_by_its_taker(&second));
        let mut child = child_holding(first);
        assert!(
            !held_by_its_taker(&second),
            "only the child's copy holds it"
        );
        child.wait().unwrap();
        std::fs::remove_file(&p).unwrap();
    }
}
