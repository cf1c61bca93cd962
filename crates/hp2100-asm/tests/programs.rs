//! The self-checking programs of `asm/hp2100/diag/` and the teletype demo, assembled and
//! booted through our Basic Binary Loader on the emulated 2100A, as an operator runs them.

mod common;

use common::*;
use hp2100::panel::Limit;
use machine_core::Stop;
use std::cell::RefCell;
use std::rc::Rc;
use teletype::Scripted;

const DIAGS: &[&str] = &[
    "asm/hp2100/diag/mrg.asm",
    "asm/hp2100/diag/asg.asm",
    "asm/hp2100/diag/srg.asm",
    "asm/hp2100/diag/eau.asm",
];

/// Run a diagnostic to its halt; `patch` may change core after the boot.
fn run_diag(
    path: &str,
    patch: impl FnOnce(&mut hp2100::Machine, &hp2100_asm::Assembly),
) -> (Stop, String) {
    let a = assemble_file(path);
    let mut m = boot(&a.tape());
    patch(&mut m, &a);
    let stop = start(&mut m, a.start.unwrap(), Limit::instructions(100_000));
    let at = match stop {
        Stop::Halt { p, .. } => listing_line(&a, (p as u16).wrapping_sub(1)),
        _ => String::new(),
    };
    (stop, at)
}

#[test]
fn every_diagnostic_passes() {
    // Every diagnostic in the directory is listed above.
    let mut found: Vec<String> = std::fs::read_dir(root().join("asm/hp2100/diag"))
        .unwrap()
        .map(|e| {
            format!(
                "asm/hp2100/diag/{}",
                e.unwrap().file_name().to_string_lossy()
            )
        })
        .filter(|n| n.ends_with(".asm"))
        .collect();
    found.sort();
    let mut listed: Vec<String> = DIAGS.iter().map(|s| s.to_string()).collect();
    listed.sort();
    assert_eq!(found, listed);
    for d in DIAGS {
        let (stop, line) = run_diag(d, |_, _| {});
        assert_eq!(stop.halt_code(), Some(0o102077), "{d}: {stop}\n{line}");
        assert!(line.contains("ALL CHECKS PASSED"), "{d}: {line}");
    }
}

#[test]
fn a_diagnostic_catches_a_wrong_constant() {
    // With K6 = 5, `CPA K6` (A = 5) no longer skips: check 2 fails.
    let (stop, line) = run_diag("asm/hp2100/diag/mrg.asm", |m, a| {
        m.poke_core(a.symbol("K6").unwrap(), 5);
    });
    assert_eq!(stop.halt_code(), Some(0o102002), "{stop}\n{line}");
    assert!(line.contains("HLT 2"), "{line}");
}

#[test]
fn the_demo_greets_and_echoes() {
    let a = assemble_file("asm/hp2100/echo.asm");
    let mut m = boot(&a.tape());
    let tty = SharedTty(Rc::new(RefCell::new(Scripted::from_lines(
        "HELLO THERE\nMARY HAD A LITTLE LAMB\n\n",
    ))));
    m.cards.tty.attach(Box::new(tty.clone()));
    let stop = start(&mut m, a.start.unwrap(), Limit::seconds(120.0));
    assert_eq!(stop.halt_code(), Some(0o102077), "{stop}");
    let paper = tty.0.borrow().paper();
    expected_output::check(root().join("tests/hp2100/echo.transcript"), &paper);
    // 10 characters a second: the run took as long as the printing on a real ASR-33.
    let chars = tty.0.borrow().output().len() as f64;
    assert!(
        m.seconds() >= chars * 0.1,
        "{} s for {chars} characters",
        m.seconds()
    );
}
