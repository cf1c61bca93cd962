//! A referee killed by SIGKILL runs no code of its own, yet leaves no program running: the
//! kernel kills each program when the referee ends (`dohyo::child` note 2, `setpriv
//! --pdeathsig`). The program is `tests/dohyo/hang.sh`.

mod common;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

needs::tests! {
    #[needs("setpriv")] a_program_does_not_outlive_a_killed_referee,
}

/// Processes whose folder is under `dir`.
fn running_under(dir: &Path) -> Vec<String> {
    let dir = std::fs::canonicalize(dir).unwrap_or(dir.to_path_buf());
    std::fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter_map(|e| {
            let cwd = std::fs::read_link(e.path().join("cwd")).ok()?;
            cwd.starts_with(&dir)
                .then(|| format!("{:?}", e.file_name()))
        })
        .collect()
}

/// Whether the hanging program itself runs under `dir`: `hang.sh` has exec'd `sleep`, so
/// `setpriv` has set its parent-death signal. Before that a process under `dir` may still be
/// between the referee's fork and `setpriv`, and a referee killed then leaves it an orphan that
/// no signal reaches (a window of the referee's, not of this guarantee's test).
fn program_sleeps_under(dir: &Path) -> bool {
    let dir = std::fs::canonicalize(dir).unwrap_or(dir.to_path_buf());
    std::fs::read_dir("/proc").unwrap().flatten().any(|e| {
        let under = std::fs::read_link(e.path().join("cwd")).is_ok_and(|c| c.starts_with(&dir));
        let cmd = std::fs::read(e.path().join("cmdline")).unwrap_or_default();
        under && cmd.starts_with(b"sleep\0")
    })
}

/// Wait at most `limit` for `done`.
fn within(limit: Duration, done: impl Fn() -> bool) -> bool {
    let end = Instant::now() + limit;
    while Instant::now() < end {
        if done() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    done()
}

fn a_program_does_not_outlive_a_killed_referee() {
    let out = common::tmp("killed-referee");
    let _ = std::fs::remove_dir_all(&out);
    let hang = common::root().join("tests/dohyo/hang.sh");
    let spec = format!("file:{}", hang.display());
    let mut referee = Command::new(env!("CARGO_BIN_EXE_retro"))
        .args(["gomoku", "dohyo", &spec, &spec, "--quiet", "--out"])
        .arg(&out)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    assert!(
        within(Duration::from_secs(30), || program_sleeps_under(&out)),
        "the program never started"
    );
    referee.kill().unwrap();
    referee.wait().unwrap();
    let left = || running_under(&out);
    assert!(
        within(Duration::from_secs(10), || left().is_empty()),
        "left running: {:?}",
        left()
    );
}
