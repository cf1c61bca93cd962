//! Our Basic Binary Loader (`asm/hp2100/bbl.asm`, installed from `roms/bbl.abs`) on the
//! emulated 2100A: the halts and modes of docs/hp2100a.md §4.2, and random programs loaded
//! from tape reading back identically.

mod common;

use common::*;
use hp2100::panel::Limit;
use hp2100::{bbl_words, Config, Machine};
use hp2100_isa::tape::{self, Record, TapeError};
use machine_core::Stop;
use proptest::prelude::*;
use std::collections::BTreeMap;

const LIMIT: Limit = Limit {
    instructions: Some(50_000_000),
    ..Limit::NONE
};

/// Mount `tape` and start the loader with the switch register at `mode` (the operator sets
/// S = 037700, LOAD ADDRESS, then the mode bits, LOADER ENABLE, PRESET, RUN).
fn run_loader(m: &mut Machine, tape: &[u8], mode: u16) -> Stop {
    m.cards.ptr.load(tape.to_vec());
    m.install_loader(&bbl_words());
    m.s = m.loader_base();
    m.load_address();
    m.s = mode;
    m.set_loader_enabled(true);
    m.preset();
    m.run(LIMIT)
}

/// RUN again after a loader halt (the halt re-protected the loader: LOADER ENABLE first).
fn resume(m: &mut Machine) -> Stop {
    m.set_loader_enabled(true);
    m.run(LIMIT)
}

fn fresh() -> Machine {
    Machine::new(Config::default()).unwrap()
}

fn rec(addr: u16, words: &[u16]) -> Record {
    Record {
        addr,
        words: words.to_vec(),
    }
}

#[test]
fn loads_and_ends_with_a_and_b_clear() {
    let mut m = fresh();
    let stop = run_loader(
        &mut m,
        &tape::write(&[rec(0o100, &[1, 2, 3]), rec(0o2000, &[4])], 5),
        0,
    );
    let Stop::Halt { code, p, .. } = stop else {
        panic!("{stop}")
    };
    assert_eq!(code, 0o102077);
    assert!((0o37700..=0o37777).contains(&p), "{p:o}");
    assert_eq!((m.a, m.b), (0, 0));
    assert_eq!(
        [m.peek_core(0o100), m.peek_core(0o101), m.peek_core(0o102)],
        [1, 2, 3]
    );
    assert_eq!(m.peek_core(0o2000), 4);
    // The halt protected the loader area again.
    assert!(!m.loader_enabled());
}

#[test]
fn checksum_error_halts_with_both_sums_and_run_goes_on() {
    let mut t = tape::write(&[rec(0o100, &[1, 2, 3]), rec(0o200, &[7])], 10);
    t[10 + 4 + 1] ^= 0o1; // the low byte of the first data word
    let Err(TapeError::Checksum {
        on_tape, computed, ..
    }) = tape::parse(&t)
    else {
        panic!("the damaged tape still parses")
    };
    let mut m = fresh();
    let stop = run_loader(&mut m, &t, 0);
    assert_eq!(stop.halt_code(), Some(0o102011), "{stop}");
    assert_eq!((m.a, m.b), (on_tape, computed));
    // RUN: the loader goes on with the next record and finishes.
    assert_eq!(resume(&mut m).halt_code(), Some(0o102077));
    assert_eq!(m.peek_core(0o200), 7);
}

#[test]
fn a_record_over_the_loader_is_refused() {
    let mut m = fresh();
    let words = vec![0o177777; 0o40];
    let stop = run_loader(&mut m, &tape::write(&[rec(0o37650, &words)], 10), 0);
    assert_eq!(stop.halt_code(), Some(0o102055), "{stop}");
    // Nothing of the record was stored, and RUN does not go on.
    assert_eq!(m.peek_core(0o37650), 0);
    assert_eq!(resume(&mut m).halt_code(), Some(0o102055));
    assert_eq!(m.peek_core(0o37700), bbl_words()[0]);
    // A record that ends just below the loader is fine.
    let mut m = fresh();
    let stop = run_loader(&mut m, &tape::write(&[rec(0o37640, &words)], 10), 0);
    assert_eq!(stop.halt_code(), Some(0o102077), "{stop}");
    assert_eq!(m.peek_core(0o37677), 0o177777);
}

#[test]
fn verify_mode_stores_nothing() {
    let mut m = fresh();
    let t = tape::write(&[rec(0o100, &[1, 2, 3])], 10);
    assert_eq!(run_loader(&mut m, &t, 0o000001).halt_code(), Some(0o102077));
    assert_eq!(m.peek_core(0o100), 0);
}

#[test]
fn compare_mode_halts_on_a_difference() {
    let mut m = fresh();
    let t = tape::write(&[rec(0o100, &[1, 2, 3])], 10);
    assert_eq!(run_loader(&mut m, &t, 0).halt_code(), Some(0o102077));
    assert_eq!(run_loader(&mut m, &t, 0o100000).halt_code(), Some(0o102077));
    m.poke_core(0o101, 0o777);
    let stop = run_loader(&mut m, &t, 0o100000);
    assert_eq!(stop.halt_code(), Some(0o102000), "{stop}");
    assert_eq!(m.a, 2);
    assert_eq!(m.peek_core(0o101), 0o777);
    assert_eq!(resume(&mut m).halt_code(), Some(0o102077));
}

#[test]
fn ten_nuls_after_a_record_end_the_tape() {
    let a = tape::write(&[rec(0o100, &[1])], 0);
    let b = tape::write(&[rec(0o200, &[2])], 0);
    // Nine NULs between records: the loader goes on.
    let mut t = vec![0; 300];
    t.extend(&a[..a.len() - 10]);
    t.extend([0; 9]);
    t.extend(&b);
    let mut m = fresh();
    assert_eq!(run_loader(&mut m, &t, 0).halt_code(), Some(0o102077));
    assert_eq!((m.peek_core(0o100), m.peek_core(0o200)), (1, 2));
    // Ten NULs: the second record is past the end of the tape.
    let mut t = a.clone();
    t.extend(&b);
    let mut m = fresh();
    assert_eq!(run_loader(&mut m, &t, 0).halt_code(), Some(0o102077));
    assert_eq!((m.peek_core(0o100), m.peek_core(0o200)), (1, 0));
}

/// Blocks of octal constants at random origins below the loader.
fn program() -> impl Strategy<Value = Vec<(u16, Vec<u16>)>> {
    proptest::collection::vec(
        (
            2u16..0o37000,
            proptest::collection::vec(any::<u16>(), 1..150),
        ),
        1..6,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn random_programs_load_through_the_loader(blocks in program()) {
        let mut src = String::new();
        let mut image = BTreeMap::new();
        for (org, words) in &blocks {
            src.push_str(&format!("      ORG {org:o}B\n"));
            for (k, w) in words.iter().enumerate() {
                src.push_str(&format!("      OCT {w:o}\n"));
                image.insert(org + k as u16, *w);
            }
        }
        src.push_str("      END\n");
        let a = hp2100_asm::assemble(&[hp2100_asm::Source::new("r.asm", src.as_str())]);
        prop_assert!(a.is_ok(), "{}", a.report);
        let m = boot(&a.tape());
        for addr in 2..0o37700u16 {
            prop_assert_eq!(m.peek_core(addr), image.get(&addr).copied().unwrap_or(0), "at {:o}", addr);
        }
    }
}
