//! The HP 2100A instruction set: the one opcode table, the decoder, micro-op encoding and the
//! disassembler. Each row of the table gives a mnemonic, its bits, its operand form, the class
//! the CPU executes, its flow of control and its memory cycles; the decoder (through indices
//! built from the rows at compile time), the disassembler, the assembler (`hp2100-asm`), the
//! emulator's timing and the debugger's step-over (`hp2100`) all read them from here, so each
//! fact is written down exactly once.
//!
//! Sources: HP 2100A Computer Reference Manual (02100-90001) as summarised in the project's
//! `docs/hp2100a.md` §1, whose encodings were checked against SIMH's assembler and simulator.
//!
//! ```text
//!  15 14 13 12 11 10  9  8  7  6  5  4  3  2  1  0
//! | I|  opcode   |AB|ZC|        offset            |  memory reference (bits 14-12 != 000)
//! | 0| 0  0  0|AB| 0|E1|  op 1  |CE|E2|SL|  op 2  |  shift/rotate group (SRG)
//! | 0| 0  0  0|AB| 1| CL/CM| CE/CM|EZ|SS|SL|IN|SZ|RS|  alter/skip group (ASG)
//! | 1| 0  0  0|AB| 1|HC|  op    |  select code    |  I/O group (IOG)
//! | 1| 0  0  0| x| 0|   EAU / user microcode      |  extended arithmetic (MAC)
//! ```
//!
//! Implementation notes:
//!
//! 1. Words are plain `u16` and addresses plain `u16` masked to 15 bits: the hot loop of the
//!    emulator needs nothing more, and the masks are applied where the hardware applies them.
//! 2. The disassembler writes text that the assembler turns back into the same word. Words
//!    that HP's assembler cannot produce (a shift in the second SRG slot with nothing before it,
//!    a disabled SRG op field that is not zero, bit 11 set on HLT/STF/CLF/SFS/SFC, a
//!    current-page reference on page 0, an undefined EAU code) are shown as `OCT`. The console
//!    and the debugger show a current-page reference on page 0 as the base-page word it
//!    reaches (`disassemble_executed`), as SIMH does: they describe what runs, not source.
//! 3. The CPU ignores bit 11 of HLT, STF, CLF, SFC and SFS (they have no B form), so the
//!    decoder's I/O index falls back to the A form; the disassembler, which must write what
//!    the assembler reads back, shows those words as `OCT`.

mod decode;
mod disasm;
mod image;
pub mod line;
mod micro;
mod numbers;
mod table;
pub mod tape;

pub use decode::{decode, Instr, Reg, MRG_CLASSES};
pub use disasm::{disassemble, disassemble_executed, octal, Disassembly};
pub use image::disassemble_image;
pub use micro::{encode_micro, MicroError};
pub use numbers::{octal_address, octal_word, parse_octal, NUMBERS};
pub use table::{
    asg_form, class_cycles, eau_shift_cycles, exact_row, flow, lookup, micro_rows, row, Class,
    Flow, Kind, OpInfo, CLASSES, MAC_NOP_CYCLES, OPCODES,
};

/// Words per page: memory-reference instructions reach the base page (page 0) or the page the
/// instruction was fetched from.
pub const PAGE_WORDS: u16 = 0o2000;
/// Mask of the 15-bit logical address.
pub const ADDR_MASK: u16 = 0o77777;
