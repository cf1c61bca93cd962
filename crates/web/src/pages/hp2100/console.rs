//! The `sim>` line under the page: the console of `retro hp2100` (`hp2100::scp::Console`),
//! its output shown under the line, with what a page may not do taken out.
//!
//! Sources: `hp2100::scp` (the commands and their abbreviations, parsed here as the console
//! parses them: the first blank-separated word, in any case) and the crate's note 2.
//!
//! Implementation notes:
//!
//! 1. Every command that reads or writes a host file or directory is refused by its verb
//!    ([`REFUSED`]): `attach`, `load`, `dump`, `save`, `restore`, `do`, `cd`, `pwd`; so is
//!    `exit`, since the page's console has no end. The line goes to `Console::execute`, not
//!    `Console::command`, so no `%NAME%` reaches the server's environment.
//! 2. The commands that run the machine for long (`go`, `run`, `cont`, `boot ptr`) start the
//!    page's run (module note 1 of the page), which the panel's HALT stops; they are refused
//!    while the machine runs. `step` takes at most [`STEP_MAX`] instructions, and the runs
//!    of `next` and `power down` stop after [`COMMAND_SECONDS`] of 2100A time, so that no
//!    command holds the session's thread; `set runlimit` is refused for that reason.
//! 3. What `send` queues and `expect` arms counts with the page's keys against
//!    `Limits::keys_bytes` (`keys.rs`), so that a console line cannot grow the machine's
//!    queues without end either.

use super::{Hp2100, Run};
use crate::tab::Outbox;
use hp2100::panel::Limit;

/// The refused verbs, as the console spells them, and why (note 1).
pub(super) const REFUSED: &[(&[&str], &str)] = &[
    (
        &["attach", "att"],
        "the page's console opens no host file: put a tape in the reader with the page's upload or NHEX button",
    ),
    (&["load", "lo"], "the page's console reads no host file"),
    (&["dump", "du"], "the page's console writes no host file"),
    (&["save", "sa"], "the page's console writes no host file"),
    (&["restore", "rest", "get"], "the page's console reads no host file"),
    (&["do"], "the page's console reads no script file"),
    (&["cd"], "the page's console has no host directory"),
    (&["pwd"], "the page's console has no host directory"),
    (&["exit", "quit", "q", "bye"], "the page's console has no end: close the tab"),
];

/// The most instructions one `step` may take in the page (note 2).
pub(super) const STEP_MAX: u64 = 100_000;

/// How long the run of `next` or `power down` may be, in 2100A seconds (note 2).
const COMMAND_SECONDS: f64 = 2.0;

impl Hp2100 {
    /// A `sim>` line.
    pub(super) fn console_line(&mut self, line: &str, out: &mut Outbox) -> Result<(), String> {
        self.out.line(&format!("sim> {}", line.trim_end()));
        let (verb, rest) = split_word(line.trim());
        let verb = verb.to_ascii_lowercase();
        let rest = rest.trim();
        if let Some((_, why)) = REFUSED.iter().find(|(v, _)| v.contains(&verb.as_str())) {
            return Err(format!("{verb}: refused: {why}"));
        }
        let runs = matches!(
            verb.as_str(),
            "go" | "g"
                | "run"
                | "ru"
                | "cont"
                | "c"
                | "continue"
                | "boot"
                | "b"
                | "step"
                | "s"
                | "next"
                | "n"
                | "power"
        );
        if runs && self.run != Run::Halted {
            return Err(format!("{verb}: the machine is running: press HALT first"));
        }
        if matches!(verb.as_str(), "send" | "expect") {
            // `keys.rs`: what these queue for the machine is bounded with the page's keys.
            self.typeahead.take(&self.console, rest.len(), &verb)?;
        }
        match verb.as_str() {
            "set" if split_word(rest).0.eq_ignore_ascii_case("runlimit") => Err(format!(
                "set runlimit: refused: the page runs the machine in real time or fast, HALT stops it; step takes at most {STEP_MAX} instructions and next {COMMAND_SECONDS} s"
            )),
            "go" | "g" => self.go(rest, false),
            "run" | "ru" => self.go(rest, true),
            "cont" | "c" | "continue" if !rest.is_empty() => Err(format!(
                "cont: no address, go on from P (go {rest} starts at {rest})"
            )),
            "cont" | "c" | "continue" => self.go("", false),
            "boot" | "b" if rest.eq_ignore_ascii_case("ptr") => self.boot(None),
            "boot" | "b" => Err(format!(
                "boot: only the photoreader can be booted, not {rest}"
            )),
            "step" | "s" => {
                let n: u64 = if rest.is_empty() {
                    1
                } else {
                    rest.parse()
                        .map_err(|_| format!("step: bad count {rest}"))?
                };
                if n > STEP_MAX {
                    return Err(format!(
                        "step: at most {STEP_MAX} instructions in the page (go runs, HALT stops)"
                    ));
                }
                self.execute(line, out)
            }
            _ => self.execute(line, out),
        }
    }

    /// `go`/`run` [ADDR]: P from ADDR, PRESET for `run`, then the page's run.
    fn go(&mut self, rest: &str, preset: bool) -> Result<(), String> {
        self.powered()?;
        if !rest.is_empty() {
            self.console.machine.p = hp2100::parse_octal(rest)
                .filter(|&a| a <= 0o77777)
                .ok_or_else(|| format!("go: not an address of 15 bits: {rest}"))?;
        }
        if preset {
            self.console.machine.preset();
        }
        self.start()
    }

    /// A command for the console itself, its runs bounded (note 2).
    fn execute(&mut self, line: &str, out: &mut Outbox) -> Result<(), String> {
        self.console.set_limit(Limit::seconds(COMMAND_SECONDS));
        let before = self.console.last_stop;
        let r = self.console.execute(line);
        self.console.flush();
        // A `send` may be the key a waiting program wants.
        self.wake();
        if self.console.last_stop != before {
            if let Some(hp2100::Stop::Halt { .. }) = self.console.last_stop {
                out.send(serde_json::json!({"ev": "stopped", "why": "halted at the console"}));
            }
        }
        r.map(|_| ())
    }
}

/// The first word of `s` and the rest, as the console splits a command.
fn split_word(s: &str) -> (&str, &str) {
    let s = s.trim_start();
    match s.find(char::is_whitespace) {
        Some(i) => (&s[..i], &s[i..]),
        None => (s, ""),
    }
}
