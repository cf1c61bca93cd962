//! The T3300-R's operator sessions, as `retro tosbac run|debug|console` hold them: a program
//! loaded from an image or a source with its labels, the machine a session drives, the
//! summary at a stop, and the console's commands beyond the debugger's.
//!
//! The console is the debugger (`machine_core::Debugger`) with the shared SIMH commands
//! (`machine_core::scp`: `show version|dev|DEV`, `help DEV`, `pwd`, `cd`) and `load`
//! ([`console_command`]); [`debug`] and [`console`] hold those sessions over the operator's
//! command line (`machine_core::scp::prompt`).
//!
//! Implementation notes:
//!
//! 1. A run the operator may stop (Ctrl-C, Ctrl-E) presses the machine's HALT switch
//!    (`Machine::halt_switch`), as on the HP 2100A.
//! 2. A listing's labels replace those of the program; a `.asm` source is assembled on the
//!    spot and gives its own labels.

use crate::{Config, Machine, Stop};
use machine_core::scp::keyboard::{Keyboard, Keys};
use machine_core::scp::{prompt, ConsoleKeys};
use machine_core::{scp, Debugger, Limit};
use std::io::Write;
use std::path::Path;
use t3300_isa::{Image, Symbols};

/// A text file: a byte that is not UTF-8 is named by line and column.
fn read(p: &Path) -> Result<String, String> {
    machine_core::text::read_text(p).map_err(|e| e.to_string())
}

/// An image file, or a source file (`.asm`) assembled on the spot; with its labels.
///
/// # Errors
/// An unreadable file, a source that does not assemble, an image that does not parse.
pub fn load_program(path: &Path) -> Result<(Image, Symbols), String> {
    let text = read(path)?;
    if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("asm"))
    {
        let a =
            t3300_asm::assemble(&path.display().to_string(), &text).map_err(|e| e.to_string())?;
        return Ok((a.image.clone(), a.labels()));
    }
    let image = Image::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok((image, Symbols::new()))
}

/// A program and its labels, those of `listing` when given (note 2).
///
/// # Errors
/// As [`load_program`], or a listing that cannot be read.
pub fn program_and_labels(path: &Path, listing: Option<&Path>) -> Result<(Image, Symbols), String> {
    let (image, mut syms) = load_program(path)?;
    if let Some(l) = listing {
        syms =
            t3300_asm::listing_symbols(&read(l)?).map_err(|e| format!("{}: {e}", l.display()))?;
    }
    Ok((image, syms))
}

/// Load a program into the debugger's machine, P at its start, with its labels; says what
/// was loaded (the console's `load IMAGE [LISTING]`).
///
/// # Errors
/// As [`program_and_labels`], or an image that does not fit the memory.
pub fn load(
    d: &mut Debugger<Machine>,
    path: &Path,
    listing: Option<&Path>,
) -> Result<String, String> {
    let (image, syms) = program_and_labels(path, listing)?;
    let m = d.machine_mut();
    m.set_trace_symbols(syms.clone());
    m.load(&image)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    d.machine_changed();
    d.set_symbols(syms);
    Ok(format!(
        "{}: {} words, start {:05o}",
        path.display(),
        image.words.len(),
        image.start
    ))
}

/// The machine a debugging session or the console drives: the lines of `input` typed one per
/// prompt, then (at an interactive console) the operator's `keys` while it runs; the paper on
/// standard output. Without the operator's keys a `tyi` that waits 600 polls for a key that
/// will not come stops the run (`lib.rs` R7); with them it waits, and Ctrl-E stops it.
///
/// # Errors
/// An unreadable `input` file.
pub fn machine(input: Option<&Path>, fast_io: bool, keys: Option<Keys>) -> Result<Machine, String> {
    let has_keys = keys.is_some();
    let typed = ConsoleKeys::from_input(input, keys)?;
    let config = Config {
        fast_typewriter: fast_io,
        fast_tape: fast_io,
        key_wait_limit: (!has_keys).then_some(600),
        ..Config::default()
    };
    let host = teletype::Tee::new(typed, teletype::Printer::new(std::io::stdout()));
    Ok(Machine::new(config, host))
}

/// The console's commands beyond the debugger's: `load`, and SIMH's `show version|dev|DEV`,
/// `help DEV`, `pwd` and `cd` (`machine_core::scp::debugger_command`). `None` when `line` is
/// not one of them (the debugger's own, `show break` among them).
pub fn console_command(d: &mut Debugger<Machine>, line: &str) -> Option<Result<String, String>> {
    let mut words = line.split_whitespace();
    let cmd = words.next()?.to_ascii_lowercase();
    let rest: Vec<&str> = words.collect();
    match (cmd.as_str(), rest.as_slice()) {
        ("load", [f]) => Some(load(d, Path::new(f), None)),
        ("load", [f, l]) => Some(load(d, Path::new(f), Some(Path::new(l)))),
        ("load", _) => Some(Err("load IMAGE [LISTING]".into())),
        ("help" | "?", []) => scp::debugger_command(d, line).map(|r| {
            r.map(|text| format!("{text}\nload IMAGE [LISTING]               a program, P at its start, its labels"))
        }),
        _ => scp::debugger_command(d, line),
    }
}

/// `retro tosbac debug`: the program (with the labels of `listing`) in the debugger, the
/// commands of `script` or those typed at the terminal (whose one reader the typewriter
/// shares), the session written to `out`; `continue` and `next` stop after `limit`
/// instructions when given.
///
/// # Errors
/// An unreadable program, listing, input or script; `out` or the terminal failing.
pub fn debug<W: Write>(
    out: &mut W,
    image: &Path,
    listing: Option<&Path>,
    script: Option<&Path>,
    input: Option<&Path>,
    limit: Option<u64>,
    fast_io: bool,
) -> Result<(), Box<dyn std::error::Error>> {
    let keyboard = script.is_none().then(Keyboard::terminal).flatten();
    let keys = keyboard.as_ref().map(Keyboard::keys);
    let mut d = Debugger::new(machine(input, fast_io, keys)?);
    load(&mut d, image, listing)?;
    let limit = limit.map(Limit::instructions);
    let commands = &mut scp::debugger_command;
    prompt::debug(out, &mut d, script, "> ", limit, keyboard, commands)
}

/// `retro tosbac console`: the machine at a `sim>` prompt, `image` loaded first when given
/// (what was loaded is said on standard error, beside the session on `out`).
///
/// # Errors
/// As [`debug`].
pub fn console<W: Write>(
    out: &mut W,
    image: Option<&Path>,
    listing: Option<&Path>,
    input: Option<&Path>,
    fast_io: bool,
) -> Result<(), Box<dyn std::error::Error>> {
    let keyboard = Keyboard::terminal();
    let keys = keyboard.as_ref().map(Keyboard::keys);
    let mut d = Debugger::new(machine(input, fast_io, keys)?);
    if let Some(i) = image {
        let said = load(&mut d, i, listing)?;
        let _ = writeln!(std::io::stderr(), "{said}");
    }
    prompt::say(out, &scp::banner("T3300-R"))?;
    let commands = &mut console_command;
    prompt::debug(out, &mut d, None, "sim> ", None, keyboard, commands)
}

/// The console after a run: the stop, the registers, cycles and machine time.
pub fn summary(m: &Machine, stop: &Stop, wall: f64) -> String {
    let regs: Vec<String> = m
        .registers()
        .iter()
        .map(|&(n, v)| format!("{n}={v:0w$o}", w = crate::Regs::digits(n)))
        .collect();
    let cycle_us = m.config().cycle_ns as f64 / 1000.0;
    let why = match stop {
        Stop::Operator { p } => format!("by the operator at P: {p:05o}"),
        s => s.to_string(),
    };
    format!(
        "T3300-R stopped: {why}\n  {}\n  {} instructions, {} cycles, machine time {} at {cycle_us} us/cycle (host {wall:.3} s)",
        regs.join(" "),
        m.instructions(),
        m.cycles(),
        machine_time(m.time_ns()),
    )
}

/// Machine time as seconds, with h:mm:ss beyond a minute.
pub fn machine_time(ns: u64) -> String {
    let s = ns as f64 / 1e9;
    if s < 60.0 {
        format!("{s:.6} s")
    } else {
        let t = ns / 1_000_000_000;
        format!("{s:.3} s ({}:{:02}:{:02})", t / 3600, t / 60 % 60, t % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::machine::HALT_LOOK;
    use crate::Config;
    use machine_core::Limit;
    use std::path::PathBuf;
    use std::sync::atomic::Ordering;
    use teletype::Scripted;

    fn tmp_source(name: &str, text: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("t3300-session-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        let p = d.join(name);
        std::fs::write(&p, text).unwrap();
        p
    }

    const LOOP: &str = "        org.  01000\n+go+    jmp   +go+\n        end.  +go+\n";

    #[test]
    fn a_run_stops_between_slices_for_the_operator_and_at_its_limit() {
        let (image, _) = load_program(&tmp_source("loop.asm", LOOP)).unwrap();
        let mut m = Machine::new(Config::default(), Scripted::new());
        m.load(&image).unwrap();
        let switch = m.halt_switch();
        switch.store(true, Ordering::Relaxed);
        let stop = m.run(Limit::NONE);
        assert_eq!(stop, Stop::Operator { p: 0o1000 });
        assert_eq!(m.instructions(), HALT_LOOK, "one slice, then the look");
        assert!(
            !switch.load(Ordering::Relaxed),
            "the stop releases the switch"
        );
        // Slices add up to the limit exactly, whatever their size.
        let stop = m.run(Limit::instructions(HALT_LOOK * 2 + 5));
        assert!(matches!(stop, Stop::RunLimit { .. }), "{stop:?}");
        assert_eq!(m.instructions(), HALT_LOOK * 3 + 5);
        let c = m.cycles();
        let stop = m.run(Limit::seconds(0.001));
        assert!(matches!(stop, Stop::RunLimit { .. }), "{stop:?}");
        assert_eq!(m.cycles() - c, 500, "1 ms at 2 us a cycle");
        assert!(summary(&m, &Stop::Operator { p: 0o1000 }, 0.0)
            .starts_with("T3300-R stopped: by the operator at P: 01000\n"));
    }

    #[test]
    fn a_source_that_is_not_utf8_is_named_by_line_and_column() {
        let p = tmp_source("latin1.asm", "");
        std::fs::write(&p, b"* caf\xe9\n").unwrap();
        let e = load_program(&p).unwrap_err();
        assert_eq!(
            e,
            format!("{}:1:6: byte 0xe9 is not UTF-8 text", p.display())
        );
    }

    #[test]
    fn machine_time_format() {
        assert_eq!(machine_time(1_600_556_000), "1.600556 s");
        assert_eq!(machine_time(3_723_500_000_000), "3723.500 s (1:02:03)");
    }

    #[test]
    fn the_console_loads_shows_and_examines_as_simh() {
        let config = Config {
            fast_typewriter: true,
            ..Config::default()
        };
        let mut d = Debugger::new(Machine::new(config, Scripted::new()));
        let said = console_command(
            &mut d,
            &format!("load {}", tmp_source("l.asm", LOOP).display()),
        )
        .unwrap()
        .unwrap();
        assert!(said.ends_with("l.asm: 1 words, start 01000"), "{said}");
        let dev = console_command(&mut d, "show dev").unwrap().unwrap();
        assert!(
            dev.starts_with("T3300-R simulator configuration\n\nCPU, 32KW"),
            "{dev}"
        );
        assert!(dev.contains("\nPTR, 0 frames to read"), "{dev}");
        let help = console_command(&mut d, "help ptp").unwrap().unwrap();
        assert!(
            help.starts_with("PTP: 8-channel paper-tape punch"),
            "{help}"
        );
        assert_eq!(
            console_command(&mut d, "show break"),
            Some(Ok(String::new()))
        );
        assert!(console_command(&mut d, "step").is_none());
        let help = console_command(&mut d, "help").unwrap().unwrap();
        assert!(help.starts_with("step [N]"), "{help}");
        assert!(
            help.contains("\npwd ") && help.ends_with("its labels"),
            "{help}"
        );
        assert_eq!(
            console_command(&mut d, "load").unwrap(),
            Err("load IMAGE [LISTING]".into())
        );
    }
}
