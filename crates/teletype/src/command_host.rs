//! The operator at the teletype, the same for every command that runs a program on one (HP
//! 2100A tapes, T3300-R images, NHEX, LGM and the native games):
//!
//! * without `--input` the keyboard (the keys typed ahead, which the caller's reader of the
//!   keyboard fills) and the terminal are the teletype;
//! * with `--input FILE` its lines are typed one per prompt (see the crate's note 1) while the
//!   paper is still printed on the terminal as it comes;
//! * `--transcript FILE` receives what the paper roll shows: the file is made when the host
//!   is, so a bad path is reported before the run; each line is written when it is finished,
//!   so a stopped run keeps what it printed, and [`OperatorHost::finish`] adds the last one;
//! * `--realtime` paces the terminal at the ASR-33's ten characters a second of wall time.
//!
//! A debugger reads its own commands from standard input, so its teletype is [`keys`]: the
//! lines of an input file, or no keys at all, with the paper on the terminal.

use crate::operator_side::{Briefing, OperatorSide};
use crate::{Key, Nanos, Printer, Scripted, Tee, Terminal, Transcript, TtyHost, TypeAhead};
use std::cell::{Cell, RefCell};
use std::fs::File;
use std::io::{Stdout, Write};
use std::path::{Path, PathBuf};

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

/// The operator's host: the terminal or typed lines, recorded on a paper roll.
pub struct OperatorHost {
    roll: Transcript<Box<dyn TtyHost>>,
    save_to: Option<Saved>,
    scripted: bool,
}

/// The `--transcript` file and how much of the roll it has.
struct Saved {
    path: PathBuf,
    file: File,
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
        if let Err(e) = (&self.file).write_all(text.as_bytes()) {
            self.failed.borrow_mut().get_or_insert(e);
        }
    }
}

/// The teletype of a debugging session: the lines of `input` typed one per prompt (none
/// without it), the paper printed on standard output between the debugger's lines.
///
/// # Errors
/// An unreadable input file, named.
pub fn keys(input: Option<&Path>) -> Result<Tee<Scripted, Printer<Stdout>>, OperatorError> {
    let script = match input {
        Some(p) => Scripted::from_lines(&read(p)?),
        None => Scripted::new(),
    };
    Ok(Tee::new(script, Printer::new(std::io::stdout())))
}

fn read(p: &Path) -> Result<String, OperatorError> {
    std::fs::read_to_string(p).map_err(|source| OperatorError::Read {
        path: p.to_path_buf(),
        source,
    })
}

/// The operator for a command's `--input`, `--transcript` and `--realtime`; without `input`
/// the keys are those of `keys` (none without it).
///
/// # Errors
/// An unreadable input file, named.
pub fn host(
    input: Option<&Path>,
    transcript: Option<&Path>,
    realtime: bool,
    keys: Option<TypeAhead>,
) -> Result<OperatorHost, OperatorError> {
    host_with(input, transcript, realtime, None, keys)
}

/// [`host`] with an operator beside the keyboard who takes `HELP` and `QUIT` for a program
/// whose dialogue stays its own ([`crate::OperatorSide`]); the paper roll and the
/// `--transcript` keep the program's dialogue alone.
///
/// # Errors
/// An unreadable input file, named.
pub fn host_with(
    input: Option<&Path>,
    transcript: Option<&Path>,
    realtime: bool,
    briefing: Option<Briefing>,
    keys: Option<TypeAhead>,
) -> Result<OperatorHost, OperatorError> {
    let base: Box<dyn TtyHost> = match (input, briefing) {
        (Some(p), None) => Box::new(Tee::new(
            Scripted::from_lines(&read(p)?),
            Terminal::new_output_only(realtime),
        )),
        (Some(p), Some(b)) => Box::new(OperatorSide::new(
            Tee::new(
                Scripted::from_lines(&read(p)?),
                Terminal::new_output_only(realtime),
            ),
            b,
            false,
        )),
        (None, None) => Box::new(Terminal::new(keys, realtime)),
        (None, Some(b)) => {
            // Keys held until RETURN are echoed by the operator only at a live keyboard.
            let live = std::io::IsTerminal::is_terminal(&std::io::stdin());
            Box::new(OperatorSide::new(Terminal::new(keys, realtime), b, live))
        }
    };
    let save_to = match transcript {
        Some(p) => Some(Saved {
            file: File::create(p).map_err(|source| OperatorError::Write {
                path: p.to_path_buf(),
                source,
            })?,
            path: p.to_path_buf(),
            lines: Cell::new(0),
            bytes: Cell::new(0),
            failed: RefCell::new(None),
        }),
        None => None,
    };
    Ok(OperatorHost {
        roll: Transcript::new(base),
        save_to,
        scripted: input.is_some(),
    })
}

impl OperatorHost {
    /// Whether the keys come from an input file (which ends) rather than the keyboard.
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
    /// `--transcript` file, if one was named, and report the first error writing it.
    ///
    /// # Errors
    /// An unwritable transcript file, named.
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

    #[test]
    fn typed_lines_and_the_transcript_file() {
        let dir = std::env::temp_dir().join(format!("teletype-operator-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (input, paper) = (dir.join("in.txt"), dir.join("paper.txt"));
        std::fs::write(&input, "12\n").unwrap();
        let mut h = host(Some(&input), Some(&paper), false, None).unwrap();
        assert!(h.scripted());
        let mut c = crate::Console::new(&mut h);
        c.print("?\r\n");
        assert_eq!(c.read_line().as_deref(), Some("12"));
        assert_eq!(c.read_line(), None);
        h.finish().unwrap();
        assert_eq!(std::fs::read_to_string(&paper).unwrap(), "?\n12");
        let e = host(Some(&dir.join("missing")), None, false, None)
            .err()
            .unwrap();
        assert!(e.to_string().starts_with("cannot read "), "{e}");
    }

    #[test]
    fn the_transcript_is_checked_first_and_written_line_by_line() {
        let dir = std::env::temp_dir().join(format!("teletype-lines-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let paper = dir.join("paper.txt");
        let e = host(None, Some(&dir.join("no/such/paper.txt")), false, None).err();
        assert!(e.unwrap().to_string().starts_with("cannot write "));
        let input = dir.join("in.txt");
        std::fs::write(&input, "").unwrap();
        let mut h = host(Some(&input), Some(&paper), false, None).unwrap();
        let mut c = crate::Console::new(&mut h);
        c.print("ONE\r\nTWO");
        // Before the end of the session, the finished line is on the file already.
        assert_eq!(std::fs::read_to_string(&paper).unwrap(), "ONE\n");
        c.print("\r\nTH");
        h.finish().unwrap();
        assert_eq!(std::fs::read_to_string(&paper).unwrap(), "ONE\nTWO\nTH");
        assert_eq!(h.paper(), "ONE\nTWO\nTH");
    }
}
