//! Why a running machine stopped.

/// A guest event that ends a run. Addresses and words are held as `u32` so that 16-bit and
/// 24-bit machines share the type; each machine formats them in its own octal width.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// A programmed halt. `code` is the halt instruction word (HP: 102077 for `HLT 77`);
    /// `p` is where the machine stopped (the word after the halt on the HP 2100A).
    Halt { code: u32, p: u32 },
    /// The operator (or a test) stopped the machine: front-panel HALT, or a single step done.
    Operator { p: u32 },
    /// A breakpoint at `p`, before the instruction there executes.
    Breakpoint { p: u32 },
    /// A watched word changed.
    Watch { addr: u32, old: u32, new: u32 },
    /// An instruction the machine does not implement.
    Unimplemented { p: u32, word: u32 },
    /// An indirect-address chain longer than the configured limit (real hardware hangs).
    IndirectLoop { p: u32 },
    /// The run limit (instructions, cycles or emulated time) was reached.
    RunLimit,
    /// The program waits for input and no more will come.
    InputExhausted,
}

impl Stop {
    /// The halt code, for a programmed halt.
    pub fn halt_code(&self) -> Option<u32> {
        match self {
            Stop::Halt { code, .. } => Some(*code),
            _ => None,
        }
    }
}

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stop::Halt { code, p } => write!(f, "HALT {code:06o} at P: {p:05o}"),
            Stop::Operator { p } => write!(f, "stopped at P: {p:05o}"),
            Stop::Breakpoint { p } => write!(f, "breakpoint at P: {p:05o}"),
            Stop::Watch { addr, old, new } => {
                write!(f, "watched word {addr:05o} changed from {old:o} to {new:o}")
            }
            Stop::Unimplemented { p, word } => {
                write!(f, "unimplemented instruction {word:06o} at P: {p:05o}")
            }
            Stop::IndirectLoop { p } => write!(f, "indirect address loop at P: {p:05o}"),
            Stop::RunLimit => write!(f, "run limit reached"),
            Stop::InputExhausted => write!(f, "end of input"),
        }
    }
}
