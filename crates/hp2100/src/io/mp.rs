//! The 2100A memory protect (select code 5), as far as a program can see it on this machine.
//!
//! Sources: `docs/hp2100a.md` §1.6 (memory protect at select code 5; SIMH treats it as standard
//! on the 2100 and HP's configurator reports it as `MPRT`). `OTA 5` loads the fence; `STC 5`
//! turns protection on and `CLC 5` off; while it is on, a CPU write to an address from 2 up to
//! below the fence is not done: the violation register (read with `LIA 5`) gets the address of
//! the offending instruction and the flag sets, which interrupts through trap cell 5 ahead of
//! every I/O card.
//!
//! Implementation notes:
//!
//! 1. Only write violations are modelled. The real option also traps jumps below the fence,
//!    I/O instructions and halts while protection is on; no program here relies on those.
//! 2. The violation register holds P - 1 at the time of the write (the instruction's own
//!    address, except for DST, where it is the address word).
//! 3. CRS from `CLC 0` does not reach select code 5; PRESET turns protection off, and so does
//!    every interrupt acknowledge, so that a handler entered through a trap cell runs
//!    unprotected.

use super::{flip_flops, Card, FlipFlops};

#[derive(Default)]
pub struct MemoryProtect {
    ff: FlipFlops,
    /// The fence: writes below it are violations while protection is on.
    pub fence: u16,
    /// Address of the last violating instruction.
    pub violation: u16,
}

impl MemoryProtect {
    pub fn new() -> Self {
        Self::default()
    }

    /// Protection on: control set.
    pub fn enabled(&self) -> bool {
        self.ff.control
    }
}

impl Card for MemoryProtect {
    flip_flops!();
    fn ioi(&mut self) -> u16 {
        self.violation
    }
    fn ioo(&mut self, data: u16) {
        self.fence = data & 0x7fff;
    }
}
