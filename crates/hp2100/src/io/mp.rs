//! The 2100A memory protect (select code 5), standard equipment on the 2100.
//!
//! Sources: `docs/hp2100a.md` §1.6 and HP's facts on the MP/parity diagnostic DSN 102305 in
//! `docs/hp2100.md` (2100A Computer Reference Manual 02100-90001 and the 12892 manual
//! 12892-90007, as SIMH's `hp2100_mem.c` reads them).
//!
//! * `OTA 5`/`OTB 5` load the fence: the first address of unprotected memory.
//! * `STC 5` turns protection on. No instruction turns it off (`CLC 5` does nothing): only
//!   an interrupt acknowledge or PRESET does.
//! * While protection is on, these are violations: a write to an address from 2 up to below
//!   the fence; a `JMP` below the fence; a `JSB` from 2 up to below the fence (jumper W5 in,
//!   so a `JSB` to A or B is allowed); any `HLT`; any other I/O instruction to a select code
//!   but 1 (jumper W7 out). The violating instruction is abandoned: nothing is written,
//!   nothing jumps, no I/O happens, except that `LIA`/`LIB` leave 0 in the register (the I/O
//!   bus floats to 0).
//! * The violation register (`LIA 5`/`LIB 5`) follows every instruction fetch while its
//!   enable (EVR) is set, so it holds the address of the instruction being executed. A
//!   violation with the interrupt system on sets the MP flag and flag buffer and clears EVR,
//!   freezing the register on the violating instruction; with the interrupt system off the
//!   instruction is abandoned and nothing else happens.
//! * The MP flag interrupts through trap cell 5 ahead of every I/O card, whether or not MP's
//!   control is set and even in the instruction after one that holds interrupts off; it
//!   needs only the interrupt system on.
//! * Every interrupt acknowledge turns protection off while the trap cell's instruction runs;
//!   it comes back on afterwards if that instruction was an I/O instruction other than `HLT`
//!   (a `CLF` in a trap cell, say), and stays off for a `JSB` to a handler.
//! * `SFS 5`/`SFC 5` test the memory-expansion violation flip-flop, which a 2100 (no
//!   memory expansion) never sets: `SFC 5` always skips, `SFS 5` never.
//! * `STF 5`/`CLF 5` turn parity-error interrupts on and off; parity is not modelled.
//! * PRESET (POPIO) turns protection off, clears the flag and flag buffer and sets EVR.
//!
//! Implementation notes:
//!
//! 1. The violation register is not written on every fetch: it is kept as the address of the
//!    last violation, and `LIA 5` with EVR still set reads the address of the `LIA` itself,
//!    which is what the register would hold (note 2).
//! 2. An `LIA 5` executed in a trap cell with EVR set reads the trap cell's address; on the
//!    hardware the trap-cell instruction is not fetched with FTCH and the register would
//!    still hold the interrupted instruction. Only a program that leaves EVR set (no MP
//!    interrupt) and reads the register from a trap cell sees the difference.
//! 3. Parity errors (the violation register's bit 15, DSN 102305's test 10) are not
//!    modelled: core here does not fail.
//! 4. The violation checks cost the instruction loop nothing while protection is off: writes
//!    and jumps compare with the machine's write floor (2 while protection is off), which
//!    they already did, and only I/O instructions look at MP's control.

use super::{flip_flops, undo_by_copy, Card, FlipFlops};
use machine_core::scp::state::{self as st, Fields};

/// Memory protect's select code: 5, one of the CPU's own (SIMH's MP).
pub const SC_MP: u8 = 0o5;

/// The memory protect: control is "protection on"; flag and flag buffer are the violation
/// interrupt.
#[derive(Clone, Copy, Debug)]
pub struct MemoryProtect {
    ff: FlipFlops,
    /// The fence: the first address that protection leaves writable.
    pub fence: u16,
    /// The address of the violating instruction, once frozen (note 1).
    pub violation: u16,
    /// EVR: the violation register follows the fetches (set) or is frozen (clear).
    pub evr: bool,
}

impl Default for MemoryProtect {
    fn default() -> Self {
        Self::new()
    }
}

impl MemoryProtect {
    pub fn new() -> Self {
        Self {
            ff: FlipFlops::default(),
            fence: 0,
            violation: 0,
            evr: true,
        }
    }

    /// Protection on: control set.
    pub fn enabled(&self) -> bool {
        self.ff.control
    }

    /// Whether MP requests an interrupt: its flag, whatever its control.
    pub fn interrupting(&self) -> bool {
        self.ff.flag
    }

    /// `STC 5`: protection on, the violation register following the fetches again.
    pub(crate) fn protect(&mut self) {
        self.ff.control = true;
        self.evr = true;
    }

    /// `LIA 5` executed at `at` (notes 1 and 2).
    pub(crate) fn register(&self, at: u16) -> u16 {
        if self.evr {
            at
        } else {
            self.violation
        }
    }

    /// A violation by the instruction at `at`, with the interrupt system on or off.
    pub(crate) fn violate(&mut self, at: u16, ion: bool) {
        if self.evr {
            self.violation = at & 0x7fff;
        }
        if ion {
            self.ff.set_flag();
            self.evr = false;
        }
    }

    /// An interrupt acknowledge (`own`: MP's own): protection goes off. Returns whether it
    /// was on, for [`MemoryProtect::trap_done`].
    pub(crate) fn acknowledge(&mut self, own: bool) -> bool {
        if own {
            self.ff.clear_flag();
        }
        std::mem::replace(&mut self.ff.control, false)
    }

    /// After the trap cell's instruction: protection back on if it was on at the acknowledge
    /// and the instruction was an I/O instruction other than `HLT`.
    pub(crate) fn trap_done(&mut self, was_on: bool, io_not_halt: bool) -> bool {
        let back = was_on && io_not_halt;
        if back {
            self.protect();
        }
        back
    }
}

impl Card for MemoryProtect {
    fn about(&self) -> &'static str {
        "12892B memory protect"
    }

    fn fields(&mut self, f: &mut dyn Fields) {
        self.ff.fields(f);
        st::value(f, "fence", &mut self.fence);
        st::value(f, "violation", &mut self.violation);
        st::value(f, "evr", &mut self.evr);
    }

    flip_flops!();
    fn ioi(&mut self) -> u16 {
        self.violation
    }
    fn ioo(&mut self, data: u16) {
        self.fence = data & 0x7fff;
    }
    /// PRESET: protection off, no violation pending, the register following the fetches.
    fn popio(&mut self) {
        self.ff = FlipFlops::default();
        self.evr = true;
    }
    /// CRS from `CLC 0` does not reach select code 5.
    fn crs(&mut self) {}
    undo_by_copy!();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_register_freezes_only_on_an_interrupting_violation() {
        let mut mp = MemoryProtect::new();
        mp.protect();
        assert_eq!(mp.register(0o1234), 0o1234, "follows the fetches");
        mp.violate(0o700, false);
        assert!(!mp.interrupting() && mp.enabled());
        assert_eq!(mp.register(0o701), 0o701, "not frozen with interrupts off");
        mp.violate(0o663, true);
        assert!(mp.interrupting());
        mp.violate(0o664, true);
        assert_eq!(mp.register(0o2000), 0o663, "the first one stays");
        assert!(mp.acknowledge(true));
        assert!(!mp.enabled() && !mp.interrupting());
        assert!(!mp.trap_done(false, true));
        assert_eq!(mp.register(0o2000), 0o663);
        mp.protect();
        assert_eq!(mp.register(0o2001), 0o2001);
    }

    #[test]
    fn a_trap_cell_io_instruction_turns_protection_back_on() {
        let mut mp = MemoryProtect::new();
        mp.protect();
        let was = mp.acknowledge(false);
        assert!(was && !mp.enabled());
        assert!(!mp.trap_done(was, false), "a JSB or HLT leaves it off");
        assert!(!mp.enabled());
        mp.protect();
        let was = mp.acknowledge(false);
        assert!(mp.trap_done(was, true));
        assert!(mp.enabled());
        mp.popio();
        assert!(!mp.enabled() && mp.evr);
    }
}
