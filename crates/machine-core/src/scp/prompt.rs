//! The operator's command line for the consoles and debuggers.
//!
//! At a terminal it is a line editor with history (`rustyline`): arrow keys recall earlier
//! commands, Ctrl-C at the prompt abandons the line, Ctrl-D on an empty line ends the session.
//! Otherwise (a pipe, a file) the lines of standard input are the commands, each written after
//! the prompt as if typed, so that the output reads as a session.
//!
//! A line that is not UTF-8 is an error naming standard input, the line and the column.
//!
//! [`debug`] is the debugging session of both machines over this command line. Output goes
//! to the `Write` the caller gives (the command's standard output, whose errors it names).

use super::keyboard::Keyboard;
use super::stop_keys::StopKeys;
use crate::{text, Control, Debuggable, Debugger, Limit};
use rustyline::error::ReadlineError;
use rustyline::DefaultEditor;
use std::io::{BufRead, IsTerminal, Write};
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Where commands come from.
pub struct Prompt {
    editor: Option<DefaultEditor>,
    /// Lines read from standard input so far.
    line: usize,
}

impl Prompt {
    /// The line editor when standard input is a terminal, else standard input.
    pub fn new() -> Self {
        let editor = std::io::stdin()
            .is_terminal()
            .then(|| DefaultEditor::new().ok())
            .flatten();
        Self { editor, line: 0 }
    }

    /// The next command line after `prompt`, or `None` at the end of the input; a line not
    /// typed at the terminal is echoed to `out` after the prompt.
    ///
    /// # Errors
    /// Standard input or `out` failed, or a line is not UTF-8.
    pub fn read(
        &mut self,
        prompt: &str,
        out: &mut dyn Write,
    ) -> Result<Option<String>, Box<dyn std::error::Error>> {
        self.line += 1;
        if let Some(editor) = &mut self.editor {
            return loop {
                match editor.readline(prompt) {
                    Ok(line) => {
                        if !line.trim().is_empty() {
                            let _ = editor.add_history_entry(line.as_str());
                        }
                        break Ok(Some(line));
                    }
                    // Ctrl-C abandons the line being typed, as at a shell prompt.
                    Err(ReadlineError::Interrupted) => continue,
                    Err(ReadlineError::Eof) => break Ok(None),
                    Err(e) => break Err(e.into()),
                }
            };
        }
        let mut bytes = Vec::new();
        if std::io::stdin().lock().read_until(b'\n', &mut bytes)? == 0 {
            return Ok(None);
        }
        let line = text::utf8("standard input", bytes).map_err(|e| match e {
            text::TextError::NotUtf8 { column, byte, .. } => format!(
                "standard input:{}:{column}: byte {byte:#04x} is not UTF-8 text",
                self.line
            ),
            other => other.to_string(),
        })?;
        let line = line.trim_end_matches(['\n', '\r']).to_string();
        writeln!(out, "{prompt}{line}")?;
        Ok(Some(line))
    }
}

impl Default for Prompt {
    fn default() -> Self {
        Self::new()
    }
}

/// Write `text` and flush, for output that a prompt follows.
///
/// # Errors
/// `out` failed.
pub fn say(out: &mut dyn Write, text: &str) -> std::io::Result<()> {
    writeln!(out, "{text}")?;
    out.flush()
}

/// A command a machine adds to the debugger's (the T3300-R console's `load`): given the line,
/// `None` when it is not one, else what it says or what went wrong.
pub type Local<'a, M> = &'a mut dyn FnMut(&mut Debugger<M>, &str) -> Option<Result<String, String>>;

/// A debugging session of `d`: the commands of `script`, each echoed after `prompt`, or those
/// typed at `prompt` (read from `keyboard` when given: the terminal's one reader, which the
/// machine's teletype shares, [`super::keyboard`]), the session written to `out`. Ctrl-C and Ctrl-E stop a running
/// machine and the session goes on; a run no operator watches stops at `limit`, else at the
/// batch limit. `local` answers the machine's own commands first.
///
/// # Errors
/// An unreadable script, or standard input or output failing.
pub fn debug<M: Debuggable, W: Write>(
    out: &mut W,
    d: &mut Debugger<M>,
    script: Option<&Path>,
    prompt: &str,
    limit: Option<Limit>,
    mut keyboard: Option<Keyboard>,
    local: Local<M>,
) -> Result<(), Box<dyn std::error::Error>> {
    let switch = Arc::new(AtomicBool::new(false));
    let _keys = StopKeys::install(&switch)?;
    d.set_stop_switch(switch);
    let mut typed = Prompt::new();
    let at_terminal = std::io::stdin().is_terminal();
    d.set_limit(Limit::for_run(limit, at_terminal));
    d.show(&mut *out)?;
    let mut lines = match script {
        Some(p) => Some(
            text::read_text(p)?
                .lines()
                .map(String::from)
                .collect::<Vec<_>>(),
        ),
        None => None,
    }
    .map(Vec::into_iter);
    loop {
        let line = match &mut lines {
            Some(l) => match l.next() {
                Some(line) => {
                    writeln!(out, "{prompt}{}", line.trim_end())?;
                    line
                }
                None => break,
            },
            None => match &mut keyboard {
                Some(k) => match k.read_line(prompt, &mut *out)? {
                    Some(line) => line,
                    None => break,
                },
                None => match typed.read(prompt, out)? {
                    Some(line) => line,
                    None => break,
                },
            },
        };
        let control = match local(d, &line) {
            Some(Ok(said)) => {
                if !said.is_empty() {
                    say(out, &said)?;
                }
                Control::Go
            }
            Some(Err(e)) => {
                say(out, &format!("? {e}"))?;
                Control::Go
            }
            None if lines.is_some() => d.command(&line, &mut *out)?,
            None => d.typed(&line, &mut *out)?,
        };
        out.flush()?;
        if control == Control::Quit {
            break;
        }
    }
    Ok(())
}
