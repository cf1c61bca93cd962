//! The ASR-33 teletype, shared by both emulated machines and by the native games.
//!
//! A Teletype Model 33 ASR on a 110-baud current loop sends and receives 11-bit frames (start,
//! eight data bits, two stop bits), so one character takes 100 ms in either direction: ten
//! characters a second (HP 12531C teleprinter interface; SIMH `tty.c` uses the same 100 ms as
//! `TTY_REAL_TIME`). The keyboard has no lower case and its RETURN key sends CR (015); a machine
//! ends its lines with CR LF itself.
//!
//! The crate separates three things:
//!
//! * [`TtyHost`]: the far end of the line: what receives printed characters and supplies
//!   keystrokes. Hosts here: [`Terminal`] (a printer the host gives, its standard output, and
//!   the keys typed ahead, which the host's one reader of a keyboard fills: [`TypeAhead`]),
//!   [`Scripted`] (typed lines and keys, for tests and batch runs), [`Transcript`] (a
//!   recorder wrapped around any host: what the paper roll shows, with emulated timestamps),
//!   [`Tee`] and [`Printer`] (the paper shown live while a script types), [`OperatorHost`]
//!   (the keyboard or typed lines, the paper on a printer and in a transcript the host gives:
//!   what every command's `--input`, `--transcript` and `--realtime` are made into, by
//!   `host_terminal::command_host`) and [`OperatorSide`] (an operator beside the keyboard who
//!   takes `HELP` and `QUIT` for a program whose dialogue stays its own).
//! * Ownership: a machine's teletype device owns its host on a [`Line`] and hands it back with
//!   its own type ([`Line::host`], [`Line::detach`]), so the caller reads a transcript after a
//!   run without sharing the host.
//! * Time: every call carries the emulated machine time in nanoseconds ([`Nanos`]). The device
//!   model that calls the host (the HP 12531C card, the T3300-R console typewriter, or
//!   [`Teletype`]) spaces characters [`CHAR_TIME`] apart in that time, so a character costs 100 ms
//!   of machine time whichever host is attached.
//! * [`Teletype`]: the teletype as seen by a native program (no emulated CPU): it keeps its own
//!   emulated clock and offers `print` and `read_line`.
//!
//! Implementation notes:
//!
//! 1. Hosts are asked for keys only while the device listens (the 12531C in input mode, a
//!    native program inside `read_line`). A scripted host types a pending line only after the
//!    machine has printed something since the previous line was sent, so type-ahead cannot be
//!    lost while a program is still printing (a real operator waits for the prompt too).
//! 2. Characters are 7-bit: bit 7 (the ASR-33's mark parity) is stripped from what is printed;
//!    keys from a modern terminal are mapped as the keyboard module says ([`asr33_key`]).

mod keyboard;
mod line;
mod native;
pub mod operator_host;
pub mod operator_side;
mod output;
mod paper;
mod scripted;
mod tee;
mod terminal;
mod transcript;
mod typeahead;

pub use keyboard::{asr33_key, asr33_keys, SUB};
pub use line::{Line, Offline};
pub use native::Teletype;
pub use operator_host::{OperatorError, OperatorHost};
pub use operator_side::{Briefing, OperatorSide, Prompt};
pub use output::take_output_error;
pub use paper::Paper;
pub use scripted::{ScriptError, Scripted};
pub use tee::{Printer, Tee};
pub use terminal::Terminal;
pub use transcript::Transcript;
pub use typeahead::{Feed, TypeAhead, Typed, TYPE_AHEAD};

/// Emulated machine time in nanoseconds.
pub type Nanos = u64;

/// Time for one character on the 110-baud line: 11 bits at 110 bits/s = 100 ms.
pub const CHAR_TIME: Nanos = 100_000_000;

/// [`CHAR_TIME`] in whole cycles of a machine clock of `cycle_ns` (rounded up: a character is
/// never early). The one conversion both machines' teletype devices use.
pub const fn char_cycles(cycle_ns: Nanos) -> u64 {
    CHAR_TIME.div_ceil(cycle_ns)
}

/// The operator's next keystroke.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// A character (7-bit ASCII, as the ASR-33 keyboard sends it).
    Char(u8),
    /// Nothing typed yet.
    Wait,
    /// No more input will come (end of a script or of standard input).
    End,
}

/// The far end of the teletype line.
pub trait TtyHost {
    /// The machine printed `ch` (7-bit ASCII) at emulated time `at`.
    fn print(&mut self, ch: u8, at: Nanos);
    /// The operator's next keystroke; asked only while the device listens, at time `at`.
    fn key(&mut self, at: Nanos) -> Key;
}

impl<H: TtyHost + ?Sized> TtyHost for Box<H> {
    fn print(&mut self, ch: u8, at: Nanos) {
        (**self).print(ch, at)
    }
    fn key(&mut self, at: Nanos) -> Key {
        (**self).key(at)
    }
}

impl<H: TtyHost + ?Sized> TtyHost for &mut H {
    fn print(&mut self, ch: u8, at: Nanos) {
        (**self).print(ch, at)
    }
    fn key(&mut self, at: Nanos) -> Key {
        (**self).key(at)
    }
}
