//! TOSBAC-3300 reconstruction (**T3300-R**): the instruction set.
//!
//! **This is a reconstruction, not the historical instruction set.** No manual, instruction
//! list or timing of the TOSBAC-3300 survives in any public source; the only trace of the
//! machine is M. Sato's L-game paper (University of Tokyo; project spec `docs/t3300.md` §2.1).
//! What is fact and what is reconstruction:
//!
//! | Item | Status | Source |
//! |---|---|---|
//! | 24-bit word, shown in octal | [F] | the paper: "the core of the T-3300 is 24 bits a word" |
//! | A 16-bit bitboard in the low bits, cell k at bit 15−k | [F] | the paper's masks (`+fred+` = 164000 …) |
//! | Format: opcode 6, I 1, X 2, address 15 bits (octal digit boundaries) | [R] | spec §4.3; GE/PAC 4020 layout, quadibloc's 24-bit survey |
//! | Two's complement integers | [R] | spec §4.2; SDS 9xx, GE/PAC 4020 |
//! | Registers A, Q, X1–X3, P (15 bits), OV | [R] | spec §4.1; SDS 910/920 (A, B, X, P, overflow) |
//! | Multi-level indirect, each level indexed again | [R] | spec §4.3; SDS 925/930 |
//! | The instruction list and its cycles | [R] | spec §4.4; [`table::OPS`] |
//! | 2.0 µs memory cycle | [R] | spec §4.5; [`timing`] |
//!
//! This crate holds the parts that would change if a real manual appeared (spec §4.10): the one
//! opcode table ([`table`]), the word format ([`word`]), decoding ([`decode`]), disassembly
//! ([`disasm`]), the timing figures ([`timing`]) and the absolute image format ([`image`]).
//! [`Flow`] and [`Symbols`] are `machine_core`'s, shared with the HP 2100A and the debugger.
//!
//! Notes on the reconstruction (numbered as in the project's `docs/t3300.md`):
//!
//! * R1. Opcodes, mnemonics and cycles are those of spec §4.4 unchanged.
//! * R5. Decoding is strict: a field an instruction class does not use must be zero, and a
//!   register field must name X1–X3; other words are illegal instructions. The spec leaves
//!   unused fields open; strictness makes a jump into data stop at once, and makes "legal"
//!   mean the same thing to the emulator, the disassembler and the assembler.
//! * R6. `ina`, `dca` and `nga` set OV on signed overflow like `add`/`aai` (the spec names OV
//!   only for `add sub aai div`). OV is sticky: only `jov` and `clo` clear it.

pub mod decode;
pub mod disasm;
pub mod image;
pub mod table;
pub mod timing;
pub mod word;

pub use decode::{decode, is_legal, Instr};
pub use disasm::{address, disassemble, octal, Symbols};
pub use image::{Image, ImageError};
pub use table::{lookup, Class, Flow, OpInfo, OPS};
pub use word::{Word, ADDR_MASK, WORD_MASK};
