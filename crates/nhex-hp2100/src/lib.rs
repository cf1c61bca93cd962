//! NHEX on the emulated HP 2100A: the HP 2100 assembly version of the 1975 HEX program of
//! 田村治男 and 西澤輝泰 (`asm/hp2100/nhex*.asm`, assembled into `roms/nhex.abs`), booted as an
//! operator would and played through the 12531C teletype.
//!
//! What is modelled, and from where:
//! * the algorithm is the reference's in `crates/nhex` (`docs/nhex.md`), which rebuilds it from
//!   T. Nishizawa's paper; the program uses the tables the reference's generator writes
//!   (`retro hex gen-tables`), as the authors precomputed their pattern table;
//! * the dialogue, with its replies to bad entries, is that of the 1975 logs (`nhex::dialogue`);
//! * the machine is the 16K 2100A of crate `hp2100`, loaded through our Basic Binary Loader.
//!
//! Modules: [`rom`] (sources, tape, listing, size), [`tape`] (NHEX from its paper tape: boot
//! and sessions), [`dos`] (NHEX as DOS-M program TAM, `:RUN,TAM`),
//! [`engine`] (the program's maintenance entries: a move, the announcement test, the evaluation
//! table for a deposited position), [`replay`] (`replay --machine`), [`stats`] (time per
//! reply), [`opponent`] (an automatic opponent at the teletype).
//!
//! Numbered notes on deviations of the program from the reference (`docs/nhex-hp2100.md`):
//! 1. At most 128 one-move connections per position are kept (the reference: 1024), so that
//!    the program fits DOS-M's user area as TAM; the differential test asserts that the table
//!    never overflows (its largest count is 51).
//! 2. Full connections of the three-set term go straight into the relation instead of a list.
//! 3. Evaluation sums are two words, high·32768 + low (31 bits); the values are the same.
//! 4. A typed line is counted up to 30 000 characters; longer lines are refused as the
//!    reference refuses them.

pub mod commands;
pub mod dos;
pub mod engine;
pub mod opponent;
pub mod replay;
pub mod rom;
pub mod stats;
pub mod tape;

pub use engine::{MachineEngine, Timed};
pub use stats::{MoveClock, MoveTime};
pub use tape::{at_teletype, boot, play, Error, Loaded, Session};
