//! The run loop of both machines and of the debugger: a run in bounded slices, its
//! [`Limit`], and the one HALT switch, looked at between slices.
//!
//! A machine (or the debugger driving one) supplies only its inner loop, [`Slices::slice`]:
//! execute instructions until a stop of its own (a halt, a breakpoint, a watched word, a
//! goal reached) or until its instruction or cycle count reaches the slice's [`Bound`].
//! [`run`] sets the bounds from the limit, tells the end of the limit from the end of a
//! slice, and looks at the switch when a slice ends short of the limit. The HP 2100A's RUN
//! (`hp2100::Machine::run`), the T3300-R's (`t3300::Machine::run`), the consoles that call
//! them through [`crate::scp::Simulator::run`] and the debugger's `continue`, `go`, `next`,
//! `finish` and `until` all run through this one loop.
//!
//! Implementation notes:
//!
//! 1. A slice is [`SLICE`] instructions, 2^15. The switch is looked at once a slice: a
//!    return from the inner loop, an atomic swap and a few comparisons, which against 32,768
//!    instructions costs nothing measurable even in the machines' fast loops (about 100
//!    million instructions a second on the HP 2100A, 180 million on the T3300-R, measured
//!    with `retro hp2100 bench` and `retro t3300 bench`: a slice is 0.2-0.3 ms of host time
//!    there). The slowest runner is the debugger, which keeps an undo snapshot and follows
//!    calls at every instruction (about 20 million instructions a second on the HP 2100A): a
//!    slice is under 2 ms there, and some tens of ms with `trace on` printing every
//!    instruction, so Ctrl-C and Ctrl-E answer at once to the operator wherever a run is. A
//!    count of instructions, not cycles, is the unit because every runner counts
//!    instructions the same way (the debugger counts its own; the machines' cycles differ).
//! 2. Without a switch, a run is one slice as long as its limit: nothing is looked at.
//! 3. The switch is looked at after a slice, never before the first, so a run always
//!    executes at least a slice (or reaches a stop or its limit first) before it stops for
//!    the operator; a press made while nothing was running stops the next run after one
//!    slice. Stopping for it releases it: the run returns [`Stop::Operator`] with P where the
//!    machine stands, its state intact.
//! 4. The limit stays exact to the instruction and to the cycle: a slice's instruction
//!    bound is the nearer of the slice's end and the limit's, its cycle bound the limit's
//!    (emulated time turned into cycles by the runner), and after a slice the counts say
//!    which was met. A limit met mid-slice ends the run there with [`Stop::RunLimit`].
//! 5. [`Bound::first`] is true for a run's first slice only: a runner that looks for
//!    breakpoints before each instruction (the T3300-R's) executes the instruction at the
//!    starting P without looking, so a run resumes from the breakpoint it stopped at; a
//!    later slice that starts at a breakpoint stops there. Runners that look after each
//!    instruction (the HP 2100A's, the debugger's) need no such flag.

use crate::{Limit, Stop};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Instructions in a slice: how many a run executes between two looks at the HALT switch
/// (note 1).
pub const SLICE: u64 = 1 << 15;

/// Where a slice must stop at the latest: the instruction and cycle counts at which it
/// returns (a count met or passed), and whether it is the run's first (note 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bound {
    pub instructions: u64,
    pub cycles: u64,
    pub first: bool,
}

impl Bound {
    /// Whether counts `instructions` and `cycles` have met the bound.
    #[inline(always)]
    pub fn reached(&self, instructions: u64, cycles: u64) -> bool {
        instructions >= self.instructions || cycles >= self.cycles
    }
}

/// A machine, or a debugger driving one, that [`run`] runs.
pub trait Slices {
    /// What ends a run other than its limit and the switch: a machine's [`Stop`], or the
    /// debugger's outcome of a command.
    type End;
    /// Instructions executed, counted from any origin.
    fn instructions(&self) -> u64;
    /// Machine cycles since power on.
    fn cycles(&self) -> u64;
    /// The address of the next instruction.
    fn p(&self) -> u32;
    /// Machine cycles in `ns` nanoseconds of emulated time, rounded up (where a limit in
    /// emulated time falls).
    fn cycles_for_ns(&self, ns: u64) -> u64;
    /// Run until an end of the runner's own (`Some`), or until the counts meet `bound`
    /// (`None`), however far the last instruction went past the cycle bound.
    fn slice(&mut self, bound: Bound) -> Option<Self::End>;
}

/// A machine's HALT switch, shared with whoever may press it (Ctrl-C and Ctrl-E on another
/// thread): none until it is first asked for, so that a run nobody can stop is one slice
/// (note 2).
#[derive(Clone, Debug, Default)]
pub struct HaltSwitch(Option<Arc<AtomicBool>>);

impl HaltSwitch {
    /// The switch: store `true` in it to stop a running machine between two instructions
    /// with [`Stop::Operator`]; a run that stops for it releases it. Installed the first
    /// time it is asked for.
    pub fn handle(&mut self) -> Arc<AtomicBool> {
        self.0
            .get_or_insert_with(|| Arc::new(AtomicBool::new(false)))
            .clone()
    }

    /// Whether the switch is pressed now, without releasing it: a machine may end its slice
    /// at once where a device's service can have pressed it (a console's `expect` rule
    /// matching what the teleprinter printed), so that the run stops at that instruction
    /// boundary, as SIMH's stops after the event.
    pub fn pressed(&self) -> bool {
        self.0.as_ref().is_some_and(|s| s.load(Ordering::Relaxed))
    }
}

/// RUN of a machine whose only ends are [`Stop`]s: [`run`] with the machine's HALT switch.
pub fn run_machine<S: Slices<End = Stop> + ?Sized>(
    s: &mut S,
    limit: Limit,
    switch: &HaltSwitch,
) -> Stop {
    match run(s, limit, switch.0.as_deref()) {
        Ok(stop) | Err(stop) => stop,
    }
}

/// Run `s` in slices until one ends the run, `limit` is met or `switch` is set (notes 1-4).
///
/// # Errors
/// [`Stop::RunLimit`] at the limit, [`Stop::Operator`] for the switch (then released); the
/// runner's own ends are `Ok`.
pub fn run<S: Slices + ?Sized>(
    s: &mut S,
    limit: Limit,
    switch: Option<&AtomicBool>,
) -> Result<S::End, Stop> {
    let max_i = limit.instruction_bound(s.instructions());
    let max_c = limit.cycle_bound(s.cycles(), |ns| s.cycles_for_ns(ns));
    let mut first = true;
    loop {
        let instructions = match switch {
            Some(_) => max_i.min(s.instructions().saturating_add(SLICE)),
            None => max_i,
        };
        let bound = Bound {
            instructions,
            cycles: max_c,
            first,
        };
        first = false;
        if let Some(end) = s.slice(bound) {
            return Ok(end);
        }
        if s.instructions() >= max_i || s.cycles() >= max_c {
            return Err(Stop::RunLimit { cycles: s.cycles() });
        }
        if switch.is_some_and(|sw| sw.swap(false, Ordering::Relaxed)) {
            return Err(Stop::Operator { p: s.p() });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A machine whose instruction at address `a` takes `1 + a % 3` cycles and whose
    /// program counts P up from 0, halting at `halt`; a breakpoint is looked at before each
    /// instruction but the first of a run (note 5), as the T3300-R does.
    struct Counter {
        p: u32,
        instructions: u64,
        cycles: u64,
        halt: u32,
        breakpoint: Option<u32>,
        slices: Vec<Bound>,
    }

    impl Counter {
        fn new(halt: u32) -> Self {
            Counter {
                p: 0,
                instructions: 0,
                cycles: 0,
                halt,
                breakpoint: None,
                slices: Vec::new(),
            }
        }
    }

    impl Slices for Counter {
        type End = Stop;
        fn instructions(&self) -> u64 {
            self.instructions
        }
        fn cycles(&self) -> u64 {
            self.cycles
        }
        fn p(&self) -> u32 {
            self.p
        }
        fn cycles_for_ns(&self, ns: u64) -> u64 {
            ns.div_ceil(1000)
        }
        fn slice(&mut self, bound: Bound) -> Option<Stop> {
            self.slices.push(bound);
            let mut look = !bound.first;
            loop {
                if bound.reached(self.instructions, self.cycles) {
                    return None;
                }
                if look && self.breakpoint == Some(self.p) {
                    return Some(Stop::Breakpoint { p: self.p });
                }
                look = true;
                if self.p == self.halt {
                    return Some(Stop::Halt {
                        code: 0,
                        at: self.p,
                        p: self.p + 1,
                    });
                }
                self.cycles += 1 + u64::from(self.p % 3);
                self.instructions += 1;
                self.p += 1;
            }
        }
    }

    #[test]
    fn a_run_without_a_switch_is_one_slice_to_its_end() {
        let mut m = Counter::new(100_000);
        let r = run(&mut m, Limit::NONE, None);
        assert_eq!(
            r,
            Ok(Stop::Halt {
                code: 0,
                at: 100_000,
                p: 100_001
            })
        );
        assert_eq!(m.slices.len(), 1);
        assert_eq!(m.slices[0].instructions, u64::MAX);
    }

    #[test]
    fn a_limit_met_mid_slice_stops_the_run_exactly() {
        let sw = AtomicBool::new(false);
        let mut m = Counter::new(u32::MAX);
        let n = SLICE * 2 + 7;
        let r = run(&mut m, Limit::instructions(n), Some(&sw));
        assert_eq!(r, Err(Stop::RunLimit { cycles: m.cycles }));
        assert_eq!(m.instructions, n);
        assert_eq!(m.slices.len(), 3, "two whole slices and seven instructions");
        // Cycles: the run stops at the first instruction that meets the bound.
        let mut m = Counter::new(u32::MAX);
        let r = run(&mut m, Limit::cycles(SLICE * 3 + 1), Some(&sw));
        assert_eq!(r, Err(Stop::RunLimit { cycles: m.cycles }));
        assert!((SLICE * 3 + 1..=SLICE * 3 + 3).contains(&m.cycles));
        // Emulated time: 5 us at 1 us a cycle.
        let before = m.cycles;
        let r = run(&mut m, Limit::seconds(5e-6), Some(&sw));
        assert!(matches!(r, Err(Stop::RunLimit { .. })));
        assert!(
            (5..=7).contains(&(m.cycles - before)),
            "{}",
            m.cycles - before
        );
        // A limit already met still gives the runner its slice, which ends at once.
        let i = m.instructions;
        let r = run(&mut m, Limit::instructions(0), Some(&sw));
        assert!(matches!(r, Err(Stop::RunLimit { .. })));
        assert_eq!(m.instructions, i);
    }

    #[test]
    fn the_switch_stops_the_run_after_a_slice_and_is_released() {
        let sw = AtomicBool::new(true);
        let mut m = Counter::new(u32::MAX);
        let r = run(&mut m, Limit::NONE, Some(&sw));
        assert_eq!(r, Err(Stop::Operator { p: SLICE as u32 }));
        assert_eq!(m.instructions, SLICE, "one slice, then the look");
        assert!(!sw.load(Ordering::Relaxed), "the stop releases the switch");
        // Released: the next run goes on to its end.
        let r = run(&mut m, Limit::instructions(SLICE * 4), Some(&sw));
        assert!(matches!(r, Err(Stop::RunLimit { .. })));
        assert_eq!(m.instructions, SLICE * 5);
        // A stop of the runner's own before the first look wins over a pressed switch.
        let mut m = Counter::new(10);
        sw.store(true, Ordering::Relaxed);
        assert!(matches!(
            run(&mut m, Limit::NONE, Some(&sw)),
            Ok(Stop::Halt { .. })
        ));
        assert!(
            sw.load(Ordering::Relaxed),
            "not looked at, so still pressed"
        );
    }

    #[test]
    fn a_machine_s_switch_is_installed_when_first_asked_for() {
        let mut m = Counter::new(u32::MAX);
        let mut switch = HaltSwitch::default();
        let r = run_machine(&mut m, Limit::instructions(SLICE * 3), &switch);
        assert!(matches!(r, Stop::RunLimit { .. }));
        assert_eq!(m.slices.len(), 1, "no switch: one slice");
        let pressed = switch.handle();
        pressed.store(true, Ordering::Relaxed);
        assert!(
            switch.handle().load(Ordering::Relaxed),
            "one switch, shared"
        );
        let r = run_machine(&mut m, Limit::NONE, &switch);
        assert_eq!(
            r,
            Stop::Operator {
                p: (SLICE * 4) as u32
            }
        );
        assert!(!pressed.load(Ordering::Relaxed));
    }

    #[test]
    fn only_the_first_slice_leaves_a_breakpoint_at_its_start() {
        let sw = AtomicBool::new(false);
        let mut m = Counter::new(u32::MAX);
        m.breakpoint = Some(0);
        // At the breakpoint from the start: the run leaves it and ends at its limit.
        let r = run(&mut m, Limit::instructions(SLICE * 2), Some(&sw));
        assert!(matches!(r, Err(Stop::RunLimit { .. })));
        assert!(m.slices.iter().map(|b| b.first).eq([true, false]));
        // A breakpoint where the second slice starts stops the run there.
        let mut m = Counter::new(u32::MAX);
        m.breakpoint = Some(SLICE as u32);
        let r = run(&mut m, Limit::NONE, Some(&sw));
        assert_eq!(r, Ok(Stop::Breakpoint { p: SLICE as u32 }));
        assert_eq!(m.instructions, SLICE);
        // The same without a switch: one slice, and the same stop.
        let mut m = Counter::new(u32::MAX);
        m.breakpoint = Some(SLICE as u32);
        assert_eq!(
            run(&mut m, Limit::NONE, None),
            Ok(Stop::Breakpoint { p: SLICE as u32 })
        );
        assert_eq!(m.slices.len(), 1);
    }
}
