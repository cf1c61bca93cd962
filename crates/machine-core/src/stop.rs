//! Why a running machine stopped: the one stop type of both machines.

/// A guest event that ends a run or a step. Addresses and words are held as `u32` so that
/// 16-bit and 24-bit machines share the type; the debugger formats them in the machine's own
/// octal width.
///
/// After `Halt` P is past the halt, so running on continues the program; after every other
/// stop P is still at the instruction concerned, so it is retried when the machine runs again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// A programmed halt at `at`. `code` is what the machine shows for it (HP: the halt
    /// instruction word, 102077 for `HLT 77`; T3300-R: the `hlt`'s address field); `p` is
    /// where the machine stopped (the word after the halt).
    Halt { code: u32, at: u32, p: u32 },
    /// The operator (or a test) stopped the machine: front-panel HALT, or a single step done.
    Operator { p: u32 },
    /// A breakpoint at `p`, before the instruction there executes.
    Breakpoint { p: u32 },
    /// A watched word changed.
    Watch { addr: u32, old: u32, new: u32 },
    /// An instruction the machine does not implement (T3300-R: an illegal word).
    Unimplemented { p: u32, word: u32 },
    /// The instruction `word` at `p` followed an indirect-address chain longer than the
    /// machine's limit (real hardware hangs).
    IndirectLoop { p: u32, word: u32 },
    /// The run limit (instructions, cycles or emulated time) was reached; `cycles` is the
    /// machine's count since power on when it stopped.
    RunLimit { cycles: u64 },
    /// The instruction at `p` waits for input and no more will come.
    InputExhausted { p: u32 },
}

impl Stop {
    /// The halt code, for a programmed halt.
    pub fn halt_code(&self) -> Option<u32> {
        match self {
            Stop::Halt { code, .. } => Some(*code),
            _ => None,
        }
    }

    /// The P register value to show with the stop: the halt's own address for a halt, none
    /// for a run limit.
    pub fn p(&self) -> Option<u32> {
        match *self {
            Stop::Halt { at, .. } => Some(at),
            Stop::Operator { p }
            | Stop::Breakpoint { p }
            | Stop::Unimplemented { p, .. }
            | Stop::IndirectLoop { p, .. }
            | Stop::InputExhausted { p } => Some(p),
            Stop::Watch { .. } | Stop::RunLimit { .. } => None,
        }
    }
}

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stop::Halt { code, p, .. } => write!(f, "HALT {code:06o} at P: {p:05o}"),
            Stop::Operator { p } => write!(f, "stopped at P: {p:05o}"),
            Stop::Breakpoint { p } => write!(f, "breakpoint at P: {p:05o}"),
            Stop::Watch { addr, old, new } => {
                write!(f, "watched word {addr:05o} changed from {old:o} to {new:o}")
            }
            Stop::Unimplemented { p, word } => {
                write!(f, "unimplemented instruction {word:06o} at P: {p:05o}")
            }
            Stop::IndirectLoop { p, word } => {
                write!(f, "indirect address loop in {word:06o} at P: {p:05o}")
            }
            Stop::RunLimit { cycles } => write!(f, "run limit reached after {cycles} cycles"),
            Stop::InputExhausted { p } => write!(f, "end of input at P: {p:05o}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Stop;

    #[test]
    fn every_stop_but_a_limit_or_watch_shows_p() {
        let halt = Stop::Halt {
            code: 0o102077,
            at: 0o100,
            p: 0o101,
        };
        assert_eq!(halt.p(), Some(0o100));
        assert_eq!(halt.to_string(), "HALT 102077 at P: 00101");
        assert_eq!(Stop::InputExhausted { p: 0o2345 }.p(), Some(0o2345));
        assert_eq!(
            Stop::InputExhausted { p: 0o2345 }.to_string(),
            "end of input at P: 02345"
        );
        assert_eq!(Stop::RunLimit { cycles: 7 }.p(), None);
    }
}
