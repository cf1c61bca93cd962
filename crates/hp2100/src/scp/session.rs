//! The console as the operator holds it from the command line (`retro hp2100 console`,
//! `retro hp2100 script` and `retro hp2100 debug`): a script run to its end, or the `sim>`
//! prompt with each typed line run as a script line; debugging, a tape booted first and the
//! debugger's extras on (`super::extras`), the commands typed or a script's, each echoed
//! after the prompt as SIMH echoes a `do` file's lines when told to.
//!
//! Implementation notes:
//!
//! 1. Ctrl-C and Ctrl-E press the machine's HALT switch (`host_terminal::stop_keys`);
//!    a console no operator watches (standard input is not a terminal) has the batch run
//!    limit (module note 1 of `scp`).
//! 2. At a terminal one reader takes the keyboard for the prompt and, while the machine runs,
//!    for the teletype (`host_terminal::keyboard`), so lines typed ahead are kept;
//!    otherwise the lines of standard input are the commands, echoed after the prompt.
//! 3. An error is reported and the prompt comes back; a typed line's error needs no file and
//!    line number, a `do` script's does.

use super::{Console, Next};
use crate::panel::Limit;
use host_terminal::keyboard::Keyboard;
use host_terminal::prompt::{self, say, Lines, Source};
use host_terminal::stop_keys::StopKeys;
use host_terminal::ConsoleKeys;
use machine_core::scp::Simulator;
use machine_core::Symbols;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

/// A host error of a session (a terminal or an output that failed).
pub type Error = Box<dyn std::error::Error>;

/// Run the script `file` with `args` (`%1`..`%9`), messages and paper on `out`; its exit
/// status.
///
/// # Errors
/// A script error (named by file and line), a signal handler that could not be installed.
pub fn script<W: Write + 'static>(out: W, file: &Path, args: &[String]) -> Result<u8, Error> {
    let mut c = Console::new(out);
    let _keys = StopKeys::install(&c.machine.halt_switch())?;
    if !std::io::stdin().is_terminal() {
        c.set_default_limit(Limit::BATCH);
    }
    let status = c.run_file(file, args)?;
    if let Some(e) = c.take_write_error() {
        return Err(e.into());
    }
    Ok(status.clamp(0, 255) as u8)
}

/// The interactive console (notes 1-3), `do FILE ARGS` first when a file is given; `exit` (or
/// the end of input) ends it, with its status.
///
/// # Errors
/// Standard input or `out` failing.
pub fn console<W: Write + Clone + 'static>(
    out: W,
    file: Option<&Path>,
    args: &[String],
) -> Result<u8, Error> {
    let mut c = Console::new(out.clone());
    let _keys = StopKeys::install(&c.machine.halt_switch())?;
    let keyboard = Keyboard::terminal();
    match &keyboard {
        Some(k) => c.set_keyboard(Some(k.keys())),
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
    drive(&mut c, out, keyboard, first)
}

/// What `retro hp2100 debug` is given: the program's symbols, where it starts, the commands.
#[derive(Clone, Debug, Default)]
pub struct DebugOptions {
    /// Names for addresses, in commands and the disassembly.
    pub symbols: Symbols,
    /// The start address (octal 2 for the project's tapes).
    pub start: u16,
    /// Commands from this file, each echoed after the prompt, instead of the terminal.
    pub script: Option<PathBuf>,
    /// Teletype keys: lines typed one per prompt.
    pub input: Option<PathBuf>,
    /// Runs and steps stop after this many instructions.
    pub limit: Option<u64>,
}

/// `retro hp2100 debug`: `tape` booted through the loader with P at the start address, then
/// the console with the debugger's extras and the listing's symbols (`extras`), the commands
/// of the script or those typed; its exit status.
///
/// # Errors
/// A damaged tape (named by record), a loader that did not finish, an unreadable script or
/// input, standard input or `out` failing.
pub fn debug<W: Write + Clone + 'static>(
    out: W,
    tape: &Path,
    o: DebugOptions,
) -> Result<u8, Error> {
    // A damaged tape is named by record before the boot (a run leaves it to the loader).
    let bytes = std::fs::read(tape).map_err(|e| format!("{}: {e}", tape.display()))?;
    hp2100_isa::tape::parse(&bytes).map_err(|e| format!("{}: {e}", tape.display()))?;
    let mut c = Console::new(out.clone());
    crate::tape_run::boot(&mut c.machine, tape, o.start)?;
    let _keys = StopKeys::install(&c.machine.halt_switch())?;
    // At a terminal one reader takes the keyboard for the prompt and the running teletype.
    let keyboard = o.script.is_none().then(Keyboard::terminal).flatten();
    let keys = ConsoleKeys::from_input(o.input.as_deref(), keyboard.as_ref().map(Keyboard::keys))?;
    c.tty_mut().host = teletype::Transcript::new(keys);
    match (o.limit, &keyboard) {
        (Some(n), _) => c.set_limit(Limit::instructions(n)),
        (None, None) => c.set_default_limit(Limit::BATCH),
        (None, Some(_)) => {}
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
    drive(&mut c, out, keyboard, script)
}

/// The console's session: the banner (and, debugging, where the machine stands), `first`'s
/// lines, then those typed or piped at `sim>` (the one prompt loop, `host_terminal::prompt`),
/// until `exit` or the end of input; its status.
fn drive<W: Write + Clone + 'static>(
    c: &mut Console<W>,
    mut own: W,
    keyboard: Option<Keyboard>,
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
    let status = prompt::session(&mut own, "sim> ", keyboard, first, &mut console)?;
    Ok(status.clamp(0, 255) as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(script(out.clone(), &p, &["there".into()]).unwrap(), 3);
        let text = String::from_utf8(out.0.borrow().clone()).unwrap();
        assert!(text.contains("hello there"), "{text}");
        assert!(script(out, Path::new("/no/such.sim"), &[]).is_err());
        std::fs::remove_file(&p).unwrap();
    }
}
