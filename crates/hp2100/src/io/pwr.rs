//! The 2100A's power fail / auto restart logic (select code 4, standard on the 2100).
//!
//! Sources: the shared notes `hp2100-diagnostics.md` §4.6 (SIMH `hp2100_cpu.c`, and HP's
//! power-fail diagnostic 24321-16001 as disassembled there) and `docs/hp2100a.md` §1.5
//! (`LIA 4` reads the central interrupt register). When the supply's warning comes, the CPU
//! interrupts through trap cell 4 whether or not the interrupt system is on; the program has
//! the supply's hold-up time to save its state before the power is gone. When power returns
//! (auto restart), the CPU comes up as at power on, core kept, and interrupts through trap
//! cell 4 again. `SFC 4` skips while power is failing, so one handler tells the two apart;
//! the power-fail interrupt holds off every other interrupt (it denies priority to the
//! cards) until the program gives `STC 4` or `CLC 4`.
//!
//! Implementation notes:
//!
//! 1. The hold-up time, from the warning to the loss of power, is [`HOLD_UP_NS`] (500 µs).
//!    The manuals at hand do not give it; HP's diagnostic wants its shutdown loop (45 passes
//!    of 5 instructions on a 2100, about 470 µs with the entry) done before power goes, and
//!    reports `E3 SHUTDOWN ROUTINE DID NOT COMPLETE` otherwise.
//! 2. SFS 4 skips while power is stable (the opposite of SFC 4).
//! 3. Auto restart is always on: the 2100A's restart switch is not modelled.


/// The supply's hold-up time after the power-fail warning (note 1).
pub const HOLD_UP_NS: u64 = 500_000;

/// Select code of the power-fail interrupt.
pub const SC_PWR: u8 = 4;

/// The state of the power-fail logic.
#[derive(Clone, Copy, Debug, Default)]
pub struct PowerFail {
    /// The supply has warned and power has not come back yet.
    pub failing: bool,
    /// The power-fail interrupt is pending.
    pub(crate) request: bool,
    /// A power-fail interrupt was acknowledged: no other card interrupts until STC 4 or CLC 4.
    pub(crate) holdoff: bool,
    /// Power is off: the machine does not run.
    pub off: bool,
}
