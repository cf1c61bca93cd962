//! NHEX's tape on the emulated 2100A against the same tape on SIMH: for the typed lines of
//! the golden session, the paper equals what Open SIMH 4's `hp2100` printed (recorded in
//! `tests/simh/`, whose README says how), and both end at the program's halt.

use hp2100::panel::Limit;
use nhex_hp2100::Loaded;
use std::path::{Path, PathBuf};
use teletype::{Scripted, Transcript};

fn here() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/simh")
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The lines the do-file sends (`send "LINE\r"`).
fn sent(do_file: &str) -> Vec<String> {
    do_file
        .lines()
        .filter_map(|l| {
            l.split_once("send \"")?
                .1
                .split_once("\\r\"")
                .map(|(s, _)| s.to_string())
        })
        .collect()
}

/// SIMH's teleprinter output: from NHEX's greeting to the blank line before SIMH's halt
/// message.
fn simh_paper(recording: &str) -> String {
    let from = recording
        .find("HEX O HAJIMEMASU")
        .expect("the recording has NHEX's greeting");
    let rest = &recording[from..];
    let to = rest
        .find("\n\nProgrammed halt")
        .expect("the recording ends at a halt");
    format!("{}\n", &rest[..to])
}

#[test]
fn the_golden_session_prints_on_the_emulator_what_simh_printed() {
    let record = read(&nhex_hp2100::rom::repo_root().join("tests/nhex/golden/session-1.txt"));
    let typed: Vec<String> = record
        .lines()
        .filter_map(|l| l.strip_prefix("> "))
        .map(String::from)
        .collect();
    assert_eq!(
        sent(&read(&here().join("session-1.do"))),
        typed,
        "the do-file sends the golden record's typed lines"
    );
    let recording = read(&here().join("session-1.simh41.txt"));
    assert!(
        recording.contains("Programmed halt, T: 102077 (HLT 77)"),
        "SIMH saw NHEX halt at its end"
    );
    let want = simh_paper(&recording);
    assert!(want.lines().count() > 100, "{want}");

    let input: String = typed.iter().map(|l| format!("{l}\n")).collect();
    let mut loaded = Loaded::boot().expect("boot");
    let (s, host) = loaded.play(
        Transcript::new(Scripted::from_lines(&input)),
        Limit::seconds(4.0 * 3600.0),
    );
    assert_eq!(
        s.stop.halt_code(),
        Some(nhex_hp2100::tape::HALT_DONE),
        "{}",
        s.stop
    );
    assert_eq!(host.paper(), want, "ours (left) and SIMH's");
}
