//! The instruction table's cycles against the HP 2100A facts' timing table, copied as outside
//! data in `crates/hp2100/tests/timing_facts` (its header gives the sources): each instruction
//! the facts time, decoded, has the facts' cycles with direct addressing. The machine's own
//! test (`crates/hp2100/tests/instruction_times.rs`) runs the same instructions; this one
//! fails in the crate where the table is.

#[path = "../../hp2100/tests/timing_facts/mod.rs"]
mod timing_facts;

use hp2100_isa::decode;
use timing_facts::{instructions, CYCLE_NS, SHIFTS, SHIFT_US};

#[test]
fn every_instruction_decodes_to_the_facts_cycles() {
    let mut checked = 0;
    for c in instructions().into_iter().filter(|c| c.levels == 0) {
        let i = decode(c.words[0]);
        assert_eq!(
            u64::from(i.cycles()),
            c.row.cycles,
            "{} ({:06o}, {i:?}): the facts' table ({}, {}) gives {}",
            c.name,
            c.words[0],
            c.row.class,
            c.row.tag,
            c.row.cycles
        );
        checked += 1;
    }
    assert!(checked > 80, "{checked} instructions");
}

#[test]
fn eau_shifts_take_2_to_5_microseconds() {
    for (name, op) in SHIFTS {
        for n in 1..=16u16 {
            let us = f64::from(decode(op | (n & 0o17)).cycles()) * CYCLE_NS / 1000.0;
            assert!(
                SHIFT_US.contains(&us),
                "{name} {n}: {us} µs; the facts give about 2-5 µs"
            );
        }
    }
}
