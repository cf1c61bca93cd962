//! The console at its `sim>` prompt, held from a host (`retro hp2100 console`, `retro hp2100
//! script` and `retro hp2100 debug` hold it from the command line's terminal): a script run
//! to its end, or the prompt with each typed line run as a script line; debugging, a tape
//! booted first and the debugger's extras on (`super::extras`), the commands typed or a
//! script's, each echoed after the prompt as SIMH echoes a `do` file's lines when told to.
//! The prompt loop is the consoles' one (`machine_core::prompt::hold`); the host
//! (`machine_core::prompt::Operator`) gives the lines, the keys and the stop keys.
//!
//! Implementation notes:
//!
//! 1. The operator's stop keys (Ctrl-C and Ctrl-E at the command line) press the machine's
//!    HALT switch; a console no operator watches (standard input is not a terminal) has the
//!    batch run limit (module note 1 of `scp`).
//! 2. An operator at a keyboard gives its keys to the teletype while the machine runs, from
//!    the one queue its prompt reads too, so lines typed ahead are kept; otherwise the
//!    operator's lines are the commands, echoed after the prompt.
//! 3. An error is reported and the prompt comes back; a typed line's error needs no file and
//!    line number, a `do` script's does.
//! 4. At a keyboard `ie` and `id` read each new value from the keys typed, the queue the
//!    prompt reads (`lesser.rs` note 4); without one (standard input not a terminal) they
//!    have no answers, as SIMH's at the end of its input.

use super::{Console, Next};
use crate::panel::Limit;
use machine_core::prompt::{self, say, Lines, Operator, Source};
use machine_core::scp::Simulator;
use machine_core::{ConsoleKeys, Symbols};
use std::io::Write;
use std::path::{Path, PathBuf};

/// A host error of a console held at its prompt (the operator's input or an output that
/// failed).
pub type Error = Box<dyn std::error::Error>;

/// Run the script `file` with `args` (`%1`..`%9`), messages and paper on `out`, the
/// `operator`'s stop keys installed; its exit status.
///
/// # Errors
/// A script error (named by file and line), stop keys that could not be installed.
pub fn script<W: Write + 'static>(
    out: W,
    file: &Path,
    args: &[String],
    operator: &mut dyn Operator,
) -> Result<u8, Error> {
    let mut c = Console::new(out);
    let _keys = operator.stop_keys(&c.machine.halt_switch())?;
    if !operator.watched() {
        c.set_default_limit(Limit::BATCH);
    }
    let status = c.run_file(file, args)?;
    if let Some(e) = c.take_write_error() {
        return Err(e.into());
    }
    Ok(status.clamp(0, 255) as u8)
}

/// The interactive console held from `operator` (notes 1-3), `do FILE ARGS` first when a
/// file is given; `exit` (or the end of input) ends it, with its status.
///
/// # Errors
/// The operator's input or `out` failing.
pub fn console<W: Write + Clone + 'static>(
    out: W,
    file: Option<&Path>,
    args: &[String],
    operator: &mut dyn Operator,
) -> Result<u8, Error> {
    let mut c = Console::new(out.clone());
    let _keys = operator.stop_keys(&c.machine.halt_switch())?;
    match operator.keys() {
        Some(k) => {
            c.set_answers(typed_answers(k.clone(), out.clone()));
            c.set_keyboard(Some(k));
        }
        None => c.set_default_limit(Limit::BATCH),
    }
    let first = file.map(|f| {
        let words: Vec<String> = std::iter::once(f.display().to_string())
            .chain(args.iter().cloned())
            .collect();
        format!("do {}", words.join(" "))
    });
    let first = Lines {
        lines: first.into_iter().collect(),
        echo: false,
        then_typed: true,
    };
    drive(&mut c, out, operator, first)
}

/// `ie` and `id`'s answers at a keyboard (note 4): the prompt written, then the keys typed
/// until RETURN, each echoed, BACKSPACE or DEL taking the last back; `None` at the end of
/// the input.
fn typed_answers<W: Write + 'static>(
    keys: teletype::TypeAhead,
    mut out: W,
) -> super::lesser::Answers {
    Box::new(move |prompt: &str| {
        let _ = write!(out, "{prompt}");
        let _ = out.flush();
        let mut line = String::new();
        loop {
            let b = keys.next()?;
            match b {
                b'\r' | b'\n' => break,
                0x08 | 0x7f if line.pop().is_some() => {
                    let _ = write!(out, "\x08 \x08");
                }
                b if (0x20..0x7f).contains(&b) => {
                    line.push(char::from(b));
                    let _ = out.write_all(&[b]);
                }
                _ => {}
            }
            let _ = out.flush();
        }
        let _ = write!(out, "\r\n");
        let _ = out.flush();
        Some(line)
    })
}

/// What `retro hp2100 debug` is given: the program's symbols, where it starts, the commands.
#[derive(Clone, Debug, Default)]
pub struct DebugOptions {
    /// Names for addresses, in commands and the disassembly.
    pub symbols: Symbols,
    /// The start address (octal 2 for the project's tapes).
    pub start: u16,
    /// Commands from this file, each echoed after the prompt, instead of the operator's.
    pub script: Option<PathBuf>,
    /// Teletype keys: lines typed one per prompt.
    pub input: Option<PathBuf>,
    /// Runs and steps stop after this many instructions.
    pub limit: Option<u64>,
}

/// `retro hp2100 debug`: `tape` booted through the loader with P at the start address, then
/// the console with the debugger's extras and the listing's symbols (`extras`), the commands
/// of the script or those the `operator` types; its exit status.
///
/// # Errors
/// A damaged tape (named by record), a loader that did not finish, an unreadable script or
/// input, the operator's input or `out` failing.
pub fn debug<W: Write + Clone + 'static>(
    out: W,
    tape: &Path,
    o: DebugOptions,
    operator: &mut dyn Operator,
) -> Result<u8, Error> {
    // A damaged tape is named by record before the boot (a run leaves it to the loader).
    let bytes = std::fs::read(tape).map_err(|e| format!("{}: {e}", tape.display()))?;
    hp2100_isa::tape::parse(&bytes).map_err(|e| format!("{}: {e}", tape.display()))?;
    let mut c = Console::new(out.clone());
    crate::tape_run::boot(&mut c.machine, tape, o.start)?;
    let _keys = operator.stop_keys(&c.machine.halt_switch())?;
    // At a keyboard one queue gives the prompt its lines and the running teletype its keys.
    let keyboard = o.script.is_none().then(|| operator.keys()).flatten();
    let keys = ConsoleKeys::from_input(o.input.as_deref(), keyboard)?;
    let keyboard = keys.has_keyboard();
    c.tty_mut().host = teletype::Transcript::new(keys);
    match (o.limit, keyboard) {
        (Some(n), _) => c.set_limit(Limit::instructions(n)),
        (None, false) => c.set_default_limit(Limit::BATCH),
        (None, true) => {}
    }
    c.enable_debugger(o.symbols);
    let lines = match &o.script {
        Some(p) => machine_core::text::read_text(p)?
            .lines()
            .map(String::from)
            .collect(),
        None => Vec::new(),
    };
    let script = Lines {
        lines,
        echo: true,
        then_typed: o.script.is_none(),
    };
    drive(&mut c, out, operator, script)
}

/// The console's session: the banner (and, debugging, where the machine stands), `first`'s
/// lines, then those the operator types at `sim>` (the one prompt loop,
/// `machine_core::prompt::hold`), until `exit` or the end of input; its status.
fn drive<W: Write + Clone + 'static>(
    c: &mut Console<W>,
    mut own: W,
    operator: &mut dyn Operator,
    first: Lines,
) -> Result<u8, Error> {
    say(&mut own, &machine_core::scp::banner(c.machine.sim_name()))?;
    c.show_where();
    c.flush();
    let mut typed = 0;
    let mut console = |line: &str, _: Source, own: &mut dyn Write| -> prompt::Answer {
        typed += 1;
        let r = c.command("console", typed, line);
        c.flush();
        match r {
            Ok(Next::Continue) => {}
            Ok(Next::Exit(code)) => return Ok(Some(code)),
            Err(e) if e.file == "console" => say(own, &e.msg)?,
            Err(e) => say(own, &e.to_string())?,
        }
        Ok(None)
    };
    let status = prompt::hold(&mut own, "sim> ", operator, first, &mut console)?;
    Ok(status.clamp(0, 255) as u8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use machine_core::prompt::Typist;

    /// A shared buffer, as standard output is shared by the console and its prompt.
    #[derive(Clone, Default)]
    struct Shared(std::rc::Rc<std::cell::RefCell<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.borrow_mut().write(b)
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_script_gives_its_exit_status() {
        let p = std::env::temp_dir().join(format!("hp2100-session-{}.sim", std::process::id()));
        std::fs::write(&p, "echo hello %1\nexit 3\n").unwrap();
        let out = Shared::default();
        let mut op = Typist::default();
        assert_eq!(
            script(out.clone(), &p, &["there".into()], &mut op).unwrap(),
            3
        );
        let text = String::from_utf8(out.0.borrow().clone()).unwrap();
        assert!(text.contains("hello there"), "{text}");
        assert!(script(out, Path::new("/no/such.sim"), &[], &mut op).is_err());
        std::fs::remove_file(&p).unwrap();
    }

    #[test]
    fn the_console_runs_the_lines_typed_until_exit() {
        let out = Shared::default();
        let mut op = Typist::new(
            "echo one
d A 5
e A
exit 7
echo never",
        );
        assert_eq!(console(out.clone(), None, &[], &mut op).unwrap(), 7);
        let text = String::from_utf8(out.0.borrow().clone()).unwrap();
        assert!(text.contains("sim> echo one\none\n"), "{text}");
        assert!(text.contains("A:\t000005"), "{text}");
        assert!(!text.contains("never"), "{text}");
    }

    #[test]
    fn ie_answers_are_the_keys_typed_up_to_return() {
        let keys = teletype::TypeAhead::new();
        let feed = keys.feed();
        feed.push(b"12\x7f3\r");
        feed.end();
        let out = Shared::default();
        let mut ask = typed_answers(keys, out.clone());
        assert_eq!(ask("100:\t000000\t").as_deref(), Some("13"));
        assert_eq!(ask("101:\t000000\t"), None);
        let said = String::from_utf8(out.0.borrow().clone()).unwrap();
        assert_eq!(said, "100:\t000000\t12\x08 \x083\r\n101:\t000000\t");
    }
}
