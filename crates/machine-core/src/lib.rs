//! Pieces shared by the emulated machines (HP 2100A, T3300-R): why a machine stopped, and the
//! debugger core that drives either machine.
//!
//! A [`Stop`] is a guest event, not a host error: a programmed halt, a breakpoint, an
//! unimplemented instruction, a run limit. Host failures (a missing file, a bad tape) are each
//! crate's own `thiserror` types. This follows SIMH, whose `STOP_*` codes are kept apart from
//! its command errors.
//!
//! The debugger is machine-neutral: a machine implements [`Debuggable`] (step, peek/poke,
//! disassembly with symbols, registers, time, optionally snapshots) and [`Debugger`] gives it
//! the debugger's commands (step, back, next over calls, breakpoints, watches, examine,
//! deposit, trace, time), a line at a time or a script's; the operator's prompt is the
//! consoles' one loop, [`prompt::hold`].
//!
//! One [`Limit`] bounds a run on either machine and in the debugger, and one set of
//! [`Breakpoints`] stops the machines' run loops and the debugger's. One run loop, [`run`],
//! runs both machines and the debugger's `continue` in slices, applies the limit and looks at
//! the one HALT switch between slices; each machine supplies only its inner loop.
//!
//! [`scp`] is the console's command language, SIMH's, for any machine that implements
//! [`scp::Simulator`]. [`ConsoleKeys`] is a console teletype's keys (`send`'s, a script's,
//! then those typed ahead at a keyboard), [`prompt`] the one prompt loop and what a host
//! gives a console held at it ([`prompt::Operator`]). The host's side (the terminal's reader
//! and line editor, the stop keys, the files a run writes) is the crate `host-terminal`'s,
//! which only the command line uses: this crate is machine-neutral and host-neutral.
//!
//! Types both machines share live here once: [`Flow`] (re-exported by `hp2100_isa` and
//! `t3300_isa`, whose opcode tables use it), [`Symbol`] and [`Symbols`] (the symbol table the
//! assemblers' listings are read into and the disassemblers and the debugger name addresses
//! from).

mod breakpoints;
mod console_keys;
mod debuggable;
mod debugger;
mod limit;
pub mod prompt;
mod radix;
pub mod run;
pub mod scp;
mod stop;
mod symbols;
pub mod text;
pub mod trace;

pub use breakpoints::Breakpoints;
pub use console_keys::ConsoleKeys;
pub use debuggable::{Debuggable, Decoded, Flow, Register};
pub use debugger::{Control, Debugger, EXTRAS as DEBUGGER_EXTRAS};
pub use limit::{Limit, Unit, BATCH_SECONDS};
pub use radix::Radix;
pub use stop::Stop;
pub use symbols::{Symbol, Symbols};
