//! The debugger's extras at the 2100A's console (`retro hp2100 debug`): the console with a
//! listing's symbols and the gdb-like commands that SIMH does not have, under names that do
//! not clash with SIMH's (`machine_core::DEBUGGER_EXTRAS`: `back`, `finish`, `until`,
//! `watch`, `nowatch`, `delete`, `print`, `x`, `store`, `regs`, `trace`, `time`), listed once
//! by the shared `help` (`machine_core::scp::debugging_help`). The console holds a `machine_core::Debugger` for them (history, watches, the
//! calls it has run, symbols) and lends it the machine for each command
//! (`Debugger::with_machine`, the debugger's note 10).
//!
//! Implementation notes:
//!
//! 1. In a debugging console `go`, `run`, `cont`, `step` and `next` run through the debugger,
//!    one instruction at a time, so that watches stop them, `back` can undo what they ran and
//!    `finish` knows the calls they made; `step` shows each instruction with the registers
//!    after it, and a stop shows where the machine stands (`=> ADDR WORD LABEL TEXT`), as the
//!    debugger does. `boot` runs the loader as the console does.
//! 2. The breakpoints are the console's (`break`, `nobreak`, `show break`), copied into the
//!    debugger before each of its commands and back after it (`delete` removes them too).
//! 3. A command that changes the machine outside the debugger (`deposit`, `load`, `restore`,
//!    `boot`, `reset`, `set`, `attach`, `detach`, `power`) starts the history afresh: undoing
//!    across it would mix states. Watched words take their new values.
//! 4. In `examine`, `deposit`, `break`, `nobreak`, `go`, `run` and `assert`, a word that is a
//!    listing's symbol (and not a register, a card or an octal number) stands for its address,
//!    so that `break LOOP` and `e BUF/4` work; `x`, `print`, `until` and `watch` read sums
//!    (`BUF+2`) as the debugger does.
//! 5. The debugger's messages are written when its command ends, after the paper the program
//!    printed meanwhile; with `trace on` the traced lines of a run follow its paper too.

use super::{split_word, CmdResult, Console, Next};
use crate::Machine;
use machine_core::scp;
use machine_core::{Debuggable, Debugger, Symbols};
use std::io::Write;

/// The extras, for dispatch (a name, then its syntax and what it does); `help` lists them
/// (`machine_core::scp::debugging_help`).
const EXTRAS: &[(&str, &str)] = machine_core::DEBUGGER_EXTRAS;

/// The commands that go through the debugger only in a debugging console (note 1).
const RUNS: &[&str] = &[
    "go", "g", "run", "ru", "cont", "c", "continue", "step", "s", "next", "n",
];

/// The commands that change the machine outside the debugger (note 3).
const CHANGES: &[&str] = &[
    "deposit", "dep", "d", "load", "lo", "restore", "rest", "get", "boot", "b", "reset", "r",
    "set", "attach", "att", "detach", "det", "power",
];

/// The commands whose addresses may be symbols (note 4).
const SYMBOLIC: &[&str] = &[
    "examine", "ex", "e", "deposit", "dep", "d", "break", "br", "nobreak", "nobr", "go", "g",
    "run", "ru", "assert",
];

impl<W: Write + 'static> Console<W> {
    /// Make this a debugging console: the extras, with `symbols` naming addresses.
    pub fn enable_debugger(&mut self, symbols: Symbols) {
        let switch = self.machine.halt_switch();
        let (mut d, _) = Debugger::new(&mut self.machine).with_machine(());
        d.set_symbols(symbols);
        d.set_stop_switch(switch);
        self.debugger = Some(d);
    }

    /// Whether the extras are on (`enable_debugger`).
    pub fn debugging(&self) -> bool {
        self.debugger.is_some()
    }

    /// Where the machine stands, as the debugger shows it (`=> ADDR WORD LABEL TEXT`); nothing
    /// in a console without the extras.
    pub fn show_where(&mut self) {
        let _ = self.with_debugger(|d, out| d.show(out));
    }

    /// Run `f` on the debugger with the machine lent to it (note 2), writing what it says to
    /// the console's output; `None` without the extras.
    fn with_debugger<T>(
        &mut self,
        f: impl FnOnce(&mut Debugger<&mut Machine>, &mut Vec<u8>) -> T,
    ) -> Option<T> {
        let parked = self.debugger.take()?;
        let limit = self.limit;
        let (mut d, ()) = parked.with_machine(&mut self.machine);
        let bps = d.machine().breakpoints.clone();
        *d.breakpoints_mut() = bps;
        d.set_limit(limit);
        let mut said = Vec::new();
        let r = f(&mut d, &mut said);
        let bps = d.breakpoints().clone();
        d.machine_mut().breakpoints = bps;
        let (parked, _) = d.with_machine(());
        self.debugger = Some(parked);
        let _ = self.tty_mut().printer.out.write_all(&said);
        Some(r)
    }

    /// An extra, or in a debugging console a run (note 1) or `help`; `None` for any other
    /// line (and for every line without the extras).
    pub(super) fn extra(&mut self, line: &str) -> Option<CmdResult> {
        self.debugger.as_ref()?;
        let (cmd, rest) = split_word(line);
        let (cmd, rest) = (cmd.to_ascii_lowercase(), rest.trim());
        if matches!(cmd.as_str(), "help" | "h" | "?") {
            return self.extras_help(rest);
        }
        let extra = cmd == "fin" || EXTRAS.iter().any(|(name, _)| *name == cmd);
        if !extra && !RUNS.contains(&cmd.as_str()) {
            return None;
        }
        let text = match cmd.as_str() {
            "run" | "ru" => {
                if let Err(e) = self.powered() {
                    return Some(Err(e));
                }
                self.machine.preset();
                format!("go {rest}")
            }
            "go" | "g" | "step" | "s" | "next" | "n" => {
                if let Err(e) = self.powered() {
                    return Some(Err(e));
                }
                line.to_string()
            }
            "cont" | "c" | "continue" if !rest.is_empty() => {
                return Some(Err(format!(
                    "cont: no address, go on from P (go {rest} starts at {rest})"
                )))
            }
            "cont" | "c" | "continue" => "continue".to_string(),
            _ => line.to_string(),
        };
        let text = self.symbolic(&text);
        let r = self.with_debugger(|d, out| d.command(&text, out))?;
        Some(r.map(|_| Next::Continue).map_err(|e| e.to_string()))
    }

    /// `help` with the extras apart; `help EXTRA` for one of them (the shared
    /// `machine_core::scp::debugging_help`).
    fn extras_help(&mut self, topic: &str) -> Option<CmdResult> {
        match scp::debugging_help(&self.machine, topic) {
            Ok(text) => {
                self.say(&text);
                Some(Ok(Next::Continue))
            }
            Err(e) => Some(Err(e)),
        }
    }

    /// After a command that changed the machine outside the debugger (note 3).
    pub(super) fn after_command(&mut self, line: &str) {
        let (cmd, _) = split_word(line);
        if CHANGES.contains(&cmd.to_ascii_lowercase().as_str()) {
            let _ = self.with_debugger(|d, _| d.machine_changed());
        }
    }

    /// `line` with the listing's symbols in its addresses replaced by octal numbers in the
    /// commands that read addresses (note 4); unchanged without the extras.
    pub(super) fn symbolic(&self, line: &str) -> String {
        let Some(d) = &self.debugger else {
            return line.to_string();
        };
        let (cmd, _) = split_word(line);
        if !SYMBOLIC.contains(&cmd.to_ascii_lowercase().as_str()) || d.symbols().is_empty() {
            return line.to_string();
        }
        let registers = self.machine.registers();
        let replace = |word: &str| -> Option<String> {
            let keep = word.starts_with(|c: char| c.is_ascii_digit())
                || registers.iter().any(|r| r.name.eq_ignore_ascii_case(word))
                || Machine::slot(word).is_some();
            if keep {
                return None;
            }
            d.symbols().value(word).map(|a| format!("{a:o}"))
        };
        symbolize(line, cmd.len(), replace)
    }
}

/// `line` with each word after its first `skip` bytes that `replace` answers replaced; a word
/// is a run of letters, digits, `.` and `$`, and one that opens with `-` (a switch) is kept.
fn symbolize(line: &str, skip: usize, replace: impl Fn(&str) -> Option<String>) -> String {
    let is_word = |c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '$' | '_');
    let mut out = line[..skip].to_string();
    let rest = &line[skip..];
    let mut start = None;
    let mut prev = ' ';
    let mut switch = false;
    for (i, c) in rest
        .char_indices()
        .chain(std::iter::once((rest.len(), ' ')))
    {
        match (start, is_word(c)) {
            (None, true) => {
                start = Some(i);
                switch = prev == '-' && rest[..i.saturating_sub(1)].ends_with(char::is_whitespace);
            }
            (Some(s), false) => {
                let word = &rest[s..i];
                match (switch, replace(word)) {
                    (false, Some(r)) => out.push_str(&r),
                    _ => out.push_str(word),
                }
                start = None;
                if i < rest.len() {
                    out.push(c);
                }
            }
            (None, false) if i < rest.len() => out.push(c),
            _ => {}
        }
        prev = c;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn debugging() -> Console<Vec<u8>> {
        let mut c = Console::new(Vec::new());
        // 100: LDA 200; 101: JSB 110; 102: HLT 77; 110: NOP (entry); 111: ISZ 200; 112: JMP 110,I
        let program = "d 100 062200\nd 101 014110\nd 102 102077\nd 110 0\nd 111 034200\nd 112 124110\nd 200 5\nd P 100\n";
        c.run_text("setup", program).unwrap();
        let mut symbols = Symbols::new();
        symbols.insert(0o100, "START");
        symbols.insert(0o110, "SUB");
        symbols.insert(0o200, "COUNT");
        c.enable_debugger(symbols);
        c
    }

    fn said(c: &mut Console<Vec<u8>>, line: &str) -> String {
        let before = c.output().len();
        c.command("t", 1, line).unwrap();
        String::from_utf8_lossy(&c.output()[before..]).replace('\r', "")
    }

    #[test]
    fn symbols_stand_for_addresses_where_simh_reads_addresses() {
        let d = |w: &str| (w == "LOOP").then(|| "100".to_string());
        assert_eq!(symbolize("e LOOP/4", 1, d), "e 100/4");
        assert_eq!(symbolize("d -d LOOP 5", 1, d), "d -d 100 5");
        assert_eq!(symbolize("e 100-LOOP,A", 1, d), "e 100-100,A");
        // A switch is never a symbol, nor a word beyond the list.
        let m = |w: &str| (w == "m").then(|| "7".to_string());
        assert_eq!(symbolize("e -m 100", 1, m), "e -m 100");
        let mut c = debugging();
        assert_eq!(c.symbolic("break SUB"), "break 110");
        assert_eq!(c.symbolic("e A,COUNT"), "e A,200");
        assert_eq!(
            c.symbolic("echo SUB"),
            "echo SUB",
            "only commands that read addresses"
        );
        assert!(said(&mut c, "e COUNT").contains("200:\t000005"));
    }

    #[test]
    fn break_go_and_back() {
        let mut c = debugging();
        // On the entry word, which a JSB fills and never executes: the call stops.
        said(&mut c, "break SUB");
        let t = said(&mut c, "go");
        assert!(
            t.contains("breakpoint at 00111") && t.contains("=> 00111"),
            "{t}"
        );
        let t = said(&mut c, "back 2");
        assert!(t.contains("back 2\n=> 00100"), "{t}");
        assert_eq!(c.machine.p, 0o100);
        let t = said(&mut c, "show break");
        assert_eq!(t, "Supported Breakpoint Types: -E -N -S -U\n110:\tN\n");
    }

    #[test]
    fn watch_stops_a_run_and_nowatch_removes_it() {
        let mut c = debugging();
        assert!(said(&mut c, "watch COUNT").contains("watch 00200 (COUNT) = 000005"));
        let t = said(&mut c, "cont");
        assert!(t.contains("watch 00200 (COUNT): 000005 -> 000006"), "{t}");
        said(&mut c, "nowatch COUNT");
        let t = said(&mut c, "cont");
        assert!(t.contains("HALT 102077 at P: 00103"), "{t}");
        assert!(
            c.command("t", 1, "nowatch 5").is_ok(),
            "an error is said, not returned"
        );
    }

    #[test]
    fn finish_until_print_x_regs_and_step() {
        let mut c = debugging();
        said(&mut c, "step 2");
        assert_eq!(c.machine.p, 0o111);
        let t = said(&mut c, "finish");
        assert!(t.contains("=> 00102"), "{t}");
        assert!(said(&mut c, "print COUNT+1").contains("COUNT+1 = 000201"));
        let t = said(&mut c, "x SUB 2");
        assert!(
            t.starts_with("00110  000102         SUB    OCT 000102")
                && t.contains("\n00111  034200"),
            "{t}"
        );
        assert!(said(&mut c, "regs").starts_with("A 000005  B 000000  P 00102"));
        said(&mut c, "d P 100");
        let t = said(&mut c, "until 102");
        assert!(t.contains("=> 00102"), "{t}");
        let t = said(&mut c, "back");
        assert!(
            t.contains("? no instructions to go back over") || t.contains("back 1"),
            "{t}"
        );
    }

    #[test]
    fn trace_shows_each_instruction_a_run_executes() {
        let mut c = debugging();
        said(&mut c, "trace on");
        let t = said(&mut c, "cont");
        assert!(t.starts_with("00100  062200  "), "{t}");
        assert!(
            t.contains("\n00111  034200  ") && t.contains("HALT 102077"),
            "{t}"
        );
        said(&mut c, "trace off");
        said(&mut c, "d P 100");
        let t = said(&mut c, "cont");
        assert!(
            !t.contains("00111  034200") && t.contains("HALT 102077"),
            "{t}"
        );
        assert!(said(&mut c, "trace maybe").starts_with("? trace on|off"));
    }

    #[test]
    fn a_deposit_starts_the_history_afresh() {
        let mut c = debugging();
        said(&mut c, "step");
        said(&mut c, "d 300 1");
        assert!(said(&mut c, "back").starts_with("? no instructions to go back over"));
    }

    #[test]
    fn help_lists_the_extras_apart() {
        let mut c = debugging();
        let t = said(&mut c, "help");
        let (simh, extras) = t.split_once("The debugger's extras").unwrap();
        assert!(
            simh.contains("\nbr{eak}") && !simh.contains("\nwatch"),
            "{simh}"
        );
        assert!(
            extras.contains("\nwatch [ADDR]") && extras.contains("\nregs"),
            "{extras}"
        );
        assert!(said(&mut c, "help nowatch").starts_with("nowatch [ADDR]"));
        let mut plain = Console::new(Vec::new());
        let e = plain.execute("watch 100").unwrap_err();
        assert!(e.starts_with("Unknown command: watch"), "{e}");
    }
}
