//! The 2100A front panel: switch register, LOAD ADDRESS, LOADER ENABLE, PRESET, RUN, HALT
//! and single instruction.
//!
//! Sources: `docs/hp2100a.md` §4.3 (the operator's boot) and §1.1 (power-on state).
//!
//! Implementation notes:
//!
//! 1. INTERNAL PRESET and EXTERNAL PRESET are pressed together here ([`Machine::preset`]):
//!    the interrupt system goes off, the overflow register clears, memory protect goes off,
//!    and the I/O cards receive POPIO (their flags set) and then CRS (control clear), as
//!    HP's I/O diagnostics check after `H024 PRESS PRESET (EXT&INT),RUN`.
//! 2. LOADER ENABLE unprotects the top 64 words until the next halt, as on the 2100A, where
//!    executing a halt re-protects the loader.
//! 3. HALT is a switch that another thread may press ([`Machine::halt_switch`]). RUN goes
//!    through the machines' one run loop (`machine_core::run`), which looks at the switch
//!    between slices of `machine_core::run::SLICE` instructions and stops at an instruction
//!    boundary with `Stop::Operator`; this module supplies only the instruction loop of a
//!    slice, which looks at nothing but the bound, device events and breakpoints, and passes
//!    over a flag-wait loop's turns in one step (`wait.rs`).
//! 4. RUN takes a limit (instructions, cycles or emulated seconds) so that a runaway program
//!    ends with `Stop::RunLimit` instead of running for ever; the run loop keeps it exact to
//!    the instruction and the cycle whatever the slices.
//! 5. RUN also stops at the machine's breakpoints (`Stop::Breakpoint`, before the instruction
//!    there), a convenience the 2100A lacks. The address is looked at after each instruction,
//!    so RUN from a breakpoint leaves it; a run without breakpoints takes a loop without the
//!    look.
//! 6. The T register display is the memory data register: each instruction leaves its last
//!    memory cycle's word there (an operand read or written, a JMP's fetch or the pointer
//!    holding its target, an I/O or register instruction's fetch; DMA's words too), so after
//!    a halt it shows the HLT word, the halt's fetch being its last cycle. Keeping it costs
//!    RUN's instruction loop a store per instruction, 4 % of `retro hp2100 bench` measured,
//!    and every way tried of keeping it only near the points where a run may stop measured
//!    8-13 % slower (the loop's code is laid out differently), so RUN keeps it at halts, I/O
//!    instructions, undefined instructions, indirect loops and DMA cycles only; SINGLE
//!    INSTRUCTION ([`Machine::single_instruction`], the debugger's and the library's `step`)
//!    keeps it at every instruction. After a run stopped by its limit, a breakpoint or the
//!    HALT switch, T is the word of the last of those. The console's `examine` and `deposit`
//!    go round T.

use crate::io::Card;
use crate::machine::{Machine, LOADER_WORDS};
use machine_core::{run, Stop};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// How far a run may go: the machines' one limit.
pub use machine_core::Limit;

/// A program's session at the panel, from RUN to the stop ([`Machine::run_session`]): BASIC's
/// at the teletype, NHEX's.
#[derive(Debug)]
pub struct Session {
    /// Why the machine stopped: the program's own end, the end of the operator's input, the
    /// limit, the HALT switch.
    pub stop: Stop,
    /// 2100A cycles and seconds of the session.
    pub cycles: u64,
    pub seconds: f64,
    /// Host time.
    pub wall: std::time::Duration,
}

impl Session {
    /// Whether the session ended as a person ends one: at the program's halt `end` (BASIC's
    /// after `BYE`, NHEX's after 99), or at the end of the operator's input.
    pub fn ended_well(&self, end: u32) -> bool {
        matches!(self.stop, Stop::InputExhausted { .. }) || self.stop.halt_code() == Some(end)
    }

    /// What the operator is told when the session did not end well: `PROGRAM stopped: ...`,
    /// and `(run limit)` after the limit's stop.
    pub fn stop_note(&self, program: &str, end: u32) -> Option<String> {
        let limit = match self.stop {
            Stop::RunLimit { .. } => " (run limit)",
            _ => "",
        };
        (!self.ended_well(end)).then(|| format!("{program} stopped: {}{limit}", self.stop))
    }
}

impl Machine {
    /// INTERNAL + EXTERNAL PRESET (note 1).
    pub fn preset(&mut self) {
        self.ion = false;
        self.ion_defer = false;
        self.o = false;
        self.cards.mp.popio();
        self.preset_io();
    }

    /// Power off and on: registers as at power on; core keeps its contents.
    pub fn power_on(&mut self) {
        self.a = 0;
        self.b = 0;
        self.s = 0;
        self.p = 0;
        self.t = 0;
        self.e = true;
        self.o = false;
        self.cir = 0;
        self.set_loader_enabled(false);
        self.preset();
    }

    /// LOAD ADDRESS: P from the switch register.
    pub fn load_address(&mut self) {
        self.p = self.s & 0x7fff;
    }

    /// LOADER ENABLE (note 2).
    pub fn set_loader_enabled(&mut self, on: bool) {
        self.loader_enabled = on;
        self.update_fast_limit();
    }

    pub fn loader_enabled(&self) -> bool {
        self.loader_enabled
    }

    /// Put a loader into the protected top 64 words (the 2100A's loader area is core that
    /// the operator fills once; writes bypass the protection).
    pub fn install_loader(&mut self, words: &[u16]) {
        let base = self.loader_base();
        for (i, &w) in words.iter().take(LOADER_WORDS as usize).enumerate() {
            self.poke_core(base + i as u16, w);
        }
    }

    /// The HALT switch (note 3): store `true` to stop a running machine. The switch is
    /// released when the machine stops for it.
    pub fn halt_switch(&mut self) -> Arc<AtomicBool> {
        self.halt_switch.handle()
    }

    /// RUN until the machine stops, a breakpoint, the limit or the HALT switch (notes 3-5),
    /// through the machines' one run loop.
    pub fn run(&mut self, limit: Limit) -> Stop {
        self.refresh_trace();
        // A host may have reached the cards since the last run (`io/backplane.rs` note 2),
        // and core may hold another program (`wait.rs` note 2).
        self.io_changed();
        self.forget_loops();
        let switch = self.halt_switch.clone();
        run::run_machine(&mut Running(self), limit, &switch)
    }

    /// RUN as [`Machine::run`], timed: a program's session from its start to its stop.
    pub fn run_session(&mut self, limit: Limit) -> Session {
        let (cycles, seconds) = (self.cycles, self.seconds());
        let wall = std::time::Instant::now();
        let stop = self.run(limit);
        Session {
            stop,
            cycles: self.cycles - cycles,
            seconds: self.seconds() - seconds,
            wall: wall.elapsed(),
        }
    }

    /// RUN's instruction loop, for one slice of the run (`machine_core::run`): until a stop,
    /// a breakpoint, or the counts meet `bound` (then `None`).
    fn run_loop<const BP: bool>(&mut self, bound: run::Bound) -> Option<Stop> {
        let max_i = bound.instructions;
        let max_c = bound.cycles;
        // One comparison per instruction for device events and the cycle bound together.
        let mut n = self.instructions;
        let stop = loop {
            if self.cycles >= self.next_event.min(max_c) {
                if self.cycles >= max_c {
                    break None;
                }
                if let Err(s) = self.service_devices() {
                    break Some(s);
                }
                // The service may have pressed HALT (an `expect` rule matched what was just
                // printed): the run stops at this boundary, before the next instruction.
                if self.halt_switch.pressed() {
                    break None;
                }
            }
            if n >= max_i {
                break None;
            }
            n += 1;
            if let Err(s) = self.next_instruction::<false>() {
                break Some(s);
            }
            if !BP && self.wait_hint {
                let (count, stop) = self.pass_wait(n, max_i, max_c);
                n = count;
                if let Some(s) = stop {
                    break Some(s);
                }
            }
            if BP && self.breakpoints.contains(u32::from(self.p)) {
                break Some(Stop::Breakpoint {
                    p: u32::from(self.p),
                });
            }
        };
        self.instructions = n;
        stop
    }

    /// SINGLE INSTRUCTION: one step; the machine stops again unless the step itself stopped.
    pub fn single_instruction(&mut self) -> Stop {
        self.io_changed();
        match self.step() {
            Ok(()) => Stop::Operator {
                p: u32::from(self.p),
            },
            Err(s) => s,
        }
    }
}

/// RUN as the machines' run loop sees it (note 3).
struct Running<'a>(&'a mut Machine);

impl run::Slices for Running<'_> {
    type End = Stop;

    fn instructions(&self) -> u64 {
        self.0.instructions
    }

    fn cycles(&self) -> u64 {
        self.0.cycles
    }

    fn p(&self) -> u32 {
        u32::from(self.0.p)
    }

    fn cycles_for_ns(&self, ns: u64) -> u64 {
        crate::timing::cycles_for_ns(ns)
    }

    fn slice(&mut self, bound: run::Bound) -> Option<Stop> {
        // Breakpoints are looked at after each instruction, so every slice may start at one
        // (note 5): `bound.first` does not matter here.
        if self.0.breakpoints.is_empty() {
            self.0.run_loop::<false>(bound)
        } else {
            self.0.run_loop::<true>(bound)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Config;

    #[test]
    fn a_session_counts_from_its_start_and_ends_well_at_its_programs_halt() {
        let mut m = Machine::new(Config::default()).unwrap();
        m.poke_core(0o100, 0o002400); // CLA
        m.poke_core(0o101, 0o102077); // HLT 77
        m.p = 0o100;
        m.single_instruction();
        let before = m.cycles;
        let s = m.run_session(Limit::NONE);
        assert_eq!(s.stop.halt_code(), Some(0o102077));
        assert!(s.cycles > 0 && s.cycles == m.cycles - before);
        let seconds = s.cycles as f64 * crate::timing::CYCLE_NS as f64 / 1e9;
        assert!((s.seconds - seconds).abs() < 1e-9, "{} s", s.seconds);
        assert!(s.ended_well(0o102077) && s.stop_note("BASIC", 0o102077).is_none());
        assert!(!s.ended_well(0o102000));
        let note = s.stop_note("NHEX", 0o102000).unwrap();
        assert!(note.starts_with("NHEX stopped: ") && !note.ends_with("(run limit)"));
    }

    #[test]
    fn t_holds_each_kind_of_last_cycle() {
        // LDA 200: the operand; STA 201: the word written; JMP 202,I: the pointer word;
        // CLA: the fetch; HLT 77: the halt's fetch.
        let mut m = Machine::new(Config::default()).unwrap();
        #[rustfmt::skip]
        let words = [
            (0o100, 0o062200), (0o101, 0o072201), (0o102, 0o124202),
            (0o200, 0o1234), (0o202, 0o000300),
            (0o300, 0o002400), (0o301, 0o102077),
        ];
        for (a, w) in words {
            m.poke_core(a, w);
        }
        m.p = 0o100;
        let mut t = Vec::new();
        for _ in 0..4 {
            m.single_instruction();
            t.push(m.t);
        }
        assert_eq!(t, [0o1234, 0o1234, 0o000300, 0o002400]);
        assert_eq!(m.run(Limit::NONE).halt_code(), Some(0o102077));
        assert_eq!(m.t, 0o102077);
    }
}
