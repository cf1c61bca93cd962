//! The debugger: a command loop over any [`Debuggable`] machine.
//!
//! Commands (one per line; numbers in the machine's radix, or decimal after `#`; counts in
//! decimal; an address or value may be a symbol, a register, a number, or a sum of them with
//! `+` and `-` ([`expr`]), the symbol written as the machine's assembler writes a label
//! (`+loop+`, `+loop++2` on the T3300-R); `#` starts a comment line):
//!
//! ```text
//! step [N]          execute N instructions (default 1), showing each
//! back [N]          undo the last N instructions (default 1), where the machine allows it
//! next              as step, but run a subroutine call to its return
//! finish            run until the current subroutine returns
//! until ADDR        run until P reaches ADDR
//! continue          run until a halt, breakpoint, watched word or the run limit
//! go [ADDR]         continue, from ADDR if given
//! print EXPR        a value: numbers, symbols, registers, + and -
//! do FILE           run the commands in FILE
//! br[eak] [LIST]    SIMH's: breakpoints at the list's addresses (none: at P), silently
//! nobr[eak] [LIST|ALL]  SIMH's: clear breakpoints (none: the one at P)
//! delete [ADDR]     remove a breakpoint or watch (no address: remove all)
//! watch [ADDR]      stop when the word at ADDR changes (no address: list)
//! nowatch [ADDR]    remove a watch (no address: all of them)
//! regs              all registers
//! x ADDR [N]        examine N words from ADDR, disassembled
//! e[xamine] LIST    as SIMH's console (`crate::scp::examine`): registers, ADDR, A-B, A/N,
//!                   switches -m -d -o -h -a -c; a symbol or a sum is examined as `x` does
//! d[eposit] ADDR V..  store words from ADDR on;  deposit REG V  sets a register
//! show break        the breakpoints as SIMH lists them
//! trace on|off      show every instruction that continue and next execute
//! time              machine cycles and emulated seconds
//! quit
//! ```
//!
//! Each executed instruction is shown as
//!
//! ```text
//! AAAAA  WWWWWW         LABEL TEXT                      ea EEEEE  A 000000 B 000000 ...  cyc N
//! address, word(s), label at the address, disassembly, operand address, brief registers
//! (after the instruction), cycles since power on
//! ```
//!
//! and where the machine stopped as `=> AAAAA  WWWWWW  LABEL TEXT` (not yet executed).
//!
//! Implementation notes:
//!
//! 1. `next` over a call stops when P reaches the word after the call or the word after that,
//!    since a subroutine may return to either (HP's "skip return" convention); breakpoints and
//!    stops inside the subroutine still end the run there.
//! 2. A breakpoint at the current P does not stop `continue` before it has executed that
//!    instruction once, so the command can resume from a breakpoint.
//! 3. `back` restores the snapshots ([`Debuggable::snapshot`]) taken before each executed
//!    instruction, newest first; the last [`HISTORY`] instructions are kept. A deposit, or an
//!    instruction the machine cannot undo, starts the history afresh, since undoing across
//!    it would mix states. A machine without snapshots answers `back` with a message. Going
//!    back moves the machine's time back too; a device's outside effect (a character already
//!    printed) stays.
//! 4. Watched words are compared with their value before each instruction, so after `back`
//!    the watch takes the restored value as its new reference.
//! 5. A run (`continue`, `go`, `next` over a call, `finish`, `until`) goes through the
//!    machines' one run loop ([`crate::run`]): the debugger's inner loop executes one
//!    instruction at a time for its watches, calls and trace, and the loop applies the limit
//!    and looks at the operator's stop switch between slices of [`crate::run::SLICE`]
//!    instructions, stopping with [`Stop::Operator`], the machine's state intact.
//! 6. `finish` knows the current subroutine from the calls the debugger has run ([`frames`]);
//!    it runs until that call returns (to whichever address its entry word sends it).
//! 7. At a prompt ([`Debugger::typed`]) an empty line repeats the last `step`, `next`,
//!    `back` or `finish`, as the Enter key does in most debuggers; in a script an empty
//!    line does nothing.
//! 8. `help` lists `back` only on a machine that has given a snapshot ([`Debuggable::snapshot`]).
//! 9. `do` scripts may run inside one another to a depth of [`MAX_DO_DEPTH`]; a line that
//!    fails is reported and the script goes on, as typed lines do.
//! 10. A console that owns its machine (`hp2100::scp::Console`) keeps a debugger for its
//!     extras (`back`, `watch`, ...) without giving the machine up: it lends `&mut Machine` for
//!     a command (`Debuggable` is implemented for `&mut M`) with [`Debugger::with_machine`]
//!     and keeps the debugger as `Debugger<()>` in between. Its breakpoints are then the
//!     console's, copied in before each command ([`Debugger::breakpoints_mut`]).
//! 11. `nowatch ADDR` removes a watch and `nobreak ADDR` a breakpoint, SIMH's way of naming
//!     the undoing command; `delete` removes either.
//! 12. A run that its limit ended keeps its goal, so that a host that runs the machine in
//!     short slices (a web page's session, ticked once a frame) goes on toward the same goal
//!     with [`Debugger::resume`]: `next`, `finish` and `until` end where they would have
//!     ended in one run. Any command drops the kept goal; [`Debugger::last_stop`] tells why
//!     the last command stopped.
//! 13. `break`, `nobreak` and `deposit` are SIMH's, one implementation with the consoles'
//!     (`crate::scp`): `break` is silent and without a list sets one at P, `show break` lists;
//!     `deposit LIST VALUE` stores one value in every item, silently. Their words may be the
//!     debugger's labels and sums (`+pd1+`, `+dbuf++1`), read as addresses first; the
//!     debugger's deposit of consecutive words is the extra `store`.

mod commands;
mod expr;
mod frames;
mod running;

use crate::debuggable::{Debuggable, Flow};
use crate::radix::Radix;
use crate::symbols::Symbols;
use crate::{trace, Breakpoints, Limit, Stop};
use frames::{Change, Frames};
use std::any::Any;
use std::collections::{BTreeMap, VecDeque};
use std::io::{self, BufRead, Write};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// What the command loop does after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Control {
    Go,
    Quit,
}

/// Instructions `back` can undo.
pub const HISTORY: usize = 10_000;

/// `do` scripts inside one another at most (note 9).
pub const MAX_DO_DEPTH: usize = 20;

/// `help`, a line a command; the line of `back` only where the machine can go back (note 8).
const HELP: &[&str] = &[
    "step [N]        execute N instructions, showing each (Enter repeats)",
    BACK_HELP,
    "next            step, running a subroutine call to its return",
    "finish          run until the current subroutine returns",
    "until ADDR      run until P reaches ADDR",
    "continue        run to a halt, breakpoint, watch or the run limit",
    "go [ADDR]       continue, from ADDR if given",
    "br{eak} [LIST]  breakpoints (none: at P); show break lists them",
    "nobr{eak} [LIST|ALL]  clear breakpoints (none: at P)",
    "delete [ADDR]   remove a breakpoint or watch (none: all)",
    "watch [ADDR]    stop when the word at ADDR changes (none: list)",
    "nowatch [ADDR]  remove a watch (none: all)",
    "regs            registers",
    "print EXPR      a value: numbers (#decimal), symbols, registers, + and -",
    "x ADDR [N]      N words from ADDR, disassembled",
    "e [-m -d -h -a -c] LIST  examine as SIMH: registers, ADDR, A-B, A/N (else as x)",
    "d{eposit} [-d -o -h -a -c] LIST VALUE  store VALUE in every item of LIST",
    "store ADDR V..  store words from ADDR on, showing them;  store REG V",
    "trace on|off    show each instruction continue and next execute",
    "time            cycles and emulated time",
    "do FILE         run the commands in FILE",
    "quit",
];
const BACK_HELP: &str = "back [N]        undo the last N instructions";

/// The debugger's commands that SIMH's console lacks, as a console that lends its machine to
/// the debugger lists them apart (`crate::scp::debugging_help`): a name, then its syntax and
/// what it does.
pub const EXTRAS: &[(&str, &str)] = &[
    (
        "back",
        "back [N]                undo the last N instructions",
    ),
    (
        "finish",
        "fin{ish}                run until the current subroutine returns",
    ),
    ("until", "until ADDR              run until P reaches ADDR"),
    (
        "watch",
        "watch [ADDR]            stop when the word at ADDR changes (none: list)",
    ),
    (
        "nowatch",
        "nowatch [ADDR]          remove a watch (none: all)",
    ),
    (
        "delete",
        "delete [ADDR]           remove a breakpoint or watch (none: all)",
    ),
    (
        "print",
        "print EXPR              a value: numbers (#decimal), symbols, registers, + and -",
    ),
    (
        "x",
        "x ADDR [N]              N words from ADDR, disassembled with the symbols",
    ),
    (
        "store",
        "store ADDR V..          consecutive words from ADDR on, shown (store REG V: a register)",
    ),
    ("regs", "regs                    all registers"),
    (
        "trace",
        "trace on|off            show each instruction a run executes",
    ),
    ("time", "time                    cycles and emulated time"),
];

/// The commands an empty line at a prompt repeats (note 7).
const REPEATABLE: &[&str] = &["step", "s", "next", "n", "back", "finish", "fin"];

/// Where a run may end other than at a stop.
enum Goal {
    /// Nowhere: only a stop ends it.
    Stop,
    /// When P reaches one of these.
    At(Vec<u32>),
    /// When no more than this many calls are open.
    Depth(usize),
}

/// A debugger driving machine `M`. `Debugger<()>` is one set aside with its state (history,
/// watches, symbols) and no machine ([`Debugger::with_machine`], note 10).
pub struct Debugger<M> {
    machine: M,
    symbols: Symbols,
    breakpoints: Breakpoints,
    watches: BTreeMap<u32, u32>,
    trace: bool,
    limit: Limit,
    radix: Radix,
    /// Snapshots before the last executed instructions, oldest first (note 3), with what
    /// each instruction did to the open calls.
    history: VecDeque<(Box<dyn Any>, Change)>,
    /// The calls the debugger has run that have not returned (note 6).
    frames: Frames,
    /// The last command an empty line repeats (note 7).
    last_step: Option<String>,
    /// `do` scripts running inside one another.
    do_depth: usize,
    /// The machine has given a snapshot at least once.
    reversible: bool,
    /// The operator's stop (Ctrl-C, Ctrl-E), looked at while `continue` runs (note 5).
    stop_switch: Option<Arc<AtomicBool>>,
    /// The goal of the run its limit ended, for [`Debugger::resume`] (note 12).
    paused: Option<Goal>,
    /// Why the last command's step or run stopped, if it did.
    last_stop: Option<Stop>,
}

impl<M: Debuggable> Debugger<M> {
    pub fn new(machine: M) -> Self {
        let radix = Radix {
            radix: machine.radix(),
            word_bits: machine.word_bits(),
            address_bits: machine.address_bits(),
        };
        Self {
            machine,
            symbols: Symbols::new(),
            breakpoints: Breakpoints::new(radix.address_bits),
            watches: BTreeMap::new(),
            trace: false,
            limit: Limit::NONE,
            radix,
            history: VecDeque::new(),
            reversible: false,
            frames: Frames::default(),
            last_step: None,
            do_depth: 0,
            stop_switch: None,
            paused: None,
            last_stop: None,
        }
    }

    /// The machine was changed outside the debugger (a program loaded, a word deposited):
    /// what `back` and `finish` know of its past no longer holds, and watched words take
    /// their present values.
    pub fn machine_changed(&mut self) {
        self.history.clear();
        self.frames = Frames::default();
        for (&addr, old) in self.watches.iter_mut() {
            *old = self.machine.peek(addr);
        }
    }

    /// Bound each `continue` and `next` (instructions, cycles or emulated time).
    pub fn set_limit(&mut self, limit: Limit) {
        self.limit = limit;
    }

    /// The debugger's breakpoints (the console's `show break`).
    pub fn breakpoints(&self) -> &Breakpoints {
        &self.breakpoints
    }

    /// The breakpoints, to set from a console's own (note 10).
    pub fn breakpoints_mut(&mut self) -> &mut Breakpoints {
        &mut self.breakpoints
    }

    pub fn machine(&self) -> &M {
        &self.machine
    }

    pub fn machine_mut(&mut self) -> &mut M {
        &mut self.machine
    }

    pub fn into_machine(self) -> M {
        self.machine
    }

    fn mask(&self) -> u32 {
        if self.radix.address_bits >= 32 {
            u32::MAX
        } else {
            (1u32 << self.radix.address_bits) - 1
        }
    }

    /// Run the commands of a script until `quit` or its end, each written to `out` after a
    /// `> ` (a transcript of the script). The operator's prompt is the consoles'
    /// (`crate::prompt::hold`), which gives typed lines to [`Debugger::typed`].
    ///
    /// # Errors
    /// Failures to read `input` or write `out`.
    pub fn script<R: BufRead, W: Write>(&mut self, input: R, mut out: W) -> io::Result<()> {
        self.show_where(&mut out)?;
        for line in input.lines() {
            let line = line?;
            writeln!(out, "> {}", line.trim_end())?;
            if self.command(&line, &mut out)? == Control::Quit {
                break;
            }
        }
        Ok(())
    }

    /// Show where the machine stands (`=> ADDR WORD LABEL TEXT`), as a session starts.
    ///
    /// # Errors
    /// Failures to write `out`.
    pub fn show<W: Write>(&self, out: &mut W) -> io::Result<()> {
        self.show_where(out)
    }

    /// Execute a line typed at a prompt: as [`Debugger::command`], but an empty line repeats
    /// the last stepping command (note 7).
    ///
    /// # Errors
    /// Failures to write `out`.
    pub fn typed<W: Write>(&mut self, line: &str, out: &mut W) -> io::Result<Control> {
        let line = line.trim();
        if line.is_empty() {
            return match self.last_step.clone() {
                Some(last) => self.command(&last, out),
                None => Ok(Control::Go),
            };
        }
        let cmd = line.split_whitespace().next().unwrap_or("");
        if REPEATABLE.contains(&cmd.to_ascii_lowercase().as_str()) {
            self.last_step = Some(line.to_string());
        }
        self.command(line, out)
    }

    /// Execute one command line.
    ///
    /// # Errors
    /// Failures to write `out`.
    pub fn command<W: Write>(&mut self, line: &str, out: &mut W) -> io::Result<Control> {
        let line = line.trim();
        self.paused = None;
        self.last_stop = None;
        if line.is_empty() || line.starts_with('#') {
            return Ok(Control::Go);
        }
        let mut words = line.split_whitespace();
        let cmd = words.next().unwrap_or("").to_ascii_lowercase();
        let args: Vec<&str> = words.collect();
        let r = match cmd.as_str() {
            "step" | "s" => self.cmd_step(&args, out),
            "back" => self.cmd_back(&args, out),
            "next" | "n" => self.cmd_next(out),
            "finish" | "fin" => self.cmd_finish(out),
            "until" | "u" => self.cmd_until(&args, out),
            "continue" | "cont" | "c" => self.cmd_continue(out),
            "go" | "g" => self.cmd_go(&args, out),
            "print" | "p" => match self.cmd_print(&args) {
                Ok(text) => writeln!(out, "{text}").map(Ok),
                Err(e) => Ok(Err(e)),
            },
            "do" => return self.cmd_do(&args, out),
            "break" | "br" | "b" => Ok(self.cmd_break(&args)),
            "nobreak" | "nobr" => Ok(self.cmd_nobreak(&args)),
            "delete" => self.cmd_delete(&args, out),
            "nowatch" => self.cmd_nowatch(&args, out),
            "watch" | "w" => self.cmd_watch(&args, out),
            "regs" | "r" => self.cmd_regs(out).map(Ok),
            "x" => self.cmd_examine(&args, out),
            "examine" | "ex" | "e" => self.cmd_simh_examine(line, &args, out),
            "deposit" | "dep" | "d" => Ok(self.cmd_simh_deposit(&args)),
            "store" => self.cmd_store(&args, out),
            "show" | "sh" => match args.first().map(|a| a.to_ascii_lowercase()).as_deref() {
                Some("break" | "breaks") => {
                    let text = crate::scp::show_breaks(&self.machine, &self.breakpoints, 'E');
                    if !text.is_empty() {
                        writeln!(out, "{text}")?;
                    }
                    Ok(Ok(()))
                }
                _ => Ok(Err("show break (the console shows more)".into())),
            },
            "trace" => match args.first().map(|a| a.to_ascii_lowercase()).as_deref() {
                Some("on") => {
                    self.trace = true;
                    Ok(Ok(()))
                }
                Some("off") => {
                    self.trace = false;
                    Ok(Ok(()))
                }
                _ => Ok(Err("trace on|off".to_string())),
            },
            "time" => writeln!(
                out,
                "cycles {}  time {:.6} s",
                self.machine.cycles(),
                self.machine.seconds()
            )
            .map(Ok),
            "quit" | "q" | "exit" => return Ok(Control::Quit),
            "help" | "?" => self.cmd_help(out).map(Ok),
            other => Ok(Err(format!("unknown command {other} (help lists them)"))),
        };
        if let Err(m) = r? {
            writeln!(out, "? {m}")?;
        }
        Ok(Control::Go)
    }

    /// The label at `addr`, written as the machine's assembler writes it.
    fn label(&self, addr: u32) -> Option<String> {
        let (open, close) = self.machine.label_marks();
        self.symbols
            .label_at(addr)
            .map(|l| format!("{open}{l}{close}"))
    }

    /// Address, words, label and disassembly of the instruction at `addr`.
    fn describe(&self, addr: u32) -> (String, Flow, u32) {
        let d = self.machine.disassemble(addr, &self.symbols);
        let label = self.label(addr).unwrap_or_default();
        let text = trace::location(&self.radix, addr, &d.words, &label, &d.text);
        (text, d.flow, d.words.len().max(1) as u32)
    }

    /// Execute one instruction; the line shows it with the registers after it.
    fn step_line(&mut self) -> (String, Result<(), Stop>) {
        let at = self.machine.pc();
        let (text, _, _) = self.describe(at);
        let ea = self.machine.effective_address();
        let r = self.execute();
        let line = trace::instruction(
            &self.radix,
            &text,
            ea,
            &self.machine.registers(),
            self.machine.cycles(),
        );
        (line, r)
    }

    /// Execute one instruction, keeping a snapshot to undo it (note 3) and following calls
    /// and returns (note 6).
    fn execute(&mut self) -> Result<(), Stop> {
        let pc = self.machine.pc();
        let before = (pc, self.machine.cycles());
        let entry = if self.machine.flow(pc) == Flow::Call {
            self.machine.effective_address()
        } else {
            None
        };
        let snap = self.machine.snapshot();
        let r = self.machine.step();
        let change = match (&r, entry) {
            (Err(_), _) => Change::None,
            (Ok(()), Some(e)) => self.frames.call(e),
            (Ok(()), None) => {
                let m = self.mask();
                let machine = &self.machine;
                self.frames.arrived(machine.pc(), |e| machine.peek(e) & m)
            }
        };
        match snap {
            Some(s) => {
                self.reversible = true;
                // A stop that did nothing (an illegal word) leaves nothing to undo.
                if (self.machine.pc(), self.machine.cycles()) != before {
                    if self.history.len() == HISTORY {
                        self.history.pop_front();
                    }
                    self.history.push_back((s, change));
                }
            }
            None => self.history.clear(),
        }
        r
    }

    fn show_where<W: Write>(&self, out: &mut W) -> io::Result<()> {
        let (text, _, _) = self.describe(self.machine.pc());
        writeln!(out, "=> {}", text.trim_end())
    }

    /// A watched word that changed, if any (its new value becomes the watched value).
    fn check_watches(&mut self) -> Option<Stop> {
        for (&addr, old) in self.watches.iter_mut() {
            let new = self.machine.peek(addr);
            if new != *old {
                let stop = Stop::Watch {
                    addr,
                    old: *old,
                    new,
                };
                *old = new;
                return Some(stop);
            }
        }
        None
    }

    fn report<W: Write>(&self, out: &mut W, stop: &Stop) -> io::Result<()> {
        let r = &self.radix;
        match stop {
            Stop::Breakpoint { p } => writeln!(out, "breakpoint at {}", self.named(*p)),
            Stop::Watch { addr, old, new } => writeln!(
                out,
                "watch {}: {} -> {}",
                self.named(*addr),
                r.word(*old),
                r.word(*new)
            ),
            Stop::Halt { code, p, .. } => {
                writeln!(out, "HALT {} at P: {}", r.word(*code), r.address(*p))
            }
            Stop::Unimplemented { p, word } => writeln!(
                out,
                "unimplemented instruction {} at P: {}",
                r.word(*word),
                r.address(*p)
            ),
            Stop::IndirectLoop { p, .. } => {
                writeln!(out, "indirect address loop at P: {}", r.address(*p))
            }
            Stop::RunLimit { cycles } => writeln!(
                out,
                "run limit reached after {cycles} cycles (the limit: {})",
                self.limit.describe()
            ),
            Stop::Operator { p } => {
                writeln!(out, "stopped by the operator at P: {}", r.address(*p))
            }
            other => writeln!(out, "{other}"),
        }
    }

    fn named(&self, addr: u32) -> String {
        match self.label(addr) {
            Some(l) => format!("{} ({l})", self.radix.address(addr)),
            None => self.radix.address(addr),
        }
    }

    /// Where a step starting now meets the limit, as a run's meets it ([`crate::run`]): the
    /// instructions from now and the cycle count.
    fn bounds(&self) -> (u64, u64) {
        let m = &self.machine;
        let max_c = self.limit.cycle_bound(m.cycles(), |ns| m.cycles_for_ns(ns));
        (self.limit.instruction_bound(0), max_c)
    }
}

impl<M> Debugger<M> {
    /// Stop `continue`, `next` and the like when `switch` is set (by Ctrl-C, say); the
    /// debugger clears it when it stops for it.
    pub fn set_stop_switch(&mut self, switch: Arc<AtomicBool>) {
        self.stop_switch = Some(switch);
    }

    /// Use these symbols for addresses in commands and disassembly.
    pub fn set_symbols(&mut self, symbols: Symbols) {
        self.symbols = symbols;
    }

    /// The symbols addresses are named with.
    pub fn symbols(&self) -> &Symbols {
        &self.symbols
    }

    /// The same debugger (symbols, breakpoints, watches, history, calls) on `machine`, and
    /// the machine it drove: a console that owns its machine lends it to the debugger for a
    /// command and sets the debugger aside, as `Debugger<()>`, between commands (note 10).
    pub fn with_machine<N>(self, machine: N) -> (Debugger<N>, M) {
        let d = Debugger {
            machine,
            symbols: self.symbols,
            breakpoints: self.breakpoints,
            watches: self.watches,
            trace: self.trace,
            limit: self.limit,
            radix: self.radix,
            history: self.history,
            frames: self.frames,
            last_step: self.last_step,
            do_depth: self.do_depth,
            reversible: self.reversible,
            stop_switch: self.stop_switch,
            paused: self.paused,
            last_stop: self.last_stop,
        };
        (d, self.machine)
    }
}

#[cfg(test)]
mod tests;
