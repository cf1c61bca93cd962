//! The keyboard of a BASIC session: the person's keys, held back while BASIC is not asking for
//! a line when they come from a file, and `PTAPE` typed for the person when a program tape is
//! in the reader. Both are expect rules of the engine every prepared key goes through
//! (`machine_core::scp::keyin`): BASIC's prompts are [`Prompts`] rules, `PTAPE` an answer
//! rule, SIMH's `expect "READY\r\n" send "PTAPE\r"`.
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
//!    line feed too (the rules: `ERROR `, then ` IN LINE `, then each line feed asks). A
//!    prompt counts while it is the last thing BASIC printed when it listens (the engine's
//!    note 3): a running program's own `?` followed by more text asks for nothing.
//! 2. Holding keys applies only to a scripted keyboard ([`Keyboard::new`]'s `hold`): at a live
//!    terminal the person sees the paper and types when they choose, and a key struck during a
//!    run stops the program as it did on the machine.
//! 3. With a program tape in the reader, `PTAPE` and RETURN are typed at the first `READY`, and
//!    the person's keys wait until BASIC has read the tape and printed `READY` again: the
//!    paper shows `PTAPE` typed, as when an operator loads a program for a person. (A live
//!    person's keys wait only for `PTAPE` to be typed: the rule comes before them.)

use machine_core::scp::keyin::{self, KeyRule, Keyin, Prompts, Then};
use teletype::{Key, Nanos, TtyHost};

/// The command typed for a tape in the reader (note 3).
pub const PTAPE: &str = "PTAPE\r";

/// The commands after which the next line waits for `READY` or `?` (note 1).
const RUNS: [&str; 6] = ["RUN", "LIST", "PLIST", "PTAPE", "SCRATCH", "TAPE"];

/// The label of the `?` prompt: the line typed there answers an `INPUT`.
const INPUT: &str = "input";

/// BASIC's prompts (note 1).
struct Basic;

impl Prompts for Basic {
    fn next(&mut self, line: Option<&[u8]>, asked: Option<&'static str>) -> Vec<KeyRule> {
        let mut rules = vec![
            keyin::prompt(b"READY\r\n", "ready"),
            keyin::prompt(b"?", INPUT),
            keyin::lasting(
                b"ERROR ",
                vec![Then::Expect(keyin::rule(
                    b" IN LINE ",
                    vec![Then::Expect(keyin::prompt(b"\n", "error"))],
                ))],
            ),
        ];
        if line.is_some_and(|l| at_line_feed(l, asked)) {
            rules.push(keyin::prompt(b"\n", "line"));
        }
        rules
    }
}

/// Whether the line after `line` (typed at the prompt `asked`) waits for a line feed
/// (note 1).
fn at_line_feed(line: &[u8], asked: Option<&str>) -> bool {
    if asked == Some(INPUT) {
        return false;
    }
    let line = String::from_utf8_lossy(line).trim().to_ascii_uppercase();
    let word: String = line.chars().take_while(char::is_ascii_alphabetic).collect();
    line.starts_with(|c: char| c.is_ascii_digit()) || !RUNS.contains(&word.as_str())
}

/// The session's keyboard around the person's host `H` (see the module's notes).
pub struct Keyboard<H> {
    keys: Keyin<H>,
}

impl<H: TtyHost> Keyboard<H> {
    /// `hold`: hold a scripted keyboard's keys until BASIC asks (notes 1, 2); `ptape`: type
    /// `PTAPE` at the first `READY` (note 3).
    pub fn new(inner: H, hold: bool, ptape: bool) -> Self {
        let mut keys = Keyin::new(inner);
        if ptape {
            let send = vec![Then::Send(PTAPE.as_bytes().to_vec())];
            keys.answer(keyin::rule(b"READY\r\n", send))
                .expect("PTAPE's rule is short and the first");
        }
        if hold {
            keys.hold(Box::new(Basic));
        }
        Keyboard { keys }
    }

    pub fn inner(&self) -> &H {
        self.keys.inner()
    }

    pub fn into_inner(self) -> H {
        self.keys.into_inner()
    }
}

impl<H: TtyHost> TtyHost for Keyboard<H> {
    fn print(&mut self, ch: u8, at: Nanos) {
        self.keys.print(ch, at);
    }

    fn key(&mut self, at: Nanos) -> Key {
        self.keys.key(at)
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
        print(&mut k, "WHY?NOT\r\n");
        assert_eq!(k.key(0), Key::Wait, "nor a ? it prints on after");
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
