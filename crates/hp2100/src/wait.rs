//! RUN passes over a program's waiting loops in one step, exactly.
//!
//! A 2100A program waiting for a device or an interrupt spins in a short loop: `SFS sc` /
//! `JMP *-1` for a flag, `JMP *` with the interrupt system on, `LDA FLAG` / `SZA,RSS` /
//! `JMP *-2` for a word an interrupt routine sets (DOS-M's and BASIC's drivers, HP's SIO
//! drivers and diagnostics). Thousands of turns go by for each teleprinter character or disc
//! sector, and most of the host's time would go there. Nothing such a turn reads can change
//! until a device's next event, so RUN adds whole turns to the cycle and instruction counts
//! at once, up to the next event, the slice's cycle bound or its instruction bound, and
//! leaves the machine exactly as the turns one by one would have.
//!
//! Notes:
//!
//! 1. The candidate: a direct `JMP` back by at most [`SPAN`] words (the CPU sets
//!    [`Machine::wait_hint`] after one), so that P is on the loop's head and the loop is the
//!    words from the head to that `JMP`. Every word there must be *pure*: a memory-reference
//!    instruction that only reads (`LDA`, `LDB`, `CPA`, `CPB`, `AND`, `IOR`, `XOR`, `ADA`,
//!    `ADB`, and direct `JMP`), a shift-rotate or alter-skip instruction, `SFS`/`SFC`
//!    without `,C` on select code 0, 1 or an I/O card (10 and up), or `STF 0`/`CLF 0` (DOS-M
//!    waits in `STF 0`, `CCA`, `CCB`, `JMP *-3`). Such a loop writes no memory and changes no
//!    card, so one turn depends only on A, B, E, O, the interrupt system, the cards' flags
//!    and the core it reads, and changes only those registers, T, P and the counts.
//! 2. RUN executes a turn from the head back to the head, one instruction at a time with the
//!    run loop's own looks (device events, bounds, interrupts), and compares A, B, E, O, T,
//!    the interrupt system and its deferral with their values at its start; a second turn is compared with the first (T may change
//!    in the first). Equal, the loop is at a fixed point: every later turn is the same, in
//!    the same cycles, until a device event (a flag or DMA's cycle; memory changes only by DMA
//!    or an interrupt, both after an event) or an interrupt, which needs an event too. A
//!    loop found impure or not at a fixed point is remembered (by its `JMP`'s address) and
//!    not looked at again in the same run, so a computing loop pays one look.
//! 3. Each skipped instruction is one RUN would have started, that is with the cycles below
//!    the next device event and the cycle bound and the count below the instruction bound, so
//!    the run stops, services a device or ends its slice at the same instruction and cycle as
//!    without the pass. The tests compare the whole saved state and the teleprinter's text
//!    with each character's cycle both ways, over HP's software.
//! 4. The pass is off while an interrupt would be taken, memory protect is on (its `JMP`
//!    checks), an instruction trace is on, or breakpoints are set (RUN's loop with
//!    breakpoints takes no pass), and with [`Machine::set_wait_skipping`] `false` (the
//!    console's `set cpu nowaitpass`).

use crate::machine::Machine;
use hp2100_isa::{decode, Class, Instr};
use machine_core::Stop;

/// The longest loop looked at, in words from the head to the `JMP` (note 1).
pub(crate) const SPAN: u16 = 8;

/// Remembered loops (note 2): a small table by the `JMP`'s address.
pub(crate) const REMEMBERED: usize = 64;

impl Machine {
    /// Whether RUN passes over waiting loops (on by default; note 4).
    pub fn set_wait_skipping(&mut self, on: bool) {
        self.wait_skipping = on;
        self.wait_hint = false;
    }

    /// Whether RUN passes over waiting loops.
    pub fn wait_skipping(&self) -> bool {
        self.wait_skipping
    }

    /// Forget the loops found not waiting (a new run: core may hold another program).
    pub(crate) fn forget_loops(&mut self) {
        self.not_waiting = [u16::MAX; REMEMBERED];
    }

    /// Pass over whole turns of the loop whose head is at P (notes 1-3), given the run's
    /// instruction count `n` and the slice's bounds: the new count, and a stop if a turn
    /// executed stopped the machine.
    #[inline(never)]
    pub(crate) fn pass_wait(&mut self, n: u64, max_i: u64, max_c: u64) -> (u64, Option<Stop>) {
        self.wait_hint = false;
        let (head, tail) = (self.p, self.wait_tail);
        let slot = usize::from(tail) % REMEMBERED;
        if self.not_waiting[slot] == tail || !self.may_pass() {
            return (n, None);
        }
        match self.pure_loop(head, tail) {
            Some(true) => {}
            Some(false) => {
                self.not_waiting[slot] = tail;
                return (n, None);
            }
            None => return (n, None),
        }
        let r = self.fixed_point(n, head, tail, max_i, max_c);
        // The turns' own JMPs said "a loop" again: that is this pass.
        self.wait_hint = false;
        r
    }

    /// Up to two turns executed, then the rest passed over if the loop is at a fixed point
    /// (note 2).
    fn fixed_point(
        &mut self,
        mut n: u64,
        head: u16,
        tail: u16,
        max_i: u64,
        max_c: u64,
    ) -> (u64, Option<Stop>) {
        let mut before = self.turn_state();
        for _ in 0..2 {
            let turn = match self.one_turn(&mut n, head, tail, max_i, max_c) {
                Ok(Some(turn)) => turn,
                Ok(None) => return (n, None),
                Err(s) => return (n, Some(s)),
            };
            let after = self.turn_state();
            if after == before {
                return (self.skip_turns(n, &turn, max_i, max_c), None);
            }
            before = after;
        }
        self.not_waiting[usize::from(tail) % REMEMBERED] = tail;
        (n, None)
    }

    /// Note 4.
    fn may_pass(&self) -> bool {
        self.wait_skipping
            && !self.interrupt_pending()
            && !self.trace
            && !self.cards.mp.enabled()
            && self.breakpoints.is_empty()
    }

    /// What a turn may change besides P and the counts (note 2).
    fn turn_state(&self) -> (u16, u16, bool, bool, u16, bool, bool) {
        (
            self.a,
            self.b,
            self.e,
            self.o,
            self.t,
            self.ion,
            self.ion_defer,
        )
    }

    /// Whether the words from `head` to `tail` are a loop of pure instructions closed by a
    /// direct `JMP` from `tail` to `head` (note 1); `None` if they are no such loop (the jump
    /// came from a trap cell, or was indirect).
    fn pure_loop(&self, head: u16, tail: u16) -> Option<bool> {
        if tail < head || tail - head >= SPAN {
            return None;
        }
        let jmp = self.peek_word(tail);
        let page = if jmp & 0o2000 != 0 { tail & 0o76000 } else { 0 };
        if jmp & 0o174000 != 0o024000 || page | (jmp & 0o1777) != head {
            return None;
        }
        Some((head..tail).all(|a| pure(self.peek_word(a))))
    }

    /// The word at `a` as the CPU reads it (A and B at 0 and 1).
    fn peek_word(&self, a: u16) -> u16 {
        self.read(a)
    }

    /// Execute one turn from the head back to it, with RUN's looks before each instruction:
    /// `None` when a look would stop the turn (an event, a bound, an interrupt) or the loop
    /// leaves its words (note 2).
    fn one_turn(
        &mut self,
        n: &mut u64,
        head: u16,
        tail: u16,
        max_i: u64,
        max_c: u64,
    ) -> Result<Option<Turn>, Stop> {
        let (c0, n0) = (self.cycles, *n);
        let most = 2 * u64::from(tail - head + 1);
        loop {
            if self.cycles >= self.next_event.min(max_c) || *n >= max_i || self.interrupt_pending()
            {
                return Ok(None);
            }
            let start = self.cycles;
            *n += 1;
            self.next_instruction::<false>()?;
            if self.p == head {
                return Ok(Some(Turn {
                    cycles: self.cycles - c0,
                    count: *n - n0,
                    last: self.cycles - start,
                }));
            }
            if self.p < head || self.p > tail || *n - n0 >= most {
                return Ok(None);
            }
        }
    }

    /// Add as many whole turns as RUN would have started below the bounds (note 3).
    fn skip_turns(&mut self, n: u64, turn: &Turn, max_i: u64, max_c: u64) -> u64 {
        let room_c = self.next_event.min(max_c).saturating_sub(self.cycles);
        // The last instruction of the k-th turn starts at (k-1)·cycles + lead.
        let lead = turn.cycles - turn.last;
        let by_cycles = if room_c > lead {
            (room_c - lead - 1) / turn.cycles + 1
        } else {
            0
        };
        let by_count = max_i.saturating_sub(n) / turn.count;
        let k = by_cycles.min(by_count);
        self.cycles += k * turn.cycles;
        n + k * turn.count
    }
}

/// Whether an instruction word is pure (note 1).
fn pure(w: u16) -> bool {
    match decode(w) {
        Instr::Mrg {
            class, indirect, ..
        } => {
            !indirect
                && matches!(
                    class,
                    Class::And
                        | Class::Xor
                        | Class::Ior
                        | Class::Jmp
                        | Class::Add
                        | Class::Cpx
                        | Class::Ldx
                )
        }
        Instr::Srg(_) | Instr::Asg(_) => true,
        Instr::Io {
            class, clear, sc, ..
        } => match class {
            Class::Sfs | Class::Sfc => !clear && (sc <= 1 || sc >= 0o10),
            // The interrupt system on or off again (DOS-M's idle loop turns it on each turn).
            Class::Stf | Class::Clf => sc == 0,
            _ => false,
        },
        _ => false,
    }
}

/// One turn of a waiting loop: its cycles, its instructions and its last instruction's
/// cycles.
struct Turn {
    cycles: u64,
    count: u64,
    last: u64,
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

    /// Prints "HI" by interrupt: the main program waits in `JMP *` with the interrupt
    /// system on; the teleprinter's interrupt routine (trap cell 11: `JSB 200`) prints the
    /// next character or, after the last, sets a word that a second loop waits for
    /// (`LDA 230`, `SZA,RSS`, `JMP *-2`), then halts.
    fn interrupt_printer() -> Machine {
        let mut m = Machine::new(Config::default()).unwrap();
        #[rustfmt::skip]
        let words = [
            (0o11, 0o014200), // JSB 200
            // 100: LDA 122; OTA 11; LDA 120; OTA 11; STC 11,C; STF 0; JMP 106 (JMP *)
            (0o100, 0o060122), (0o101, 0o102611), (0o102, 0o060120), (0o103, 0o102611),
            (0o104, 0o103711), (0o105, 0o102100), (0o106, 0o024106),
            (0o120, 0o110), (0o121, 0o111), (0o122, 0o120000),
            // 200: the routine: entry; ISZ 227; LDA 227; CPA 226 (done?); JMP 214;
            // LDA 121; OTA 11; STC 11,C; STF 0; JMP 200,I
            (0o200, 0), (0o201, 0o034227), (0o202, 0o060227), (0o203, 0o050226),
            (0o204, 0o024214), (0o205, 0o060121), (0o206, 0o102611), (0o207, 0o103711),
            (0o210, 0o102100), (0o211, 0o124200),
            // 214: CLC 11; ISZ 230; the return goes to the second wait: LDA 231; STA 200;
            // STF 0; JMP 200,I
            (0o214, 0o106711), (0o215, 0o034230), (0o216, 0o060231), (0o217, 0o070200),
            (0o220, 0o102100), (0o221, 0o124200),
            (0o226, 2), (0o227, 0), (0o230, 0), (0o231, 0o240),
            // 240: LDA 230; SZA,RSS; JMP 240; HLT 77
            (0o240, 0o060230), (0o241, 0o002003), (0o242, 0o024240), (0o243, 0o102077),
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

    fn both_ways(make: fn() -> Machine, limits: &[Limit]) {
        for &limit in limits {
            let mut slow = make();
            slow.set_wait_skipping(false);
            let mut fast = make();
            assert!(fast.wait_skipping());
            let (a, b) = (slow.run(limit), fast.run(limit));
            assert_eq!(a, b, "{limit:?}");
            assert_eq!(state(&mut slow), state(&mut fast), "{limit:?}");
            assert_eq!(slow.instructions, fast.instructions, "{limit:?}");
        }
    }

    #[test]
    fn the_pass_leaves_the_machine_as_the_turns_one_by_one() {
        both_ways(
            printer,
            &[
                Limit::NONE,
                Limit::instructions(5_000),
                Limit::instructions(5_001),
                Limit::cycles(150_001),
                Limit::seconds(0.1),
            ],
        );
    }

    #[test]
    fn interrupt_waits_pass_exactly_too() {
        both_ways(
            interrupt_printer,
            &[
                Limit::NONE,
                Limit::instructions(7_777),
                Limit::cycles(100_003),
                Limit::seconds(0.15),
            ],
        );
        let mut m = interrupt_printer();
        assert_eq!(m.run(Limit::NONE).halt_code(), Some(0o102077));
        assert_eq!(m.mem[0o230], 1, "the routine ran for both characters");
    }

    #[test]
    fn one_pass_takes_the_turns_up_to_the_printers_event() {
        let mut m = printer();
        // LDA, OTA, LDA, OTA, STC, SFS, JMP: P on the loop's head, the character printing.
        m.run(Limit::instructions(7));
        assert_eq!((m.p, m.wait_tail), (0o105, 0o106));
        let (n, c, due) = (m.instructions, m.cycles, m.next_event);
        let (after, stop) = m.pass_wait(n, u64::MAX, u64::MAX);
        assert!(stop.is_none());
        // 100 ms at 980 ns a cycle, 4 cycles a turn (SFS 2, JMP 2): about 25 000 turns.
        let turns = (after - n) / 2;
        assert!(turns > 20_000, "{turns}");
        assert_eq!(m.cycles - c, turns * 4);
        // The last turn's JMP started before the event; one more SFS would not have.
        assert!(
            m.cycles - 2 < due && m.cycles >= due.saturating_sub(4),
            "{} {due}",
            m.cycles
        );
        assert_eq!(m.p, 0o105);
        // Bounded by the instructions left, it stops short with whole turns.
        let mut m2 = printer();
        m2.run(Limit::instructions(7));
        let n2 = m2.instructions;
        // One turn executed finds the fixed point (T already held the SFS), three skipped.
        assert_eq!(m2.pass_wait(n2, n2 + 9, u64::MAX).0, n2 + 8);
    }

    #[test]
    fn a_computing_loop_is_looked_at_once() {
        // 100: INA; JMP 100: pure, but A changes every turn.
        let mut m = Machine::new(Config::default()).unwrap();
        m.poke(0o100, 0o002004);
        m.poke(0o101, 0o024100);
        m.p = 0o100;
        m.run(Limit::instructions(2));
        assert_eq!(m.wait_tail, 0o101);
        let n = m.instructions;
        let (after, _) = m.pass_wait(n, u64::MAX, u64::MAX);
        assert_eq!(after, n + 4, "two turns executed, none skipped");
        assert_eq!(m.not_waiting[0o101 % super::REMEMBERED], 0o101);
        both_ways(
            || {
                let mut m = Machine::new(Config::default()).unwrap();
                m.poke(0o100, 0o002004);
                m.poke(0o101, 0o024100);
                m.p = 0o100;
                m
            },
            &[Limit::instructions(100_001)],
        );
    }

    #[test]
    fn an_impure_loop_is_not_passed() {
        // 100: ISZ 110; JMP 100: the count is memory.
        let mut m = Machine::new(Config::default()).unwrap();
        m.poke(0o100, 0o034110);
        m.poke(0o101, 0o024100);
        m.p = 0o100;
        let stop = m.run(Limit::instructions(2 * 65_536 + 10));
        assert!(
            matches!(stop, machine_core::Stop::RunLimit { .. }),
            "{stop:?}"
        );
        assert_eq!(m.mem[0o110], 0, "ISZ counted to its skip, turn by turn");
    }

    #[test]
    fn a_breakpoint_turns_the_pass_off_and_still_stops_the_loop() {
        let mut m = printer();
        m.breakpoints.insert(0o112);
        let stop = m.run(Limit::NONE);
        assert_eq!(stop, machine_core::Stop::Breakpoint { p: 0o112 });
    }
}
