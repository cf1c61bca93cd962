//! The T3300-R page: M. Sato's L-game classifier (`asm/t3300/lgame.asm`) in the stepping
//! debugger, as `retro lgame step` holds it (`lgame_t3300::step`), with the registers, the
//! disassembly around P with the program's `+labels+`, breakpoints, step / next / back / run,
//! the typewriter's paper, the table of §9 filling as the program runs beside the paper's,
//! and at the end the report of `retro lgame classify` ([`view`]); under it the `sim>` line
//! of `retro t3300 console` ([`console`]). Sources: `docs/lgame.md` (the classifier, its
//! labels and the tour), `docs/t3300.md` (the machine, its debugger and console).
//!
//! The protocol (crate header): the page sends `{"op": ...}`; the session answers with
//! `state`, `out` (what the console printed), `paper` (the typewriter's new characters),
//! `stopped` (why a run ended), `done` (the report at the classifier's halt), and `punch` /
//! `punched` for the punched tape (`pages::punch`, op `punch`).
//!
//! Notes:
//!
//! 1. A run (Run, Next over a call, and the console's `continue`, `go`, `next`, `finish`,
//!    `until`) is the debugger's own, in slices: each message or tick runs it to a limit and
//!    [`Debugger::resume`] goes on toward the same goal at the next tick, so breakpoints,
//!    watches and `back` (its last 10,000 instructions) work as at the terminal.
//! 2. A slice is bounded twice ([`pace`]): in cycles by the emulated time of the frame (×1
//!    at "real" speed, × [`Limits::max_speed`] at "fast"), and in instructions by what the
//!    host did within a frame at the last slices, so that the session's thread answers
//!    within about a frame whatever the host.
//! 3. The typewriter is timed (100 ms a character) as in `retro lgame classify`, so the
//!    machine time the page shows is the program's; the classifier never reads a key, and
//!    a `tyi` would stop at once (`key_wait_limit` 0, as `retro lgame step`).
//! 4. While a run goes on, only `stop`, `speed`, `state` and `punch` are taken; anything
//!    else is refused until the run ends or is stopped.
//! 5. The punch's tape is taken out of the machine after every command and slice into the
//!    page's bounded tape, shown, and offered for download (`pages::punch`); Reset tears it
//!    off with the classifier reloaded.
//! 6. Once the page has been sent more than [`PAPER_MAX`] characters of the typewriter's
//!    paper, the typewriter gets a fresh roll (a new `Scripted` host), so that a program that
//!    prints for ever keeps the session's memory, and the time to read the paper at each
//!    frame, bounded; the page keeps what it was sent (the classifier prints far less).

mod console;
mod pace;
mod view;

#[cfg(test)]
mod tests;

use super::punch::Punched;
use crate::limits::Limits;
use crate::tab::{op, string, uint, Outbox, Session, Stop};
use machine_core::{Debuggable, Debugger};
use pace::{Pace, Speed};
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use t3300::Machine;
use teletype::Scripted;

/// The typewriter's paper kept in the session before a fresh roll (note 6).
const PAPER_MAX: usize = 64 * 1024;

/// Instructions `back` can undo (the debugger's history, `machine_core::debugger` note 3).
const BACK_MOST: u64 = 10_000;

/// The page's session.
pub fn open(l: &Limits, _: &Stop) -> Box<dyn Session> {
    match T3300::new(l) {
        Ok(s) => Box::new(s),
        Err(e) => Box::new(Broken(e)),
    }
}

/// A session whose classifier could not be loaded: it says so to every message.
struct Broken(String);

impl Session for Broken {
    fn message(&mut self, _: &Value, _: &mut Outbox) -> Result<(), String> {
        Err(self.0.clone())
    }
}

/// The classifier in the debugger, and the run going on.
pub struct T3300 {
    d: Debugger<Machine>,
    own: t3300::console::Commands,
    words: view::Words,
    pace: Pace,
    /// A run goes on (the debugger's run is paused at a slice's end and not stopped).
    running: bool,
    /// Characters of the typewriter's paper already sent.
    sent: usize,
    /// The classifier has reached its end (until Back or Reset).
    done: bool,
    /// The punch's tape (note 5).
    punched: Punched,
}

/// The classifier loaded, P at its first instruction, with its labels.
fn classifier() -> Result<Debugger<Machine>, String> {
    let config = t3300::Config {
        key_wait_limit: Some(0),
        ..t3300::Config::default()
    };
    lgame_t3300::step::debugger(Scripted::new(), config).map_err(|e| e.to_string())
}

impl T3300 {
    /// A session with the classifier loaded.
    ///
    /// # Errors
    /// The classifier does not assemble or lacks a label the page reads.
    pub fn new(l: &Limits) -> Result<T3300, String> {
        let d = classifier()?;
        Ok(T3300 {
            words: view::Words::find(&d)?,
            d,
            own: t3300::console::Commands::default(),
            pace: Pace::new(l),
            running: false,
            sent: 0,
            done: false,
            punched: Punched::new(l.tape_bytes, "t3300-punch.bin"),
        })
    }

    /// The state of the machine and the table.
    fn state(&self) -> Value {
        let m = self.d.machine();
        json!({
            "ev": "state",
            "p": view::octal(u64::from(Debuggable::pc(m)), 15),
            "place": view::place(&self.d),
            "regs": view::registers(m),
            "dis": view::disassembly(&self.d),
            "breaks": view::breakpoints(&self.d),
            "table": view::table(m, &self.words),
            "cycles": m.cycles(),
            "instructions": m.instructions(),
            "seconds": Debuggable::seconds(m),
            "running": self.running,
            "done": self.done,
            "speed": self.pace.speed.name(),
        })
    }

    /// The state, the typewriter's new characters, and the report if the classifier is done.
    fn show(&mut self, out: &mut Outbox) {
        let frames = self.d.machine_mut().take_punched();
        if self.punched.take(&frames) && self.running {
            self.running = false;
            let why = self.punched.why();
            out.send(json!({"ev": "out", "text": format!("{why}\n")}));
            out.send(json!({"ev": "stopped", "why": why}));
        }
        if let Some(ev) = self.punched.event_if_changed() {
            out.send(ev);
        }
        let paper = self
            .d
            .machine()
            .host::<Scripted>()
            .map(Scripted::paper)
            .unwrap_or_default();
        if paper.len() > self.sent {
            let new = paper.get(self.sent..).unwrap_or_default();
            out.send(json!({"ev": "paper", "text": new}));
            self.sent = paper.len();
        }
        if self.sent > PAPER_MAX {
            // Note 6: the page has the paper; the typewriter starts a fresh roll.
            self.d.machine_mut().attach(Scripted::new());
            self.sent = 0;
        }
        let finished = !self.running && view::finished(self.d.last_stop());
        self.done |= finished;
        out.send(self.state());
        if finished {
            match view::report(self.d.machine(), &self.words) {
                Ok((report, agrees)) => {
                    out.send(json!({"ev": "done", "report": report, "agrees": agrees}))
                }
                Err(e) => out.error(format!("the result table: {e}")),
            }
        }
    }

    /// Run a debugger command the page's buttons stand for; the console shows it as typed.
    fn button(&mut self, line: &str, out: &mut Outbox) -> Result<(), String> {
        self.d
            .set_limit(self.pace.limit(self.d.machine(), self.pace.frame));
        let mut text = Vec::new();
        let started = Instant::now();
        // Writing to a Vec cannot fail.
        let _ = self.d.command(line, &mut text);
        self.after(line, &String::from_utf8_lossy(&text), started, out);
        // The debugger's complaint ("? ...") is the message's error too.
        let text = String::from_utf8_lossy(&text);
        match text.lines().find_map(|l| l.strip_prefix("? ")) {
            Some(e) => Err(e.to_string()),
            None => Ok(()),
        }
    }

    /// After a command: the console's transcript, the run started (note 1), the state.
    fn after(&mut self, line: &str, text: &str, started: Instant, out: &mut Outbox) {
        self.running = self.d.paused();
        if self.running {
            self.pace.adapt(started.elapsed());
            out.send(json!({"ev": "out", "text": format!("sim> {line}\n")}));
        } else {
            out.send(json!({"ev": "out", "text": format!("sim> {line}\n{text}")}));
            if let Some(s) = self.d.last_stop() {
                out.send(json!({"ev": "stopped", "why": s.to_string()}));
            }
        }
        self.show(out);
    }

    /// A `sim>` line from the page.
    fn console(&mut self, line: &str, out: &mut Outbox) -> Result<(), String> {
        if line.len() > 200 || line.contains(['\n', '\r']) {
            return Err("a console line is one line of at most 200 characters".into());
        }
        self.d
            .set_limit(self.pace.limit(self.d.machine(), self.pace.frame));
        let started = Instant::now();
        let text = console::command(&mut self.d, &mut self.own, line)?;
        self.after(line.trim(), &text, started, out);
        Ok(())
    }

    /// An address for `break` or `delete`: one word, a label or a number as the debugger
    /// reads them.
    fn address(msg: &Value) -> Result<&str, String> {
        let at = string(msg, "at")?.trim();
        if at.is_empty() || at.len() > 40 || at.contains(char::is_whitespace) {
            return Err("\"at\" must be one address: +label+, +label++N or an octal number".into());
        }
        Ok(at)
    }

    /// A count for `step` or `back`: 1 when not given.
    fn count(msg: &Value, most: u64) -> Result<u64, String> {
        if msg.get("n").is_none() {
            return Ok(1);
        }
        match uint(msg, "n")? {
            n @ 1.. if n <= most => Ok(n),
            _ => Err(format!("\"n\" must be 1 to {most}")),
        }
    }
}

impl Session for T3300 {
    fn message(&mut self, msg: &Value, out: &mut Outbox) -> Result<(), String> {
        let o = op(msg)?;
        if self.running && !matches!(o, "stop" | "speed" | "state" | "punch") {
            return Err(format!("{o}: the machine is running; stop it first"));
        }
        match o {
            "state" => {
                self.show(out);
                Ok(())
            }
            "step" => {
                let n = Self::count(msg, console::MAX_STEP)?;
                self.button(&format!("step {n}"), out)
            }
            "next" => self.button("next", out),
            "back" => {
                let n = Self::count(msg, BACK_MOST)?;
                self.done = false;
                self.button(&format!("back {n}"), out)
            }
            "run" => self.button("continue", out),
            "break" => {
                let at = Self::address(msg)?;
                self.button(&format!("break {at}"), out)
            }
            "delete" => {
                let at = Self::address(msg)?;
                self.button(&format!("delete {at}"), out)
            }
            "stop" => {
                if !self.running {
                    return Err("the machine is not running".into());
                }
                self.running = false;
                let p = view::octal(u64::from(Debuggable::pc(self.d.machine())), 15);
                let why = format!("stopped by the operator at P: {p}");
                out.send(json!({"ev": "out", "text": format!("{why}\n")}));
                out.send(json!({"ev": "stopped", "why": why}));
                self.show(out);
                Ok(())
            }
            "speed" => {
                self.pace.speed = Speed::parse(string(msg, "speed")?)?;
                out.send(self.state());
                Ok(())
            }
            "console" => self.console(string(msg, "line")?, out),
            "punch" => self.punched.message(msg, out),
            "reset" => {
                self.d = classifier()?;
                self.own = t3300::console::Commands::default();
                self.sent = 0;
                self.done = false;
                self.punched.tear();
                out.send(json!({"ev": "out", "text": "sim> reset: the classifier reloaded\n"}));
                out.send(json!({"ev": "paper", "text": "", "clear": true}));
                self.show(out);
                Ok(())
            }
            other => Err(format!("unknown op {other}")),
        }
    }

    fn running(&self) -> bool {
        self.running
    }

    fn tick(&mut self, wall: Duration, out: &mut Outbox) {
        self.d.set_limit(self.pace.limit(self.d.machine(), wall));
        let started = Instant::now();
        let mut text = Vec::new();
        // Writing to a Vec cannot fail.
        let _ = self.d.resume(&mut text);
        self.pace.adapt(started.elapsed());
        self.running = self.d.paused();
        if !self.running {
            out.send(json!({"ev": "out", "text": String::from_utf8_lossy(&text)}));
            if let Some(s) = self.d.last_stop() {
                out.send(json!({"ev": "stopped", "why": s.to_string()}));
            }
        }
        self.show(out);
    }
}
