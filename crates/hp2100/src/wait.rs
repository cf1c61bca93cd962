//! RUN passes over a program's flag-wait loop in one step, exactly.
//!
//! A 2100A program waiting for a device spins on `SFS sc` / `JMP *-1` (or `SFC`), thousands
//! of turns for each teleprinter character: most of the host's time in a dialogue goes there.
//! Nothing a turn does can change until a device's next event, so RUN adds whole turns to the
//! cycle and instruction counts at once, up to the next event, the slice's cycle bound or its
//! instruction bound, and leaves the machine exactly as the turns one by one would have.
//!
//! Notes:
//!
//! 1. A turn is the JMP then the SFS (or SFC) it jumps to; the pass starts with P on the JMP,
//!    just after a flag test that did not skip ([`Machine::wait_hint`], set by the I/O group).
//!    Each skipped instruction is one RUN would have started, that is with the cycles below the
//!    next device event and the cycle bound and the count below the instruction bound, so the
//!    run stops, services a device or ends its slice at the same instruction and cycle as
//!    without the pass. The unit tests compare the whole saved state both ways.
//! 2. Only I/O cards' flags (select codes 10 and above) qualify: they change only at a device
//!    event or an I/O instruction. The pass is off while an interrupt is requested, memory
//!    protect is on (its JMP and I/O checks), an instruction trace is on, or breakpoints are set
//!    (RUN's loop with breakpoints takes no pass), and with [`Machine::set_wait_skipping`]
//!    `false`, as `retro hp2100 bench` measures the CPU alone.
//! 3. T after a turn holds the flag test's word (an I/O instruction's fetch; RUN does not keep
//!    it for a JMP, `panel.rs` note 6); the pass leaves it so.

use crate::machine::Machine;
use crate::timing::cycles;
use hp2100_isa::{decode, Class, Instr};

impl Machine {
    /// Whether RUN passes over flag-wait loops (on by default; note 2).
    pub fn set_wait_skipping(&mut self, on: bool) {
        self.wait_skipping = on;
        self.wait_hint = false;
    }

    /// Whether RUN passes over flag-wait loops.
    pub fn wait_skipping(&self) -> bool {
        self.wait_skipping
    }

    /// Pass over whole turns of the wait loop whose JMP is at P (note 1), given the run's
    /// instruction count `n` and the slice's bounds; returns the new count.
    pub(crate) fn pass_wait(&mut self, n: u64, max_i: u64, max_c: u64) -> u64 {
        self.wait_hint = false;
        let Some(turn) = self.wait_turn() else {
            return n;
        };
        let room_c = self.next_event.min(max_c).saturating_sub(self.cycles);
        // The last turn's SFS must start below the bounds: (k-1)·turn + jmp < room.
        let by_cycles = if room_c > turn.jmp {
            (room_c - turn.jmp - 1) / turn.cycles + 1
        } else {
            0
        };
        let by_count = max_i.saturating_sub(n) / 2;
        let k = by_cycles.min(by_count);
        if k == 0 {
            return n;
        }
        self.cycles += k * turn.cycles;
        self.t = turn.test;
        n + 2 * k
    }

    /// The loop at P, if it is one the pass may take (notes 1 and 2).
    fn wait_turn(&self) -> Option<Turn> {
        if !self.wait_skipping
            || self.intrq != 0
            || self.trace
            || self.cards.mp.enabled()
            || !self.breakpoints.is_empty()
        {
            return None;
        }
        let at = self.p;
        let jmp = self.read(at);
        // A direct JMP, to its own page or the base page, back to the word before it.
        if jmp & 0o174000 != 0o024000 {
            return None;
        }
        let page = if jmp & 0o2000 != 0 { at & 0o76000 } else { 0 };
        let test_at = page | (jmp & 0o1777);
        if test_at != (at.wrapping_sub(1) & 0x7fff) {
            return None;
        }
        let test = self.read(test_at);
        let i = decode(test);
        let Instr::Io {
            class, sc, clear, ..
        } = i
        else {
            return None;
        };
        if sc < 0o10 || clear {
            return None;
        }
        let flag = self.card_flag(sc)?;
        let skips = match class {
            Class::Sfs => flag,
            Class::Sfc => !flag,
            _ => return None,
        };
        if skips {
            return None;
        }
        let jmp_cycles = u64::from(cycles(Class::Jmp));
        Some(Turn {
            jmp: jmp_cycles,
            cycles: jmp_cycles + u64::from(i.cycles()),
            test,
        })
    }
}

/// One turn of a wait loop: the JMP's cycles, the whole turn's, and the flag test's word.
struct Turn {
    jmp: u64,
    cycles: u64,
    test: u16,
}

#[cfg(test)]
mod tests {
    use crate::panel::Limit;
    use crate::{Config, Machine};

    /// Sets the teleprinter to print, prints "HI" and halts: two waits of 100 ms each.
    fn printer() -> Machine {
        let mut m = Machine::new(Config::default()).unwrap();
        #[rustfmt::skip]
        let words = [
            // 100: LDA 122; OTA 11; LDA 120; OTA 11; STC 11,C; SFS 11; JMP 105;
            // 107: LDA 121; OTA 11; STC 11,C; SFS 11; JMP 112; HLT 77
            (0o100, 0o060122), (0o101, 0o102611), (0o102, 0o060120), (0o103, 0o102611),
            (0o104, 0o103711), (0o105, 0o102311), (0o106, 0o024105), (0o107, 0o060121),
            (0o110, 0o102611), (0o111, 0o103711), (0o112, 0o102311), (0o113, 0o024112),
            (0o114, 0o102077),
            (0o120, 0o110), (0o121, 0o111), (0o122, 0o120000),
        ];
        for (a, w) in words {
            m.poke(a, w);
        }
        m.p = 0o100;
        m
    }

    fn state(m: &mut Machine) -> String {
        m.save_state()
    }

    #[test]
    fn the_pass_leaves_the_machine_as_the_turns_one_by_one() {
        for limit in [
            Limit::NONE,
            Limit::instructions(5_000),
            Limit::cycles(150_001),
            Limit::seconds(0.1),
        ] {
            let mut slow = printer();
            slow.set_wait_skipping(false);
            let mut fast = printer();
            assert!(fast.wait_skipping());
            let (a, b) = (slow.run(limit), fast.run(limit));
            assert_eq!(a, b, "{limit:?}");
            assert_eq!(state(&mut slow), state(&mut fast), "{limit:?}");
            assert_eq!(slow.instructions, fast.instructions, "{limit:?}");
        }
    }

    #[test]
    fn one_pass_takes_the_turns_up_to_the_printers_event() {
        let mut m = printer();
        // LDA, OTA, LDA, OTA, STC, SFS: P on the JMP, the first character being printed.
        m.run(Limit::instructions(6));
        assert_eq!(m.p, 0o106);
        let (n, c, due) = (m.instructions, m.cycles, m.next_event);
        let after = m.pass_wait(n, u64::MAX, u64::MAX);
        // 100 ms at 980 ns a cycle, 4 cycles a turn (JMP 2, SFS 2): about 25 000 turns.
        let turns = (after - n) / 2;
        assert!(turns > 20_000, "{turns}");
        assert_eq!(m.cycles - c, turns * 4);
        // The last turn's SFS started before the event; one more would not have.
        assert!(
            m.cycles - 2 < due && m.cycles + 2 >= due,
            "{} {due}",
            m.cycles
        );
        assert_eq!(m.p, 0o106);
        // Bounded by the instructions left, it stops short with whole turns.
        let mut m2 = printer();
        m2.run(Limit::instructions(6));
        let n2 = m2.instructions;
        assert_eq!(m2.pass_wait(n2, n2 + 7, u64::MAX), n2 + 6);
    }

    #[test]
    fn a_breakpoint_turns_the_pass_off_and_still_stops_the_loop() {
        let mut m = printer();
        m.breakpoints.insert(0o112);
        let stop = m.run(Limit::NONE);
        assert_eq!(stop, machine_core::Stop::Breakpoint { p: 0o112 });
    }
}
