//! The operator's command line for the consoles and debuggers.
//!
//! At a terminal it is a line editor with history (`rustyline`): arrow keys recall earlier
//! commands, Ctrl-C at the prompt abandons the line, Ctrl-D on an empty line ends the session.
//! Otherwise (a pipe, a file) the lines of standard input are the commands, each written after
//! the prompt as if typed, so that the output reads as a session.
//!
//! A line that is not UTF-8 is an error naming standard input, the line and the column.

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
    /// The line editor when standard input and output are a terminal, else standard input.
    pub fn new() -> Self {
        let editor = (std::io::stdin().is_terminal() && std::io::stdout().is_terminal())
            .then(|| DefaultEditor::new().ok())
            .flatten();
        Self { editor, line: 0 }
    }

    /// An operator is at a terminal (Ctrl-C can stop a run), so runs need no default limit.
    pub fn at_terminal(&self) -> bool {
        self.editor.is_some()
    }

    /// The next command line after `prompt`, or `None` at the end of the input.
    ///
    /// # Errors
    /// Standard input or output failed, or a line is not UTF-8.
    pub fn read(&mut self, prompt: &str) -> Result<Option<String>, Box<dyn std::error::Error>> {
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
        outln!("{prompt}{line}")?;
        Ok(Some(line))
    }
}

impl Default for Prompt {
    fn default() -> Self {
        Self::new()
    }
}

/// Write `text` and flush, for output that a prompt follows.
pub fn say(text: &str) -> std::io::Result<()> {
    let mut out = crate::out::Out;
    writeln!(out, "{text}")?;
    out.flush()
}
