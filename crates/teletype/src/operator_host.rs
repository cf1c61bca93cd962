//! The operator at the teletype, the same for every command that runs a program on one (HP
//! 2100A tapes, T3300-R images, NHEX, LGM and the native games), with nothing of the host's
//! own: the host gives it the typed lines or the keyboard's keys, the printer the paper is
//! shown on and the writer the transcript goes to (`host_terminal::command_host` makes them of
//! the terminal and a command's `--input`, `--transcript` and `--realtime`):
//!
//! * without typed lines the keyboard (the keys typed ahead, which the host's reader of the
//!   keyboard fills) and the printer are the teletype;
//! * with typed lines, they are typed one per prompt (see the crate's note 1) while the paper
//!   is still printed as it comes;
//! * the transcript receives what the paper roll shows: each line is written when it is
//!   finished, so a stopped run keeps what it printed, and [`OperatorHost::finish`] adds the
//!   last one and reports the first write error, under the name the host gave;
//! * `realtime` paces the printer at the ASR-33's ten characters a second of wall time.

use crate::operator_side::{Briefing, OperatorSide};
use crate::{Key, Nanos, Scripted, Tee, Terminal, Transcript, TtyHost, TypeAhead};
use std::cell::{Cell, RefCell};
use std::io::Write;
use std::path::PathBuf;

/// A file the operator's host could not read or write, named.
#[derive(Debug, thiserror::Error)]
pub enum OperatorError {
    #[error("cannot read {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot write {path}: {source}")]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// What an operator's host is made of, given by the host of the command.
pub struct Parts {
    /// Lines typed one per prompt (a command's `--input`), instead of the keyboard.
    pub lines: Option<String>,
    /// The keys typed ahead at the keyboard, when no lines are given (none: no keys).
    pub keys: Option<TypeAhead>,
    /// Where the paper is shown as it is printed (the terminal).
    pub printer: Box<dyn Write>,
    /// Pace the printer at the ASR-33's ten characters a second.
    pub realtime: bool,
    /// Where the paper roll is written, with the name its errors give.
    pub transcript: Option<(PathBuf, Box<dyn Write>)>,
    /// An operator beside the keyboard who takes `HELP` and `QUIT` ([`OperatorSide`]), and
    /// whether keys held until RETURN are echoed (a live keyboard's are).
    pub briefing: Option<(Briefing, bool)>,
}

impl Parts {
    /// The keyboard's keys (none: no keys) and the paper on `printer`, nothing else.
    pub fn new(keys: Option<TypeAhead>, printer: Box<dyn Write>) -> Self {
        Parts {
            lines: None,
            keys,
            printer,
            realtime: false,
            transcript: None,
            briefing: None,
        }
    }
}

/// The operator's host: the keyboard or typed lines, recorded on a paper roll.
pub struct OperatorHost {
    roll: Transcript<Box<dyn TtyHost>>,
    save_to: Option<Saved>,
    scripted: bool,
}

/// The transcript's writer and how much of the roll it has.
struct Saved {
    path: PathBuf,
    file: RefCell<Box<dyn Write>>,
    lines: Cell<usize>,
    bytes: Cell<usize>,
    failed: RefCell<Option<std::io::Error>>,
}

impl Saved {
    /// Write the lines finished since the last call, then `tail` (the partial last line).
    fn catch_up(&self, lines: &[String], tail: &str) {
        let mut text = String::new();
        for l in &lines[self.lines.get()..] {
            text.push_str(l);
            text.push('\n');
        }
        text.push_str(tail);
        self.lines.set(lines.len());
        self.bytes.set(self.bytes.get() + text.len());
        let mut file = self.file.borrow_mut();
        if let Err(e) = file.write_all(text.as_bytes()).and_then(|()| file.flush()) {
            self.failed.borrow_mut().get_or_insert(e);
        }
    }
}

impl OperatorHost {
    /// The host made of `parts`.
    pub fn new(parts: Parts) -> Self {
        let Parts {
            lines,
            keys,
            printer,
            realtime,
            transcript,
            briefing,
        } = parts;
        let scripted = lines.is_some();
        let base: Box<dyn TtyHost> = match (lines, briefing) {
            (Some(l), None) => Box::new(Tee::new(
                Scripted::from_lines(&l),
                Terminal::new_output_only(printer, realtime),
            )),
            (Some(l), Some((b, _))) => Box::new(OperatorSide::new(
                Tee::new(
                    Scripted::from_lines(&l),
                    Terminal::new_output_only(printer, realtime),
                ),
                b,
                false,
            )),
            (None, None) => Box::new(Terminal::new(printer, keys, realtime)),
            (None, Some((b, echo))) => Box::new(OperatorSide::new(
                Terminal::new(printer, keys, realtime),
                b,
                echo,
            )),
        };
        let save_to = transcript.map(|(path, file)| Saved {
            path,
            file: RefCell::new(file),
            lines: Cell::new(0),
            bytes: Cell::new(0),
            failed: RefCell::new(None),
        });
        OperatorHost {
            roll: Transcript::new(base),
            save_to,
            scripted,
        }
    }

    /// Whether the keys come from typed lines (which end) rather than the keyboard.
    pub fn scripted(&self) -> bool {
        self.scripted
    }

    /// What the paper roll shows so far.
    pub fn paper(&self) -> String {
        self.roll.paper()
    }

    /// The roll with the time of every character printed and typed.
    pub fn roll(&self) -> &Transcript<Box<dyn TtyHost>> {
        &self.roll
    }

    /// End of the session: write the rest of the paper roll (its partial last line) to the
    /// transcript, if there is one, and report the first error writing it.
    ///
    /// # Errors
    /// An unwritable transcript, named.
    pub fn finish(&self) -> Result<(), OperatorError> {
        let Some(s) = &self.save_to else {
            return Ok(());
        };
        let paper = self.roll.paper();
        let written: usize = self.roll.lines()[..s.lines.get()]
            .iter()
            .map(|l| l.len() + 1)
            .sum();
        if s.bytes.get() == written {
            s.catch_up(self.roll.lines(), paper.get(written..).unwrap_or(""));
        }
        match s.failed.borrow_mut().take() {
            Some(source) => Err(OperatorError::Write {
                path: s.path.clone(),
                source,
            }),
            None => Ok(()),
        }
    }
}

impl TtyHost for OperatorHost {
    fn print(&mut self, ch: u8, at: Nanos) {
        self.roll.print(ch, at);
        if let (Some(s), b'\n') = (&self.save_to, ch & 0x7f) {
            s.catch_up(self.roll.lines(), "");
        }
    }
    fn key(&mut self, at: Nanos) -> Key {
        self.roll.key(at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::rc::Rc;

    /// A writer whose bytes the test keeps, failing every write once `fail` is set.
    #[derive(Clone, Default)]
    struct Kept {
        bytes: Rc<RefCell<Vec<u8>>>,
        fail: Rc<Cell<bool>>,
    }

    impl Write for Kept {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            if self.fail.get() {
                return Err(std::io::Error::from(std::io::ErrorKind::StorageFull));
            }
            self.bytes.borrow_mut().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl Kept {
        fn text(&self) -> String {
            String::from_utf8_lossy(&self.bytes.borrow()).into_owned()
        }
    }

    fn typed(lines: &str, printer: &Kept, paper: &Kept) -> OperatorHost {
        OperatorHost::new(Parts {
            lines: Some(lines.into()),
            transcript: Some(("paper.txt".into(), Box::new(paper.clone()))),
            ..Parts::new(None, Box::new(printer.clone()))
        })
    }

    #[test]
    fn typed_lines_the_printer_and_the_transcript() {
        let (printer, paper) = (Kept::default(), Kept::default());
        let mut h = typed("12\n", &printer, &paper);
        assert!(h.scripted());
        let mut c = crate::Teletype::new(&mut h);
        c.print("?\r\n");
        assert_eq!(c.read_line().as_deref(), Some("12"));
        assert_eq!(c.read_line(), None);
        h.finish().unwrap();
        assert_eq!(paper.text(), "?\n12");
        assert_eq!(
            printer.text(),
            "?\r\n12\r",
            "the paper as printed, the echo too"
        );
    }

    #[test]
    fn the_transcript_is_written_line_by_line_and_its_error_named() {
        let (printer, paper) = (Kept::default(), Kept::default());
        let mut h = typed("", &printer, &paper);
        let mut c = crate::Teletype::new(&mut h);
        c.print("ONE\r\nTWO");
        // Before the end of the session, the finished line is written already.
        assert_eq!(paper.text(), "ONE\n");
        c.print("\r\nTH");
        h.finish().unwrap();
        assert_eq!(paper.text(), "ONE\nTWO\nTH");
        assert_eq!(h.paper(), "ONE\nTWO\nTH");
        paper.fail.set(true);
        let mut c = crate::Teletype::new(&mut h);
        c.print("REE\r\n");
        let e = h.finish().unwrap_err().to_string();
        assert!(e.starts_with("cannot write paper.txt: "), "{e}");
    }

    #[test]
    fn the_keyboards_keys_without_lines() {
        let keys = TypeAhead::new();
        assert!(keys.feed().push(b"go\n"));
        let mut h = OperatorHost::new(Parts::new(Some(keys), Box::new(Kept::default())));
        assert!(!h.scripted());
        let mut c = crate::Teletype::new(&mut h);
        assert_eq!(c.read_line().as_deref(), Some("GO"));
    }
}
