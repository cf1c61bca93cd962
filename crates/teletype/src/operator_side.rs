//! The operator's side of the teletype: `HELP` and `QUIT` for a program whose own dialogue must
//! stay as it was (NHEX on the 2100A, LGM on the T3300-R).
//!
//! At a machine room's teletype the person playing had an operator beside them, who explained
//! what the program was asking and stopped the machine when asked to. [`OperatorSide`] is that
//! operator: it stands between the program and the keyboard, holds each typed line until
//! RETURN, and takes two words itself:
//!
//! * `HELP`: the operator explains the question the program is waiting on (the prompt last
//!   printed), and the program never sees the line;
//! * `QUIT`: the operator stops the session at once: the keyboard ends ([`Key::End`]), which
//!   every program here takes as the end of the session.
//!
//! Every other line goes to the program unchanged, key for key, so the program's paper roll
//! (what a [`crate::Transcript`] outside this host records) is the same as without it.
//!
//! Notes:
//! 1. What the operator says goes to the host inside (the terminal), never to the roll: a
//!    `--transcript` of a session with `HELP` in it is the program's dialogue alone.
//! 2. At a live keyboard the line is held until RETURN, so the operator echoes the keys itself
//!    and, at RETURN, backspaces over them on the terminal: the program's own echo of the line
//!    then prints over the same characters and the terminal looks as it did without the
//!    operator.
//!    Typed lines from a file are not echoed (the program echoes them).
//! 3. A prompt may leave `HELP` to the program ([`Prompt::help`] `None`): LGM answers it in a
//!    game itself.
//! 4. A line cut off by the end of input is dropped, as the program would never have seen its
//!    RETURN either.
//! 5. The operator speaks on lines of its own and, after `HELP`, prints again the part of the
//!    question that stood on the program's unfinished line (LGM's questions end without a
//!    line feed), so the person answers after it as before.

use crate::{Key, Nanos, TtyHost};
use std::collections::VecDeque;

/// A question a program asks, known by text it prints, and the operator's explanation of it.
#[derive(Clone, Copy, Debug)]
pub struct Prompt {
    /// Text the program prints when it asks the question.
    pub text: &'static str,
    /// What the operator says to `HELP` there; `None`: the program answers `HELP` itself.
    pub help: Option<&'static str>,
}

/// What an operator knows about one program.
#[derive(Clone, Copy, Debug)]
pub struct Briefing {
    /// The program's questions.
    pub prompts: &'static [Prompt],
    /// What the operator says to `HELP` before any known question.
    pub general: &'static str,
}

/// A host with an operator beside the keyboard (see the module's notes).
pub struct OperatorSide<H> {
    inner: H,
    briefing: Briefing,
    echo: bool,
    line: Vec<u8>,
    pending: VecDeque<u8>,
    printed: Vec<u8>,
    asking: Option<usize>,
    quit: bool,
}

impl<H: TtyHost> OperatorSide<H> {
    /// The operator beside `inner`; `echo` when `inner` is a live keyboard (note 2).
    pub fn new(inner: H, briefing: Briefing, echo: bool) -> Self {
        OperatorSide {
            inner,
            briefing,
            echo,
            line: Vec::new(),
            pending: VecDeque::new(),
            printed: Vec::new(),
            asking: None,
            quit: false,
        }
    }

    pub fn inner(&self) -> &H {
        &self.inner
    }

    /// Whether the person typed `QUIT`.
    pub fn quit(&self) -> bool {
        self.quit
    }

    /// Say `text` on the terminal (note 1) on lines of its own, each ended by CR LF.
    fn say(&mut self, text: &str, at: Nanos) {
        if self.echo || !self.printed.is_empty() {
            self.inner.print(b'\r', at);
            self.inner.print(b'\n', at);
        }
        for l in text.lines() {
            for b in l.bytes().chain(*b"\r\n") {
                self.inner.print(b, at);
            }
        }
    }

    /// The operator's answer to a finished line, or `None` to pass it to the program.
    fn take(&mut self, at: Nanos) -> Option<Key> {
        let text: String = self.line[..self.line.len() - 1]
            .iter()
            .map(|&b| b as char)
            .collect();
        match text.trim().to_ascii_uppercase().as_str() {
            "QUIT" => {
                self.quit = true;
                self.say("QUIT: THE OPERATOR STOPS THE MACHINE.", at);
                Some(Key::End)
            }
            "HELP" => {
                let help = match self.asking {
                    Some(i) => self.briefing.prompts[i].help?,
                    None => self.briefing.general,
                };
                self.say(help, at);
                // The question again, where the program left it on its line.
                for b in self.printed.clone() {
                    self.inner.print(b, at);
                }
                Some(Key::Wait)
            }
            _ => None,
        }
    }
}

impl<H: TtyHost> TtyHost for OperatorSide<H> {
    fn print(&mut self, ch: u8, at: Nanos) {
        self.inner.print(ch, at);
        match ch & 0x7f {
            b'\n' => self.printed.clear(),
            c => self.printed.push(c),
        }
        let printed = &self.printed;
        if let Some(i) = self
            .briefing
            .prompts
            .iter()
            .position(|p| printed.ends_with(p.text.as_bytes()))
        {
            self.asking = Some(i);
        }
    }

    fn key(&mut self, at: Nanos) -> Key {
        if self.quit {
            return Key::End;
        }
        if let Some(c) = self.pending.pop_front() {
            return Key::Char(c);
        }
        loop {
            match self.inner.key(at) {
                Key::Char(c) => {
                    self.line.push(c);
                    if c != b'\r' {
                        if self.echo {
                            self.inner.print(c, at);
                        }
                        continue;
                    }
                    if self.echo {
                        // Back over the operator's echo: the program's own echo prints over it.
                        let shown = self.line.iter().filter(|&&c| (0x20..0x7f).contains(&c));
                        for _ in shown {
                            self.inner.print(0x08, at);
                        }
                    }
                    let answer = self.take(at);
                    let line = std::mem::take(&mut self.line);
                    match answer {
                        Some(k) => return k,
                        None => {
                            self.pending.extend(line);
                            let c = self.pending.pop_front().expect("the line has its CR");
                            return Key::Char(c);
                        }
                    }
                }
                Key::Wait => return Key::Wait,
                Key::End => {
                    self.line.clear();
                    return Key::End;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Scripted, Teletype, Transcript};

    const BRIEFING: Briefing = Briefing {
        prompts: &[
            Prompt {
                text: "NUMBER?",
                help: Some("TYPE TWO DIGITS."),
            },
            Prompt {
                text: "MOVE?",
                help: None,
            },
        ],
        general: "THE PROGRAM IS STARTING.",
    };

    fn session(lines: &str) -> (Transcript<OperatorSide<Scripted>>, Vec<Option<String>>) {
        let side = OperatorSide::new(Scripted::from_lines(lines), BRIEFING, false);
        let mut c = Teletype::new(Transcript::new(side));
        let mut heard = Vec::new();
        for prompt in ["NUMBER?\r\n", "MOVE?\r\n", "NUMBER?\r\n"] {
            c.print(prompt);
            let l = c.read_line();
            c.print("\n");
            heard.push(l);
        }
        (c.into_host(), heard)
    }

    #[test]
    fn help_is_the_operators_and_the_roll_stays_the_programs() {
        let (t, heard) = session("help\n12\nHELP\n3\nquit\n");
        assert_eq!(
            heard,
            [
                Some("12".to_string()),
                Some("HELP".into()),
                Some("3".into())
            ]
        );
        assert_eq!(t.paper(), "NUMBER?\n12\nMOVE?\nHELP\nNUMBER?\n3\n");
        let terminal = t.inner().inner().paper();
        assert!(
            terminal.contains("NUMBER?\nTYPE TWO DIGITS.\n12"),
            "{terminal}"
        );
    }

    #[test]
    fn quit_ends_the_session_at_once() {
        let (t, heard) = session("quit\n12\n3\n");
        assert_eq!(heard, [None, None, None]);
        assert!(t.inner().quit());
        assert_eq!(t.paper(), "NUMBER?\n\nMOVE?\n\nNUMBER?\n\n");
        assert!(t.inner().inner().paper().contains("QUIT: THE OPERATOR"));
    }

    #[test]
    fn other_lines_pass_key_for_key() {
        let (t, heard) = session("1\\2\nhelper\n 7 \n");
        assert_eq!(
            heard,
            [
                Some("1\\2".to_string()),
                Some("HELPER".into()),
                Some(" 7 ".into())
            ]
        );
        assert!(!t.inner().quit());
    }
}
