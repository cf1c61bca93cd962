//! Child processes that are never left running.
//!
//! Every program the dohyo starts gets a process group of its own (its PID is the group's ID),
//! and is registered here until it has been reaped. Ending a program kills its whole group by
//! that ID, so a program that started helpers of its own takes them along. An interrupt
//! (Ctrl-C, SIGTERM, SIGHUP) kills every registered group before the dohyo exits.
//! Notes:
//! 1. A helper that leaves the group (`setsid`) escapes `killpg`. On Linux the dohyo makes
//!    itself a child subreaper (`PR_SET_CHILD_SUBREAPER`), so such a helper becomes the dohyo's
//!    child when its parent ends; whenever a program ends, every child of the dohyo that is not
//!    a registered program is such an orphan, and is killed with its group and reaped
//!    ([`sweep_orphans`]). The dohyo starts no other processes.
//! 2. A dohyo killed by SIGKILL runs no code: its programs are started through `setpriv
//!    --pdeathsig KILL` (util-linux) where it is installed, so the kernel kills the program
//!    when the dohyo ends. A helper that left the program's group survives that one case (a
//!    cgroup or a PID namespace would be needed, and neither is there for an ordinary user).
//! 3. Whether a program can be started at all is checked before a match ([`check_program`]),
//!    since through `setpriv` a missing program is only seen when it has exited.

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

/// How often a waiting dohyo looks at a running program: first after `POLL_FIRST`, then at
/// twice the interval each time up to `POLL`, so a program that answers at once (a file-protocol
/// program is started for every move) is not kept waiting 5 ms a move, and a slow one costs
/// the dohyo a look every 5 ms.
const POLL: Duration = Duration::from_millis(5);
const POLL_FIRST: Duration = Duration::from_micros(100);

fn live() -> std::sync::MutexGuard<'static, BTreeSet<i32>> {
    LIVE.lock().unwrap_or_else(|e| e.into_inner())
}

/// Kill every registered process group, then exit with status 130: installed once, on the
/// first spawn. A second handler installed by the caller wins; `kill_all` is public for it.
pub fn install_interrupt_handler() {
    HANDLER.call_once(|| {
        #[cfg(target_os = "linux")]
        let _ = nix::sys::prctl::set_child_subreaper(true);
        let _ = ctrlc::set_handler(|| {
            kill_all();
            eprintln!("dohyo: interrupted; every program it started has been killed");
            std::process::exit(130);
        });
    });
}

/// Kill every process group the dohyo has started and not yet reaped, and every orphan.
pub fn kill_all() {
    let set = live();
    for &pgid in set.iter() {
        let _ = killpg(Pid::from_raw(pgid), Signal::SIGKILL);
    }
    sweep_locked(&set);
}

/// The children of this process, by `/proc` (Linux); empty elsewhere.
fn children() -> Vec<i32> {
    let me = std::process::id().to_string();
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    dir.flatten()
        .filter_map(|e| e.file_name().to_str()?.parse::<i32>().ok())
        .filter(|pid| {
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
            // `pid (comm) state ppid ...`: comm may hold anything, so read after its last `)`.
            let after = stat.rsplit_once(')').map_or("", |(_, a)| a);
            after.split_whitespace().nth(1) == Some(me.as_str())
        })
        .collect()
}

/// Kill and reap every child that is not a registered program (note 1).
pub fn sweep_orphans() {
    let set = live();
    sweep_locked(&set);
}

fn sweep_locked(set: &BTreeSet<i32>) {
    // An orphan killed may leave orphans of its own: go on until none is left.
    for _ in 0..64 {
        let orphans: Vec<i32> = children()
            .into_iter()
            .filter(|p| !set.contains(p))
            .collect();
        if orphans.is_empty() {
            return;
        }
        for &pid in &orphans {
            let _ = killpg(Pid::from_raw(pid), Signal::SIGKILL);
            let _ = nix::sys::signal::kill(Pid::from_raw(pid), Signal::SIGKILL);
        }
        for &pid in &orphans {
            let _ = nix::sys::wait::waitpid(Pid::from_raw(pid), None);
        }
    }
}

/// Where `setpriv` is, if installed (note 2).
fn setpriv() -> Option<&'static std::path::Path> {
    static FOUND: std::sync::OnceLock<Option<std::path::PathBuf>> = std::sync::OnceLock::new();
    FOUND
        .get_or_init(|| {
            if !cfg!(target_os = "linux") {
                return None;
            }
            ["/usr/bin/setpriv", "/bin/setpriv"]
                .iter()
                .map(std::path::PathBuf::from)
                .find(|p| p.is_file())
        })
        .as_deref()
}

/// The command that starts `program`: through `setpriv --pdeathsig KILL` where it is
/// installed (note 2). Arguments, folder and standard streams are added by the caller.
pub fn command(program: &std::path::Path) -> Command {
    match setpriv() {
        Some(sp) => {
            let mut c = Command::new(sp);
            c.arg("--pdeathsig").arg("KILL").arg("--").arg(program);
            c
        }
        None => Command::new(program),
    }
}

/// Can `program` be started: a path (with a `/`) to an executable file, or a name found
/// on `PATH` (note 3)?
pub fn check_program(program: &std::path::Path) -> Result<(), String> {
    use std::os::unix::fs::PermissionsExt;
    let runnable = |p: &std::path::Path| {
        std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    };
    let text = program.to_string_lossy();
    if text.contains('/') {
        return if runnable(program) {
            Ok(())
        } else if program.exists() {
            Err(format!("{text}: not an executable file"))
        } else {
            Err(format!("{text}: no such program"))
        };
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    if std::env::split_paths(&path).any(|d| runnable(&d.join(program))) {
        Ok(())
    } else {
        Err(format!("{text}: not found on PATH"))
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
        let mut poll = POLL_FIRST;
        loop {
            if let Some(status) = self.inner.try_wait()? {
                self.finish();
                return Ok(Some(status));
            }
            let now = Instant::now();
            if now >= end {
                return Ok(None);
            }
            thread::sleep(poll.min(end - now));
            poll = (poll * 2).min(POLL);
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

    /// The leader has exited: kill what it may have left in its group and the orphans that
    /// left it (note 1), and unregister.
    fn finish(&mut self) {
        let _ = killpg(Pid::from_raw(self.pgid), Signal::SIGKILL);
        let mut set = live();
        set.remove(&self.pgid);
        sweep_locked(&set);
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
    fn a_helper_in_a_session_of_its_own_is_killed_when_its_program_ends() {
        // The helper sleeps for a time of its own, so that it can be found.
        let secs = format!("1000.{}", std::process::id());
        let marker = format!("sleep\0{secs}");
        let mut cmd = command(std::path::Path::new("sh"));
        cmd.arg("-c")
            .arg(format!("setsid sleep {secs} & sleep 0.2"))
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null());
        let mut child = Child::spawn(&mut cmd).unwrap();
        child
            .wait_timeout(Duration::from_secs(20))
            .unwrap()
            .unwrap();
        let alive = |m: &str| {
            std::fs::read_dir("/proc").unwrap().flatten().any(|e| {
                std::fs::read(e.path().join("cmdline"))
                    .is_ok_and(|c| String::from_utf8_lossy(&c).contains(m))
            })
        };
        if !cfg!(target_os = "linux") {
            eprintln!("skipped: the subreaper is Linux's");
            return;
        }
        assert!(!alive(&marker), "the setsid helper outlived its program");
    }

    #[test]
    fn a_missing_program_is_named_before_it_is_started() {
        assert!(check_program(std::path::Path::new("sh")).is_ok());
        assert!(check_program(std::path::Path::new("/no/such/prog"))
            .unwrap_err()
            .contains("no such program"));
        assert!(check_program(std::path::Path::new("no-such-prog-xyz"))
            .unwrap_err()
            .contains("PATH"));
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
