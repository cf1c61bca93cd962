//! HP 2100A computer: the CPU with its standard Extended Arithmetic Unit, the interrupt
//! system, core memory of 4K-32K words with the protected loader area, the 12531C teleprinter,
//! the 2748 photoreader, the 2895 punch, and the front panel.
//!
//! Sources (see the project's `docs/hp2100a.md` for the facts and their provenance):
//! HP 2100A Computer Reference Manual 02100-90001; HP's diagnostics (24296-60001 configurator,
//! 24315/24316/24317/24319 CPU diagnostics) whose own timing constants pin the cycle counts;
//! SIMH's HP 2100 simulator as an oracle for behaviour (not for code).
//!
//! | register | width | notes                                                        |
//! |----------|-------|--------------------------------------------------------------|
//! | A, B     | 16    | also core addresses 0 and 1 for every CPU access             |
//! | P        | 15    | program counter                                              |
//! | S        | 16    | switch register; `OTA 1` loads it (the 2100's S display)     |
//! | E, O     | 1     | extend, overflow; E = 1 at power on                          |
//! | T        | 16    | memory data: the word of the last memory cycle (panel)       |
//! | CIR      | 6     | select code of the last interrupt (`LIA 4`)                  |
//!
//! Time is counted in 980 ns memory cycles (the table in [`timing`]); devices schedule their
//! events in the same cycles, so a teleprinter character takes 100 ms of 2100A time whatever
//! host is attached.
//!
//! The operator's runs from the command line are [`tape_run`] (boot a tape, run it or debug
//! it) and [`scp::prompt`] (the console at its prompt and its scripts).
//!
//! Deviations and reconstructions are numbered in each module: [`cpu`], [`io`], [`panel`],
//! [`timing`].
//!
//! Tracing: `RUST_LOG=hp2100::cpu::instr=trace` logs every instruction in the fixed columns
//! of `machine_core::trace` (location, words, mnemonic, effective address, then the registers
//! and cycles after the instruction), as the debugger shows it; `hp2100::mem=trace` every CPU
//! memory write and `hp2100::io=trace` every I/O instruction and interrupt, in the same
//! columns. Tracing is looked up when a run starts, so it costs one
//! predictable branch per instruction when off.

pub mod bbl_halt;
pub mod bench;
mod boot;
mod bus;
pub mod cpu;
mod debug;
mod host_load;
pub mod io;
mod machine;
pub mod panel;
mod save;
pub mod scp;
pub mod tape_run;
pub mod timing;
mod wait;

pub use boot::{bbl_words, boot_ptr, BootError, BBL_TAPE};
pub use debug::{parse_octal, NUMBERS};
pub use machine::{Config, ConfigError, Machine, LOADER_WORDS, SC_MP, SC_PTP, SC_PTR, SC_TTY};
pub use machine_core::Stop;
