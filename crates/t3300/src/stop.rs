//! Why the machine stopped: guest events, not host errors.

use std::fmt;
use t3300_isa::Word;

/// A guest event that ends a run or a step. After `Halt` P is past the `hlt`, so running on
/// continues the program; after every other stop P is still at the instruction concerned, so
/// it is retried when the machine runs again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// `hlt` at `at`; `code` is its address field, shown on the console.
    Halt { at: u16, code: u16 },
    /// The word at `p` is not an instruction.
    Illegal { p: u16, word: Word },
    /// The instruction at `p` followed more than 64 levels of indirection.
    IndirectLoop { p: u16, word: Word },
    /// The cycle budget of the run is used up.
    CycleLimit { cycles: u64 },
    /// P reached a breakpoint (before executing the instruction there).
    Breakpoint { p: u16 },
    /// `tyi` at `p` found no more keyboard input.
    InputExhausted { p: u16 },
}

impl Stop {
    /// The P register value to show with the stop.
    pub fn p(&self) -> Option<u16> {
        match *self {
            Stop::Halt { at, .. } => Some(at),
            Stop::Illegal { p, .. }
            | Stop::IndirectLoop { p, .. }
            | Stop::Breakpoint { p }
            | Stop::InputExhausted { p } => Some(p),
            Stop::CycleLimit { .. } => None,
        }
    }
}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stop::Halt { at, code } => write!(f, "halt {code:05o} at P={at:05o}"),
            Stop::Illegal { p, word } => write!(f, "illegal instruction {word} at P={p:05o}"),
            Stop::IndirectLoop { p, word } => {
                write!(
                    f,
                    "indirect loop (more than 64 levels) in {word} at P={p:05o}"
                )
            }
            Stop::CycleLimit { cycles } => write!(f, "cycle limit reached after {cycles} cycles"),
            Stop::Breakpoint { p } => write!(f, "breakpoint at P={p:05o}"),
            Stop::InputExhausted { p } => write!(f, "keyboard input exhausted at P={p:05o}"),
        }
    }
}
