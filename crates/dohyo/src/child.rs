//! Child processes that are never left running.
//!
//! Every program the dohyo starts gets a process group of its own (its PID is the group's ID),
//! and is registered here until it has been reaped. Ending a program kills its whole group by
//! that ID, so a program that started helpers of its own takes them along. An interrupt
//! (Ctrl-C, SIGTERM, SIGHUP) kills every registered group before the dohyo exits.

use nix::sys::signal::{killpg, Signal};
use nix::unistd::Pid;
use std::collections::BTreeSet;
use std::io;
use std::os::unix::process::CommandExt;
use std::process::{Command, ExitStatus};
use std::sync::{Mutex, Once};
use std::thread;
use std::time::{Duration, Instant};

/// Process groups started and not yet reaped.
static LIVE: Mutex<BTreeSet<i32>> = Mutex::new(BTreeSet::new());
static HANDLER: Once = Once::new();

/// How often a waiting dohyo looks at a running program.
const POLL: Duration = Duration::from_millis(5);

fn live() -> std::sync::MutexGuard<'static, BTreeSet<i32>> {
    LIVE.lock().unwrap_or_else(|e| e.into_inner())
}

/// Kill every registered process group, then exit with status 130: installed once, on the
/// first spawn. A second handler installed by the caller wins; `kill_all` is public for it.
pub fn install_interrupt_handler() {
    HANDLER.call_once(|| {
        let _ = ctrlc::set_handler(|| {
            kill_all();
            eprintln!("dohyo: interrupted; every program it started has been killed");
            std::process::exit(130);
        });
    });
}

/// Kill every process group the dohyo has started and not yet reaped.
pub fn kill_all() {
    for &pgid in live().iter() {
        let _ = killpg(Pid::from_raw(pgid), Signal::SIGKILL);
    }
}

/// How many started programs have not yet been reaped (for tests).
pub fn live_count() -> usize {
    live().len()
}

/// A started program in its own process group.
pub struct Child {
    inner: std::process::Child,
    pgid: i32,
    reaped: bool,
}

impl Child {
    /// Start `cmd` as the leader of a new process group and register it.
    pub fn spawn(cmd: &mut Command) -> io::Result<Child> {
        install_interrupt_handler();
        cmd.process_group(0);
        // Hold the lock across the spawn so that an interrupt cannot fall between the
        // start of the program and its registration.
        let mut set = live();
        let inner = cmd.spawn()?;
        let pgid = inner.id() as i32;
        set.insert(pgid);
        Ok(Child {
            inner,
            pgid,
            reaped: false,
        })
    }

    pub fn pid(&self) -> u32 {
        self.inner.id()
    }

    pub fn stdin(&mut self) -> Option<std::process::ChildStdin> {
        self.inner.stdin.take()
    }

    pub fn stdout(&mut self) -> Option<std::process::ChildStdout> {
        self.inner.stdout.take()
    }

    /// Wait for the program to exit, at most `limit`. `Ok(None)`: still running.
    pub fn wait_timeout(&mut self, limit: Duration) -> io::Result<Option<ExitStatus>> {
        let end = Instant::now() + limit;
        loop {
            if let Some(status) = self.inner.try_wait()? {
                self.finish();
                return Ok(Some(status));
            }
            if Instant::now() >= end {
                return Ok(None);
            }
            thread::sleep(POLL);
        }
    }

    /// Is the program still running?
    pub fn running(&mut self) -> bool {
        matches!(self.inner.try_wait(), Ok(None))
    }

    /// Kill the program's whole group and reap the program.
    pub fn kill(&mut self) {
        if !self.reaped {
            let _ = killpg(Pid::from_raw(self.pgid), Signal::SIGKILL);
            let _ = self.inner.wait();
            self.finish();
        }
    }

    /// The leader has exited: kill what it may have left in its group, and unregister.
    fn finish(&mut self) {
        let _ = killpg(Pid::from_raw(self.pgid), Signal::SIGKILL);
        live().remove(&self.pgid);
        self.reaped = true;
    }
}

impl Drop for Child {
    fn drop(&mut self) {
        self.kill();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_program_that_outlives_its_limit_is_killed_with_its_group() {
        let mut cmd = Command::new("sh");
        cmd.arg("-c").arg("sleep 30 & sleep 30");
        let mut child = Child::spawn(&mut cmd).unwrap();
        let pid = child.pid() as i32;
        assert!(child
            .wait_timeout(Duration::from_millis(50))
            .unwrap()
            .is_none());
        child.kill();
        // The group is gone once the orphaned helper has been reaped: signalling it fails.
        let gone = (0..200).any(|_| {
            thread::sleep(Duration::from_millis(10));
            killpg(Pid::from_raw(pid), None).is_err()
        });
        assert!(gone);
        assert!(!live().contains(&pid));
    }

    #[test]
    fn a_program_that_exits_is_reaped_and_unregistered() {
        let mut cmd = Command::new("true");
        let mut child = Child::spawn(&mut cmd).unwrap();
        let pid = child.pid() as i32;
        let status = child.wait_timeout(Duration::from_secs(5)).unwrap().unwrap();
        assert!(status.success());
        assert!(!live().contains(&pid));
    }
}
