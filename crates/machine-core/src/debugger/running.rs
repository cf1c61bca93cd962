//! The debugger's commands that execute the machine: `step`, `back`, `next`, `finish`,
//! `until`, `continue`, `go`, and the runs under them, through the machines' one run loop
//! ([`crate::run`], module note 5 of `debugger`), with [`Debugger::resume`] for a run its
//! limit ended (note 12).

use super::{Debugger, Goal};
use crate::debuggable::{Debuggable, Flow};
use crate::Stop;
use std::io::{self, Write};

impl<M: Debuggable> Debugger<M> {
    pub(super) fn cmd_step<W: Write>(
        &mut self,
        args: &[&str],
        out: &mut W,
    ) -> io::Result<Result<(), String>> {
        let n: u64 = match args.first() {
            None => 1,
            Some(a) => match a.parse() {
                Ok(n) => n,
                Err(_) => return Ok(Err(format!("step count {a} is not a decimal number"))),
            },
        };
        // A step obeys the run limit as a run does: a count past it stops there.
        let (max_i, max_c) = self.bounds();
        for k in 0..n {
            let (line, r) = self.step_line();
            writeln!(out, "{line}")?;
            let at_limit = k + 1 < n && (k + 1 >= max_i || self.machine.cycles() >= max_c);
            let stop = match r {
                Err(s) => Some(s),
                Ok(()) => self.check_watches().or_else(|| {
                    let p = self.machine.pc();
                    if k + 1 < n && self.breakpoints.contains(p) {
                        Some(Stop::Breakpoint { p })
                    } else if at_limit {
                        Some(Stop::RunLimit {
                            cycles: self.machine.cycles(),
                        })
                    } else {
                        None
                    }
                }),
            };
            if let Some(s) = stop {
                self.last_stop = Some(s);
                self.report(out, &s)?;
                self.show_where(out)?;
                break;
            }
        }
        Ok(Ok(()))
    }

    pub(super) fn cmd_back<W: Write>(
        &mut self,
        args: &[&str],
        out: &mut W,
    ) -> io::Result<Result<(), String>> {
        let n: usize = match args.first() {
            None => 1,
            Some(a) => match a.parse() {
                Ok(n) => n,
                Err(_) => return Ok(Err(format!("back count {a} is not a decimal number"))),
            },
        };
        if self.history.is_empty() {
            let why = if self.reversible || self.machine.snapshot().is_some() {
                "no instructions to go back over (history starts at the start, a deposit or an instruction that cannot be undone)"
            } else {
                "this machine cannot step backwards"
            };
            return Ok(Err(why.into()));
        }
        let mut done = 0;
        while done < n {
            let Some((s, change)) = self.history.pop_back() else {
                break;
            };
            if let Err(e) = self.machine.restore(s.as_ref()) {
                self.history.clear();
                return Ok(Err(e));
            }
            self.frames.undo(change);
            done += 1;
        }
        for (&addr, old) in self.watches.iter_mut() {
            *old = self.machine.peek(addr);
        }
        if done < n {
            writeln!(out, "back {done} (the history ends here)")?;
        } else {
            writeln!(out, "back {done}")?;
        }
        self.show_where(out).map(Ok)
    }

    /// Run until a stop, a breakpoint, a watch, the limit, the goal or the operator's stop
    /// switch, through the machines' one run loop ([`crate::run`], note 5).
    pub(super) fn run_until<W: Write>(&mut self, goal: Goal, out: &mut W) -> io::Result<()> {
        let switch = self.stop_switch.clone();
        let limit = self.limit;
        let mut run = Running {
            debugger: self,
            goal,
            out,
            executed: 0,
        };
        let stop = match crate::run::run(&mut run, limit, switch.as_deref()) {
            Ok(end) => end?,
            Err(s) => Some(s),
        };
        let goal = run.goal;
        if let Some(s) = stop {
            if matches!(s, Stop::RunLimit { .. }) {
                self.paused = Some(goal);
            }
            self.last_stop = Some(s);
            self.report(out, &s)?;
        }
        self.show_where(out)
    }

    /// Go on with the run the limit ended, toward its goal (note 12), within the limit as it
    /// is now: false (and nothing done) when no run was paused.
    ///
    /// # Errors
    /// Failures to write `out`.
    pub fn resume<W: Write>(&mut self, out: &mut W) -> io::Result<bool> {
        let Some(goal) = self.paused.take() else {
            return Ok(false);
        };
        self.last_stop = None;
        self.run_until(goal, out)?;
        Ok(true)
    }

    /// Whether the last run was ended by its limit and can be resumed (note 12).
    pub fn paused(&self) -> bool {
        self.paused.is_some()
    }

    /// Why the last command (or [`Debugger::resume`]) stopped: a halt, a breakpoint, a watch,
    /// the limit; `None` when it did not stop (a goal reached, a full step count, a command
    /// that runs nothing).
    pub fn last_stop(&self) -> Option<Stop> {
        self.last_stop
    }

    /// One instruction of a run: executed (and traced), then whether it ends the run (a stop,
    /// the goal, a breakpoint, a watch; `Ok(None)` when the run goes on).
    pub(super) fn run_one<W: Write>(
        &mut self,
        goal: &Goal,
        out: &mut W,
    ) -> io::Result<Option<Option<Stop>>> {
        // A breakpoint on a subroutine also stops a call into it: on the HP 2100A a JSB
        // stores the return address at the entry word and goes on at the next, so the
        // entry word itself is never executed.
        let call_into = if self.breakpoints.is_empty() {
            None
        } else {
            let pc = self.machine.pc();
            self.machine
                .effective_address()
                .filter(|&ea| self.breakpoints.contains(ea))
                .filter(|_| self.machine.disassemble(pc, &self.symbols).flow == Flow::Call)
        };
        let r = if self.trace {
            let (line, r) = self.step_line();
            writeln!(out, "{line}")?;
            r
        } else {
            self.execute()
        };
        if let Err(s) = r {
            return Ok(Some(Some(s)));
        }
        let p = self.machine.pc();
        let reached = match goal {
            Goal::Stop => false,
            Goal::At(addrs) => addrs.contains(&p),
            Goal::Depth(d) => self.frames.depth() <= *d,
        };
        if reached {
            return Ok(Some(None));
        }
        if self.breakpoints.contains(p) || call_into.is_some() {
            return Ok(Some(Some(Stop::Breakpoint { p })));
        }
        Ok(self.check_watches().map(Some))
    }

    pub(super) fn cmd_continue<W: Write>(&mut self, out: &mut W) -> io::Result<Result<(), String>> {
        self.run_until(Goal::Stop, out).map(Ok)
    }

    /// `go [ADDR]`: P from ADDR (as a deposit, it starts the history afresh), then continue.
    pub(super) fn cmd_go<W: Write>(
        &mut self,
        args: &[&str],
        out: &mut W,
    ) -> io::Result<Result<(), String>> {
        if let Some(a) = args.first() {
            let addr = match self.address(a) {
                Ok(x) => x,
                Err(e) => return Ok(Err(e)),
            };
            if let Err(e) = self.machine.set_register("P", u64::from(addr)) {
                return Ok(Err(e));
            }
            self.history.clear();
        }
        self.cmd_continue(out)
    }

    /// `finish`: run until the newest open call returns (note 6).
    pub(super) fn cmd_finish<W: Write>(&mut self, out: &mut W) -> io::Result<Result<(), String>> {
        match self.frames.depth() {
            0 => Ok(Err(
                "not in a subroutine: no call the debugger ran is still open".into(),
            )),
            d => self.run_until(Goal::Depth(d - 1), out).map(Ok),
        }
    }

    /// `until ADDR`: run until P reaches ADDR.
    pub(super) fn cmd_until<W: Write>(
        &mut self,
        args: &[&str],
        out: &mut W,
    ) -> io::Result<Result<(), String>> {
        let [a] = args else {
            return Ok(Err("until ADDR".into()));
        };
        match self.address(a) {
            Ok(addr) => self.run_until(Goal::At(vec![addr]), out).map(Ok),
            Err(e) => Ok(Err(e)),
        }
    }

    pub(super) fn cmd_next<W: Write>(&mut self, out: &mut W) -> io::Result<Result<(), String>> {
        let pc = self.machine.pc();
        let (_, flow, len) = self.describe(pc);
        if flow != Flow::Call {
            return self.cmd_step(&[], out);
        }
        let m = self.mask();
        let ret = vec![pc.wrapping_add(len) & m, pc.wrapping_add(len + 1) & m];
        self.run_until(Goal::At(ret), out).map(Ok)
    }
}

/// A debugger's run as [`crate::run`] runs it: instructions one at a time (note 5).
struct Running<'a, M: Debuggable, W: Write> {
    debugger: &'a mut Debugger<M>,
    goal: Goal,
    out: &'a mut W,
    /// Instructions executed in this run (the debugger counts them; machines need not).
    executed: u64,
}

impl<M: Debuggable, W: Write> crate::run::Slices for Running<'_, M, W> {
    /// The stop to report, if any (`None`: the goal was reached), or a failure to write.
    type End = io::Result<Option<Stop>>;

    fn instructions(&self) -> u64 {
        self.executed
    }

    fn cycles(&self) -> u64 {
        self.debugger.machine.cycles()
    }

    fn p(&self) -> u32 {
        self.debugger.machine.pc()
    }

    fn cycles_for_ns(&self, ns: u64) -> u64 {
        self.debugger.machine.cycles_for_ns(ns)
    }

    fn slice(&mut self, bound: crate::run::Bound) -> Option<Self::End> {
        loop {
            let end = self.debugger.run_one(&self.goal, self.out);
            self.executed += 1;
            match end {
                Ok(None) => {}
                Ok(Some(stop)) => return Some(Ok(stop)),
                Err(e) => return Some(Err(e)),
            }
            if bound.reached(self.executed, self.debugger.machine.cycles()) {
                return None;
            }
        }
    }
}
