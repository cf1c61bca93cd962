//! A teletype dialogue in SIMH's `send` / `expect` form, one step after the other: type a
//! text, then wait until the machine prints the expected text; only then is the next step's
//! text typed. This is what a SIMH 4 do-file of the form
//!
//! ```text
//! expect "READY\r\n"
//! go 100
//! send "RUN\r"
//! expect "?"
//! continue
//! ```
//!
//! does, and [`steps`] reads such a do-file, so one file drives both SIMH and our machine.
//! The steps become an ordered chain of the expect rules every prepared key goes through
//! (`machine_core::scp::keyin`, [`Keyin::dialogue`]).
//!
//! Notes:
//!
//! 1. An expectation is armed when the one before it has matched, the keys between them
//!    queued then (SIMH arms `expect` before `continue`), and matches only what is printed
//!    after that. The keys are typed at once, as the teletype asks for them.
//! 2. When the last expectation has matched, the keyboard ends ([`Key::End`]): the machine
//!    stops at its next key request, as SIMH's do-file ends with `exit`. What was printed up
//!    to the last match is [`Dialogue::matched_output`], the text SIMH printed.
//! 3. Of a do-file, only `send "..."`, `expect "..."` and `attach ptr FILE` matter here (the
//!    lines and their order); `send` options (`after=`, `delay=`) and other commands (`go`,
//!    `continue`, `set`, `boot`, `exit`, comments) are passed over: they set up SIMH's side,
//!    which the caller sets up on ours. An `expect` with actions on its own line (`expect
//!    "X" send "Y"; continue`, as `tests/simh/prepare.do` has) is read as its expectation
//!    alone: the dialogues here write each `send` on a line of its own.

use machine_core::scp::keyin::{self, Keyin};
use teletype::{Key, Nanos, Scripted, TtyHost};

/// One step: text typed (maybe none), then the text awaited; or a tape put in the reader.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    Send(String),
    Expect(String),
    /// `attach ptr FILE`: the file named, as written in the do-file.
    AttachPtr(String),
}

/// A bad line in a do-file, named by line and column.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("{file}:{line}:{col}: {msg}")]
pub struct DoFileError {
    pub file: String,
    pub line: usize,
    pub col: usize,
    pub msg: String,
}

/// Parse a do-file's steps (note 3).
///
/// # Errors
/// A `send` or `expect` whose quoted text is malformed.
pub fn steps(file: &str, text: &str) -> Result<Vec<Step>, DoFileError> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim_start();
        let lead = raw.len() - line.len();
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let at = lead + word.len() + 1;
        let quoted = |rest: &str| -> Result<String, DoFileError> {
            // Skip `send` options such as after=, delay= before the quoted text.
            let mut r = rest.trim_start();
            while !r.starts_with('"') && !r.is_empty() {
                r = r
                    .split_once(char::is_whitespace)
                    .map_or("", |x| x.1)
                    .trim_start();
            }
            let col = at + (rest.len() - r.len());
            Scripted::parse_quoted(r)
                .map(|(s, _)| s)
                .map_err(|e| DoFileError {
                    file: file.to_string(),
                    line: i + 1,
                    col: col + 1,
                    msg: e.to_string(),
                })
        };
        match word.to_ascii_lowercase().as_str() {
            "send" => out.push(Step::Send(quoted(rest)?)),
            "expect" => out.push(Step::Expect(quoted(rest)?)),
            "attach" => {
                let mut parts = rest.split_whitespace().filter(|p| !p.starts_with('-'));
                if parts.next().is_some_and(|d| d.eq_ignore_ascii_case("ptr")) {
                    if let Some(f) = parts.next() {
                        out.push(Step::AttachPtr(f.to_string()));
                    }
                }
            }
            _ => {}
        }
    }
    Ok(out)
}

/// A keyboard that plays a dialogue's steps in turn (notes 1 and 2): the engine's ordered
/// rules (`machine_core::scp::keyin`) over a host that keeps the paper.
pub struct Dialogue {
    keys: Keyin<Scripted>,
    reader: Vec<String>,
    /// Why the steps could not be armed (a text to type longer than a console keeps).
    refused: Option<String>,
}

impl Dialogue {
    /// The dialogue of `steps`; `attach ptr` steps are kept in order for [`Dialogue::tapes`].
    pub fn new(steps: Vec<Step>) -> Self {
        let (mut reader, mut play) = (Vec::new(), Vec::new());
        for s in steps {
            match s {
                Step::AttachPtr(f) => reader.push(f),
                Step::Send(t) => play.push(keyin::Step::Send(t.into_bytes())),
                Step::Expect(t) => play.push(keyin::Step::Expect(t.into_bytes())),
            }
        }
        let mut keys = Keyin::new(Scripted::new());
        let refused = keys.dialogue(&play).err();
        Dialogue {
            keys,
            reader,
            refused,
        }
    }

    /// The tapes the do-file puts in the reader, in order (the caller loads them).
    pub fn tapes(&self) -> impl Iterator<Item = &String> {
        self.reader.iter()
    }

    /// Everything printed, as sent on the line.
    pub fn output(&self) -> &[u8] {
        self.keys.inner().output()
    }

    /// What was printed up to the last expectation matched (note 2).
    pub fn matched_output(&self) -> &[u8] {
        &self.output()[..self.keys.matched()]
    }

    /// Whether every step has been played.
    pub fn done(&self) -> bool {
        self.refused.is_none() && !self.keys.waiting()
    }

    /// Why the steps were refused, if they were.
    pub fn refused(&self) -> Option<&str> {
        self.refused.as_deref()
    }
}

impl TtyHost for Dialogue {
    fn print(&mut self, ch: u8, at: Nanos) {
        self.keys.print(ch, at);
    }

    fn key(&mut self, at: Nanos) -> Key {
        match self.refused {
            None => self.keys.key(at),
            Some(_) => Key::End,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DO: &str = "; a comment\nset cpu 16K\nexpect \"READY\\r\\n\"\ngo 100\n\
        attach -q ptr prog.txt\nsend after=1000 \"PTAPE\\r\"\nexpect \"?\"\ncontinue\nexit\n";

    #[test]
    fn a_do_file_gives_its_sends_expects_and_tapes_in_order() {
        let s = steps("x.do", DO).unwrap();
        assert_eq!(
            s,
            vec![
                Step::Expect("READY\r\n".into()),
                Step::AttachPtr("prog.txt".into()),
                Step::Send("PTAPE\r".into()),
                Step::Expect("?".into()),
            ]
        );
        let e = steps("x.do", "set x\nsend \"A\n").unwrap_err();
        assert_eq!((e.line, e.file.as_str()), (2, "x.do"), "{e}");
        assert!(e.to_string().starts_with("x.do:2:6: "), "{e}");
    }

    #[test]
    fn each_text_is_typed_only_after_the_expected_text_before_it() {
        let mut d = Dialogue::new(steps("x.do", DO).unwrap());
        assert_eq!(d.tapes().collect::<Vec<_>>(), ["prog.txt"]);
        assert_eq!(d.key(0), Key::Wait);
        for &c in b"?READY\r" {
            d.print(c, 0);
        }
        assert_eq!(d.key(0), Key::Wait);
        d.print(b'\n', 0);
        assert_eq!(d.key(0), Key::Char(b'P'));
        for _ in 0..5 {
            d.key(0);
        }
        assert_eq!(d.key(0), Key::Wait);
        for &c in b"X?Y" {
            d.print(c, 0);
        }
        assert_eq!(d.key(0), Key::End);
        assert_eq!(d.matched_output(), b"?READY\r\nX?");
    }

    #[test]
    fn a_text_too_long_to_type_is_refused_and_nothing_is_played() {
        let long = "A".repeat(machine_core::scp::expect::SEND_BYTES + 1);
        let mut d = Dialogue::new(vec![Step::Expect("?".into()), Step::Send(long)]);
        assert!(
            d.refused().is_some_and(|e| e.contains("4097 keys")),
            "{:?}",
            d.refused()
        );
        assert!(!d.done());
        assert_eq!(d.key(0), Key::End);
    }
}
