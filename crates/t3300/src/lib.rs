//! TOSBAC-3300 reconstruction (**T3300-R**): the machine.
//!
//! **This models a reconstruction, not the historical machine.** The TOSBAC-3300 (Toshiba,
//! 1960s) is known only from M. Sato's paper on classifying the L-game, written at the
//! University of Tokyo's mathematics department. No manual, instruction list or timing has
//! been found. The project's spec (`docs/t3300.md`, mirrored in the project's own
//! `docs/t3300.md`) builds the T3300-R on every documented fact and fills the rest from
//! documented practice of comparable 24-bit machines of 1962–65 (SDS 910/920/925/930/940,
//! GE/PAC 4020, DDP-24).
//!
//! Documented facts [F] (all from the paper, spec §2.1):
//!
//! * the core word is 24 bits ("T-3300 の core は 1 word 24 bits");
//! * three 16-bit bitboards fit in 3 words; a mask such as `+fred+` = 164000 puts cell
//!   k = 4·row + col at bit 15 − k, so a bitboard sits in the low 16 bits of a word;
//! * the assembler is SMAP II, labels are written `+name+`, `oct.` and `fix.` store octal and
//!   decimal constants from the location counter, and a leading 0 means octal (crate
//!   `t3300-asm`);
//! * one iteration of the classification took 20–30 minutes (a constraint on timing only).
//!
//! Reconstructed [R], with the reason (spec §4):
//!
//! | Part | T3300-R | Why |
//! |---|---|---|
//! | Registers | A, Q (extension), X1–X3 (15 bits, hardware), P (15 bits), OV | SDS 910/920: A, B, X, P, overflow; GE/PAC 4020: A, Q |
//! | Memory | 8K/16K/32K words (default 32K); reads beyond the installed size give 0, writes are ignored | 15-bit address; SDS behaviour |
//! | Numbers | 24-bit two's complement | SDS 9xx, GE/PAC 4020 |
//! | Format | opcode 6 · I 1 · X 2 · address 15 bits | GE/PAC 4020 layout on octal digit boundaries |
//! | Addressing | index, then multi-level indirect, each level indexed again; stop after 64 levels | SDS 925/930 |
//! | Instructions | 56 (spec §4.4), one table in `t3300-isa` | enough for bitboard work, table walks, subroutines |
//! | Timing | 2.0 µs memory cycle, configurable; cycles per instruction from the table | spec §4.5, `t3300_isa::timing` |
//! | Devices | console typewriter (10 char/s), paper-tape reader (200 frames/s) and punch (60 frames/s) | TOSBAC-1100/2100 peripherals; ASR-33 rate |
//!
//! The machine is built as: [`Machine`] (registers [`Regs`], [`memory::Memory`], the devices of
//! [`devices`], the cycle clock, breakpoints), [`exec`](crate::exec) (the instruction `match`),
//! [`alu`] (the arithmetic), and [`Stop`] (guest events, kept apart from host errors);
//! [`debug`] lets the shared debugger (`machine_core::Debugger`) drive it, `simulator` gives
//! the shared console (`machine_core::scp`) its name and devices, [`console`] is the console
//! (the machine it drives, a program loaded with its labels, its own commands, the stop
//! summary), [`prompt`] holds it at its `sim>` prompt from a host, [`image_run`] runs a
//! program from the command line; [`bench`] times it. The machine reads and writes no
//! program files of its own beyond images: the assembler's files (`t3300_asm::files`) read
//! sources and listings, and assemble and disassemble to files, as the HP 2100A's do.
//!
//! Implementation notes (numbered as in the project's `docs/t3300.md`):
//!
//! * R2. Time is a count of memory cycles; machine time is cycles × T_c. Device waits are
//!   charged as whole cycles (rounded up).
//! * R3. `hlt` leaves P after itself, so running again continues the program; every other
//!   stop leaves P at the instruction, which is retried.
//! * R4. An illegal instruction or an indirect loop charges no cycles for the stopped
//!   instruction.
//! * R5. Decoding is strict (see `t3300_isa` note R5); the emulator's checks agree with
//!   `t3300_isa::decode` on every word (tested).
//! * R6. OV is sticky; `ina`, `dca`, `nga` set it on overflow too.
//! * R7. `tyi` while nothing has been typed waits one character time per poll; an optional
//!   limit on such polls turns a script that never answers into [`Stop::InputExhausted`].
//! * R8. Keys are printed as they are struck (the console typewriter's own mechanism); the
//!   program does not echo them.
//! * R9. `nrm` with A:Q = 0 leaves it alone and sets the count to 0.
//! * R10. `mul` leaves the 48-bit two's complement product in A:Q (A high); `div` divides the
//!   48-bit A:Q, truncating toward zero, remainder with the dividend's sign (spec §6).

pub mod alu;
pub mod automation;
pub mod bench;
pub mod console;
pub mod debug;
pub mod devices;
mod exec;
pub mod image_run;
pub mod machine;
pub mod memory;
pub mod prompt;
pub mod regs;
mod simulator;

pub use machine::{Config, LoadError, Machine};
pub use machine_core::{Limit, Stop};
pub use memory::MemorySize;
pub use regs::Regs;
pub use t3300_isa as isa;

#[cfg(test)]
mod exec_tests;
