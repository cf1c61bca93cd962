//! The T3300-R's console at its `sim>` prompt, as `retro t3300 console|debug` and `retro
//! lgame step` hold it: the banner, a program loaded first, the commands of a script or those
//! the operator types, each line through the do-file engine both consoles share
//! (`automation.rs`), over the consoles' one prompt loop (`machine_core::prompt::hold`). The
//! host the console is held from (`machine_core::prompt::Operator`) gives the lines, the keys
//! the typewriter takes while the machine runs, and the stop keys, which press the machine's
//! own HALT switch (`console.rs` note 1).

use crate::console::{load, machine, Commands, Loader};
use crate::Machine;
use machine_core::prompt::{self, say, Lines, Operator, Source};
use machine_core::scp::dofile::{self, Host};
use machine_core::{scp, Debugger, Limit};
use std::io::Write;
use std::path::PathBuf;

/// What `retro t3300 console` and `retro t3300 debug` are given.
#[derive(Clone, Debug, Default)]
pub struct ConsoleOptions {
    /// An image or `.asm` source to load first.
    pub image: Option<PathBuf>,
    /// Its listing: `+label+` names for addresses.
    pub listing: Option<PathBuf>,
    /// Commands from this file, each echoed after the prompt, instead of the terminal.
    pub script: Option<PathBuf>,
    /// Keyboard input: lines typed one per prompt.
    pub input: Option<PathBuf>,
    /// Runs stop after this many instructions.
    pub limit: Option<u64>,
    /// No device time (typewriter, tape frames).
    pub fast_io: bool,
}

/// `retro t3300 console` and `retro t3300 debug`: the machine at a `sim>` prompt with the
/// banner, the program loaded first when given (read by `loader`; what was loaded is said on
/// standard error), the commands of the script (each echoed after the prompt) or those the
/// `operator` types, whose keys the typewriter shares; the session written to `out`.
///
/// # Errors
/// An unreadable program, listing, input or script; `out` or the operator's input failing; a
/// punch file that cannot be written.
pub fn run_console<W: Write>(
    out: &mut W,
    o: &ConsoleOptions,
    loader: Loader,
    operator: &mut dyn Operator,
) -> Result<(), Box<dyn std::error::Error>> {
    let keys = o.script.is_none().then(|| operator.keys()).flatten();
    let mut d = Debugger::new(machine(o.input.as_deref(), o.fast_io, keys)?);
    if let Some(i) = &o.image {
        let said = load(&mut d, loader, i, o.listing.as_deref())?;
        let _ = writeln!(std::io::stderr(), "{said}");
    }
    say(out, &scp::banner("T3300-R"))?;
    let first = match &o.script {
        Some(p) => Lines::script(&machine_core::text::read_text(p)?),
        None => Lines::typed(),
    };
    let limit = o.limit.map(Limit::instructions);
    hold(
        out,
        &mut d,
        &mut Commands::with_loader(loader),
        first,
        operator,
        limit,
    )
}

/// The console over `d` at `sim>` (the consoles' one prompt loop): where the machine stands,
/// then the lines of `first` and those the `operator` types, the console's own commands
/// (`own`) answered first, then the debugger's and SIMH's; the punch's file written at the
/// end. The operator's stop keys press the machine's HALT switch and the session goes on; a
/// run stops at `limit`, or at the batch limit when no operator watches.
///
/// # Errors
/// Stop keys that could not be installed, `out` or the operator's input failing, a punch file
/// that cannot be written.
pub fn hold<W: Write>(
    out: &mut W,
    d: &mut Debugger<Machine>,
    own: &mut Commands,
    first: Lines,
    operator: &mut dyn Operator,
    limit: Option<Limit>,
) -> Result<(), Box<dyn std::error::Error>> {
    let switch = d.machine_mut().halt_switch();
    let _keys = operator.stop_keys(&switch)?;
    // An expect rule that fires stops the run with the same switch (`automation.rs`).
    if let Ok(k) = crate::automation::keys(d) {
        k.set_stop(switch.clone());
    }
    d.set_stop_switch(switch);
    d.set_limit(Limit::for_run(limit, operator.watched()));
    d.show(&mut *out)?;
    let mut console = |line: &str, source: Source, out: &mut dyn Write| -> prompt::Answer {
        // Each line through the do-file engine both consoles share (`automation.rs`).
        let mut host = crate::automation::ConsoleHost {
            d: &mut *d,
            own: &mut *own,
            out: &mut *out,
            typed: source != Source::Script,
        };
        // An empty line typed repeats the debugger's last command: the debugger's own.
        if line.trim().is_empty() {
            return match host.execute(line) {
                Ok(dofile::Outcome::Exit(code)) => Ok(Some(code)),
                Ok(_) => Ok(None),
                Err(f) => {
                    say(out, &format!("? {}", f.msg))?;
                    Ok(None)
                }
            };
        }
        match dofile::run_line(&mut host, line) {
            Ok(dofile::Ended::Exit(code)) => Ok(Some(code)),
            Ok(dofile::Ended::Status(_)) => Ok(None),
            Err(f) => {
                say(out, &format!("? {}", f.msg))?;
                Ok(None)
            }
        }
    };
    prompt::hold(out, "sim> ", operator, first, &mut console)?;
    own.finish(d)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use machine_core::prompt::Typist;

    #[test]
    fn the_console_loads_runs_and_ends_at_the_operator_s_lines() {
        let dir = std::env::temp_dir().join(format!("t3300-prompt-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let src = dir.join("print.asm");
        std::fs::copy(
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../asm/t3300/print.asm"),
            &src,
        )
        .unwrap();
        let o = ConsoleOptions {
            image: Some(src),
            limit: Some(10_000_000),
            fast_io: true,
            ..ConsoleOptions::default()
        };
        let mut out = Vec::new();
        let mut op = Typist::new("go\nexamine A\nexit");
        run_console(&mut out, &o, t3300_asm::files::program_and_labels, &mut op).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.starts_with("T3300-R simulator"), "{text}");
        assert!(text.contains("sim> go\n"), "{text}");
        assert!(text.contains("HALT 00007777"), "{text}");
        assert!(text.contains("sim> exit"), "{text}");
        // The machine's own loader refuses the source.
        let e = run_console(&mut Vec::new(), &o, crate::console::read_image, &mut op);
        assert!(e.unwrap_err().to_string().contains("assembler's files"));
    }
}
