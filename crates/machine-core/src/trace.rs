//! The one trace format of both machines and the debugger, in fixed columns as SIMH's:
//!
//! ```text
//! 00100  002400          CLA                                     A 000000 B 000000 E 0 O 0  cyc 2
//! 00101  062010          LDA 10                        ea 00010  A 000123 B 000000 E 0 O 0  cyc 5
//! 00102                  STC 11,C
//! ```
//!
//! An instruction line gives the location, the instruction's words, a label, the mnemonic,
//! the effective address (worked out before the instruction), then the machine's brief
//! registers and its cycle count *after* the instruction. An I/O line (an I/O instruction's
//! effect, an interrupt) keeps the location column and leaves the word column blank.

use crate::{Debuggable, Radix, Register};

/// The location column: address, words, label and mnemonic.
pub fn location(radix: &Radix, at: u32, words: &[u32], label: &str, text: &str) -> String {
    let words: Vec<String> = words.iter().map(|&w| radix.word(w)).collect();
    let ww = 2 * radix.word_width() + 1;
    format!(
        "{}  {:ww$}  {label:6} {text}",
        radix.address(at),
        words.join(" ")
    )
}

/// The machine's brief registers, `A 000123 B 000000 …`.
pub fn brief_registers(radix: &Radix, registers: &[Register]) -> String {
    registers
        .iter()
        .filter(|r| r.brief)
        .map(|r| format!("{} {}", r.name, radix.value(r.value, r.bits)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// One instruction line, given the location column and the effective address from before
/// the instruction and the registers and cycles from after it.
pub fn instruction(
    radix: &Radix,
    location: &str,
    ea: Option<u32>,
    registers: &[Register],
    cycles: u64,
) -> String {
    let ea = ea.map_or(String::new(), |e| format!("ea {}", radix.address(e)));
    let line = format!(
        "{location:56} {ea:9} {}  cyc {cycles}",
        brief_registers(radix, registers)
    );
    line.trim_end().to_string()
}

/// One I/O line: `text` at location `at`.
pub fn io(radix: &Radix, at: u32, text: &str) -> String {
    location(radix, at, &[], "", text)
}

/// The radix a machine writes its trace in.
pub fn radix_of<M: Debuggable + ?Sized>(m: &M) -> Radix {
    Radix {
        radix: m.radix(),
        word_bits: m.word_bits(),
        address_bits: m.address_bits(),
    }
}
