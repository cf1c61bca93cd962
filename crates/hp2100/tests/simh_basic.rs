//! HP's BASIC on this console against Open SIMH 4: the do-files `tests/hp2100/basic-prepare.do`
//! (HP's Prepare configures BASIC and punches it) and `basic-session.do` (the punched BASIC
//! booted, a program typed and run, LUNAR LANDER read with PTAPE and played) run unchanged
//! on both, and the teletype prints the same text. SIMH's output is kept in
//! `tests/simh/basic-*.simh4.txt` with its provenance; the teletype text is what is left of
//! it without SIMH's banner, its halt messages and its `Goodbye`. Here the text is the
//! teletype's own record. HP's tapes are read from `$HP2100_SOFTWARE_DIR`, else from
//! `../shared/hp2100-software` beside the checkout; without them (checked when the test runs,
//! crate `needs`) the test reports itself ignored.

#[allow(dead_code)] // each test binary uses part of the shared module
mod dofiles;

use dofiles::simh_teletype;
use std::path::Path;

needs::tests! {
    #[needs("hp-software")] basic_prepared_and_run_print_what_simh_printed,
    the_recordings_keep_the_teletype_text,
}

/// Our console's run of the do-file; the teletype's text: what it was sent, without the
/// NULs (BASIC sends one as a fill after a `;` at a line's end), which print nothing on the
/// ASR-33 and which SIMH's console does not write.
fn ours(name: &str, scratch: &Path) -> String {
    String::from_utf8_lossy(&dofiles::ours(name, scratch)).replace('\0', "")
}

fn basic_prepared_and_run_print_what_simh_printed() {
    let scratch = std::env::temp_dir().join(format!("hp2100-basic-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let prepared = ours("basic-prepare", &scratch);
    assert_eq!(
        prepared,
        simh_teletype("basic-prepare"),
        "Prepare's dialogue: ours, SIMH's"
    );
    let tape = std::fs::read(scratch.join("basic16k.abs")).unwrap();
    assert!(
        tape.len() > 14_000,
        "the configured BASIC is punched ({} frames)",
        tape.len()
    );
    let session = ours("basic-session", &scratch);
    assert_eq!(
        session,
        simh_teletype("basic-session"),
        "the session: ours, SIMH's"
    );
    assert!(session.contains(" 1.41421        1024          -4"));
    assert!(session.contains("YOUR NEXT OF KIN WILL BE NOTIFIED."));
    std::fs::remove_dir_all(&scratch).ok();
}

fn the_recordings_keep_the_teletype_text() {
    let t = simh_teletype("basic-prepare");
    assert!(t.contains(" CORE SIZE? 16\r"), "{t:?}");
    assert!(
        !t.contains("Programmed halt") && !t.contains("SIMH"),
        "{t:?}"
    );
}
