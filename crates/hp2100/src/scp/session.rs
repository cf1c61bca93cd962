//! The console as the operator holds it from the command line (`retro hp2100 console` and
//! `retro hp2100 script`): a script run to its end, or the `sim>` prompt with each typed line
//! run as a script line.
//!
//! Implementation notes:
//!
//! 1. Ctrl-C and Ctrl-E press the machine's HALT switch (`machine_core::scp::stop_keys`);
//!    a console no operator watches (standard input is not a terminal) has the batch run
//!    limit (module note 1 of `scp`).
//! 2. At a terminal one reader takes the keyboard for the prompt and, while the machine runs,
//!    for the teletype (`machine_core::scp::keyboard`), so lines typed ahead are kept;
//!    otherwise the lines of standard input are the commands, echoed after the prompt.
//! 3. An error is reported and the prompt comes back; a typed line's error needs no file and
//!    line number, a `do` script's does.

use super::{Console, Next};
use crate::panel::Limit;
use machine_core::scp::keyboard::Keyboard;
use machine_core::scp::prompt::{say, Prompt};
use machine_core::scp::stop_keys::StopKeys;
use machine_core::scp::Simulator;
use std::io::{IsTerminal, Write};
use std::path::Path;

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
    let mut own = out.clone();
    let mut c = Console::new(out);
    let _keys = StopKeys::install(&c.machine.halt_switch())?;
    let mut keyboard = Keyboard::terminal();
    let mut prompt = Prompt::new();
    match &keyboard {
        Some(k) => c.set_keyboard(Some(k.keys())),
        None => c.set_default_limit(Limit::BATCH),
    }
    say(&mut own, &machine_core::scp::banner(c.machine.sim_name()))?;
    let first = file.map(|f| {
        let words: Vec<String> = std::iter::once(f.display().to_string())
            .chain(args.iter().cloned())
            .collect();
        format!("do {}", words.join(" "))
    });
    let mut typed = 0;
    loop {
        let line = match (typed, &first, &mut keyboard) {
            (0, Some(l), _) => l.clone(),
            (_, _, Some(k)) => match k.read_line("sim> ", &mut own)? {
                Some(l) => l,
                None => break,
            },
            _ => match prompt.read("sim> ", &mut own)? {
                Some(l) => l,
                None => break,
            },
        };
        typed += 1;
        let r = c.command("console", typed, &line);
        c.flush();
        match r {
            Ok(Next::Continue) => {}
            Ok(Next::Exit(code)) => return Ok(code.clamp(0, 255) as u8),
            Err(e) if e.file == "console" => say(&mut own, &e.msg)?,
            Err(e) => say(&mut own, &e.to_string())?,
        }
    }
    Ok(0)
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
