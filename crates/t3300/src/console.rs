//! The T3300-R's console: the machine a console or a debugging session drives, a program
//! loaded into it with its labels, the console's commands beyond the debugger's, and the
//! summary at a stop. The console is held at its prompt by [`crate::prompt`].
//!
//! The console is the debugger (`machine_core::Debugger`) with the shared SIMH commands
//! (`machine_core::scp`: `help`, `show version|dev|DEV|break`, `pwd`, `cd`; the debugger's
//! `break`, `nobreak`, `examine` and `deposit` are `machine_core::scp`'s too) and its own
//! ([`Commands`]: `load`, `attach`, `detach`, `echo`, `reset`).
//!
//! Implementation notes:
//!
//! 1. Ctrl-C and Ctrl-E press the machine's own HALT switch (`Machine::halt_switch`), as on
//!    the HP 2100A; the debugger's runs look at that same switch between slices.
//! 2. A program file is read by the console's [`Loader`]: the machine reads images alone
//!    ([`read_image`]); whoever holds the console may give the assembler's files instead
//!    (`t3300_asm::files::program_and_labels`: a `.asm` source assembled on the spot, with
//!    its own labels; a listing's labels replacing those of the program), so that the machine
//!    stands below its assembler.
//! 3. SIMH's commands are SIMH's at this console, as at the HP 2100A's: `break` is silent
//!    (without a list, at P) and `show break` lists, `d LIST VALUE` stores silently, `nobreak`
//!    clears; the debugger's commands SIMH lacks (`machine_core::DEBUGGER_EXTRAS`: `back`,
//!    `finish`, `until`, `watch`, `nowatch`, `delete`, `print`, `x`, `store`, `regs`,
//!    `trace`, `time`) are its extras, which `help` lists apart, as the HP console's does.
//! 4. `reset [all|DEV]` changes nothing: every I/O instruction waits for its device to finish
//!    (spec §4.4), so no device holds a flag, a busy state or a half-done transfer that a
//!    reset would clear; it is accepted so that SIMH's scripts run. A device name it does not
//!    know is refused as SIMH refuses it.
//! 5. `attach ptp FILE` adds the punched frames to FILE (`-n`: a new file) when the punch is
//!    detached and at the end of the session; `back` cannot undo a frame once written.
use crate::{Config, Machine, Stop};
use machine_core::{scp, ConsoleKeys, Debugger};
use std::io::Write;
use std::path::{Path, PathBuf};
use t3300_isa::{Image, Symbols};
use teletype::TypeAhead;

/// What reads a program file for the console (note 2): its image and labels, those of the
/// listing when one is given.
pub type Loader = fn(&Path, Option<&Path>) -> Result<(Image, Symbols), String>;

/// The machine's own [`Loader`]: an image file, without labels (note 2).
///
/// # Errors
/// An unreadable file, one that is not an image, or a listing or source, which the
/// assembler's files read.
pub fn read_image(path: &Path, listing: Option<&Path>) -> Result<(Image, Symbols), String> {
    let source = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("asm"));
    if source || listing.is_some() {
        return Err(format!(
            "{}: sources and listings are read with the assembler's files; this console reads images",
            path.display()
        ));
    }
    let text = machine_core::text::read_text(path).map_err(|e| e.to_string())?;
    let image = Image::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok((image, Symbols::new()))
}

/// Load a program into the debugger's machine, P at its start, with its labels, the file read
/// by `loader`; says what was loaded (the console's `load IMAGE [LISTING]`).
///
/// # Errors
/// The loader's, or an image that does not fit the memory.
pub fn load(
    d: &mut Debugger<Machine>,
    loader: Loader,
    path: &Path,
    listing: Option<&Path>,
) -> Result<String, String> {
    let (image, syms) = loader(path, listing)?;
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
pub fn machine(
    input: Option<&Path>,
    fast_io: bool,
    keys: Option<TypeAhead>,
) -> Result<Machine, String> {
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

/// The console's commands beyond the debugger's (note 3): `load`, `attach`/`detach` of the
/// paper-tape reader and punch, `echo`, `reset`, and SIMH's `help`, `show
/// version|dev|DEV|break`, `pwd` and `cd` (`machine_core::scp::debugger_command`); `help`
/// lists the debugger's extras apart. What the console keeps between commands: the punch's
/// file, and what reads a program (note 2).
#[derive(Debug)]
pub struct Commands {
    /// The file `attach ptp` named: the punched frames go there at `detach ptp` and at the
    /// session's end ([`Commands::finish`]).
    punch: Option<PathBuf>,
    /// The do-file engine's state (`automation.rs`).
    pub engine: machine_core::scp::dofile::Engine,
    /// What `load` reads a program file with.
    pub loader: Loader,
}

impl Default for Commands {
    /// The machine's own commands, which load images ([`read_image`]).
    fn default() -> Self {
        Self::with_loader(read_image)
    }
}

impl Commands {
    /// The console's commands, program files read by `loader` (note 2).
    pub fn with_loader(loader: Loader) -> Self {
        Self {
            punch: None,
            engine: machine_core::scp::dofile::Engine::default(),
            loader,
        }
    }

    /// `None` when `line` is not one of the console's own (the debugger's, `show break`
    /// among them), else what it says or what went wrong.
    pub fn command(
        &mut self,
        d: &mut Debugger<Machine>,
        line: &str,
    ) -> Option<Result<String, String>> {
        let mut words = line.split_whitespace();
        let cmd = words.next()?.to_ascii_lowercase();
        let rest: Vec<&str> = words.collect();
        match (cmd.as_str(), rest.as_slice()) {
            ("load", [f]) => Some(load(d, self.loader, Path::new(f), None)),
            ("load", [f, l]) => Some(load(d, self.loader, Path::new(f), Some(Path::new(l)))),
            ("load", _) => Some(Err("load IMAGE [LISTING]".into())),
            ("attach" | "att", args) => Some(self.attach(d, args)),
            ("detach" | "det", [dev]) => Some(self.detach(d, dev)),
            ("detach" | "det", _) => Some(Err("detach ptr|ptp".into())),
            ("echo", _) => {
                let text = line.trim_start();
                Some(Ok(text.get(4..).unwrap_or("").trim_start().to_string()))
            }
            ("reset", []) => Some(Ok(String::new())),
            ("reset", [dev]) if dev.eq_ignore_ascii_case("all") => Some(Ok(String::new())),
            ("reset", [dev]) => Some(match scp::device(d.machine(), dev) {
                Some(_) => Ok(String::new()),
                None => Err(format!("reset {dev}: Non-existent device")),
            }),
            ("reset", _) => Some(Err("reset [all|DEV]".into())),
            _ => scp::debugger_command(d, line),
        }
    }

    /// `attach [-n] ptr FILE`: the file's frames in the reader; `attach [-n] ptp FILE`: the
    /// punch's frames go to FILE, added to it (`-n`: a new file), as the HP console does.
    fn attach(&mut self, d: &mut Debugger<Machine>, args: &[&str]) -> Result<String, String> {
        let (new, args) = match args {
            [sw, rest @ ..] if sw.eq_ignore_ascii_case("-n") => (true, rest),
            _ => (false, args),
        };
        let [dev, file] = args else {
            return Err("attach [-n] ptr|ptp FILE".into());
        };
        let path = PathBuf::from(file);
        match dev.to_ascii_lowercase().as_str() {
            "ptr" => {
                if new {
                    std::fs::write(&path, [])
                        .map_err(|e| format!("attach ptr: cannot make {file}: {e}"))?;
                }
                let tape = std::fs::read(&path)
                    .map_err(|e| format!("attach ptr: cannot read {file}: {e}"))?;
                let frames = tape.len();
                d.machine_mut().mount_tape(tape);
                d.machine_changed();
                Ok(format!("PTR: {frames} frames from {file}"))
            }
            "ptp" => {
                self.write_punched(d)?;
                let existed = path.exists();
                std::fs::OpenOptions::new()
                    .create(true)
                    .append(!new)
                    .write(true)
                    .truncate(new)
                    .open(&path)
                    .map_err(|e| format!("attach ptp: cannot write {file}: {e}"))?;
                // Frames punched before the attach went nowhere, as on SIMH.
                d.machine_mut().take_punched();
                d.machine_changed();
                self.punch = Some(path);
                Ok(if existed && !new {
                    format!("PTP: adding to {file}")
                } else {
                    format!("PTP: creating new file {file}")
                })
            }
            _ => Err(format!("attach: unknown device {dev} (ptr, ptp)")),
        }
    }

    fn detach(&mut self, d: &mut Debugger<Machine>, dev: &str) -> Result<String, String> {
        match dev.to_ascii_lowercase().as_str() {
            "ptr" => {
                d.machine_mut().mount_tape(Vec::new());
                d.machine_changed();
                Ok(String::new())
            }
            "ptp" => {
                self.write_punched(d)?;
                self.punch = None;
                Ok(String::new())
            }
            _ => Err(format!("detach: unknown device {dev} (ptr, ptp)")),
        }
    }

    /// The frames punched since the punch's file was attached, added to it; the history
    /// starts afresh, since `back` cannot unpunch them.
    fn write_punched(&mut self, d: &mut Debugger<Machine>) -> Result<(), String> {
        let Some(p) = &self.punch else {
            return Ok(());
        };
        let frames = d.machine_mut().take_punched();
        d.machine_changed();
        let cannot = |e: std::io::Error| format!("PTP: cannot write {}: {e}", p.display());
        let mut f = std::fs::OpenOptions::new()
            .append(true)
            .create(true)
            .open(p)
            .map_err(cannot)?;
        f.write_all(&frames).map_err(cannot)
    }

    /// The end of a session: the punched frames to the punch's file.
    ///
    /// # Errors
    /// A punch file that cannot be written.
    pub fn finish(&mut self, d: &mut Debugger<Machine>) -> Result<(), String> {
        self.write_punched(d)
    }
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
        let (image, _) = t3300_asm::files::load_program(&tmp_source("loop.asm", LOOP)).unwrap();
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
        let src = tmp_source("l.asm", LOOP);
        // The machine's own loader reads images; a source needs the assembler's files.
        let refused = Commands::default().command(&mut d, &format!("load {}", src.display()));
        assert!(refused.unwrap().unwrap_err().contains("assembler's files"));
        let mut c = Commands::with_loader(t3300_asm::files::program_and_labels);
        let said = c
            .command(&mut d, &format!("load {}", src.display()))
            .unwrap()
            .unwrap();
        assert!(said.ends_with("l.asm: 1 words, start 01000"), "{said}");
        let dev = c.command(&mut d, "show dev").unwrap().unwrap();
        assert!(
            dev.starts_with("T3300-R simulator configuration\n\nCPU            32KW"),
            "{dev}"
        );
        assert!(dev.contains("\nPTR            0 frames to read"), "{dev}");
        let help = c.command(&mut d, "help ptp").unwrap().unwrap();
        assert!(
            help.starts_with("PTP: 8-channel paper-tape punch"),
            "{help}"
        );
        assert_eq!(c.command(&mut d, "show break"), Some(Ok(String::new())));
        assert!(c.command(&mut d, "step").is_none());
        let help = c.command(&mut d, "help").unwrap().unwrap();
        assert!(
            help.starts_with("T3300-R simulator commands (help CMD or help DEV for one):\n"),
            "{help}"
        );
        let (simh, extras) = help.split_once("The debugger's extras:\n").unwrap();
        assert!(
            simh.contains("\npwd ") && simh.contains("\nload IMAGE"),
            "{help}"
        );
        assert!(
            simh.contains("\nbr{eak} [LIST]") && simh.contains("\nd{eposit} [-d"),
            "SIMH's break and deposit, as at the HP console: {help}"
        );
        assert!(
            simh.contains("\natt{ach} [-n]") && !simh.contains("\nwatch"),
            "{help}"
        );
        assert!(
            extras.starts_with("back [N]")
                && extras.contains("\nnowatch")
                && extras.contains("\nstore ADDR"),
            "{help}"
        );
        assert!(c
            .command(&mut d, "help store")
            .unwrap()
            .unwrap()
            .starts_with("store ADDR V.."));
        // SIMH's break: silent, at P without a list; show break lists; nobreak clears.
        assert!(c.command(&mut d, "break").is_none());
        let mut out = Vec::new();
        d.command("break", &mut out).unwrap();
        d.command("d 1001-1002 7", &mut out).unwrap();
        assert!(out.is_empty(), "{}", String::from_utf8_lossy(&out));
        assert_eq!(c.command(&mut d, "show break"), Some(Ok("1000:\tE".into())));
        assert_eq!(machine_core::Debuggable::peek(d.machine(), 0o1002), 7);
        d.command("nobreak", &mut out).unwrap();
        assert_eq!(c.command(&mut d, "show break"), Some(Ok(String::new())));
        assert_eq!(
            c.command(&mut d, "load").unwrap(),
            Err("load IMAGE [LISTING]".into())
        );
    }

    #[test]
    fn the_console_attaches_tapes_echoes_and_resets() {
        let config = Config {
            fast_tape: true,
            ..Config::default()
        };
        let mut d = Debugger::new(Machine::new(config, Scripted::new()));
        let mut c = Commands::with_loader(t3300_asm::files::program_and_labels);
        let mut said = |d: &mut Debugger<Machine>, line: &str| c.command(d, line).unwrap();
        let dir = tmp_source("x", "").parent().unwrap().to_path_buf();
        let (tape, punch) = (dir.join("in.tape"), dir.join("out.tape"));
        std::fs::write(&tape, [1, 2, 3]).unwrap();
        std::fs::write(&punch, [9]).unwrap();
        let r = said(&mut d, &format!("attach ptr {}", tape.display()));
        assert_eq!(r, Ok(format!("PTR: 3 frames from {}", tape.display())));
        assert_eq!(d.machine().tape_remaining(), 3);
        let r = said(&mut d, &format!("attach ptp {}", punch.display()));
        assert_eq!(r, Ok(format!("PTP: adding to {}", punch.display())));
        // rpt (reads a frame into A), ppt (punches it), hlt.
        let prog =
            "        org.  01000\n+go+    rpt\n        ppt\n        hlt   0\n        end.  +go+\n";
        let src = tmp_source("copy.asm", prog);
        said(&mut d, &format!("load {}", src.display())).unwrap();
        let mut out = Vec::new();
        d.command("go", &mut out).unwrap();
        assert_eq!(said(&mut d, "detach ptp"), Ok(String::new()));
        assert_eq!(std::fs::read(&punch).unwrap(), [9, 1], "added to the file");
        assert_eq!(said(&mut d, "detach ptr"), Ok(String::new()));
        assert_eq!(d.machine().tape_remaining(), 0);
        assert_eq!(said(&mut d, "echo hello  there"), Ok("hello  there".into()));
        assert_eq!(said(&mut d, "reset"), Ok(String::new()));
        assert_eq!(said(&mut d, "reset ptr"), Ok(String::new()));
        assert_eq!(said(&mut d, "reset all"), Ok(String::new()));
        assert_eq!(
            said(&mut d, "reset lpt"),
            Err("reset lpt: Non-existent device".into())
        );
        assert!(said(&mut d, "attach lpt x")
            .unwrap_err()
            .contains("unknown device"));
        assert!(said(&mut d, "attach ptr /no/such")
            .unwrap_err()
            .contains("cannot read"));
        let r = said(&mut d, &format!("attach -n ptp {}", punch.display()));
        assert_eq!(r, Ok(format!("PTP: creating new file {}", punch.display())));
        assert!(
            std::fs::read(&punch).unwrap().is_empty(),
            "-n starts a new file"
        );
    }
}
