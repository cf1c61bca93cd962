//! What the tests of the wait pass's exactness share (`exact_waits.rs`,
//! `exact_waits_whole.rs`): a do-file's run with the pass on or off, and the comparison of the
//! runs both ways.

use crate::dofiles;
use std::path::{Path, PathBuf};

/// What a run leaves that the pass must not change.
#[derive(Debug, PartialEq, Eq)]
pub struct Run {
    /// Each character printed with its 2100A instant (ns), and each key taken.
    pub printed: Vec<(u64, u8)>,
    pub typed: Vec<(u64, u8)>,
    pub cycles: u64,
    pub instructions: u64,
    /// The scratch folder's files after the run (disc images, punched tapes).
    pub files: Vec<(String, Vec<u8>)>,
}

/// Run do-file `file` with `args` (the scratch folder last) on one console with the do-file
/// `limit`'s run limit (`dofiles` note 1), the pass `on` or off.
pub fn run(file: &Path, limit: &str, args: &[String], on: bool) -> Run {
    let mut c = dofiles::console(limit);
    c.machine.set_wait_skipping(on);
    let status = c
        .run_file(file, args)
        .unwrap_or_else(|e| panic!("{e}\n{}", String::from_utf8_lossy(c.output())));
    assert_eq!(status, 0, "{}", file.display());
    let host = &c.tty().host;
    let scratch = Path::new(args.last().expect("a scratch folder"));
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(scratch)
        .map(|d| {
            d.filter_map(Result::ok)
                .map(|e| {
                    let name = e.file_name().to_string_lossy().into_owned();
                    (name, std::fs::read(e.path()).unwrap_or_default())
                })
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    Run {
        printed: host.printed().to_vec(),
        typed: host.typed().to_vec(),
        cycles: c.machine.cycles,
        instructions: c.machine.instructions,
        files,
    }
}

/// A fresh scratch folder for one way of one test.
pub fn scratch(name: &str, on: bool) -> PathBuf {
    let d = std::env::temp_dir().join(format!(
        "hp2100-exact-{name}-{}-{}",
        if on { "on" } else { "off" },
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The steps (do-file, the do-file whose run limit it takes, its arguments before the scratch
/// folder) run one after another in one scratch folder, each on a new console, both ways;
/// every run compared.
pub fn both_ways(name: &str, steps: &[(PathBuf, &str, Vec<String>)], setup: impl Fn(&Path)) {
    let mut ways = Vec::new();
    for on in [false, true] {
        let dir = scratch(name, on);
        setup(&dir);
        let runs: Vec<Run> = steps
            .iter()
            .map(|(file, limit, args)| {
                let mut a = args.clone();
                a.push(dir.display().to_string());
                run(file, limit, &a, on)
            })
            .collect();
        let _ = std::fs::remove_dir_all(&dir);
        ways.push(runs);
    }
    let (off, on) = (&ways[0], &ways[1]);
    for (i, (a, b)) in off.iter().zip(on).enumerate() {
        assert!(!a.printed.is_empty(), "{name} step {i}: nothing printed");
        if let Some(k) =
            (0..a.printed.len().min(b.printed.len())).find(|&k| a.printed[k] != b.printed[k])
        {
            panic!(
                "{name} step {i}: character {k} printed at {:?} executing every instruction, at {:?} with the pass",
                a.printed[k], b.printed[k]
            );
        }
        assert_eq!(a, b, "{name} step {i}: the runs differ");
    }
}

pub fn do_file(name: &str) -> PathBuf {
    dofiles::root().join(format!("tests/hp2100/{name}"))
}

pub fn software() -> String {
    dofiles::software().display().to_string()
}

pub fn diagnostics() -> String {
    needs::folder("hp-tapes").display().to_string()
}
