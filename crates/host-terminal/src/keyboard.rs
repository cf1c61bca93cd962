//! The operator's keyboard: the host's one reader of standard input, for the `sim>` prompt
//! and the running machine's teletype alike, so that no typed byte is lost.
//!
//! SIMH gives the keyboard to the simulated console terminal while the machine runs and
//! takes it back at the prompt; what is typed ahead waits its turn, as it does in a
//! terminal's own buffer. Here one thread reads standard input and queues every byte in a
//! `teletype::TypeAhead`; [`Keyboard::read_line`] takes a command line from the queue (the
//! consoles' line editor: echo, backspace, Ctrl-U, Up and Down for earlier lines, Ctrl-D on
//! an empty line to end), and a teletype takes keys from the same queue
//! ([`Keyboard::keys`]: `teletype::Terminal`, `machine_core::ConsoleKeys`) while a program
//! runs. Every command that reads standard input as keys reads it here.
//!
//! Implementation notes:
//!
//! 1. At a terminal the line discipline is put in character mode without echo (`stty -icanon
//!    -echo min 1`), as the teleprinter echoes what it is sent, and restored when the last
//!    handle on the keys is dropped (the queue's guard). Signals stay on, so Ctrl-C and
//!    Ctrl-E (the stop keys) still stop a running machine.
//! 2. The line editor is this one, not a line-editing crate's: such an editor reads the
//!    terminal itself, a line at a time, and keeps what it read ahead in a buffer of its own,
//!    so the keys typed while the machine runs (the teletype's, from this queue) and the lines
//!    typed ahead of the prompt would be split between two readers and lost. This editor
//!    keeps the one queue across lines, and a line's bytes are taken one at a time.
//! 3. Escape sequences other than Up and Down (ESC `[` A/B) are read to their final byte and
//!    ignored, so that arrow keys do not put stray letters in a command.
//! 4. While a line is typed the terminal's signals are off (`stty -isig`), so that Ctrl-C
//!    abandons the line, as at a shell prompt, instead of pressing the machine's HALT switch
//!    for the next run (or, pressed twice, ending the process: `retro`'s stop keys); Ctrl-E
//!    there is ignored. They are on again while a command runs.
//! 5. Typed-ahead bytes are bounded (`teletype::TYPE_AHEAD`): with the queue full the reader
//!    waits for room before it reads more, so what is pasted or piped in is kept in the
//!    terminal's own buffer (and the writer waits) instead of growing the console's memory
//!    without end; nothing is lost. When nobody holds the keys any more the reader stops.

use std::io::{self, IsTerminal, Read, Write};
use std::process::{Command, Stdio};
use teletype::TypeAhead;

/// Ctrl-D.
const EOT: u8 = 0x04;
/// Ctrl-U.
const KILL: u8 = 0x15;
/// Ctrl-C.
const INTERRUPT: u8 = 0x03;
const ESC: u8 = 0x1b;

/// The terminal's settings before character mode, put back when the last handle on the keys
/// is dropped (note 1).
struct Restore(String);

impl Drop for Restore {
    fn drop(&mut self) {
        stty_restore(&self.0);
    }
}

/// The operator's keyboard: the reader, the prompt's line editor and its history.
pub struct Keyboard {
    keys: TypeAhead,
    history: Vec<String>,
    /// Standard input is a terminal in character mode (note 4).
    at_terminal: bool,
}

impl Keyboard {
    /// The keyboard of the terminal on standard input (note 1), or `None` when standard input
    /// is not a terminal.
    pub fn terminal() -> Option<Self> {
        io::stdin().is_terminal().then(Self::stdin)
    }

    /// Standard input as the keyboard, a terminal (in character mode, note 1) or not (a pipe,
    /// a file: its bytes are the keys, its end the end of the input).
    pub fn stdin() -> Self {
        let saved = io::stdin().is_terminal().then(character_mode).flatten();
        let at_terminal = saved.is_some();
        let keys = match saved {
            Some(s) => TypeAhead::with_guard(Box::new(Restore(s))),
            None => TypeAhead::new(),
        };
        let mut k = Self::reading(io::stdin(), keys);
        k.at_terminal = at_terminal;
        k
    }

    /// A keyboard whose bytes come from `source` (a test's bytes, say).
    pub fn from_reader<R: Read + Send + 'static>(source: R) -> Self {
        Self::reading(source, TypeAhead::new())
    }

    /// The one reader: a thread that queues what `source` gives until its end, or until
    /// nobody holds the keys (note 5).
    fn reading<R: Read + Send + 'static>(mut source: R, keys: TypeAhead) -> Self {
        let feed = keys.feed();
        std::thread::spawn(move || {
            let mut buf = [0u8; 256];
            loop {
                match source.read(&mut buf) {
                    Ok(0) | Err(_) => return feed.end(),
                    Ok(n) => {
                        if !feed.push(&buf[..n]) {
                            return;
                        }
                    }
                }
            }
        });
        Self {
            keys,
            history: Vec::new(),
            at_terminal: false,
        }
    }

    /// The handle a teletype takes keys from while the machine runs.
    pub fn keys(&self) -> TypeAhead {
        self.keys.clone()
    }

    /// The next byte, waiting for one; `None` at the end of input.
    fn next(&self) -> Option<u8> {
        self.keys.next()
    }

    /// A command line typed after `prompt`, echoed to `out`; `None` at the end of input
    /// (Ctrl-D on an empty line).
    ///
    /// # Errors
    /// Writing the prompt or the echo failed.
    pub fn read_line(&mut self, prompt: &str, out: &mut dyn Write) -> io::Result<Option<String>> {
        // At the prompt Ctrl-C and Ctrl-E are keys, not the stop keys (note 4).
        let at_terminal = self.at_terminal;
        if at_terminal {
            stty_set(&["-isig"]);
        }
        let line = self.edit_line(prompt, out);
        if at_terminal {
            stty_set(&["isig"]);
        }
        line
    }

    fn edit_line(&mut self, prompt: &str, out: &mut dyn Write) -> io::Result<Option<String>> {
        write!(out, "{prompt}")?;
        out.flush()?;
        let mut line: Vec<u8> = Vec::new();
        let mut recall = self.history.len();
        loop {
            let Some(b) = self.next() else {
                if line.is_empty() {
                    return Ok(None);
                }
                break;
            };
            match b {
                b'\r' | b'\n' => break,
                EOT if line.is_empty() => {
                    writeln!(out)?;
                    return Ok(None);
                }
                0x08 | 0x7f if erase_char(&mut line) => write!(out, "\x08 \x08")?,
                KILL => erase_all(&mut line, out)?,
                INTERRUPT => {
                    line.clear();
                    write!(out, "^C\n{prompt}")?;
                }
                ESC => {
                    let Some(dir) = self.escape() else { continue };
                    let to = match dir {
                        b'A' => recall.checked_sub(1),
                        _ => Some(recall + 1).filter(|&r| r <= self.history.len()),
                    };
                    if let Some(r) = to {
                        recall = r;
                        erase_all(&mut line, out)?;
                        line = self
                            .history
                            .get(r)
                            .cloned()
                            .unwrap_or_default()
                            .into_bytes();
                        out.write_all(&line)?;
                    }
                }
                b if b >= 0x20 => {
                    line.push(b);
                    out.write_all(&[b])?;
                }
                _ => {}
            }
            out.flush()?;
        }
        writeln!(out)?;
        out.flush()?;
        let text = String::from_utf8_lossy(&line).into_owned();
        if !text.trim().is_empty() && self.history.last() != Some(&text) {
            self.history.push(text.clone());
        }
        Ok(Some(text))
    }

    /// The rest of an escape sequence: `A` or `B` for Up or Down, `None` for others (note 3).
    fn escape(&self) -> Option<u8> {
        if self.next()? != b'[' {
            return None;
        }
        loop {
            let b = self.next()?;
            if (0x40..=0x7e).contains(&b) {
                return matches!(b, b'A' | b'B').then_some(b);
            }
        }
    }
}

/// Take the last character (all its UTF-8 bytes) off `line`; `false` when it was empty.
fn erase_char(line: &mut Vec<u8>) -> bool {
    while let Some(b) = line.pop() {
        if b & 0xc0 != 0x80 {
            return true;
        }
    }
    false
}

fn erase_all(line: &mut Vec<u8>, out: &mut dyn Write) -> io::Result<()> {
    while erase_char(line) {
        write!(out, "\x08 \x08")?;
    }
    Ok(())
}

/// Character mode without echo (note 1); the settings before, to restore.
fn character_mode() -> Option<String> {
    stty_set(&["-icanon", "-echo", "min", "1"])
}

/// Change the settings of the terminal on standard input with `stty ARGS`; the settings
/// before (for [`stty_restore`]), or `None` when they could not be read or changed.
pub fn stty_set(args: &[&str]) -> Option<String> {
    let saved = Command::new("stty")
        .arg("-g")
        .stdin(Stdio::inherit())
        .output()
        .ok()
        .filter(|o| o.status.success())?;
    let ok = Command::new("stty")
        .args(args)
        .stdin(Stdio::inherit())
        .status()
        .is_ok_and(|s| s.success());
    ok.then(|| String::from_utf8_lossy(&saved.stdout).trim().to_string())
}

/// Put back the settings [`stty_set`] saved.
pub fn stty_restore(saved: &str) {
    let _ = Command::new("stty")
        .arg(saved)
        .stdin(Stdio::inherit())
        .status();
}

#[cfg(test)]
mod tests {
    use super::*;
    use teletype::Typed;

    #[test]
    fn typed_ahead_bytes_wait_in_the_source_beyond_the_bound_and_none_is_lost() {
        let pasted: Vec<u8> = (0..200_000u32).map(|i| b'A' + (i % 26) as u8).collect();
        let k = Keyboard::from_reader(std::io::Cursor::new(pasted.clone()));
        std::thread::sleep(std::time::Duration::from_millis(50));
        let held = k.keys.waiting();
        assert!(held <= teletype::TYPE_AHEAD, "{held} bytes queued");
        let keys = k.keys();
        let mut got = Vec::new();
        loop {
            match keys.take() {
                Typed::Byte(b) => got.push(b),
                Typed::Wait => std::thread::yield_now(),
                Typed::End => break,
            }
        }
        assert_eq!(got, pasted);
    }

    fn lines(input: &[u8], n: usize) -> (Vec<Option<String>>, String) {
        let mut k = Keyboard::from_reader(io::Cursor::new(input.to_vec()));
        let mut out = Vec::new();
        let got = (0..n)
            .map(|_| k.read_line("sim> ", &mut out).unwrap())
            .collect();
        (got, String::from_utf8_lossy(&out).into_owned())
    }

    #[test]
    fn lines_typed_ahead_are_all_kept() {
        let (got, out) = lines(b"e 1\re 2\ne 3\r", 4);
        assert_eq!(
            got,
            vec![
                Some("e 1".into()),
                Some("e 2".into()),
                Some("e 3".into()),
                None
            ]
        );
        assert_eq!(out, "sim> e 1\nsim> e 2\nsim> e 3\nsim> ");
    }

    #[test]
    fn editing_and_history() {
        // Backspace, a kill, an unknown escape (Right), then Up twice and Down once.
        let (got, _) = lines(
            b"ex\x7fcho 1\rjunk\x15e 2\x1b[C\r\x1b[A\x1b[A\x1b[B\r\x04",
            4,
        );
        assert_eq!(
            got,
            vec![
                Some("echo 1".into()),
                Some("e 2".into()),
                Some("e 2".into()),
                None
            ]
        );
    }

    #[test]
    fn the_machine_takes_what_the_prompt_left() {
        let mut k = Keyboard::from_reader(io::Cursor::new(b"go\rHEX\r".to_vec()));
        let mut out = Vec::new();
        assert_eq!(k.read_line("sim> ", &mut out).unwrap(), Some("go".into()));
        let keys = k.keys();
        let mut typed = Vec::new();
        loop {
            match keys.take() {
                Typed::Byte(b) => typed.push(b),
                Typed::End => break,
                Typed::Wait => std::thread::yield_now(),
            }
        }
        assert_eq!(typed, b"HEX\r");
    }
}
