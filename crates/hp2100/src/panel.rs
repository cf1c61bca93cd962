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
//! 3. HALT is a switch that another thread may press ([`Machine::halt_switch`]); a running
//!    machine looks at it every 50,000 cycles (about 50 ms of 2100A time) and stops at an
//!    instruction boundary with `Stop::Operator`.
//! 4. RUN takes a limit (instructions, cycles or emulated seconds) so that a runaway program
//!    ends with `Stop::RunLimit` instead of running for ever.
//! 5. RUN also stops at the machine's breakpoints (`Stop::Breakpoint`, before the instruction
//!    there), a convenience the 2100A lacks. The address is looked at after each instruction,
//!    so RUN from a breakpoint leaves it; a run without breakpoints takes a loop without the
//!    look.
//! 6. The T register display is the memory data register: it follows every memory cycle (each
//!    fetch, indirect pointer, operand read or written, and DMA's words), so after a halt it
//!    shows the HLT word, the halt's fetch being its last cycle, and after SINGLE INSTRUCTION
//!    the instruction's last word in or out of core. The console's `examine` and `deposit` go round it.
//!    T is observed only while the machine is stopped, so a run keeps it only where a stop may
//!    follow: for the instructions that start within the longest instruction's cycles of the
//!    next device event, the time limit or the look at the HALT switch, for the last one an
//!    instruction limit allows, always with breakpoints, and on every I/O instruction (the
//!    only ones that may bring a device event due at once). The rest of a run, the
//!    instruction loop's hot path, leaves T alone and costs nothing more.

use crate::io::Card;
use crate::machine::{Machine, LOADER_WORDS};
use machine_core::Stop;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// How often a running machine looks at the HALT switch, in cycles.
const HALT_LOOK_CYCLES: u64 = 50_000;

/// What a run watches for: its limits, the HALT switch, how near a stop the instructions
/// keep T, and whether every instruction does (with breakpoints).
struct Watch {
    max_i: u64,
    max_c: u64,
    /// When the run next looks at the HALT switch.
    look: u64,
    switch: Option<Arc<AtomicBool>>,
    near: u64,
    every: bool,
}

impl Watch {
    /// The cycle from which the time limit or the look at the HALT switch may come within one
    /// instruction.
    fn early(&self) -> u64 {
        self.max_c.min(self.look).saturating_sub(self.near)
    }
}

/// How far a run may go: the machines' one limit.
pub use machine_core::Limit;

impl Machine {
    /// INTERNAL + EXTERNAL PRESET (note 1).
    pub fn preset(&mut self) {
        self.ion = false;
        self.ion_defer = false;
        self.o = false;
        self.mp.crs();
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
        self.halt_switch
            .get_or_insert_with(|| Arc::new(AtomicBool::new(false)))
            .clone()
    }

    /// RUN until the machine stops, a breakpoint or the limit is reached (notes 4, 5).
    pub fn run(&mut self, limit: Limit) -> Stop {
        self.refresh_trace();
        let switch = self.halt_switch.clone();
        let mut w = Watch {
            max_i: limit.instruction_bound(self.instructions),
            max_c: limit.cycle_bound(self.cycles, crate::timing::cycles_for_ns),
            look: if switch.is_some() {
                self.cycles
            } else {
                u64::MAX
            },
            switch,
            near: crate::timing::longest_instruction(self.indirect_limit),
            every: !self.breakpoints.is_empty(),
        };
        loop {
            if !w.every {
                if let Err(s) = self.run_far(&w) {
                    return s;
                }
            }
            if let Err(s) = self.run_near(&mut w) {
                return s;
            }
        }
    }

    /// The hot loop: instructions far from any point where the run may stop, which leave T
    /// alone (note 6). It returns at the first instruction that may come before a stop, or
    /// with the stop of an instruction (a halt).
    #[inline(never)]
    fn run_far(&mut self, w: &Watch) -> Result<(), Stop> {
        // One comparison per instruction for device events, the time limit and the HALT
        // switch together, and one for the instruction limit.
        let early = w.early();
        let last_i = w.max_i.saturating_sub(1);
        let mut n = self.instructions;
        let r = loop {
            if self.cycles >= self.watch_from.min(early) || n >= last_i {
                break Ok(());
            }
            n += 1;
            if let Err(s) = self.next_instruction::<false>() {
                break Err(s);
            }
        };
        self.instructions = n;
        r
    }

    /// Instructions that keep T, with the device events, the limits, the HALT switch and
    /// the breakpoints looked at, until the run is far from a stop again (or, with
    /// breakpoints, to the end).
    #[inline(never)]
    fn run_near(&mut self, w: &mut Watch) -> Result<(), Stop> {
        loop {
            if self.cycles >= self.next_event.min(w.max_c).min(w.look) {
                if self.cycles >= w.max_c {
                    return Err(Stop::RunLimit {
                        cycles: self.cycles,
                    });
                }
                if let Some(sw) = &w.switch {
                    if self.cycles >= w.look {
                        if sw.swap(false, Ordering::Relaxed) {
                            return Err(Stop::Operator {
                                p: u32::from(self.p),
                            });
                        }
                        w.look = self.cycles + HALT_LOOK_CYCLES;
                    }
                }
                self.service_devices()?;
            }
            if self.instructions >= w.max_i {
                return Err(Stop::RunLimit {
                    cycles: self.cycles,
                });
            }
            self.instructions += 1;
            self.next_instruction::<true>()?;
            if w.every && self.breakpoints.contains(u32::from(self.p)) {
                return Err(Stop::Breakpoint {
                    p: u32::from(self.p),
                });
            }
            let far = self.cycles < self.watch_from.min(w.early())
                && self.instructions < w.max_i.saturating_sub(1);
            if far && !w.every {
                return Ok(());
            }
        }
    }

    /// SINGLE INSTRUCTION: one step; the machine stops again unless the step itself stopped.
    pub fn single_instruction(&mut self) -> Stop {
        match self.step() {
            Ok(()) => Stop::Operator {
                p: u32::from(self.p),
            },
            Err(s) => s,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::{MIX, SIMPLE};
    use crate::Config;

    fn loaded(program: &crate::bench::Program) -> Machine {
        let mut m = Machine::new(Config::default()).unwrap();
        for &(a, w) in program.words {
            m.poke_core(a, w);
        }
        m.p = 0o100;
        m
    }

    /// The machine after `n` single instructions, each keeping T.
    fn stepped(program: &crate::bench::Program, n: u64) -> Machine {
        let mut m = loaded(program);
        for _ in 0..n {
            m.step().unwrap();
        }
        m
    }

    #[test]
    fn t_after_a_run_is_the_last_memory_cycle_whatever_stops_it() {
        for program in [&SIMPLE, &MIX] {
            for n in [1, 2, 3, 4, 5, 6, 7, 97, 1000, 1001, 1002, 1003] {
                let want = stepped(program, n);
                let mut m = loaded(program);
                m.run(Limit::instructions(n));
                assert_eq!(m.t, want.t, "{} after {n} instructions", program.name);
                // Stopped by a cycle limit where the stepped machine's clock stands.
                let mut m = loaded(program);
                m.run(Limit::cycles(want.cycles));
                assert_eq!(m.instructions, n, "{}", program.name);
                assert_eq!(m.t, want.t, "{} after {} cycles", program.name, want.cycles);
            }
        }
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
            m.run(Limit::instructions(1));
            t.push(m.t);
        }
        assert_eq!(t, [0o1234, 0o1234, 0o000300, 0o002400]);
        assert_eq!(m.run(Limit::NONE).halt_code(), Some(0o102077));
        assert_eq!(m.t, 0o102077);
    }
}
