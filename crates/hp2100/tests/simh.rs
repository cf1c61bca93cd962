//! The console against SIMH's: the scripts of `tests/simh/` run on this console give the same
//! examined values as SIMH's `hp2100` gave (recorded beside them) and, when it is installed,
//! gives now (ignored without it, required by `RETRO_REQUIRE_SIMH=1`). `tests/simh/README.md`
//! says how the recordings were made and what may differ. Whether SIMH is installed is
//! checked when the test runs (crate `needs`).

#[allow(dead_code)] // each test binary uses part of the shared module
mod dofiles;

use hp2100::scp::Console;
use std::path::{Path, PathBuf};
use std::process::Command;

needs::tests! {
    #[needs("simh")] the_installed_simh_gives_the_same_values_for_every_script,
    examine_and_deposit_forms_agree_with_simh,
    a_boot_from_tape_loads_what_simh_loads,
    the_shared_devices_answer_where_simh_s_do,
    show_dev_lists_the_devices_in_simh_4s_order,
}

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/simh")
}

fn tape() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../roms/nhex.abs")
        .display()
        .to_string()
}

/// The devices both simulators have, with their select codes, as `show dev` and `show DEV`
/// list them (SIMH 3.8: `PTR, devno=10`; here: `PTR, SC=10`).
const SHARED_DEVICES: [&str; 3] = ["PTR", "TTY", "PTP"];

/// `NAME:<tab>VALUE` lines, an instruction's octal operands without HP's `B`; and a shared
/// device's line as `device NAME SC` (a `show dev` list sorted by name).
fn values(text: &str) -> Vec<String> {
    // SIMH 3.8: `PTR, devno=10`; SIMH 4 and this console: `PTR     select code=10`.
    let device = |l: &str| {
        let name = l.split([',', ' ']).next()?;
        SHARED_DEVICES.contains(&name).then_some(())?;
        let rest = l[name.len()..].trim_start_matches(',').trim();
        let sc = rest.split(", ").find_map(|w| {
            w.strip_prefix("devno=")
                .or_else(|| w.strip_prefix("SC="))
                .or_else(|| w.strip_prefix("select code="))
        })?;
        Some(format!("device {name} {sc}"))
    };
    let mut out: Vec<String> = text
        .lines()
        .filter_map(|l| device(l).or_else(|| value(l)))
        .collect();
    // `show dev` lists the devices in each simulator's own order.
    for run in out.chunk_by_mut(|a, b| a.starts_with("device ") && b.starts_with("device ")) {
        run.sort();
    }
    out
}

/// A `NAME:<tab>VALUE` line, an instruction's octal operands without HP's `B`.
fn value(l: &str) -> Option<String> {
    // SIMH 4 names characters (`'S'`, `NUL,'S'`) where SIMH 3.8 wrote `S`, `<000>S`.
    let l = &l.replace("'", "").replace("NUL,", "<000>");
    Some(l)
        .filter(|l| l.split_once(":\t").is_some_and(|(n, _)| !n.contains(' ')))
        .map(|l| {
            l.split([' ', ','])
                .map(|w| match w.strip_suffix('B') {
                    Some(n) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => n,
                    _ => w,
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
}

fn ours(script: &str) -> String {
    let mut c = dofiles::console(script.trim_end_matches(".sim"));
    let status = c
        .run_file(&dir().join(script), &[tape()])
        .unwrap_or_else(|e| panic!("{script}: {e}"));
    assert_eq!(status, 0, "{script}");
    String::from_utf8_lossy(c.output()).replace('\r', "")
}

fn check(name: &str) {
    let mine = values(&ours(&format!("{name}.sim")));
    let recorded = std::fs::read_to_string(dir().join(format!("{name}.simh38.txt"))).unwrap();
    let recorded = values(&recorded);
    assert!(recorded.len() > 5, "{name}: the recording has values");
    assert_eq!(
        mine, recorded,
        "{name}: ours (left) and SIMH 3.8's recording"
    );
}

/// The script `name` on this console and on the installed SIMH `hp2100`: the same values.
fn check_live(name: &str) {
    let mine = values(&ours(&format!("{name}.sim")));
    let out = Command::new("hp2100")
        .arg(dir().join(format!("{name}.sim")))
        .arg(tape())
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("{name}: SIMH's hp2100 cannot be run: {e}"));
    let now = values(&String::from_utf8_lossy(&out.stdout));
    assert_eq!(
        mine, now,
        "{name}: ours (left) and the installed SIMH hp2100"
    );
}

/// Without SIMH (Debian package `simh`) this reports itself ignored, so the summary counts it;
/// `RETRO_REQUIRE_SIMH=1` (CI) makes its absence a failure.
fn the_installed_simh_gives_the_same_values_for_every_script() {
    for name in ["examine", "boot", "devices"] {
        check_live(name);
    }
}

fn examine_and_deposit_forms_agree_with_simh() {
    check("examine");
}

fn a_boot_from_tape_loads_what_simh_loads() {
    check("boot");
}

fn the_shared_devices_answer_where_simh_s_do() {
    check("devices");
}

/// `show dev`'s device names in order and the select codes of those SIMH lists as
/// `NAME  ..., select code=NN` (Open SIMH 4's form) or `NAME, SC=NN` (this console's).
fn device_list(text: &str) -> Vec<(String, Option<String>)> {
    let start = text
        .find("HP 2100 simulator configuration\n\n")
        .expect("a show dev heading");
    text[start..]
        .lines()
        .skip(2)
        .take_while(|l| {
            !l.trim().is_empty() && !l.starts_with("Keyboard poll") && !l.starts_with("sim>")
        })
        .map(|l| {
            let name = l.split([',', ' ']).next().unwrap_or("").to_string();
            let sc = l
                .split(", ")
                .flat_map(|w| w.split("  "))
                .find_map(|w| {
                    let w = w.trim();
                    w.strip_prefix("select code=")
                        .or_else(|| w.strip_prefix("SC="))
                })
                .map(String::from);
            (name, sc)
        })
        .collect()
}

fn show_dev_lists_the_devices_in_simh_4s_order() {
    let recorded = std::fs::read_to_string(dir().join("devices.simh4.txt")).unwrap();
    let simh = device_list(&recorded);
    let mut c = Console::new(Vec::new());
    c.execute("show dev").unwrap();
    let mine = device_list(&String::from_utf8_lossy(c.output()));
    let names: Vec<&String> = mine.iter().map(|(n, _)| n).collect();
    let theirs: Vec<&String> = simh
        .iter()
        .map(|(n, _)| n)
        .filter(|n| names.contains(n))
        .collect();
    assert_eq!(names, theirs, "ours (left) in SIMH 4's order (right)");
    for dev in SHARED_DEVICES {
        let find = |list: &[(String, Option<String>)]| {
            list.iter()
                .find(|(n, _)| n == dev)
                .and_then(|(_, sc)| sc.clone())
        };
        assert_eq!(find(&mine), find(&simh), "{dev}'s select code");
        assert!(find(&mine).is_some(), "{dev}");
    }
}
