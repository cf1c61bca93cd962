//! A console teletype's keys, for both machines: a script's (`send`, `expect ... send`,
//! `--input` lines) first, then, at an interactive console, the operator's keyboard
//! ([`super::keyboard`]) while the machine runs, as SIMH gives the keyboard to the simulated
//! teletype until Ctrl-E.
//!
//! Implementation notes:
//!
//! 1. Keys from the keyboard become what an ASR-33 sends (`teletype::asr33_key`: upper case,
//!    RETURN for LF); Ctrl-D ends the program's input, as at `retro hp2100 run` (the next
//!    run reads the keyboard again).
//! 2. While the program waits and nothing is typed, each poll yields the host CPU for a few
//!    milliseconds, as the teletype's terminal does, so an idle machine does not spin a core.

use super::keyboard::{Keys, Typed};
use std::time::Duration;
use teletype::{asr33_key, Key, Nanos, Scripted, TtyHost};

/// Ctrl-D.
const EOT: u8 = 0x04;

/// A script's keys, then the operator's.
pub struct ConsoleKeys {
    pub scripted: Scripted,
    live: Option<Keys>,
}

impl ConsoleKeys {
    pub fn new(scripted: Scripted) -> Self {
        Self {
            scripted,
            live: None,
        }
    }

    /// The script's keys, then those of `keys` if given.
    pub fn with_keyboard(scripted: Scripted, keys: Option<Keys>) -> Self {
        Self {
            scripted,
            live: keys,
        }
    }

    /// The lines of the file `input` typed one per prompt (none without it), then those of
    /// `keys` if given: a session's `--input` and its terminal.
    ///
    /// # Errors
    /// An unreadable `input`, named.
    pub fn from_input(input: Option<&std::path::Path>, keys: Option<Keys>) -> Result<Self, String> {
        let scripted = match input {
            Some(p) => Scripted::from_lines(&crate::text::read_text(p).map_err(|e| e.to_string())?),
            None => Scripted::new(),
        };
        Ok(Self::with_keyboard(scripted, keys))
    }

    /// Give the teletype the operator's keyboard (or take it away).
    pub fn set_keyboard(&mut self, keys: Option<Keys>) {
        self.live = keys;
    }
}

impl TtyHost for ConsoleKeys {
    fn print(&mut self, ch: u8, at: Nanos) {
        self.scripted.print(ch, at);
    }

    fn key(&mut self, at: Nanos) -> Key {
        let from_script = self.scripted.key(at);
        let Some(live) = &self.live else {
            return from_script;
        };
        if let Key::Char(_) = from_script {
            return from_script;
        }
        loop {
            match live.take() {
                Typed::Byte(b) if b & 0x7f == EOT => return from_script,
                Typed::Byte(b) => {
                    if let Some(c) = asr33_key(b) {
                        return Key::Char(c);
                    }
                }
                Typed::Wait => {
                    std::thread::sleep(Duration::from_millis(2));
                    return Key::Wait;
                }
                Typed::End => return from_script,
            }
        }
    }
}
