//! The CPU's side of memory protect (`io/mp.rs`): the violation checks on jumps and I/O
//! instructions, select code 5, and what an interrupt acknowledge does to protection. Writes
//! are checked in `Machine::write`.

use crate::io::Card;
use crate::machine::Machine;
use hp2100_isa::{decode, Class, Instr, Reg};

/// A `JMP` is protected from address 0 up, a `JSB` from 2 up (jumper W5 in): a `JSB` to A or
/// B stores there as the unprotected registers allow.
pub(super) const JMP_BOUND: u16 = 0;
pub(super) const JSB_BOUND: u16 = 2;

impl Machine {
    /// A violation by the instruction at `at`: recorded, and the MP interrupt requested if the
    /// interrupt system is on. The caller abandons the instruction.
    #[cold]
    #[inline(never)]
    pub(crate) fn mp_violation(&mut self, at: u16) {
        self.cards.mp.violate(at, self.ion);
        self.io_changed();
    }

    /// A jump or call to `ea`, which lies below the write floor: whether protection forbids
    /// it (then recorded as a violation). Called only below the floor, so a run without
    /// protection pays one comparison that it already made for writes.
    #[cold]
    #[inline(never)]
    pub(super) fn jump_protected(&mut self, ea: u16, bound: u16) -> bool {
        let protected = self.cards.mp.enabled() && ea >= bound && ea < self.cards.mp.fence;
        if protected {
            self.mp_violation(self.p.wrapping_sub(1));
        }
        protected
    }

    /// Whether a write to `ea` violates (DST looks before its two writes).
    pub(super) fn write_protected(&self, ea: u16) -> bool {
        (2..self.write_floor).contains(&u32::from(ea)) && self.cards.mp.enabled()
    }

    /// An I/O instruction at `at` while protection is on: every `HLT`, and all I/O to a
    /// select code but 1, violate. `LIA`/`LIB` still leave the floating bus's 0 behind.
    pub(super) fn io_protected(&mut self, op: Class, reg: Reg, sc: u8, at: u16) -> bool {
        if !self.cards.mp.enabled() || (sc == 1 && op != Class::Hlt) {
            return false;
        }
        if op == Class::Li {
            self.set_reg(reg, 0);
        }
        self.mp_violation(at);
        true
    }

    /// Select code 5: the fence, the violation register and protection on (`io/mp.rs`).
    pub(super) fn sc5(&mut self, op: Class, reg: Reg, at: u16) {
        match op {
            // The memory-expansion violation flip-flop, never set on a 2100.
            Class::Sfc => self.skip(),
            Class::Li => self.set_reg(reg, self.cards.mp.register(at)),
            Class::Mi => self.set_reg(reg, self.reg(reg) | self.cards.mp.register(at)),
            Class::Ot => self.cards.mp.ioo(self.reg(reg)),
            Class::Stc => self.cards.mp.protect(),
            _ => {} // SFS; CLC; STF and CLF (parity interrupts, not modelled); HLT
        }
    }

    /// After the instruction `ir` in a trap cell: protection back on if it was on at the
    /// acknowledge and `ir` is an I/O instruction other than `HLT`.
    pub(super) fn trap_cell_done(&mut self, was_on: bool, ir: u16) {
        let io = matches!(decode(ir), Instr::Io { class, .. } if class != Class::Hlt);
        if self.cards.mp.trap_done(was_on, io) {
            self.io_changed();
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::io::Card;
    use crate::{Config, Machine};
    use machine_core::Stop;

    /// A machine with `program` at 2000, protection on with the fence at 1000, trap cell 5
    /// holding `JSB 100` (handler: a `NOP` word then `HLT 55`), the interrupt system on.
    fn protected(program: &[u16]) -> Machine {
        let mut m = Machine::new(Config::default()).unwrap();
        for (i, &w) in program.iter().enumerate() {
            m.poke_core(0o2000 + i as u16, w);
        }
        m.poke_core(0o5, 0o014100); // JSB 100
        m.poke_core(0o101, 0o102055); // HLT 55
        m.p = 0o1770;
        m.poke_core(0o1770, 0o062000 | 0o1776); // LDA 1776 (the fence)
        m.poke_core(0o1771, 0o102605); // OTA 5
        m.poke_core(0o1772, 0o102100); // STF 0
        m.poke_core(0o1773, 0o102705); // STC 5
        m.poke_core(0o1774, 0o125777); // JMP 1777,I
        m.poke_core(0o1776, 0o1000);
        m.poke_core(0o1777, 0o2000);
        for _ in 0..5 {
            m.step().unwrap();
        }
        assert_eq!(m.p, 0o2000);
        assert!(m.cards.mp.enabled());
        m
    }

    /// Run until the handler's halt; the violation register and where the handler was
    /// entered from.
    fn violation(m: &mut Machine) -> (u16, u16) {
        for _ in 0..10 {
            match m.step() {
                Ok(()) => {}
                Err(Stop::Halt { code: 0o102055, .. }) => {
                    assert!(!m.cards.mp.enabled(), "the interrupt turned protection off");
                    return (m.cards.mp.register(0), m.peek_core(0o100));
                }
                Err(s) => panic!("{s:?}"),
            }
        }
        panic!("no MP interrupt; P {:o}", m.p)
    }

    #[test]
    fn a_write_below_the_fence_is_not_done() {
        let mut m = protected(&[0o074500, 0o102077]); // STB 500; HLT 77
        m.b = 0o1234;
        assert_eq!(violation(&mut m), (0o2000, 0o2001));
        assert_eq!(m.peek_core(0o500), 0);
        // A and B are never protected; the fence itself is writable.
        let mut m = protected(&[0o074001, 0o076000, 0o102077]); // STB 1; STB 2000 (here)
        m.b = 0o1234;
        m.step().unwrap();
        m.poke_core(0o2001, 0o076003); // STB 2003: the page's own words are above the fence
        m.step().unwrap();
        assert_eq!(m.peek_core(0o2003), 0o1234);
        assert!(m.cards.mp.enabled() && !m.cards.mp.interrupting());
    }

    #[test]
    fn isz_below_the_fence_neither_writes_nor_skips() {
        let mut m = protected(&[0o034500, 0o102077]); // ISZ 500
        m.poke_core(0o500, 0o177777);
        assert_eq!(violation(&mut m), (0o2000, 0o2001));
        assert_eq!(m.peek_core(0o500), 0o177777);
    }

    #[test]
    fn jumps_below_the_fence() {
        let mut m = protected(&[0o024500]); // JMP 500
        assert_eq!(violation(&mut m), (0o2000, 0o2001));
        let mut m = protected(&[0o014500]); // JSB 500
        assert_eq!(violation(&mut m), (0o2000, 0o2001));
        assert_eq!(m.peek_core(0o500), 0, "the return address is not stored");
        // JSB 1 stores into B and goes on at 2: allowed (W5 in); JMP 1 is not.
        let mut m = protected(&[0o014001]);
        m.step().unwrap();
        assert_eq!((m.b, m.p), (0o2001, 2));
        let mut m = protected(&[0o024001]);
        assert_eq!(violation(&mut m), (0o2000, 0o2001));
    }

    #[test]
    fn halts_and_io_but_select_code_1_violate() {
        let mut m = protected(&[0o102000]); // HLT 0
        assert_eq!(violation(&mut m), (0o2000, 0o2001));
        let mut m = protected(&[0o106500]); // LIB 0: B is left 0
        m.b = 0o7777;
        assert_eq!(violation(&mut m), (0o2000, 0o2001));
        assert_eq!(m.b, 0);
        let mut m = protected(&[0o102705]); // STC 5 itself
        assert_eq!(violation(&mut m), (0o2000, 0o2001));
        // LIA 1 and OTA 1 are allowed.
        let mut m = protected(&[0o102501, 0o102601, 0o102077]);
        m.s = 0o123;
        m.step().unwrap();
        m.step().unwrap();
        assert_eq!((m.a, m.p), (0o123, 0o2002));
        assert!(m.cards.mp.enabled());
    }

    #[test]
    fn with_the_interrupt_system_off_the_instruction_is_only_abandoned() {
        let mut m = protected(&[0o103100, 0o074500, 0o102077]); // CLF 0; STB 500; HLT 77
        m.step().unwrap();
        assert!(m.ion, "CLF 0 is I/O to select code 0: abandoned");
        assert!(m.cards.mp.interrupting());
        let mut m = protected(&[0o074500, 0o074500, 0o102077]);
        m.ion = false;
        m.b = 5;
        m.step().unwrap();
        assert_eq!((m.p, m.peek_core(0o500)), (0o2001, 0));
        assert!(m.cards.mp.enabled() && !m.cards.mp.interrupting());
        assert_eq!(
            m.cards.mp.register(0o2001),
            0o2001,
            "the register still follows the fetches"
        );
    }

    #[test]
    fn sfc_5_skips_and_sfs_5_does_not() {
        let mut m = Machine::new(Config::default()).unwrap();
        m.poke_core(0o100, 0o102205); // SFC 5
        m.poke_core(0o102, 0o102305); // SFS 5
        m.p = 0o100;
        m.step().unwrap();
        assert_eq!(m.p, 0o102);
        m.step().unwrap();
        assert_eq!(m.p, 0o103);
    }

    #[test]
    fn an_io_instruction_in_a_trap_cell_keeps_protection_on() {
        // A card interrupting through a trap cell that holds CLF 12: protection is off for
        // that instruction only. With a JSB there instead it stays off.
        for (trap, on) in [(0o103112u16, true), (0o014100, false)] {
            let mut m = protected(&[0, 0, 0]); // NOPs
            m.poke_core(0o12, trap);
            m.poke_core(0o101, 0);
            m.cards.ptp.ff_mut().control = true;
            m.cards.ptp.ff_mut().set_flag();
            m.io_changed();
            // The NOP after the JMP,I that entered the program, then the interrupt.
            m.step().unwrap();
            assert!(m.cards.mp.enabled());
            m.step().unwrap();
            assert_eq!(m.cir, 0o12);
            assert_eq!(m.cards.mp.enabled(), on, "trap cell {trap:06o}");
        }
    }

    #[test]
    fn preset_turns_protection_off() {
        let mut m = protected(&[0o102000]);
        m.o = true;
        m.preset();
        assert!(!m.cards.mp.enabled() && !m.o);
        assert!(m.step().is_err(), "the HLT halts now");
    }

    /// `STC 12`, `STF 0`, `STF 12` (an interrupt pending, held off by the STF), then
    /// `JMP 110,I` through a chain of `levels` pointers to `CLC 0,C` (which would clear the
    /// interrupt) and `HLT 77`; trap cell 12 holds `HLT 12`. Returns (halt code, P).
    fn through_a_chain(levels: u16) -> (u32, u32) {
        let mut m = Machine::new(Config::default()).unwrap();
        for (a, w) in [
            (0o100, 0o102712),
            (0o101, 0o102100),
            (0o102, 0o102112),
            (0o103, 0o124110),
            (0o12, 0o102012),
            (0o120, 0o107700),
            (0o121, 0o102077),
        ] {
            m.poke_core(a, w);
        }
        for i in 0..levels {
            let next = if i + 1 == levels {
                0o120
            } else {
                0o100000 | (0o111 + i)
            };
            m.poke_core(0o110 + i, next);
        }
        m.p = 0o100;
        for _ in 0..10 {
            if let Err(Stop::Halt { code, p, .. }) = m.step() {
                return (code, p);
            }
        }
        panic!("no halt")
    }

    #[test]
    fn the_indirect_counter_lets_an_interrupt_in_after_the_third_level() {
        // A JMP,I holds the interrupt off through one or two levels, and the CLC 0,C after
        // it clears it.
        assert_eq!(through_a_chain(1), (0o102077, 0o122));
        assert_eq!(through_a_chain(2), (0o102077, 0o122));
        // After a third level the interrupt comes after the JMP.
        assert_eq!(through_a_chain(3), (0o102012, 0o120));
        // A fourth level abandons the JMP: the interrupt comes with P back on it.
        assert_eq!(through_a_chain(4), (0o102012, 0o103));
        assert_eq!(through_a_chain(9), (0o102012, 0o103));
    }
}
