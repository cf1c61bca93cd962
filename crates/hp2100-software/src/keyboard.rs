//! The keyboard of a BASIC session: the person's keys, held back while BASIC is not asking for
//! a line when they come from a file, and `PTAPE` typed for the person when a program tape is
//! in the reader.
//!
//! HP BASIC listens to the keyboard while a program runs and while it reads a tape (its
//! teleprinter driver's interrupt mode, `I.ON` in `prepare.asm`): any key struck then stops the
//! program (`STOP`). A person types only at BASIC's prompts; lines from a file (`--input`)
//! must wait for them too, or the first answer typed while a game prints its heading would
//! stop the game.
//!
//! Notes:
//!
//! 1. BASIC asks for a line after `READY` (CR LF), after `?` (an `INPUT` statement; the program
//!    may print `? ` first itself) and, in command mode, after the line feed that ends the
//!    echo of a numbered program line (BASIC stores it and waits for the next one, silently).
//!    After a command that runs, lists or reads (`RUN`, `LIST`, `PLIST`, `PTAPE`, `SCRATCH`,
//!    `TAPE`) the next line waits for `READY` or `?`; after any other command, for the line
//!    feed after its echo, as for a program line (BASIC's error message, if any, ends so).
//!    A line answering `?` waits for the next `?` or `READY`. A run that ends in an error
//!    prints `ERROR n IN LINE m` and no `READY`: BASIC asks for a line after that message's
//!    line feed too.
//! 2. Holding keys applies only to a scripted keyboard ([`Keyboard::new`]'s `hold`): at a live
//!    terminal the person sees the paper and types when they choose, and a key struck during a
//!    run stops the program as it did on the machine.
//! 3. With a program tape in the reader, `PTAPE` and RETURN are typed at the first `READY`, and
//!    the person's keys wait until BASIC has read the tape and printed `READY` again: the
//!    paper shows `PTAPE` typed, as when an operator loads a program for a person.

use teletype::{Key, Nanos, TtyHost};

/// The command typed for a tape in the reader (note 3).
pub const PTAPE: &str = "PTAPE\r";

/// What the next line waits for (note 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Awaits {
    /// `READY` or `?`.
    Prompt,
    /// A line feed, or `READY` or `?`.
    LineFeed,
    /// Nothing: BASIC is asking.
    Asking,
}

/// The session's keyboard around the person's host `H` (see the module's notes).
pub struct Keyboard<H> {
    inner: H,
    hold: bool,
    ptape: Option<std::collections::VecDeque<u8>>,
    /// Output since the last key typed (the tail that tells a prompt).
    tail: Vec<u8>,
    /// The line being typed, until its RETURN.
    line: Vec<u8>,
    awaits: Awaits,
    /// The last prompt BASIC asked at was `?`.
    at_input: bool,
    /// The line BASIC is printing, up to 80 characters (an error message tells a prompt).
    printing: Vec<u8>,
    /// BASIC printed an error message since the last key (note 1).
    error: bool,
}

impl<H: TtyHost> Keyboard<H> {
    /// `hold`: hold a scripted keyboard's keys until BASIC asks (notes 1, 2); `ptape`: type
    /// `PTAPE` at the first `READY` (note 3).
    pub fn new(inner: H, hold: bool, ptape: bool) -> Self {
        Keyboard {
            inner,
            hold,
            ptape: ptape.then(|| PTAPE.bytes().collect()),
            tail: Vec::new(),
            line: Vec::new(),
            awaits: Awaits::Prompt,
            at_input: false,
            printing: Vec::new(),
            error: false,
        }
    }

    pub fn inner(&self) -> &H {
        &self.inner
    }

    pub fn into_inner(self) -> H {
        self.inner
    }

    /// Whether BASIC is asking for a line, by what it printed since the last key (note 1).
    fn asking(&mut self) -> bool {
        if self.awaits == Awaits::Asking {
            return true;
        }
        let t = &self.tail;
        let prompt = if t.ends_with(b"READY\r\n") || (self.error && t.ends_with(b"\n")) {
            Some(false)
        } else if t.ends_with(b"?") || t.ends_with(b"? ") {
            Some(true)
        } else {
            None
        };
        let asking = match (prompt, self.awaits) {
            (Some(input), _) => {
                self.at_input = input;
                true
            }
            (None, Awaits::LineFeed) => t.ends_with(b"\n"),
            _ => false,
        };
        if asking {
            self.awaits = Awaits::Asking;
        }
        asking
    }

    /// A key typed: at RETURN, what the next line waits for (note 1).
    fn typed(&mut self, k: u8) {
        self.tail.clear();
        self.error = false;
        if k != b'\r' {
            self.line.push(k);
            return;
        }
        let line = String::from_utf8_lossy(&self.line)
            .trim()
            .to_ascii_uppercase();
        self.line.clear();
        let word: String = line.chars().take_while(char::is_ascii_alphabetic).collect();
        self.awaits = if self.at_input {
            Awaits::Prompt
        } else if line.starts_with(|c: char| c.is_ascii_digit()) {
            Awaits::LineFeed
        } else if ["RUN", "LIST", "PLIST", "PTAPE", "SCRATCH", "TAPE"].contains(&word.as_str()) {
            Awaits::Prompt
        } else {
            Awaits::LineFeed
        };
        self.at_input = false;
    }
}

impl<H: TtyHost> TtyHost for Keyboard<H> {
    fn print(&mut self, ch: u8, at: Nanos) {
        self.tail.push(ch & 0x7f);
        match ch & 0x7f {
            b'\n' => {
                // HP's form, `ERROR 44 IN LINE 10`: a program's own "ERROR" is not it.
                self.error |= self.printing.starts_with(b"ERROR ")
                    && self.printing.get(6).is_some_and(u8::is_ascii_digit)
                    && self.printing.windows(9).any(|w| w == b" IN LINE ");
                self.printing.clear();
            }
            b'\r' | 0 => {}
            c if self.printing.len() < 80 => self.printing.push(c),
            _ => {}
        }
        if self.tail.len() > 16 {
            self.tail.drain(..self.tail.len() - 16);
        }
        self.inner.print(ch, at);
    }

    fn key(&mut self, at: Nanos) -> Key {
        if let Some(keys) = &mut self.ptape {
            // Note 3: PTAPE at the first READY, then nothing until READY again.
            if self.awaits != Awaits::Asking && !self.tail.ends_with(b"READY\r\n") {
                return Key::Wait;
            }
            self.awaits = Awaits::Asking;
            let Some(k) = keys.pop_front() else {
                self.ptape = None;
                return self.key(at);
            };
            if keys.is_empty() {
                self.ptape = None;
                self.tail.clear();
                self.awaits = Awaits::Prompt;
                self.at_input = false;
            }
            return Key::Char(k);
        }
        if self.hold && !self.asking() {
            return Key::Wait;
        }
        let k = self.inner.key(at);
        if let Key::Char(c) = k {
            self.typed(c & 0x7f);
        }
        k
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use teletype::Scripted;

    fn print(k: &mut Keyboard<Scripted>, s: &str) {
        for b in s.bytes() {
            k.print(b, 0);
        }
    }

    fn line(k: &mut Keyboard<Scripted>) -> String {
        let mut s = String::new();
        while let Key::Char(c) = k.key(0) {
            s.push(c as char);
            k.print(c, 0);
            if c == b'\r' {
                break;
            }
        }
        s
    }

    #[test]
    fn a_scripted_line_waits_for_basics_prompt() {
        let mut k = Keyboard::new(
            Scripted::from_lines("10 PRINT 1\nRUN\n21\nLIST\n"),
            true,
            false,
        );
        print(&mut k, "\r\n");
        assert_eq!(k.key(0), Key::Wait);
        print(&mut k, "READY\r\n");
        assert_eq!(line(&mut k), "10 PRINT 1\r");
        assert_eq!(k.key(0), Key::Wait, "before the line feed");
        print(&mut k, "\n");
        assert_eq!(line(&mut k), "RUN\r");
        print(&mut k, "\n");
        print(&mut k, " GAME OF THE YEAR\r\n");
        assert_eq!(k.key(0), Key::Wait, "a program printing is not a prompt");
        print(&mut k, "HOW MANY?");
        assert_eq!(line(&mut k), "21\r");
        print(&mut k, "\n 42\r\n");
        assert_eq!(k.key(0), Key::Wait, "an answer waits for ? or READY");
        print(&mut k, "\r\nREADY\r\n");
        assert_eq!(line(&mut k), "LIST\r");
    }

    #[test]
    fn a_run_that_ends_in_an_error_asks_for_the_next_line() {
        let mut k = Keyboard::new(Scripted::from_lines("RUN\nLIST\n"), true, false);
        print(&mut k, "\r\nREADY\r\n");
        assert_eq!(line(&mut k), "RUN\r");
        print(&mut k, "\n\r\nERROR IN INPUT\r\n");
        assert_eq!(
            k.key(0),
            Key::Wait,
            "a program's own message is not BASIC's"
        );
        print(&mut k, "\r\nERROR 44 IN LINE  10\r\n");
        assert_eq!(line(&mut k), "LIST\r");
    }

    #[test]
    fn ptape_is_typed_at_the_first_ready_and_the_person_waits_for_the_next() {
        let mut k = Keyboard::new(Scripted::from_lines("RUN\n"), true, true);
        assert_eq!(k.key(0), Key::Wait);
        print(&mut k, "\r\nREADY\r\n");
        assert_eq!(line(&mut k), "PTAPE\r");
        print(&mut k, "\n");
        assert_eq!(k.key(0), Key::Wait);
        print(&mut k, "\r\nREADY\r\n");
        assert_eq!(line(&mut k), "RUN\r");
    }

    #[test]
    fn a_live_keyboard_is_not_held() {
        let mut s = Scripted::new();
        s.type_now("X");
        let mut k = Keyboard::new(s, false, false);
        assert_eq!(k.key(0), Key::Char(b'X'));
    }
}
