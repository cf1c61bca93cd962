//! HP's own diagnostics as acceptance tests: each script in `tests/hp2100/` boots HP's
//! diagnostic configurator with our Basic Binary Loader, lets it load a diagnostic, runs it and
//! asserts HP's pass halt. The tapes are HP's software and are not part of the project: they
//! are read from `$HP2100_DIAG_DIR`, else from `../shared/hp2100-diagnostics` beside the
//! checkout. Each test is checked for them when it runs (crate `needs`): without them it
//! reports itself ignored, saying why, and the summary counts it; `RETRO_REQUIRE_HP_TAPES=1`
//! makes their absence a failure.

#[allow(dead_code)] // each test binary uses part of the shared module
mod dofiles;

use std::sync::OnceLock;

needs::tests! {
    #[needs("hp-tapes")] configurator_identifies_a_2100,
    #[needs("hp-tapes")] memory_reference_group,
    #[needs("hp-tapes")] alter_skip_group,
    #[needs("hp-tapes")] shift_rotate_group,
    #[needs("hp-tapes")] core_memory,
    #[needs("hp-tapes")] extended_arithmetic_unit,
    #[needs("hp-tapes")] teleprinter_basic_io_section,
    #[needs("hp-tapes")] io_instruction_group_on_the_microcircuit_loopback,
    #[needs("hp-tapes")] general_purpose_register_on_the_microcircuit_loopback,
    #[needs("hp-tapes")] general_purpose_register_on_the_reader_card_8_bits,
    #[needs("hp-tapes")] general_purpose_register_on_the_punch_card_8_bits,
    #[needs("hp-tapes")] time_base_generator_in_2100a_time,
    #[needs("hp-tapes")] power_fail_and_auto_restart,
    #[needs("hp-tapes")] dma_both_channels_on_the_microcircuit_loopback,
    #[needs("hp-tapes")] paper_tape_reader_and_punch_with_the_punch_feeding_the_reader,
    #[needs("hp-tapes")] memory_protect_without_the_parity_test,
}

/// Run a script; returns (exit status, console output).
fn run(script: &str) -> (i32, String) {
    run_with(script, &[])
}

/// Run a script with arguments after the tape folder (%2, %3 ...).
fn run_with(script: &str, args: &[&str]) -> (i32, String) {
    let dir = needs::folder("hp-tapes");
    let mut c = dofiles::console(script.trim_end_matches(".do"));
    let path = needs::root().join("tests/hp2100").join(script);
    let mut all = vec![dir.display().to_string()];
    all.extend(args.iter().map(|a| a.to_string()));
    let status = c.run_file(&path, &all).unwrap_or_else(|e| panic!("{e}"));
    let text = String::from_utf8_lossy(c.output()).replace('\r', "");
    (status, text)
}

fn passes(script: &str, banner: &str) {
    check(script, &run(script), banner);
}

fn check(script: &str, (status, text): &(i32, String), banner: &str) {
    assert!(text.contains(banner), "{script}: no '{banner}' in:\n{text}");
    assert_eq!(*status, 0, "{script}:\n{text}");
}

/// The MRG run, which also shows the configurator's report: run once for both tests.
fn mrg() -> &'static (i32, String) {
    static RUN: OnceLock<(i32, String)> = OnceLock::new();
    RUN.get_or_init(|| run("mrg.do"))
}

fn configurator_identifies_a_2100() {
    check("mrg.do", mrg(), "2100, NO DMA, MPRT, 16K MEMORY");
}

fn memory_reference_group() {
    check("mrg.do", mrg(), "MRG diagnostic passed");
}

fn alter_skip_group() {
    passes("asg.do", "ASG diagnostic passed");
}

fn shift_rotate_group() {
    passes("srg.do", "SRG diagnostic passed");
}

fn core_memory() {
    passes("mem.do", "core memory diagnostic passed");
}

fn extended_arithmetic_unit() {
    let (status, text) = run("eau.do");
    assert!(text.contains("2100 SERIES EAU DIAGNOSTIC"), "{text}");
    assert!(
        text.split_whitespace()
            .collect::<Vec<_>>()
            .windows(4)
            .any(|w| w == ["END", "OF", "PASS", "1"]),
        "{text}"
    );
    assert!(text.contains("EAU diagnostic passed"), "{text}");
    assert_eq!(status, 0, "{text}");
}

fn teleprinter_basic_io_section() {
    let (status, text) = run("tty.do");
    assert!(text.contains("START TTY DIAGNOSTIC"), "{text}");
    assert!(text.contains("H025 BI-O COMP"), "{text}");
    assert!(text.contains("TTY basic I/O section passed"), "{text}");
    assert_eq!(status, 0, "{text}");
}

/// Run a script and check that its output has every one of `texts`, no HP error message
/// (`Ennn` at the start of a line) and a status of 0.
fn passes_with(script: &str, args: &[&str], texts: &[&str]) {
    let (status, text) = run_with(script, args);
    for t in texts {
        assert!(text.contains(t), "{script}: no '{t}' in:\n{text}");
    }
    assert!(
        !text
            .lines()
            .any(|l| l.starts_with('E') && l[1..].starts_with(|c: char| c.is_ascii_digit())),
        "{script}: an error message in:\n{text}"
    );
    assert_eq!(status, 0, "{script}:\n{text}");
}

fn io_instruction_group_on_the_microcircuit_loopback() {
    passes_with(
        "iog.do",
        &[],
        &[
            "EXTENDER DIAGNOSTIC DSN 141203",
            "PASS 000001",
            "I/O group diagnostic passed",
        ],
    );
}

fn general_purpose_register_on_the_microcircuit_loopback() {
    passes_with(
        "gpr.do",
        &["MC1", "000045"],
        &[
            "H025 BASIC I-O COMPLETED",
            "PASS 000001",
            "GPR diagnostic passed on MC1",
        ],
    );
}

fn general_purpose_register_on_the_reader_card_8_bits() {
    passes_with(
        "gpr.do",
        &["PTR", "004010"],
        &[
            "H025 BASIC I-O COMPLETED",
            "PASS 000001",
            "GPR diagnostic passed on PTR",
        ],
    );
}

fn general_purpose_register_on_the_punch_card_8_bits() {
    passes_with(
        "gpr.do",
        &["PTP", "004012"],
        &[
            "H025 BASIC I-O COMPLETED",
            "PASS 000001",
            "GPR diagnostic passed on PTP",
        ],
    );
}

fn time_base_generator_in_2100a_time() {
    passes_with(
        "tbg.do",
        &[],
        &[
            "TBG DIAGNOSTIC, DSN = 103301",
            "H030 TEST 01 IN PROGRESS",
            "H030 TEST 02 IN PROGRESS",
            "H030 TEST 12 IN PROGRESS",
            "PASS 000001",
            "TBG diagnostic passed",
        ],
    );
}

fn power_fail_and_auto_restart() {
    passes_with(
        "pwr.do",
        &[],
        &[
            "H0 2100 SERIES PWR FAIL DIAGNOSTIC",
            "H4 THERE HAVE BEEN  0001 TESTS",
            "H4 THERE HAVE BEEN  0002 TESTS",
            "power fail diagnostic passed",
        ],
    );
}

fn dma_both_channels_on_the_microcircuit_loopback() {
    passes_with(
        "dma.do",
        &[],
        &[
            "2100, DMA, MPRT, 16K MEMORY",
            "DMA-DCPC DIAGNOSTIC",
            "H324 PRESS PRESET AND RUN",
            "PASS 000001",
            "DMA diagnostic passed",
        ],
    );
}

fn paper_tape_reader_and_punch_with_the_punch_feeding_the_reader() {
    let scratch = std::env::temp_dir().join(format!("hp2100-ptrp-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    passes_with(
        "ptrp.do",
        &[&scratch.display().to_string()],
        &[
            "PAPER TAPE READER AND PUNCH DIAGNOSTIC DSN 146200",
            "H025 BI-O COMP",
            "H057 TO COMPLETE, TEAR TAPE, PRESS RUN",
            "H066 TEST 11 COMPLETE",
            "H103 TEST 12 COMPLETE",
            "PASS 000001",
            "reader/punch diagnostic passed",
        ],
    );
    // Test 07's loop: 60 NULs, then three 59-byte blocks, each opening with the sync frame.
    let tape = std::fs::read(scratch.join("loop.punch")).unwrap();
    assert_eq!(tape.len(), 305);
    assert!(tape[..60].iter().all(|&b| b == 0));
    assert_eq!(tape[60..64], [0xff, 0x81, 0x55, 0xaa]);
    // Test 02's tape: every character.
    assert_eq!(
        std::fs::read(scratch.join("scratch.punch")).unwrap().len(),
        1144
    );
    std::fs::remove_dir_all(&scratch).ok();
}

fn memory_protect_without_the_parity_test() {
    passes_with(
        "mp.do",
        &[],
        &[
            "MEMORY PROTECT-PARITY ERROR DIAGNOSTIC",
            "H314 PRESS HALT,PRESET AND RUN WITHIN 30 SECONDS",
            "PASS 000001",
            "MP diagnostic passed",
        ],
    );
}
