//! HP's own diagnostics as acceptance tests: each script in `tests/hp2100/` boots HP's
//! diagnostic configurator with our Basic Binary Loader, lets it load a diagnostic, runs it and
//! asserts HP's pass halt. The tapes are HP's software and are not part of the project: they
//! are read from `$HP2100_DIAG_DIR`, else from `../shared/hp2100-diagnostics` beside the
//! checkout; without either, the tests say that they were skipped.

use hp2100::scp::Console;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn tapes() -> Option<PathBuf> {
    let dir = std::env::var_os("HP2100_DIAG_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("../shared/hp2100-diagnostics"));
    dir.join("24296-60001_DSN000200_DIAGNOSTIC_CONFIGURATOR.abin")
        .exists()
        .then_some(dir)
}

/// Run a script; returns (exit status, console output).
fn run(script: &str) -> Option<(i32, String)> {
    let Some(dir) = tapes() else {
        eprintln!("skipped: HP's diagnostic tapes not found (set HP2100_DIAG_DIR)");
        return None;
    };
    let mut c = Console::new(Vec::new());
    let path = root().join("tests/hp2100").join(script);
    let status = c
        .run_file(&path, &[dir.display().to_string()])
        .unwrap_or_else(|e| panic!("{e}"));
    let text = String::from_utf8_lossy(c.output()).replace('\r', "");
    Some((status, text))
}

fn passes(script: &str, banner: &str) {
    if let Some((status, text)) = run(script) {
        assert!(text.contains(banner), "{script}: no '{banner}' in:\n{text}");
        assert_eq!(status, 0, "{script}:\n{text}");
    }
}

#[test]
fn configurator_identifies_a_2100() {
    passes("mrg.do", "2100, NO DMA, MPRT, 16K MEMORY");
}

#[test]
fn memory_reference_group() {
    passes("mrg.do", "MRG diagnostic passed");
}

#[test]
fn alter_skip_group() {
    passes("asg.do", "ASG diagnostic passed");
}

#[test]
fn shift_rotate_group() {
    passes("srg.do", "SRG diagnostic passed");
}

#[test]
fn extended_arithmetic_unit() {
    if let Some((status, text)) = run("eau.do") {
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
}

#[test]
fn teleprinter_basic_io_section() {
    if let Some((status, text)) = run("tty.do") {
        assert!(text.contains("START TTY DIAGNOSTIC"), "{text}");
        assert!(text.contains("H025 BI-O COMP"), "{text}");
        assert!(text.contains("TTY basic I/O section passed"), "{text}");
        assert_eq!(status, 0, "{text}");
    }
}
