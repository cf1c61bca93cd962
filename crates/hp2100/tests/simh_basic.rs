//! HP's BASIC on this console against Open SIMH 4: the do-files `tests/hp2100/basic-prepare.do`
//! (HP's Prepare configures BASIC and punches it) and `basic-session.do` (the punched BASIC
//! booted, a program typed and run, LUNAR LANDER read with PTAPE and played) run unchanged
//! on both, and the teletype prints the same text. SIMH's output is kept in
//! `tests/simh/basic-*.simh4.txt` with its provenance; the teletype text is what is left of
//! it without SIMH's banner, its halt messages and its `Goodbye`. Here the text is the
//! teletype's own record. HP's tapes are read from `$HP2100_SOFTWARE_DIR`, else from
//! `../shared/hp2100-software` beside the checkout; without them (as `build.rs` finds when the
//! crate is built) the test is `#[ignore]`d.

use hp2100::scp::Console;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn software() -> PathBuf {
    std::env::var_os("HP2100_SOFTWARE_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("../shared/hp2100-software"))
}

/// SIMH's recording without its provenance header, banner, halt messages and `Goodbye`.
fn simh_teletype(name: &str) -> String {
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

/// Our console's run of the do-file; the teletype's text: what it was sent, without the
/// NULs (BASIC sends one as a fill after a `;` at a line's end), which print nothing on the
/// ASR-33 and which SIMH's console does not write.
fn ours(name: &str, scratch: &Path) -> String {
    let mut c = Console::new(Vec::new());
    let args = [
        software().display().to_string(),
        scratch.display().to_string(),
    ];
    let file = root().join(format!("tests/hp2100/{name}.do"));
    let status = c
        .run_file(&file, &args)
        .unwrap_or_else(|e| panic!("{e}\n{}", String::from_utf8_lossy(c.output())));
    assert_eq!(status, 0, "{name}");
    let sent = c.tty().host.inner().scripted.output();
    String::from_utf8_lossy(sent).replace('\0', "")
}

#[test]
#[cfg_attr(
    not(with_hp_software),
    ignore = "needs HP's software in $HP2100_SOFTWARE_DIR or ../shared/hp2100-software beside the checkout, found when the crate is built"
)]
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

#[test]
fn the_recordings_keep_the_teletype_text() {
    let t = simh_teletype("basic-prepare");
    assert!(t.contains(" CORE SIZE? 16\r"), "{t:?}");
    assert!(
        !t.contains("Programmed halt") && !t.contains("SIMH"),
        "{t:?}"
    );
}
