//! A scripted operator: typed lines and keys, for tests and batch runs. Keys typed when a
//! text is printed (SIMH's `expect "TEXT" send "KEYS"`) are the answer rules of the engine
//! above this layer (`machine_core::scp::keyin`), which wraps a host such as this one.

use crate::{Key, Nanos, Paper, TtyHost};
use std::collections::VecDeque;

/// A bad quoted string in an `expect`/`send` script line.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ScriptError {
    #[error("column {col}: {msg}")]
    Syntax { col: usize, msg: String },
}

/// A host that types prepared input and records everything printed.
///
/// Input comes in two forms:
/// * [`Scripted::line`]: a line typed (followed by RETURN) once the machine has printed
///   something since the previous line, i.e. after its prompt (see the crate's note 1);
/// * [`Scripted::type_now`] and [`Scripted::type_line`]: keys available at once.
#[derive(Debug, Default)]
pub struct Scripted {
    ready: VecDeque<u8>,
    lines: VecDeque<Vec<u8>>,
    output: Vec<u8>,
    paper: Paper,
    /// Keys typed whose echo has not been printed yet; their echo is not a prompt.
    echo: VecDeque<u8>,
    prompted: bool,
}

impl Scripted {
    pub fn new() -> Self {
        Self::default()
    }

    /// Operator input given as text, one line per line typed at a prompt.
    pub fn from_lines(text: &str) -> Self {
        let mut s = Self::new();
        for l in text.lines() {
            s.line(l);
        }
        s
    }

    /// Queue a line to type at the next prompt; RETURN (CR) is added.
    pub fn line(&mut self, text: &str) -> &mut Self {
        let mut keys = crate::asr33_keys(text);
        keys.push(b'\r');
        self.lines.push_back(keys);
        self
    }

    /// Type a line at once, without waiting for a prompt (a program driving the keyboard that
    /// knows the machine is listening); RETURN (CR) is added.
    pub fn type_line(&mut self, text: &str) {
        self.ready.extend(text.bytes().filter_map(crate::asr33_key));
        self.ready.push_back(b'\r');
    }

    /// Make keys available at once.
    pub fn type_now(&mut self, text: &str) -> &mut Self {
        self.ready.extend(text.bytes().map(|b| b & 0x7f));
        self
    }

    /// Everything printed so far, as sent on the line.
    pub fn output(&self) -> &[u8] {
        &self.output
    }

    /// What the paper roll shows so far.
    pub fn paper(&self) -> String {
        self.paper.text()
    }

    /// Whether any input is still to be typed (ready or queued lines).
    pub fn has_input(&self) -> bool {
        !self.ready.is_empty() || !self.lines.is_empty()
    }

    /// Parse a C-style quoted string at the start of `s` (after blanks): `"TEXT\r"`. Escapes:
    /// `\r \n \t \\ \" \0NN` (octal, as SIMH accepts) and `\xHH`. Returns the text and the rest.
    pub fn parse_quoted(s: &str) -> Result<(String, &str), ScriptError> {
        let lead = s.len() - s.trim_start().len();
        let t = &s[lead..];
        let err = |col: usize, msg: &str| ScriptError::Syntax {
            col: col + 1,
            msg: msg.into(),
        };
        if !t.starts_with('"') {
            return Err(err(lead, "expected a quoted string"));
        }
        let bytes = t.as_bytes();
        let mut out = String::new();
        let mut i = 1;
        while i < bytes.len() {
            match bytes[i] {
                b'"' => return Ok((out, &t[i + 1..])),
                b'\\' => {
                    let c = *bytes
                        .get(i + 1)
                        .ok_or_else(|| err(lead + i, "unfinished escape"))?;
                    i += 2;
                    match c {
                        b'r' => out.push('\r'),
                        b'n' => out.push('\n'),
                        b't' => out.push('\t'),
                        b'\\' => out.push('\\'),
                        b'"' => out.push('"'),
                        b'0'..=b'7' => {
                            let mut v = (c - b'0') as u32;
                            let mut n = 1;
                            while n < 3 && i < bytes.len() && (b'0'..=b'7').contains(&bytes[i]) {
                                v = v * 8 + (bytes[i] - b'0') as u32;
                                i += 1;
                                n += 1;
                            }
                            out.push(char::from((v & 0x7f) as u8));
                        }
                        b'x' => {
                            let h = t
                                .get(i..i + 2)
                                .ok_or_else(|| err(lead + i, "bad \\x escape"))?;
                            let v = u8::from_str_radix(h, 16)
                                .map_err(|_| err(lead + i, "bad \\x escape"))?;
                            out.push(char::from(v & 0x7f));
                            i += 2;
                        }
                        _ => return Err(err(lead + i - 2, "unknown escape")),
                    }
                }
                _ => {
                    let ch = t[i..].chars().next().unwrap_or(' ');
                    out.push(ch);
                    i += ch.len_utf8();
                }
            }
        }
        Err(err(lead, "missing closing quote"))
    }
}

impl TtyHost for Scripted {
    fn print(&mut self, ch: u8, _at: Nanos) {
        let ch = ch & 0x7f;
        self.output.push(ch);
        self.paper.strike(ch);
        if self.echo.front() == Some(&ch) {
            self.echo.pop_front();
        } else {
            self.echo.clear();
            self.prompted = true;
        }
    }

    fn key(&mut self, _at: Nanos) -> Key {
        if self.ready.is_empty() && self.prompted {
            if let Some(l) = self.lines.pop_front() {
                self.ready.extend(l);
                self.prompted = false;
            }
        }
        match self.ready.pop_front() {
            Some(c) => {
                self.echo.push_back(c);
                Key::Char(c)
            }
            None if self.lines.is_empty() => Key::End,
            None => Key::Wait,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn print(s: &mut Scripted, text: &str) {
        text.bytes().for_each(|b| s.print(b, 0));
    }

    fn take(s: &mut Scripted) -> String {
        let mut out = String::new();
        while let Key::Char(c) = s.key(0) {
            out.push(c as char);
        }
        out
    }

    #[test]
    fn lines_wait_for_a_prompt() {
        let mut s = Scripted::from_lines("12\n0405\n");
        assert_eq!(s.key(0), Key::Wait);
        print(&mut s, "KEY-IN SEYO\r\n");
        assert_eq!(take(&mut s), "12\r");
        // The echo of what was typed is not a prompt.
        print(&mut s, "12\r");
        assert_eq!(s.key(0), Key::Wait);
        print(&mut s, "\nANATA NO TE WA?");
        assert_eq!(take(&mut s), "0405\r");
        assert_eq!(s.key(0), Key::End);
    }

    #[test]
    fn a_line_typed_at_once_then_the_end() {
        let mut s = Scripted::new();
        s.type_line("y");
        assert_eq!(take(&mut s), "Y\r");
        assert_eq!(s.key(0), Key::End);
    }

    #[test]
    fn lower_case_is_typed_upper_case() {
        let mut s = Scripted::from_lines("none");
        print(&mut s, "?");
        assert_eq!(take(&mut s), "NONE\r");
    }

    #[test]
    fn quoted_strings() {
        let (t, rest) = Scripted::parse_quoted(r#"  "2748,10\r" send"#).unwrap();
        assert_eq!(t, "2748,10\r");
        assert_eq!(rest, " send");
        assert_eq!(Scripted::parse_quoted(r#""\015\x41""#).unwrap().0, "\rA");
        assert!(Scripted::parse_quoted("\"abc").is_err());
        assert!(Scripted::parse_quoted("abc").is_err());
        assert!(Scripted::parse_quoted("\"\\q\"").is_err());
    }

    proptest::proptest! {
        #[test]
        fn quoted_parse_never_panics(s in ".{0,40}") {
            let _ = Scripted::parse_quoted(&s);
        }
    }
}
