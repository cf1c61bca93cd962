//! The operator at the teletype, for every command that runs a program on one: the keyboard
//! and the terminal, or typed lines from a file with the printer still on the terminal.

use std::path::Path;
use teletype::{Key, Scripted, Terminal, TtyHost};

/// Scripted keys (one line per prompt), with the printer on standard output.
struct TypedLines {
    script: Scripted,
    printer: Terminal,
}

impl TtyHost for TypedLines {
    fn print(&mut self, ch: u8, at: u64) {
        self.script.print(ch, at);
        self.printer.print(ch, at);
    }
    fn key(&mut self, at: u64) -> Key {
        self.script.key(at)
    }
}

/// The keyboard and terminal, or the lines of `input` typed at each prompt.
///
/// # Errors
/// An unreadable input file, named.
pub fn host(
    input: Option<&Path>,
    realtime: bool,
) -> Result<Box<dyn TtyHost>, Box<dyn std::error::Error>> {
    Ok(match input {
        Some(p) => {
            let text = std::fs::read_to_string(p)
                .map_err(|e| format!("cannot read {}: {e}", p.display()))?;
            Box::new(TypedLines {
                script: Scripted::from_lines(&text),
                printer: Terminal::new_output_only(realtime),
            })
        }
        None => Box::new(Terminal::new(realtime)),
    })
}
