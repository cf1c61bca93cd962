//! The console's commands that run the machine a little and say where it stopped: `step`,
//! `next`, `power`, and the report of every run's stop (`go`, `run`, `boot` ...; module notes
//! 1 and 2).
//!
//! 3. Two cards set to one select code (`io/backplane.rs` note 4) keep every run from
//!    starting (`go`, `run`, `cont`, `step`, `next`, `boot`), as in SIMH: `Select code 13
//!    conflict (PTR and TBG)`, then `Simulation stopped` at P, which `go ADDR` and `run
//!    ADDR` have already set and `boot` has put at the loader it installed.

use super::{engine, simh_operands, CmdResult, Console, Next};
use crate::panel::Limit;
use machine_core::{Debuggable, Stop};
use std::io::Write;

/// SIMH's numbers for the 2100A's stops (its `STOP_*` codes), below the console's errors.
const STOP_UNIMPL: u32 = 1;
const STOP_INDIR: u32 = 4;
const STOP_HALT: u32 = 5;
const STOP_BRKPNT: u32 = 6;
/// A stop SIMH does not make (the end of typed input, a watched word).
const STOP_OTHER: u32 = 13;
/// SIMH's status for a run it would not start (`SCPE_STOP`, `Simulation stopped`).
const STOP_SIMULATION: u32 = engine::status::BASE + 13;

impl<W: Write + 'static> Console<W> {
    /// Say why a run stopped, in SIMH's words and form (`Programmed halt, T: 102077 (HLT 77),
    /// P: 00101 (JMP 100)`), and keep the stop's status for the do-file engine (`dofile.rs`);
    /// the batch limit and the operator's stop end the script (notes 1, 2).
    pub(super) fn report(&mut self, stop: Stop) -> Result<(), String> {
        if self.expect_stop(stop) {
            return Ok(());
        }
        self.last_stop = Some(stop);
        self.break_taken = match stop {
            Stop::Breakpoint { p } => Some((p, self.machine.cycles)),
            _ => None,
        };
        let p = self.machine.p;
        let here = format!("P: {p:05o} ({})", self.instruction_at(p));
        let ends_script = match stop {
            Stop::Operator { .. } => true,
            Stop::RunLimit { .. } => self.default_limit,
            _ => false,
        };
        if ends_script {
            self.fatal = true;
            // The error follows on a line of its own, as a stop's message does.
            self.say("");
        }
        let (status, words) = match stop {
            Stop::RunLimit { .. } if self.default_limit => {
                return Err(format!(
                    "run limit reached at {here}: a run without a terminal stops after {} of 2100A time; raise it with `set runlimit N seconds`, or `set runlimit off`",
                    self.limit.describe().replace(" of emulated time", ""),
                ))
            }
            // SIMH's run limit is an error: the line is shown, then this.
            Stop::RunLimit { .. } => return Err(format!("\nRun time limit exhausted, {here}")),
            Stop::Operator { .. } => return Err(format!("Simulation stopped, {here}")),
            Stop::Halt { code, .. } => {
                let t = simh_operands(&format!(
                    "\t{}",
                    hp2100_isa::disassemble_executed(0, code as u16, 0, &|_| None).text
                ));
                let t = t.trim_start_matches('\t');
                self.say(&format!("\nProgrammed halt, T: {code:06o} ({t}), {here}"));
                (STOP_HALT, "Programmed halt")
            }
            Stop::Breakpoint { .. } => {
                self.say(&format!("\nBreakpoint, {here}"));
                (STOP_BRKPNT, "Breakpoint")
            }
            Stop::Unimplemented { .. } => {
                self.say(&format!("\nUnimplemented instruction, {here}"));
                (STOP_UNIMPL, "Unimplemented instruction")
            }
            Stop::IndirectLoop { .. } => {
                self.say(&format!("\nIndirect address loop, {here}"));
                (STOP_INDIR, "Indirect address loop")
            }
            s => {
                self.say(&format!("\n{s}"));
                (STOP_OTHER, "Simulation stopped")
            }
        };
        self.stopped = Some((status, words.to_string()));
        Ok(())
    }

    /// The instruction at `p`, disassembled.
    pub(super) fn instruction_at(&self, p: u16) -> String {
        let m = &self.machine;
        let (w, next) = (m.peek(p), m.peek((p + 1) & 0x7fff));
        let text = hp2100_isa::disassemble_executed(p, w, next, &|_| None).text;
        simh_operands(&format!("\t{text}"))
            .trim_start_matches('\t')
            .to_string()
    }

    /// `power down`: the supply's warning, the program's hold-up time, then the power is
    /// gone; `power up`: power on with core kept and the auto-restart interrupt pending;
    /// `power cycle`: both.
    pub(super) fn power(&mut self, rest: &str) -> CmdResult {
        let word = rest.to_ascii_lowercase();
        if matches!(word.as_str(), "down" | "cycle") {
            let stop = self.machine.power_down();
            let msg = match stop {
                Stop::RunLimit { .. } => format!("power lost at P: {:05o}", self.machine.p),
                s => format!("{s}, then power lost"),
            };
            self.last_stop = Some(stop);
            self.say(&format!("\n{msg}"));
        }
        match word.as_str() {
            "down" => {}
            "up" | "cycle" => self.machine.power_up(),
            _ => return Err(format!("power: down, up or cycle, not {rest:?}")),
        }
        Ok(Next::Continue)
    }

    /// Two cards at one select code: SIMH's words for it and its stop (`Simulation
    /// stopped`, with SIMH's status for it), and the machine does not run (note 3); `false`
    /// when the cards are apart.
    pub(super) fn conflicted(&mut self) -> bool {
        let Some((sc, names)) = self.machine.select_code_conflict() else {
            return false;
        };
        let p = self.machine.p;
        let here = format!("P: {p:05o} ({})", self.instruction_at(p));
        self.say(&format!(
            "Select code {sc:o} conflict ({})\n\nSimulation stopped, {here}",
            names.join(" and ")
        ));
        self.stopped = Some((STOP_SIMULATION, "Simulation stopped".into()));
        true
    }

    pub(super) fn powered(&self) -> Result<(), String> {
        if self.machine.cards.pwr.off {
            return Err("the power is off: power up first".into());
        }
        Ok(())
    }

    pub(super) fn step(&mut self, rest: &str) -> CmdResult {
        self.powered()?;
        let n: u64 = if rest.is_empty() {
            1
        } else {
            rest.parse()
                .map_err(|_| format!("step: bad count {rest}"))?
        };
        if self.held(false) {
            return Ok(Next::Continue);
        }
        let stop = self.machine.run(Limit::instructions(n));
        match stop {
            Stop::RunLimit { .. } => {
                let p = self.machine.p;
                self.last_stop = Some(Stop::Operator { p: u32::from(p) });
                let text = self.instruction_at(p);
                self.say(&format!("\nStep expired, P: {p:05o} ({text})"));
                self.stopped = Some((engine::status::STEP, "Step expired".into()));
            }
            s => self.report(s)?,
        }
        Ok(Next::Continue)
    }

    /// `next`: a step, but a subroutine call (JSB) runs until it returns to the word after
    /// it or the one after that (a skip return), or stops on the way.
    pub(super) fn next(&mut self) -> CmdResult {
        self.powered()?;
        let p = u32::from(self.machine.p);
        if self.machine.flow(p) != machine_core::Flow::Call {
            return self.step("");
        }
        if self.held(false) {
            return Ok(Next::Continue);
        }
        let returns = [(p + 1) & 0o77777, (p + 2) & 0o77777];
        let added: Vec<u32> = returns
            .into_iter()
            .filter(|&a| self.machine.breakpoints.insert(a))
            .collect();
        let stop = self.machine.run(self.limit);
        for a in added {
            self.machine.breakpoints.remove(a);
        }
        match stop {
            Stop::Breakpoint { p } if returns.contains(&p) => {
                self.last_stop = Some(Stop::Operator { p });
                let text = self.instruction_at(p as u16);
                self.say(&format!("\nStep expired, P: {p:05o} ({text})"));
                self.stopped = Some((engine::status::STEP, "Step expired".into()));
            }
            s => self.report(s)?,
        }
        Ok(Next::Continue)
    }
}
