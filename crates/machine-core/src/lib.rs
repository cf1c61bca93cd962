//! Pieces shared by the emulated machines (HP 2100A, T3300-R): why a machine stopped, and the
//! debugger core that drives either machine.
//!
//! A [`Stop`] is a guest event, not a host error: a programmed halt, a breakpoint, an
//! unimplemented instruction, a run limit. Host failures (a missing file, a bad tape) are each
//! crate's own `thiserror` types. This follows SIMH, whose `STOP_*` codes are kept apart from
//! its command errors.

mod stop;

pub use stop::Stop;
