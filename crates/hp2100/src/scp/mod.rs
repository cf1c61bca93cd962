//! The scriptable console: SIMH-style commands to set up, boot, run and examine the machine.
//! The commands every machine's console shares (`help`, `examine`, `deposit`, `break`,
//! `nobreak`, `show version|dev|DEV|break`, `pwd`, `cd`) are `machine_core::scp`'s, served
//! from the machine's declaration ([`simulator`]); the 2100A's own are here:
//!
//! ```text
//! set [-f] cpu 2100|eau|16K|LIST   the model (the 2100A only; SIMH's 2100 set up), EAU
//!                                 (standard), memory 4K-32K (`settings.rs`)
//! set cpu loaderenable|loaderdisable  the front panel's LOADER ENABLE (`settings.rs`)
//! set console log=FILE|nolog | show console   the console's log (`settings.rs` note 5)
//! set tty 7b|8b|uc|7p|fast|realtime   what the console terminal is given (`io/tty.rs`)
//! set runlimit N seconds|instructions|cycles  (emulated 2100A seconds) | set runlimit off
//! attach [-n|-e|-q] ptr FILE | detach ptr  tape in the photoreader (`-n`: a new, empty
//!                                 file); switches before or after the device, as SIMH
//! attach [-n|-e|-q] ptp FILE | detach ptp  punch to a file, each frame as it is punched: an
//!                                 existing file is added to, `-n` starts a new one;
//!                                 `-e`: the file must exist; `-q`: no message. The reader
//!                                 and the punch on one file: the punch's tape runs into
//!                                 the reader
//! boot ptr                         the operator's boot: Basic Binary Loader from the tape
//! attach|detach|boot dpc ...       the 12557A disc (`disc.rs`)
//! deposit [-d|-o|-h|-a|-c] LIST VALUE   LIST: registers, ADDR, A-B, A/N, comma-separated
//! deposit -m ADDR INSTRUCTION       one instruction assembled (`hp2100_isa::line`)
//! examine [-m|-d|-o|-h|-a|-c] LIST      registers as the debugger's table has them
//! examine CARD [CTL|FLG|FBF] | deposit CARD CTL|FLG|FBF 0|1   (CARD: MP PTR TTY PTP)
//! reset [-p] [DEV|ALL]            PRESET, power-on reset, one card's (`reset.rs`)
//! go [ADDR] [until ...] | run [ADDR] | cont   run until a stop (run presets first;
//!                                 `until`: `automation.rs`); not while two cards share a
//!                                 select code (`running.rs` note 3); a breakpoint at P
//!                                 stops it first (`breaks.rs` note 3)
//! step [N] | next                 N instructions; next runs a JSB to its return
//! load FILE | dump FILE A-B        absolute binary tapes into and out of core (`files.rs`)
//! load ptr | load dpc              a device's loader installed, not run (`media.rs`)
//! save FILE | restore FILE         the whole machine's state (`crate::save`)
//! expect, noexpect, send, nosend  SIMH 4's console automation (`automation.rs`)
//! break [-ENSU] LIST[[N]] [; ACTIONS] | set break | show break   (`breaks.rs`)
//! set tty autolf|noautolf          a LINE FEED typed after each RETURN, as SIMH's option
//! assert REG|ADDR == VALUE         (also !=): on failure the script exits with status 1
//! show cpu|io|time|runlimit|throttle|send|expect|DEV sc   the CPU; every card; cycles,
//!                                 instructions, 2100A seconds; SIMH's forms
//! evaluate TEXT | assign DEV NAME | deassign DEV | show names|queue|[DEV] modifiers
//! ie|id LIST | ! [CMD]            SIMH 4's lesser commands (`lesser.rs`)
//! echo TEXT | exit [STATUS]
//! do FILE [ARGS...]               run another script
//! goto, call, return, :LABEL, if, on, set on ...   SIMH's do-file language, run by the
//!                                 engine both consoles share (`dofile.rs`)
//! ```
//!
//! A line that starts with `;` or `#` is a comment; `%1`..`%9` are the script's arguments,
//! `%0` its path, `%*` all of them and `%NAME%` an environment variable, as in SIMH.
//! Addresses and values are octal. A relative file name is looked up from the current
//! directory, then from the script's directory. A script is UTF-8 text; a byte that is not
//! is an error naming its line and column.
//!
//! [`prompt`] holds the console at its prompt from a host: a script, or the `sim>` prompt.
//!
//! Implementation notes:
//!
//! 1. A console whose runs no operator watches (`retro hp2100 script` with standard input not
//!    a terminal) is given the batch run limit ([`Console::set_default_limit`],
//!    `machine_core::Limit::BATCH`). Reaching that limit is an error that ends the script and
//!    says how to raise it; reaching a limit the script set with `set runlimit` is a stop
//!    like a halt, and the script goes on.
//! 2. The HALT switch (`Machine::halt_switch`), which Ctrl-C and Ctrl-E press at a terminal,
//!    stops `go`, `run` and `boot` between instructions with the machine's state intact. The
//!    stop is an error for the script it happens in, so that the operator's stop also ends
//!    the script (and a `do` script inside it); an interactive console prompts again.
//! 3. SIMH's `hp2100` simulates the 2116, 2115, 2114 and 1000 too, and CPU options (FP, DMS,
//!    ...) this 2100A lacks: `set cpu` answers those in SIMH's words ("Invalid argument",
//!    "Command not allowed") and says what is missing. The EAU is standard on the 2100A, so
//!    `set cpu eau` is accepted and `noeau` refused.
//! 4. `attach`, `detach` and `boot` reach the card the device names through the medium it
//!    declares in the registry (`media.rs`, `crate::io::media`): the tapes' trailer, the
//!    punch running into the reader and the disc's drives are the cards' own.

mod automation;
mod breaks;
mod cards;
mod disc;
mod dofile;
pub mod extras;
mod files;
pub mod lesser;
mod media;
pub mod prompt;
mod reset;
mod running;
mod settings;
mod simulator;

use crate::panel::Limit;
use crate::{Config, Machine};
use machine_core::scp::dofile as engine;
pub use machine_core::ConsoleKeys;
use machine_core::{scp, Debuggable, Register, Stop};
use std::io::Write;
use std::path::{Path, PathBuf};
use teletype::{Printer, Scripted, Tee, Transcript};

/// The console's teletype host: keys from `expect`/`send` (and the operator's keyboard at an
/// interactive console, [`Console::set_keyboard`]; `machine_core::ConsoleKeys`), the paper recorded and shown on
/// the console's output as it is printed (as on SIMH's console).
pub type ConsoleTty<W> = Tee<Transcript<ConsoleKeys>, Printer<W>>;

/// A failure that ended a script (`machine_core::scp::dofile` note 2), or a command typed at
/// the prompt that failed: `t.do:3: run limit reached at ... (in `go 100`)`.
pub use machine_core::scp::dofile::ScriptError as ScpError;

/// What a command asks of the script.
#[derive(Debug, PartialEq, Eq)]
pub enum Next {
    Continue,
    Exit(i32),
}

/// The console: a machine, where messages go, and the run limit. The machine's teletype owns
/// the console's output (a [`ConsoleTty`]), so the paper and the console's messages appear in
/// the order they happen.
pub struct Console<W: Write + 'static = std::io::Stdout> {
    pub machine: Machine,
    limit: Limit,
    /// `limit` is the batch default, not one the script set (note 1).
    default_limit: bool,
    /// The do-file engine: its variables, `on` actions and the files running.
    engine: machine_core::scp::dofile::Engine,
    /// The last command's failure ends every script (`dofile.rs` note 1).
    fatal: bool,
    /// The last run's stop as a status for the engine, with SIMH's words for it.
    stopped: Option<(u32, String)>,
    /// The last stop of a `go`, `run`, `boot` or `step`.
    pub last_stop: Option<Stop>,
    /// The actions of an expect rule that fired in the last run (`dofile.rs` runs them).
    fired: Option<String>,
    /// SIMH's `send` defaults (`send after=N,delay=N`), in instructions.
    send_after: u64,
    send_delay: u64,
    /// The last `send`'s after and delay, for `show send`.
    last_send: (u64, u64),
    /// `set throttle`'s value (`settings.rs` note 1).
    throttle: Option<String>,
    /// `set cpu idle`.
    idle: bool,
    /// SIMH's settings of each breakpoint (`breaks.rs`).
    breaks: std::collections::BTreeMap<u32, breaks::Break>,
    /// The breakpoint the last stop was at, with the machine's cycle count then: a run that
    /// starts there goes on past it (`breaks.rs` note 3).
    break_taken: Option<(u32, u64)>,
    /// `set console log=FILE`: the log and how much of the teleprinter's paper is in it
    /// (`settings.rs` note 5).
    log: Option<(std::fs::File, usize)>,
    /// The first error writing a message (`say`).
    write_error: Option<std::io::Error>,
    /// The debugger of `retro hp2100 debug`, set aside between its commands ([`extras`]).
    debugger: Option<machine_core::Debugger<()>>,
    /// `assign`'s logical names: (name, device) (`lesser.rs` note 2).
    names: Vec<(String, String)>,
    /// Where `ie` and `id` get new values (`lesser.rs` note 4).
    answers: Option<lesser::Answers>,
    /// Whether `!` may run the host's shell (`lesser.rs` note 5).
    host_commands: bool,
    /// The output's type (the output itself is on the teletype's line).
    out: std::marker::PhantomData<W>,
}

type CmdResult = Result<Next, String>;

/// How deeply `do` scripts may run inside one another, as SIMH's limit of nested `do`
/// commands; a script that runs itself meets it instead of exhausting the stack.
pub const MAX_DO_DEPTH: usize = machine_core::scp::dofile::MAX_DEPTH;

impl<W: Write + 'static> Console<W> {
    /// A console on a new 16K machine, printing messages and teletype output to `out`.
    pub fn new(out: W) -> Self {
        let mut machine =
            Machine::new(Config::default()).expect("the default configuration is valid");
        // Power on presets the I/O cards (their flags set), as SIMH's start does.
        machine.preset();
        let mut keys = ConsoleKeys::new(Scripted::new());
        keys.set_stop(machine.halt_switch());
        machine
            .cards
            .tty
            .attach(ConsoleTty::new(Transcript::new(keys), Printer::new(out)));
        Self {
            machine,
            limit: Limit::NONE,
            default_limit: false,
            engine: machine_core::scp::dofile::Engine::default(),
            fatal: false,
            stopped: None,
            last_stop: None,
            fired: None,
            send_after: machine_core::scp::expect::SEND_DEFAULT_DELAY,
            send_delay: machine_core::scp::expect::SEND_DEFAULT_DELAY,
            throttle: None,
            idle: false,
            break_taken: None,
            log: None,
            breaks: std::collections::BTreeMap::new(),
            write_error: None,
            // No `send` yet: nothing to wait for, as SIMH's `show send` says.
            last_send: (0, 0),
            debugger: None,
            names: Vec::new(),
            answers: None,
            host_commands: true,
            out: std::marker::PhantomData,
        }
    }

    /// The teletype's host. The console attaches it when it is made; a caller who attaches
    /// another host to `machine.tty` breaks the console.
    pub fn tty(&self) -> &ConsoleTty<W> {
        self.machine
            .cards
            .tty
            .host()
            .expect("the console's teletype host stays attached")
    }

    fn tty_mut(&mut self) -> &mut ConsoleTty<W> {
        self.machine
            .cards
            .tty
            .host_mut()
            .expect("the console's teletype host stays attached")
    }

    /// Give the teletype the operator's keyboard while the machine runs (an interactive
    /// console), after the keys of `send` and `expect`.
    pub fn set_keyboard(&mut self, keys: Option<teletype::TypeAhead>) {
        self.tty_mut().host.inner_mut().set_keyboard(keys);
    }

    /// Keep the teletype's keyboard open: with nothing typed the program waits and the
    /// machine runs on, rather than stopping at the end of its input (`machine_core::ConsoleKeys`
    /// note 5): a web page's keyboard under DOS-M.
    pub fn set_keyboard_open(&mut self, open: bool) {
        self.tty_mut().host.inner_mut().open = open;
    }

    /// Type `text` on the teletype's keyboard after any keys already waiting, as an ASR-33
    /// sends it (`teletype::asr33_key`: upper case, RETURN for a line feed); the program takes
    /// each key when it asks for one. For a keyboard that is not the terminal's: a web page's.
    pub fn type_keys(&mut self, text: &str) {
        let keys: String = text
            .bytes()
            .filter_map(teletype::asr33_key)
            .map(char::from)
            .collect();
        self.tty_mut().host.inner_mut().scripted.type_now(&keys);
    }

    /// Whether keys typed, sent or armed (`expect`) are still waiting for the program.
    pub fn keys_waiting(&self) -> bool {
        self.tty().host.inner().keys_waiting()
    }

    /// Forget the teletype's record of the paper so far (`teletype::Transcript::forget`), for
    /// a host that has taken it and keeps the roll itself.
    pub fn forget_paper(&mut self) {
        self.tty_mut().host.forget();
    }

    /// The console's output (messages and the teletype's paper).
    pub fn output(&self) -> &W {
        &self.tty().printer.out
    }

    /// Set the run limit used by `go`, `run`, `boot` (as `set runlimit` does).
    pub fn set_limit(&mut self, limit: Limit) {
        self.limit = limit;
        self.default_limit = false;
    }

    /// Set the run limit of a console no operator watches (note 1): reaching it ends the
    /// script with an error that says how to raise it. `set runlimit` replaces it.
    pub fn set_default_limit(&mut self, limit: Limit) {
        self.limit = limit;
        self.default_limit = true;
    }

    /// Run a script file; returns the exit status the script asked for (0 at its end, 2 if
    /// a command failed on the way). A command that fails is reported and the script goes on,
    /// as on SIMH (`machine_core::scp::dofile` note 1).
    ///
    /// # Errors
    /// An unreadable script, or a failure that ends every script (the operator's stop, the
    /// batch run limit).
    pub fn run_file(&mut self, path: &Path, args: &[String]) -> Result<i32, ScpError> {
        let before = self.engine.failures;
        let r = engine::run_file(self, path, args, "");
        self.finish();
        Ok(match r? {
            engine::Ended::Exit(code) => code,
            // A file that reported failures and ended without `exit` ends with status 2, so
            // that a batch run can tell (SIMH's own ends at its prompt).
            engine::Ended::Status(_) if self.engine.failures > before => 2,
            engine::Ended::Status(_) => 0,
        })
    }

    /// Run script text line by line, as the file `name`.
    ///
    /// # Errors
    /// A failure that ends every script.
    pub fn run_text(&mut self, name: &str, text: &str) -> Result<i32, ScpError> {
        self.run_text_with(name, text, &[])
    }

    /// Run script text as the file `name` with the arguments `args` (`%1`..).
    ///
    /// # Errors
    /// A failure that ends every script.
    pub fn run_text_with(
        &mut self,
        name: &str,
        text: &str,
        args: &[String],
    ) -> Result<i32, ScpError> {
        let dir = self.engine.dir.clone();
        let args = std::iter::once(name.to_string())
            .chain(args.iter().cloned())
            .collect();
        let r = engine::run_text(self, name, text, args, &dir, "");
        self.finish();
        Ok(match r? {
            engine::Ended::Exit(code) => code,
            engine::Ended::Status(_) => 0,
        })
    }

    /// The last command's status, as SIMH numbers it (`%STATUS%`: 0 for success).
    pub fn status(&self) -> u32 {
        self.engine.status()
    }

    /// One line as the operator gives it at the prompt: arguments substituted, then the
    /// command, then the actions of an `if` or of an expect rule that fired. The error
    /// names `name` and `line`.
    ///
    /// # Errors
    /// The command's error.
    pub fn command(&mut self, name: &str, line: usize, raw: &str) -> Result<Next, ScpError> {
        match engine::run_line(self, raw) {
            Ok(engine::Ended::Exit(code)) => Ok(Next::Exit(code)),
            Ok(engine::Ended::Status(_)) => Ok(Next::Continue),
            Err(f) => Err(ScpError {
                file: name.to_string(),
                line,
                command: raw.trim().to_string(),
                msg: f.msg,
            }),
        }
    }

    /// Flush the console's output (messages and paper), as the end of a script does.
    pub fn flush(&mut self) {
        self.finish();
    }

    fn finish(&mut self) {
        let _ = self.tty_mut().printer.out.flush();
    }

    fn say(&mut self, text: &str) {
        if let Err(e) = writeln!(self.tty_mut().printer.out, "{text}") {
            // The console goes on, as the teletype does with its paper torn off; the first
            // error is the command's to report (`prompt::script`).
            self.write_error.get_or_insert(e);
        }
        if self.log.is_some() {
            self.log_paper();
            if let Some((file, _)) = &mut self.log {
                if let Err(e) = writeln!(file, "{text}") {
                    self.write_error.get_or_insert(e);
                }
            }
        }
    }

    /// The teleprinter's paper printed since the log last took it, into the log, as the
    /// console's printer shows it (seven bits, no NUL or DEL).
    fn log_paper(&mut self) {
        let printed: Vec<u8> = {
            let done = self.log.as_ref().map_or(0, |l| l.1);
            let all = self.tty().host.printed();
            // A host that took the paper (`forget_paper`) starts the count again.
            let from = done.min(all.len());
            all[from..]
                .iter()
                .map(|&(_, c)| c & 0x7f)
                .filter(|&c| c != 0 && c != 0x7f)
                .collect()
        };
        let total = self.tty().host.printed().len();
        if let Some((file, done)) = &mut self.log {
            *done = total;
            if let Err(e) = file.write_all(&printed) {
                self.write_error.get_or_insert(e);
            }
        }
    }

    /// The first error met writing the console's messages since the last call.
    pub fn take_write_error(&mut self) -> Option<std::io::Error> {
        self.write_error.take()
    }

    /// Execute one command line.
    ///
    /// # Errors
    /// A message saying what is wrong with the command.
    pub fn execute(&mut self, line: &str) -> CmdResult {
        let line = line.trim();
        if line.is_empty() {
            return Ok(Next::Continue);
        }
        // The paper the last command printed goes into the log before anything else does.
        if self.log.is_some() {
            self.log_paper();
        }
        let line = &self.logical(line);
        let (cmd, rest) = split_word(line);
        let rest = rest.trim();
        if let Some(r) = self.lesser(&cmd.to_ascii_lowercase(), rest) {
            return r;
        }
        match cmd.to_ascii_lowercase().as_str() {
            "set" => match breaks::set_form(rest) {
                Some(("break", list)) => self.set_break(list),
                Some((_, list)) => self.clear_break(list),
                None => self.set(rest),
            },
            "break" | "br" => self.set_break(rest),
            "nobreak" | "nobr" => self.clear_break(rest),
            "show" if rest.eq_ignore_ascii_case("break") || rest.eq_ignore_ascii_case("breaks") => {
                self.show_break()
            }
            "attach" | "att" => self.attach(rest),
            "detach" | "det" => self.detach(rest),
            "boot" | "b" => self.boot(rest),
            "deposit" | "d" | "dep" => self.deposit(rest),
            "examine" | "e" | "ex" => self.examine(rest),
            "reset" | "r" => self.reset(rest),
            "power" => self.power(rest),
            "go" | "g" => self.go(rest, false),
            "cont" | "c" | "continue" => {
                if !rest.is_empty() {
                    return Err(format!("cont: no address, go on from P (go {rest} starts at {rest})"));
                }
                self.go("", false)
            }
            "run" | "ru" => self.go(rest, true),
            "step" | "s" => self.step(rest),
            "next" | "n" => self.next(),
            "load" | "lo" => match self.load_device(rest) {
                Some(r) => r,
                None => self.load(rest),
            },
            "dump" | "du" => self.dump(rest),
            "save" | "sa" => self.save(rest),
            "restore" | "rest" | "get" => self.restore(rest),
            "expect" => self.expect(rest),
            "noexpect" => self.noexpect(rest),
            // The engine answers these in a do-file; a caller of `execute` alone (a web
            // page's console) has them too.
            "echo" => {
                self.say(rest);
                Ok(Next::Continue)
            }
            "exit" | "quit" | "q" | "bye" => {
                let code = if rest.is_empty() {
                    0
                } else {
                    rest.parse()
                        .ok()
                        .filter(|c| (0..=255).contains(c))
                        .ok_or_else(|| format!("Invalid argument: the status must be 0 to 255, not {rest}"))?
                };
                Ok(Next::Exit(code))
            }
            "send" => self.send(rest),
            "nosend" => self.nosend(rest),
            "show" if rest.eq_ignore_ascii_case("send") => self.show_send(),
            "show" if rest.eq_ignore_ascii_case("expect") => self.show_expect(),
            "assert" => self.assert(rest),
            "show" if rest.eq_ignore_ascii_case("io") => {
                let table = self.io_table();
                self.say(&table);
                Ok(Next::Continue)
            }
            "show" if rest.eq_ignore_ascii_case("cpu") => {
                // SIMH's form; what this 2100A lacks is SIMH's options it has not.
                let m = &self.machine;
                let text = format!(
                    "CPU     idle {}\n        {}KW, 2100, loader {}, EAU\n        no FP, no IOP, no DMS\n        no FFP, no DBI, no EMA/VMA\n        no VIS, no SIGNAL{}",
                    if self.idle { "enabled" } else { "disabled" },
                    m.memory_words() / 1024,
                    if m.loader_enabled() { "enabled" } else { "disabled" },
                    if m.cards.pwr.off { "\n        power off" } else { "" }
                );
                // This 2100A's own option, named only while it is off (`settings.rs` note 1).
                let text = if m.wait_skipping() {
                    text
                } else {
                    format!("{text}\n        no wait pass")
                };
                self.say(&text);
                Ok(Next::Continue)
            }
            "show" if rest.eq_ignore_ascii_case("console") => self.show_console(),
            "show" if rest.eq_ignore_ascii_case("throttle") => {
                let text = match &self.throttle {
                    None => "Throttling:                    Disabled".to_string(),
                    Some(t) => format!("Throttling:                    {t} (the 2100A's time is emulated: nothing it prints depends on it)"),
                };
                self.say(&text);
                Ok(Next::Continue)
            }
            "show"
                if split_word(rest).1.trim().eq_ignore_ascii_case("sc")
                    && Machine::slot(split_word(rest).0).is_some() =>
            {
                let slot = Machine::slot(split_word(rest).0).expect("checked");
                let (sc, present) = self.machine.select_code(slot);
                let text = if present {
                    format!("select code={sc:02o}")
                } else {
                    format!("{} is disabled", slot.name)
                };
                self.say(&text);
                Ok(Next::Continue)
            }
            "show" if rest.eq_ignore_ascii_case("runlimit") => {
                let text = match self.limit {
                    Limit::NONE => "no run limit".to_string(),
                    l => l.describe(),
                };
                self.say(&text);
                Ok(Next::Continue)
            }
            "show" if rest.eq_ignore_ascii_case("time") => {
                let m = &self.machine;
                self.say(&format!(
                    "{} cycles, {} instructions, {:.6} s of 2100A time",
                    m.cycles,
                    m.instructions,
                    m.seconds()
                ));
                Ok(Next::Continue)
            }
            _ => match scp::command(&mut self.machine, line) {
                Some(r) => {
                    let text = r?;
                    if !text.is_empty() {
                        self.say(&text);
                    }
                    Ok(Next::Continue)
                }
                None if cmd.eq_ignore_ascii_case("show") => Err(format!(
                    "show {rest}: Non-existent device or parameter (show version|cpu|dev|DEV|break|io|time|names|queue|modifiers)"
                )),
                None => Err(format!("Unknown command: {cmd} (help lists the commands)")),
            },
        }
    }

    fn resolve(&self, name: &str) -> PathBuf {
        resolve_in(&self.engine.dir, name)
    }

    /// A register by name, from the machine's one register table (the debugger's too).
    fn register(&self, name: &str) -> Option<Register> {
        self.machine
            .registers()
            .into_iter()
            .find(|r| r.name.eq_ignore_ascii_case(name))
    }

    /// `examine`: a card's flip-flops and registers (`e TTY CTL`), else the shared examine
    /// (registers, addresses, ranges, counts, switches).
    fn examine(&mut self, rest: &str) -> CmdResult {
        let (first, _) = split_word(rest);
        if Machine::slot(first).is_none() {
            let mut text = scp::examine(&self.machine, rest)?;
            if machine_core::scp::spec::Form::parse(rest)
                .is_ok_and(|(f, _)| f == machine_core::scp::spec::Form::Instruction)
            {
                text = simh_operands(&text);
            }
            self.say(&text);
            return Ok(Next::Continue);
        }
        // `examine TTY CTL,FLG,FBF`: the names after a card are its own, as SIMH reads
        // them; `CARD NAME` in the list turns to another card.
        let mut card = first.to_string();
        for item in rest.split(',').map(str::trim) {
            let (w, tail) = split_word(item);
            let item = if Machine::slot(w).is_some() {
                card = w.to_string();
                item.to_string()
            } else if tail.trim().is_empty() && !item.is_empty() {
                format!("{card} {item}")
            } else {
                item.to_string()
            };
            match self.examine_card(&item) {
                Some(done) => done?,
                None => {
                    let text = scp::examine(&self.machine, &item)?;
                    self.say(&text);
                }
            }
        }
        Ok(Next::Continue)
    }

    /// `deposit`: a card's flip-flop or register (`d TTY FLG 1`), else the shared deposit.
    fn deposit(&mut self, rest: &str) -> CmdResult {
        // `deposit -m ADDR INSTRUCTION`: the line assembled where it goes (SIMH's form).
        if let Ok((machine_core::scp::spec::Form::Instruction, tail)) =
            machine_core::scp::spec::Form::parse(rest)
        {
            let (addr, text) = split_word(tail);
            let at = address(addr).map_err(|e| format!("Invalid argument: {e}"))?;
            let words = hp2100_isa::line::assemble_line(text, at)
                .map_err(|e| format!("Invalid argument: {e}"))?;
            for (i, w) in words.into_iter().enumerate() {
                let a = at.wrapping_add(i as u16) & 0o77777;
                if u32::from(a) >= self.machine.memory_words() {
                    return Err(format!("Address space exceeded: {a:o}"));
                }
                self.machine.poke_core(a, w);
            }
            return Ok(Next::Continue);
        }
        let (target, value) = split_word(rest);
        if let Some(done) = self.deposit_card(target, value) {
            return done.map(|()| Next::Continue);
        }
        if self
            .register(target)
            .is_some_and(|r| r.name == "T" || r.name == "CIR")
        {
            return Err(format!(
                "deposit: {} is for display only",
                target.to_ascii_uppercase()
            ));
        }
        scp::deposit(&mut self.machine, rest)?;
        Ok(Next::Continue)
    }

    fn assert(&mut self, rest: &str) -> CmdResult {
        let (lhs, op, rhs) = ["==", "!="]
            .iter()
            .find_map(|op| rest.split_once(op).map(|(l, r)| (l.trim(), *op, r.trim())))
            .ok_or_else(|| format!("assert: expected REG == VALUE or REG != VALUE, not {rest}"))?;
        let actual = match self.register(lhs) {
            Some(r) => r.value as u16,
            None => self.machine.peek_core(octal(lhs)?),
        };
        let want = octal(rhs)?;
        if (actual == want) != (op == "==") {
            self.say(&format!(
                "assertion failed: {lhs} is {actual:06o}, expected {op} {want:06o}"
            ));
            return Ok(Next::Exit(1));
        }
        Ok(Next::Continue)
    }
}

/// Examined instructions with their octal operands as SIMH writes them, without the HP
/// assembler's `B` (`JMP 300B` is SIMH's `JMP 300`).
fn simh_operands(text: &str) -> String {
    let word = |w: &str| -> String {
        let (operand, tail) = w.split_at(w.find(',').unwrap_or(w.len()));
        match operand.strip_suffix('B') {
            Some(n) if !n.is_empty() && n.bytes().all(|b| (b'0'..=b'7').contains(&b)) => {
                format!("{n}{tail}")
            }
            _ => w.to_string(),
        }
    };
    let line = |l: &str| match l.split_once('\t') {
        // A word that is no instruction is shown as its number, as SIMH shows it.
        Some((addr, ins)) if ins.starts_with("OCT ") => format!("{addr}\t{}", &ins[4..]),
        Some((addr, ins)) => {
            let ins: Vec<String> = ins.split(' ').map(word).collect();
            format!("{addr}\t{}", ins.join(" "))
        }
        None => l.to_string(),
    };
    text.lines().map(line).collect::<Vec<_>>().join("\n")
}

/// A file name as the console finds it: from the current directory, else from the script's
/// directory `dir`.
fn resolve_in(dir: &Path, name: &str) -> PathBuf {
    let p = PathBuf::from(name);
    if p.is_relative() && !p.exists() {
        let q = dir.join(&p);
        if q.exists() {
            return q;
        }
    }
    p
}

fn split_word(s: &str) -> (&str, &str) {
    let s = s.trim_start();
    match s.find(char::is_whitespace) {
        Some(i) => (&s[..i], &s[i..]),
        None => (s, ""),
    }
}

fn no_more(tail: &str) -> Result<(), String> {
    if tail.trim().is_empty() {
        Ok(())
    } else {
        Err(format!("unexpected text after the string: {}", tail.trim()))
    }
}

/// A memory address: an octal number of at most 15 bits.
fn address(s: &str) -> Result<u16, String> {
    let a = octal(s)?;
    if a > 0o77777 {
        return Err(format!("{} is beyond the last address, 77777", s.trim()));
    }
    Ok(a)
}

/// A number of at most 16 bits, read as the debugger reads one.
fn octal(s: &str) -> Result<u16, String> {
    let s = s.trim();
    crate::parse_octal(s).ok_or_else(|| format!("not an octal number of 16 bits: {s:?}"))
}

#[cfg(test)]
mod lesser_tests;
#[cfg(test)]
mod tests;
