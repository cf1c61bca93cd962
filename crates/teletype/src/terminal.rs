//! The live terminal as the teletype's far end.

use crate::{asr33_key, Key, Nanos, TtyHost, CHAR_TIME};
use std::io::{IsTerminal, Read, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::{Duration, Instant};

/// Ctrl-D.
const EOT: u8 = 0x04;

/// Standard input and output as the operator's keyboard and printer.
///
/// Where standard input is a terminal it is put in character mode without local echo (with
/// `stty`), because the teleprinter interface echoes typed characters itself; the previous
/// settings are restored on drop. Otherwise input is read as it comes (a pipe or a file), and
/// end of file is the end of input. Ctrl-D (EOT) is the end of input too, as it is at a shell
/// (character mode would otherwise pass it to the program as a key): the programs here never
/// ask for EOT, and it gives the operator a clean way out of any of them.
///
/// With `realtime`, printing is paced at the ASR-33's 10 characters per second of wall time.
/// While the program waits for a key that has not been typed, each poll yields the host CPU
/// for a few milliseconds, so an idle machine does not spin a host core.
pub struct Terminal {
    keys: Option<Receiver<u8>>,
    saved_stty: Option<String>,
    realtime: bool,
    last_print: Option<Instant>,
    ended: bool,
}

impl Terminal {
    pub fn new(realtime: bool) -> Self {
        let saved_stty = if std::io::stdin().is_terminal() {
            enter_char_mode()
        } else {
            None
        };
        let (tx, keys) = mpsc::channel();
        std::thread::spawn(move || {
            let mut stdin = std::io::stdin().lock();
            let mut buf = [0u8; 64];
            loop {
                match stdin.read(&mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => {
                        for &b in &buf[..n] {
                            if tx.send(b).is_err() {
                                return;
                            }
                        }
                    }
                }
            }
        });
        Self {
            keys: Some(keys),
            saved_stty,
            realtime,
            last_print: None,
            ended: false,
        }
    }

    /// The terminal as printer only: standard input is left alone and there are no keys
    /// (for runs whose input comes from a script).
    pub fn new_output_only(realtime: bool) -> Self {
        Self {
            keys: None,
            saved_stty: None,
            realtime,
            last_print: None,
            ended: true,
        }
    }
}

fn enter_char_mode() -> Option<String> {
    let saved = Command::new("stty")
        .arg("-g")
        .stdin(Stdio::inherit())
        .output()
        .ok()?;
    if !saved.status.success() {
        return None;
    }
    let ok = Command::new("stty")
        .args(["-icanon", "-echo", "min", "1"])
        .stdin(Stdio::inherit())
        .status()
        .map(|s| s.success())
        .unwrap_or(false);
    ok.then(|| String::from_utf8_lossy(&saved.stdout).trim().to_string())
}

impl Drop for Terminal {
    fn drop(&mut self) {
        if let Some(s) = &self.saved_stty {
            let _ = Command::new("stty").arg(s).stdin(Stdio::inherit()).status();
        }
        let _ = std::io::stdout().flush();
    }
}

impl TtyHost for Terminal {
    fn print(&mut self, ch: u8, _at: Nanos) {
        let ch = ch & 0x7f;
        if ch == 0 || ch == 0x7f {
            return;
        }
        if self.realtime {
            let pace = Duration::from_nanos(CHAR_TIME);
            if let Some(last) = self.last_print {
                let due = last + pace;
                let now = Instant::now();
                if due > now {
                    std::thread::sleep(due - now);
                }
            }
            self.last_print = Some(Instant::now());
        }
        let mut out = std::io::stdout().lock();
        if let Err(e) = out.write_all(&[ch]).and_then(|()| out.flush()) {
            crate::output::note(e);
        }
    }

    fn key(&mut self, _at: Nanos) -> Key {
        if self.ended {
            return Key::End;
        }
        let Some(keys) = &self.keys else {
            return Key::End;
        };
        loop {
            match keys.try_recv() {
                Ok(b) if b & 0x7f == EOT => {
                    self.ended = true;
                    return Key::End;
                }
                Ok(b) => {
                    if let Some(c) = asr33_key(b) {
                        return Key::Char(c);
                    }
                }
                Err(TryRecvError::Empty) => {
                    std::thread::sleep(Duration::from_millis(2));
                    return Key::Wait;
                }
                Err(TryRecvError::Disconnected) => {
                    self.ended = true;
                    return Key::End;
                }
            }
        }
    }
}
