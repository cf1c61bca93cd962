//! SIMH's breakpoints at the 2100A's console, beyond the shared `break LIST`:
//!
//! ```text
//! break [-E|-N|-S|-U] LIST[[N]] [; ACTIONS]   stop at each address of LIST, the Nth time
//!                                 it is reached; then run ACTIONS (commands after `;`)
//! set break ... | set nobreak ...  the same as break and nobreak
//! nobreak LIST | nobreak all       clear them
//! show break                       SIMH's heading, then ADDR:<tab>TYPE[N]; ACTIONS
//! ```
//!
//! Sources: the SIMH user's guide, "Breakpoints"; Open SIMH 4's `hp2100` run on
//! `tests/simh4/break.do`.
//!
//! Implementation notes:
//!
//! 1. The 2100A has no memory mapping, so SIMH's types (E: execution, N: no mapping, S and
//!    U: the system and user maps) stop at the same address; the type is kept for `show
//!    break` only, `N` unless given, as SIMH's `hp2100` without MEM.
//! 2. A breakpoint with a count lets the run go on past it until its Nth arrival, then
//!    stops there at every later arrival, as SIMH's does (its count, once spent, stays
//!    spent until the breakpoint is set again: `tests/simh4/breakstart.do`); the counting is
//!    the console's, around the machine's run.
//! 3. A run stops on a breakpoint at the instruction it starts at, before executing it,
//!    unless the last stop was that breakpoint and nothing has run since (SIMH keeps the
//!    time each breakpoint fired and lets it pass once at the same time): `cont` and `step`
//!    after a breakpoint's stop go on, `go ADDR` and `run ADDR` stop there again (SIMH
//!    forgets the times when P is set), and an arrival there counts toward `[N]`.
//!    The machine's own run loop starts past a breakpoint at P; the console looks first.

use super::{split_word, CmdResult, Console, Next};
use machine_core::scp::dofile::switches;
use machine_core::Stop;
use std::io::Write;

/// One breakpoint's SIMH settings (the machine keeps the address).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Break {
    /// `E`, `N`, `S` or `U` (note 1).
    kind: char,
    /// Stop at the Nth arrival (1: every time).
    count: u32,
    /// Arrivals still to let pass before the stop (none once the count is spent, note 2).
    left: u32,
    /// The commands after `;`, as typed.
    actions: String,
}

impl<W: Write + 'static> Console<W> {
    /// `break [-ENSU] LIST[[N]] [; ACTIONS]`.
    pub(super) fn set_break(&mut self, rest: &str) -> CmdResult {
        let (list, actions) = match rest.split_once(';') {
            Some((l, a)) => (l, a.to_string()),
            None => (rest, String::new()),
        };
        let (sw, list) = switches(list);
        let kind = match sw.as_str() {
            "" => 'N',
            s if s.len() == 1 && "ENSU".contains(s) => s.chars().next().unwrap_or('N'),
            s => {
                return Err(format!(
                    "Invalid switch: -{s} (break takes -E, -N, -S or -U)"
                ))
            }
        };
        let (list, count) = match list
            .trim()
            .strip_suffix(']')
            .and_then(|l| l.rsplit_once('['))
        {
            Some((l, n)) => (
                l.to_string(),
                n.trim()
                    .parse::<u32>()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| format!("Invalid argument: [{n}] is not a count"))?,
            ),
            None => (list.trim().to_string(), 1),
        };
        // The addresses the list names (P when it names none).
        let mut named = machine_core::Breakpoints::new(15);
        machine_core::scp::set_breaks(&self.machine, &mut named, &list)?;
        for a in named.iter() {
            self.machine.breakpoints.insert(a);
            self.breaks.insert(
                a,
                Break {
                    kind,
                    count,
                    left: count - 1,
                    actions: actions.clone(),
                },
            );
        }
        Ok(Next::Continue)
    }

    /// `nobreak LIST|ALL`.
    pub(super) fn clear_break(&mut self, rest: &str) -> CmdResult {
        let (_, list) = switches(rest);
        let mut bps = self.machine.breakpoints.clone();
        machine_core::scp::clear_breaks(&self.machine, &mut bps, list)?;
        self.machine.breakpoints = bps;
        let kept: Vec<u32> = self.machine.breakpoints.iter().collect();
        self.breaks.retain(|a, _| kept.contains(a));
        Ok(Next::Continue)
    }

    /// `show break`, SIMH's heading and a line a breakpoint.
    pub(super) fn show_break(&mut self) -> CmdResult {
        let mut s = String::from("Supported Breakpoint Types: -E -N -S -U");
        for a in self.machine.breakpoints.iter() {
            let b = self.breaks.get(&a).cloned().unwrap_or(Break {
                kind: 'N',
                count: 1,
                left: 0,
                actions: String::new(),
            });
            s.push_str(&format!("\n{a:o}:\t{}", b.kind));
            if b.count > 1 {
                s.push_str(&format!("[{}]", b.count));
            }
            if !b.actions.is_empty() {
                s.push_str(&format!("; {}", b.actions));
            }
        }
        self.say(&s);
        Ok(Next::Continue)
    }

    /// Whether a run about to start at P is held there (note 3): two cards at one select
    /// code (`running.rs` note 3), or a breakpoint at P not just taken, reported as the
    /// run's stop. `p_set`: the command set P (`go ADDR`, `run ADDR`).
    pub(super) fn held(&mut self, p_set: bool) -> bool {
        if self.conflicted() {
            return true;
        }
        if p_set {
            self.break_taken = None;
        }
        let p = u32::from(self.machine.p);
        let now = (p, self.machine.cycles);
        if !self.machine.breakpoints.contains(p) || self.break_taken == Some(now) {
            return false;
        }
        let stop = Stop::Breakpoint { p };
        if self.passes(stop) {
            self.break_taken = Some(now);
            return false;
        }
        // A breakpoint's stop says nothing that can fail.
        let _ = self.report(stop);
        true
    }

    /// A breakpoint the run reached: `true` when it is to let the run go on (its count not
    /// reached, note 2); else its actions are kept for the do-file to run next.
    pub(super) fn passes(&mut self, stop: Stop) -> bool {
        let Stop::Breakpoint { p } = stop else {
            return false;
        };
        let Some(b) = self.breaks.get_mut(&p) else {
            return false;
        };
        if b.left > 0 {
            b.left -= 1;
            return true;
        }
        if !b.actions.trim().is_empty() {
            self.fired = Some(b.actions.trim().to_string());
        }
        false
    }
}

/// Whether `rest` of a `set` is `break ...` or `nobreak ...`: the command and its list.
pub(super) fn set_form(rest: &str) -> Option<(&'static str, &str)> {
    let (w, list) = split_word(rest);
    match w.to_ascii_lowercase().as_str() {
        "break" => Some(("break", list)),
        "nobreak" => Some(("nobreak", list)),
        _ => None,
    }
}
