//! DOS-M generated and booted on this console against Open SIMH 4: the do-files
//! `tests/hp2100/dosm-gen.do` (HP's system generator writes DOS-M from HP's relocatable
//! tapes to a new 12557A/2870 disc image) and `dosm-boot.do` (HP's disc bootstrap boots it;
//! `:DATE`, `:JOB`, `:LIST,X,1`, `:IN`, `:EJOB`) run unchanged on both. SIMH's output is kept in
//! `tests/simh/dosm-*.simh4.txt` with its provenance; the teletype text is what is left of it
//! without SIMH's banner, its halt messages and its `Goodbye`.
//!
//! Differences, each explained in `docs/dos-m.md`: the generation prints the same text and
//! writes the same disc image byte for byte. The boot prints the same text except the jobs'
//! times in `JOB ... TIME=` and `END JOB RUN=` lines: DOS-M counts them with the time base generator,
//! and our teletype types and prints at its real ten characters a second where SIMH's is
//! fast, so the job's first seconds are longer here; the test compares those lines without
//! their digits. HP's tapes are read from `$HP2100_SOFTWARE_DIR`, else from
//! `../shared/hp2100-software` beside the checkout; without them (checked when the test
//! runs, crate `needs`) the test reports itself ignored.

#[allow(dead_code)] // each test binary uses part of the shared module
mod dofiles;

use dofiles::simh_teletype;
use std::path::Path;

needs::tests! {
    #[needs("hp-software")] dos_m_generates_and_boots_as_on_simh,
    the_hash_is_fnv1a,
    the_job_lines_lose_only_their_digits,
    the_recordings_keep_the_teletype_text,
    the_watchdog_ends_a_step_that_outlives_it_naming_the_step,
    a_run_past_its_limit_is_an_error_naming_the_line_and_p,
}

/// Our console's run of the do-file; the teletype's text.
fn ours(name: &str, scratch: &Path) -> String {
    String::from_utf8_lossy(&dofiles::ours(name, scratch)).into_owned()
}

/// The FNV-1a (64-bit) hash of SIMH's `dosm.dsk` as `dosm-gen.do` left it (SHA-256
/// a0e2eca8aac61a1778ced86422a050f4c8b5664297d4a89280d72c0d49cd0322), computed from the image
/// Open SIMH 4 (a1f57fa3) wrote on 2026-11-28: the image itself is HP's software and is not
/// kept.
const SIMH_IMAGE_FNV1A: u64 = 0x7717_f74d_af8a_16fd;

fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

fn dos_m_generates_and_boots_as_on_simh() {
    let scratch = std::env::temp_dir().join(format!("hp2100-dosm-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let generated = ours("dosm-gen", &scratch);
    assert_eq!(
        generated,
        simh_teletype("dosm-gen"),
        "the generator's dialogue: ours, SIMH's"
    );
    assert!(generated.contains("LWA SYS  06750"), "{generated}");
    assert!(
        generated.ends_with("*SYSTEM STORED ON DISC\r\n"),
        "{generated:?}"
    );
    let image = std::fs::read(scratch.join("dosm.dsk")).unwrap();
    assert_eq!(
        image.len(),
        2_494_464,
        "a full 2870 image: 203 cylinders, 2 heads, 24 sectors of 128 words"
    );
    assert_eq!(
        fnv1a(&image),
        SIMH_IMAGE_FNV1A,
        "the generated image is the one SIMH wrote"
    );
    let booted = ours("dosm-boot", &scratch);
    assert_eq!(
        dofiles::without_job_seconds(&booted),
        dofiles::without_job_seconds(&simh_teletype("dosm-boot")),
        "the boot and the job: ours, SIMH's"
    );
    assert!(booted.contains("LIBRY LB   00010  T009 002"), "{booted}");
    std::fs::remove_dir_all(&scratch).ok();
}

/// The do-files' watchdog (`dofiles` note 2): this binary runs itself on this test with
/// `DOFILES_WATCHDOG_CHILD` set, where a step outlives a bound of 0.2 s.
fn the_watchdog_ends_a_step_that_outlives_it_naming_the_step() {
    if std::env::var_os("DOFILES_WATCHDOG_CHILD").is_some() {
        let w = dofiles::Watchdog::start("the child", std::time::Duration::from_millis(200));
        w.at("a step that never ends");
        std::thread::sleep(std::time::Duration::from_secs(60));
        return;
    }
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "the_watchdog_ends_a_step_that_outlives_it_naming_the_step",
        ])
        .env("DOFILES_WATCHDOG_CHILD", "1")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(101), "{err}");
    assert!(
        err.contains("the child: still running after 0.2 s, at a step that never ends"),
        "{err}"
    );
}

/// The run limit every do-file's console has (`dofiles` note 1): a program that loops for ever
/// ends the script with an error naming its line and where the machine was.
fn a_run_past_its_limit_is_an_error_naming_the_line_and_p() {
    let mut c = dofiles::console("examine");
    let e = c
        .run_text("loop.do", "deposit 100 024100\ngo 100\n")
        .unwrap_err();
    assert!(e.to_string().contains("loop.do:2"), "{e}");
    assert!(
        e.to_string().contains("run limit reached at P: 00100"),
        "{e}"
    );
}

fn the_hash_is_fnv1a() {
    // FNV-1a's published test vectors.
    assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
    assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
}

fn the_job_lines_lose_only_their_digits() {
    let t = "@\r\nJOB       10JULY1971 TIME=0000 MIN. 16.8 SECS.\r\n@";
    let u = "@\r\nJOB       10JULY1971 TIME=0000 MIN. 00.1 SECS.\r\n@";
    assert_eq!(
        dofiles::without_job_seconds(t),
        dofiles::without_job_seconds(u)
    );
    assert_ne!(
        dofiles::without_job_seconds(t),
        dofiles::without_job_seconds("@\r\nJOB  X\r\n@")
    );
    let e = "END JOB       RUN=0000 MIN. 26.1 SEC.  EXEC=0000 MIN. 00.0 SEC. \r\n";
    assert_eq!(
        dofiles::without_job_seconds(e),
        "END JOB       RUN=#### MIN. ##.# SEC.  EXEC=#### MIN. ##.# SEC. \r\n"
    );
    assert_eq!(
        dofiles::without_job_seconds("@\r\n12500\r\n"),
        "@\r\n12500\r\n"
    );
}

fn the_recordings_keep_the_teletype_text() {
    let t = simh_teletype("dosm-gen");
    assert!(t.contains("FWA USER? \r\n7000"), "{t:?}");
    assert!(
        !t.contains("Programmed halt") && !t.contains("SIMH"),
        "{t:?}"
    );
}
