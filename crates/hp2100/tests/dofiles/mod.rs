//! What the tests that run a do-file share: where HP's software is, SIMH's recorded teletype
//! text, our console's run of the same do-file, and the run limits.
//!
//! Notes:
//! 1. Every console a test makes has a run limit in 2100A time ([`console`]): twice the
//!    time the whole do-file took when measured (`show time` after it, 2026-11-28), so any one
//!    `go`, `run` or `boot` of it that takes longer is a bug. A device that makes a program
//!    wait forever then ends the test with the console's error, naming the script's line and
//!    the P register where it stopped, instead of hanging it.
//! 2. Where a test drives a machine through a library call with no limit of its own (DOS-M's
//!    generation in `hp2100_software::dosm`), a [`Watchdog`] bounds it in host time instead
//!    and names the step it was at.

use hp2100::panel::Limit;
use hp2100::scp::Console;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

/// Seconds of 2100A time each do-file took as a whole, measured (note 1).
const MEASURED: &[(&str, f64)] = &[
    ("mrg", 81.6),
    ("asg", 47.6),
    ("srg", 45.8),
    ("mem", 395.8),
    ("eau", 87.3),
    ("tty", 57.9),
    ("iog", 97.2),
    ("gpr", 71.4),
    ("tbg", 84.4),
    ("pwr", 65.4),
    ("dma", 82.1),
    ("ptrp", 218.2),
    ("mp", 101.9),
    ("basic-prepare", 234.0),
    ("basic-session", 256.6),
    ("dosm-gen", 1363.9),
    ("dosm-boot", 318.9),
    ("examine", 0.0),
    ("boot", 15.1),
    ("devices", 0.0),
    // Not measured alone: it passes under the 10 s floor.
    ("dptest", 5.0),
    ("dpcross", 5.0),
    // tests/exact_waits.rs: the short program that `bench/asmb-nhex.do` assembles there.
    ("asmb-short", 81.3),
];

/// The run limit of the do-file `name` (without `.do` or `.sim`): twice its measured time,
/// and at least 10 s (note 1).
///
/// # Panics
/// For a do-file never measured: measure it and add it to [`MEASURED`].
pub fn limit(name: &str) -> Limit {
    let (_, s) = MEASURED
        .iter()
        .find(|(n, _)| *n == name)
        .unwrap_or_else(|| panic!("{name}: no measured 2100A time for its run limit"));
    Limit::seconds((2.0 * s).max(10.0))
}

/// A console for the do-file `name` with its run limit (note 1).
pub fn console(name: &str) -> Console<Vec<u8>> {
    let mut c = Console::new(Vec::new());
    c.set_default_limit(limit(name));
    c
}

/// A host-time bound on a test step that has no run limit of its own (note 2): if it is not
/// dropped within its time, the test binary ends with status 101 and a message naming the test
/// and the step it was at ([`Watchdog::at`]).
pub struct Watchdog {
    state: Arc<(Mutex<(bool, String)>, Condvar)>,
}

impl Watchdog {
    /// Starts the bound of `test`, `limit` of host time.
    pub fn start(test: &str, limit: Duration) -> Watchdog {
        let state = Arc::new((Mutex::new((false, "its start".to_string())), Condvar::new()));
        let watched = Arc::clone(&state);
        let test = test.to_string();
        std::thread::spawn(move || {
            let (lock, ended) = &*watched;
            let guard = lock.lock().unwrap();
            let (guard, timeout) = ended.wait_timeout_while(guard, limit, |s| !s.0).unwrap();
            if timeout.timed_out() {
                eprintln!(
                    "{test}: still running after {} s, at {}: stopped by its watchdog \
                     (tests/dofiles note 2)",
                    limit.as_secs_f64(),
                    guard.1
                );
                std::process::exit(101);
            }
        });
        Watchdog { state }
    }

    /// Where the test is now, for the message.
    pub fn at(&self, place: impl Into<String>) {
        self.state.0.lock().unwrap().1 = place.into();
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        self.state.0.lock().unwrap().0 = true;
        self.state.1.notify_all();
    }
}

pub fn root() -> PathBuf {
    needs::root()
}

/// HP's software: `$HP2100_SOFTWARE_DIR`, else `../shared/hp2100-software` beside the checkout,
/// as the test's check found it (crate `needs`).
pub fn software() -> PathBuf {
    needs::folder("hp-software")
}

/// SIMH's recording `tests/simh/NAME.simh4.txt` without its provenance header, banner, halt
/// messages and `Goodbye`: the teletype's text.
pub fn simh_teletype(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/simh/{name}.simh4.txt"));
    let text = std::fs::read_to_string(&path).unwrap();
    let (_, out) = text.split_once("\n----\n").expect("a provenance header");
    let banner_end = "http://simh.trailing-edge.com/hp\n";
    let at = out.find(banner_end).expect("SIMH's banner") + banner_end.len();
    let mut tty = String::new();
    let mut rest = &out[at..];
    // SIMH's stop message is "\nProgrammed halt, ...\n" after whatever the teletype printed.
    while let Some(i) = rest.find("\nProgrammed halt, ") {
        tty.push_str(&rest[..i]);
        let end = rest[i + 1..]
            .find('\n')
            .map_or(rest.len(), |e| i + 1 + e + 1);
        rest = &rest[end..];
    }
    tty.push_str(rest.strip_suffix("Goodbye\n").unwrap_or(rest));
    tty
}

/// Our console's run of `tests/hp2100/NAME.do` with HP's folder and `scratch` as its
/// arguments: the bytes sent to the teletype.
pub fn ours(name: &str, scratch: &Path) -> Vec<u8> {
    let mut c = console(name);
    let args = [
        software().display().to_string(),
        scratch.display().to_string(),
    ];
    let file = root().join(format!("tests/hp2100/{name}.do"));
    let status = c
        .run_file(&file, &args)
        .unwrap_or_else(|e| panic!("{e}\n{}", String::from_utf8_lossy(c.output())));
    assert_eq!(status, 0, "{name}");
    c.tty().host.inner().scripted.output().to_vec()
}

/// The text with the digits of each `JOB` and `END JOB` line (DOS-M's jobs' times, counted
/// with the time base generator while our teletype runs at its real speed) as `#`.
pub fn without_job_seconds(text: &str) -> String {
    text.split_inclusive('\n')
        .map(|line| {
            if line.starts_with("JOB ") || line.starts_with("END JOB ") {
                line.replace(|c: char| c.is_ascii_digit(), "#")
            } else {
                line.to_string()
            }
        })
        .collect()
}
