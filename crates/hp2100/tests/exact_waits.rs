//! RUN's pass over waiting loops is exact (`hp2100::wait`): HP's software run through our
//! console's do-files with the pass on and off prints every character at the same 2100A
//! instant, takes every key at the same instant, and ends with the same cycle and instruction
//! counts and the same disc image: DOS-M's generation on the disc (the generator's dialogue,
//! the first of its tapes) and the system booted, HP BASIC prepared and a session with a
//! program read from tape, HP's Extended Assembler on paper tape, and HP's interrupt-driven
//! diagnostics (teleprinter, time base generator, DMA, power fail). NHEX's session is compared
//! both ways in `nhex-hp2100` (`machine.rs`).
//!
//! HP's tapes are read from `$HP2100_SOFTWARE_DIR` and `$HP2100_DIAG_DIR`, else from
//! `../shared` beside the checkout; without them (as `build.rs` finds when the crate is built)
//! the tests are `#[ignore]`d.

#[allow(dead_code)] // each test binary uses part of the shared module
mod dofiles;

use hp2100::scp::Console;
use std::path::{Path, PathBuf};

/// What a run leaves that the pass must not change.
#[derive(Debug, PartialEq, Eq)]
struct Run {
    /// Each character printed with its 2100A instant (ns), and each key taken.
    printed: Vec<(u64, u8)>,
    typed: Vec<(u64, u8)>,
    cycles: u64,
    instructions: u64,
    /// The scratch folder's files after the run (disc images, punched tapes).
    files: Vec<(String, Vec<u8>)>,
}

/// Run do-file `file` with `args` (the scratch folder last) on one console, the pass `on` or
/// off.
fn run(file: &Path, args: &[String], on: bool) -> Run {
    let mut c = Console::new(Vec::new());
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
fn scratch(name: &str, on: bool) -> PathBuf {
    let d = std::env::temp_dir().join(format!(
        "hp2100-exact-{name}-{}-{}",
        if on { "on" } else { "off" },
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The steps (do-file, its arguments before the scratch folder) run one after another in one
/// scratch folder, each on a new console, both ways; every run compared.
fn both_ways(name: &str, steps: &[(PathBuf, Vec<String>)], setup: impl Fn(&Path)) {
    let mut ways = Vec::new();
    for on in [false, true] {
        let dir = scratch(name, on);
        setup(&dir);
        let runs: Vec<Run> = steps
            .iter()
            .map(|(file, args)| {
                let mut a = args.clone();
                a.push(dir.display().to_string());
                run(file, &a, on)
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

fn do_file(name: &str) -> PathBuf {
    dofiles::root().join(format!("tests/hp2100/{name}"))
}

fn software() -> String {
    dofiles::software().display().to_string()
}

fn diagnostics() -> String {
    std::env::var_os("HP2100_DIAG_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| dofiles::root().join("../shared/hp2100-diagnostics"))
        .display()
        .to_string()
}

/// `dosm-gen.do` up to its third tape, then the machine left at the generator's halt: the
/// dialogue, the disc's formatting and the first tapes, without the time of every tape.
fn generation_start(dir: &Path) -> PathBuf {
    let text = std::fs::read_to_string(do_file("dosm-gen.do")).unwrap();
    let cut = text
        .find("call module %1 24225-03_EX3\n")
        .expect("the generation's third tape");
    let sub = text.find("\n:module\n").expect("the module subroutine");
    let short = format!("{}exit\n{}", &text[..cut], &text[sub..]);
    let path = dir.join("dosm-gen-start.do");
    std::fs::write(&path, short).unwrap();
    path
}

const NEEDS_SOFTWARE: &str = "needs HP's software in $HP2100_SOFTWARE_DIR or ../shared/hp2100-software beside the checkout, found when the crate is built";

#[test]
#[cfg_attr(
    not(with_hp_software),
    ignore = "needs HP's software in $HP2100_SOFTWARE_DIR or ../shared/hp2100-software beside the checkout, found when the crate is built"
)]
fn dos_m_generations_start_is_the_same_both_ways() {
    // The shortened do-file lives outside the scratch folders, which are compared.
    let here = std::env::temp_dir().join(format!("hp2100-exact-start-{}", std::process::id()));
    std::fs::create_dir_all(&here).unwrap();
    let start = generation_start(&here);
    both_ways("dosm-start", &[(start, vec![software()])], |_| {});
    let _ = std::fs::remove_dir_all(&here);
}

#[test]
#[cfg_attr(
    not(with_hp_software),
    ignore = "needs HP's software in $HP2100_SOFTWARE_DIR or ../shared/hp2100-software beside the checkout, found when the crate is built"
)]
fn dos_m_booted_is_the_same_both_ways() {
    // One generation (with the pass), then the boot both ways, each on its own copy.
    let made = std::env::temp_dir().join(format!("hp2100-exact-disc-{}", std::process::id()));
    std::fs::create_dir_all(&made).unwrap();
    let generated = run(
        &do_file("dosm-gen.do"),
        &[software(), made.display().to_string()],
        true,
    );
    assert!(generated.files.iter().any(|(n, _)| n == "dosm.dsk"));
    let image = std::fs::read(made.join("dosm.dsk")).unwrap();
    both_ways(
        "dosm-boot",
        &[(do_file("dosm-boot.do"), vec![software()])],
        |dir| std::fs::write(dir.join("dosm.dsk"), &image).unwrap(),
    );
    let _ = std::fs::remove_dir_all(&made);
}

/// The whole generation both ways: every instruction of its 23 minutes of 2100A time executed
/// one way, so it takes a while (`cargo test --release -p hp2100 --test exact_waits --
/// --ignored`); the tests above cover its start and the boot of what it writes.
#[test]
#[ignore = "slow (the whole DOS-M generation executed instruction by instruction): run with --ignored"]
fn dos_m_whole_generation_is_the_same_both_ways() {
    assert!(
        dofiles::software().join("dos-m").is_dir(),
        "{NEEDS_SOFTWARE}"
    );
    both_ways(
        "dosm",
        &[
            (do_file("dosm-gen.do"), vec![software()]),
            (do_file("dosm-boot.do"), vec![software()]),
        ],
        |_| {},
    );
}

#[test]
#[cfg_attr(
    not(with_hp_software),
    ignore = "needs HP's software in $HP2100_SOFTWARE_DIR or ../shared/hp2100-software beside the checkout, found when the crate is built"
)]
fn basic_prepared_and_a_session_are_the_same_both_ways() {
    both_ways(
        "basic",
        &[
            (do_file("basic-prepare.do"), vec![software()]),
            (do_file("basic-session.do"), vec![software()]),
        ],
        |_| {},
    );
}

#[test]
#[cfg_attr(
    not(with_hp_software),
    ignore = "needs HP's software in $HP2100_SOFTWARE_DIR or ../shared/hp2100-software beside the checkout, found when the crate is built"
)]
fn hps_assembler_on_paper_tape_is_the_same_both_ways() {
    // A short program with its listing (the teleprinter's waits) and its binary tape, as the
    // tape `asmb-nhex.do` reads.
    let source = "ASMB,A,B,L\n      ORG 100B\nSTART LDA MSG\n      OTA 11B\n      STC 11B,C\n      SFS 11B\n      JMP *-1\n      HLT 77B\nMSG   OCT 101\n      END START\n";
    let mut tape = Vec::new();
    for line in source.lines() {
        tape.extend_from_slice(line.as_bytes());
        tape.extend_from_slice(b"\r\n");
    }
    tape.resize(tape.len() + 100, 0);
    both_ways(
        "asmb",
        &[(do_file("bench/asmb-nhex.do"), vec![software()])],
        |dir| std::fs::write(dir.join("nhex-src.txt"), &tape).unwrap(),
    );
}

#[test]
#[cfg_attr(
    not(with_hp_tapes),
    ignore = "needs HP's diagnostic tapes in $HP2100_DIAG_DIR or ../shared/hp2100-diagnostics beside the checkout, found when the crate is built"
)]
fn hps_interrupt_driven_diagnostics_are_the_same_both_ways() {
    for (name, extra) in [("tty.do", vec![]), ("tbg.do", vec![]), ("pwr.do", vec![])] {
        let mut args = vec![diagnostics()];
        args.extend(extra);
        both_ways(name, &[(do_file(name), args)], |_| {});
    }
}
