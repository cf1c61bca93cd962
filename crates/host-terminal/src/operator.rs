//! The operator at the command line's terminal, as a console's host
//! (`machine_core::prompt::Operator`): at a terminal the keyboard's line editor at the prompt
//! and its keys for the running machine ([`crate::keyboard`]), otherwise the lines of standard
//! input as the commands, each written after the prompt as if typed, so that the output reads
//! as a session; Ctrl-C and Ctrl-E as the stop keys ([`crate::stop_keys`]).
//!
//! A line of standard input that is not UTF-8 is an error naming standard input, the line
//! and the column.

use crate::keyboard::Keyboard;
use crate::stop_keys::StopKeys;
use machine_core::prompt::{Error, Operator};
use machine_core::text;
use std::cell::OnceCell;
use std::io::{BufRead, IsTerminal, Write};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use teletype::TypeAhead;

/// The operator at the terminal (or behind standard input).
pub struct TerminalOperator {
    keyboard: OnceCell<Keyboard>,
    /// A program's run: standard input is the keyboard whether it is a terminal or not, read
    /// from the first time the keys are asked for.
    run: bool,
    /// Lines read from standard input so far.
    line: usize,
}

impl TerminalOperator {
    /// A console's operator: the keyboard when standard input is a terminal, else its lines.
    pub fn new() -> Self {
        let keyboard = OnceCell::new();
        if let Some(k) = Keyboard::terminal() {
            let _ = keyboard.set(k);
        }
        Self {
            keyboard,
            run: false,
            line: 0,
        }
    }

    /// No keyboard: the lines of standard input, for a session whose commands come from a
    /// script (standard input is not read unless a line is asked for).
    pub fn without_keyboard() -> Self {
        Self {
            keyboard: OnceCell::new(),
            run: false,
            line: 0,
        }
    }

    /// A program run's operator: standard input is the keyboard, a terminal or not (a pipe's
    /// bytes are keys too), from the first time the run asks for keys (never when its keys
    /// come from an input file).
    pub fn for_run() -> Self {
        Self {
            keyboard: OnceCell::new(),
            run: true,
            line: 0,
        }
    }
}

impl Default for TerminalOperator {
    fn default() -> Self {
        Self::new()
    }
}

impl Operator for TerminalOperator {
    fn read_line(&mut self, prompt: &str, out: &mut dyn Write) -> Result<Option<String>, Error> {
        if let Some(k) = self.keyboard.get_mut() {
            return Ok(k.read_line(prompt, out)?);
        }
        self.line += 1;
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

    fn keys(&self) -> Option<TypeAhead> {
        if self.run {
            return Some(self.keyboard.get_or_init(Keyboard::stdin).keys());
        }
        self.keyboard.get().map(Keyboard::keys)
    }

    fn watched(&self) -> bool {
        std::io::stdin().is_terminal()
    }

    fn stop_keys(&mut self, switch: &Arc<AtomicBool>) -> std::io::Result<Box<dyn std::any::Any>> {
        Ok(Box::new(StopKeys::install(switch)?))
    }
}
