//! The operator's command line for the consoles and debuggers.
//!
//! At a terminal it is a line editor with history (`rustyline`): arrow keys recall earlier
//! commands, Ctrl-C at the prompt abandons the line, Ctrl-D on an empty line ends the session.
//! Otherwise (a pipe, a file) the lines of standard input are the commands, each written after
//! the prompt as if typed, so that the output reads as a session.
//!
//! A line that is not UTF-8 is an error naming standard input, the line and the column.
//!
//! [`session`] is the one prompt loop of every console over this command line. Output goes to
//! the `Write` the caller gives (the command's standard output, whose errors it names).

use crate::keyboard::Keyboard;
use machine_core::text;
use rustyline::error::ReadlineError;
use rustyline::DefaultEditor;
use std::io::{BufRead, IsTerminal, Write};

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

/// Where a line of a session came from: a script's lines are run as written, a typed line
/// may mean more (an empty line repeats the debugger's last step, `Debugger::typed`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    Script,
    Typed,
}

/// Lines a session runs before (or instead of) the typed ones.
#[derive(Clone, Debug, Default)]
pub struct Lines {
    pub lines: Vec<String>,
    /// Each is written after the prompt, as if typed.
    pub echo: bool,
    /// The typed lines follow them.
    pub then_typed: bool,
}

impl Lines {
    /// The lines of a script, each echoed after the prompt, and nothing typed after them.
    pub fn script(text: &str) -> Self {
        Self {
            lines: text.lines().map(String::from).collect(),
            echo: true,
            then_typed: false,
        }
    }

    /// No lines: only those typed.
    pub fn typed() -> Self {
        Self {
            lines: Vec::new(),
            echo: false,
            then_typed: true,
        }
    }
}

/// What a console answers a line with: `Ok(None)` to prompt again, `Ok(Some(status))` to end
/// the session with that exit status; an error is a host failure that ends it.
pub type Answer = Result<Option<i32>, Box<dyn std::error::Error>>;

/// The one prompt loop of every console (the HP 2100A's and the T3300-R's, and the L-game
/// classifier's at `retro lgame step`): the lines of `first` (each written after `prompt`
/// when it says so), then those typed at `prompt` (read from `keyboard` when given: the
/// terminal's one reader, which the machine's teletype shares, [`crate::keyboard`]; else the
/// line editor or standard input, [`Prompt`]), each given to `console` with where it came
/// from and `out`, until the console ends the session or the input ends. The console prints
/// its own answers; the loop flushes `out` after each. The exit status the console asked for,
/// 0 at the end of the input.
///
/// # Errors
/// Standard input or `out` failing, or the console's host failure.
pub fn session(
    out: &mut dyn Write,
    prompt: &str,
    mut keyboard: Option<Keyboard>,
    first: Lines,
    console: &mut dyn FnMut(&str, Source, &mut dyn Write) -> Answer,
) -> Result<i32, Box<dyn std::error::Error>> {
    let mut typed = Prompt::new();
    let mut queued = first.lines.into_iter();
    loop {
        let (line, source) = match queued.next() {
            Some(l) => {
                if first.echo {
                    say(out, &format!("{prompt}{}", l.trim_end()))?;
                }
                (l, Source::Script)
            }
            None if !first.then_typed => break,
            None => {
                let line = match &mut keyboard {
                    Some(k) => k.read_line(prompt, out)?,
                    None => typed.read(prompt, out)?,
                };
                match line {
                    Some(l) => (l, Source::Typed),
                    None => break,
                }
            }
        };
        let answer = console(&line, source, out)?;
        out.flush()?;
        if let Some(status) = answer {
            return Ok(status);
        }
    }
    Ok(0)
}
