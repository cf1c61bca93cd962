//! A console at its `sim>` prompt: the one prompt loop of every console ([`hold`]: the HP
//! 2100A's, the T3300-R's, the L-game classifier's at `retro lgame step`), and what a host
//! gives it ([`Operator`]). The loop knows no terminal: the command line's host (crate
//! `host-terminal`) reads the operator's lines and keys and installs the stop keys; a test's
//! host gives lines of its own.

use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use teletype::TypeAhead;

/// A host failure of a session (its input or output failed).
pub type Error = Box<dyn std::error::Error>;

/// What the host a console is held from gives it: the lines typed at the prompt, the keys
/// typed while the machine runs, the stop keys.
pub trait Operator {
    /// The next line typed after `prompt` (written to `out` with the line when the host does
    /// not echo it itself); `None` at the end of the input.
    ///
    /// # Errors
    /// The input or `out` failed, or a line is not text.
    fn read_line(&mut self, prompt: &str, out: &mut dyn Write) -> Result<Option<String>, Error>;

    /// The keys typed while the machine runs (the queue the line editor reads too, so that
    /// nothing typed ahead is lost), when an operator types at a keyboard.
    fn keys(&self) -> Option<TypeAhead>;

    /// Whether an operator watches (a terminal): else a run stops at the batch limit.
    fn watched(&self) -> bool;

    /// Let the operator's stop keys press `switch` (the machine's HALT switch) while the
    /// returned guard is kept.
    ///
    /// # Errors
    /// The keys could not be installed.
    fn stop_keys(&mut self, switch: &Arc<AtomicBool>) -> std::io::Result<Box<dyn std::any::Any>>;
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
pub type Answer = Result<Option<i32>, Error>;

/// The one prompt loop: the lines of `first` (each written after `prompt` when it says so),
/// then those `operator` reads at `prompt`, each given to `console` with where it came from
/// and `out`, until the console ends the session or the input ends. The console prints its
/// own answers; the loop flushes `out` after each. The exit status the console asked for, 0
/// at the end of the input.
///
/// # Errors
/// The operator's input or `out` failing, or the console's host failure.
pub fn hold(
    out: &mut dyn Write,
    prompt: &str,
    operator: &mut dyn Operator,
    first: Lines,
    console: &mut dyn FnMut(&str, Source, &mut dyn Write) -> Answer,
) -> Result<i32, Error> {
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
            None => match operator.read_line(prompt, out)? {
                Some(l) => (l, Source::Typed),
                None => break,
            },
        };
        let answer = console(&line, source, out)?;
        out.flush()?;
        if let Some(status) = answer {
            return Ok(status);
        }
    }
    Ok(0)
}

/// An operator who types the given lines, each written after the prompt, with no keyboard
/// and no stop keys: a batch host for tests and for consoles no terminal holds.
#[derive(Clone, Debug, Default)]
pub struct Typist {
    lines: std::collections::VecDeque<String>,
}

impl Typist {
    /// The operator who types `text`'s lines, then ends the input.
    pub fn new(text: &str) -> Self {
        Self {
            lines: text.lines().map(String::from).collect(),
        }
    }
}

impl Operator for Typist {
    fn read_line(&mut self, prompt: &str, out: &mut dyn Write) -> Result<Option<String>, Error> {
        let line = self.lines.pop_front();
        if let Some(l) = &line {
            writeln!(out, "{prompt}{l}")?;
        }
        Ok(line)
    }
    fn keys(&self) -> Option<TypeAhead> {
        None
    }
    fn watched(&self) -> bool {
        false
    }
    fn stop_keys(&mut self, _: &Arc<AtomicBool>) -> std::io::Result<Box<dyn std::any::Any>> {
        Ok(Box::new(()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_script_then_the_typed_lines_until_the_console_ends_it() {
        let mut out = Vec::new();
        let first = Lines {
            lines: vec!["one".into()],
            echo: true,
            then_typed: true,
        };
        let mut seen = Vec::new();
        let mut console = |l: &str, s: Source, _: &mut dyn Write| -> Answer {
            seen.push((l.to_string(), s));
            Ok((l == "exit").then_some(4))
        };
        let mut typist = Typist::new("two\nexit\nthree");
        let status = hold(&mut out, "sim> ", &mut typist, first, &mut console).unwrap();
        assert_eq!(status, 4);
        assert_eq!(
            seen,
            [
                ("one".into(), Source::Script),
                ("two".into(), Source::Typed),
                ("exit".into(), Source::Typed)
            ]
        );
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "sim> one\nsim> two\nsim> exit\n"
        );
        // A script alone ends at its end, whatever could be typed: the typed line waits.
        let mut lines = Vec::new();
        let mut note = |l: &str, s: Source, _: &mut dyn Write| -> Answer {
            lines.push((l.to_string(), s));
            Ok(None)
        };
        let mut out = Vec::new();
        let status = hold(&mut out, "> ", &mut typist, Lines::script("a"), &mut note);
        assert_eq!(status.unwrap(), 0);
        assert_eq!(String::from_utf8(out).unwrap(), "> a\n");
        let status = hold(
            &mut Vec::new(),
            "> ",
            &mut typist,
            Lines::typed(),
            &mut note,
        );
        assert_eq!(status.unwrap(), 0);
        assert_eq!(
            lines,
            [
                ("a".into(), Source::Script),
                ("three".into(), Source::Typed)
            ]
        );
    }
}
