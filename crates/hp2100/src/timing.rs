//! The 2100A timing table: machine cycles per instruction class, in one place.
//!
//! One memory cycle of the 2100A takes 980 ns. No per-instruction timing table of the 2100A
//! (the appendix of 02100-90001) could be found, so the figures below come from three kinds of
//! source, tagged as in the project's `docs/hp2100a.md` §2:
//!
//! * [HP-SW] derived from constants in HP's own software. The diagnostic configurator
//!   (24296-60001) times 1 ms with 252 passes of `INB,SZB` / `JMP *-1` on a 2100, and HP's TV
//!   interface diagnostic (91200-18003) times 44 ms with 8975 passes of `ISZ` / `JMP *-1`.
//!   The only plausible integer solution is ASG = 2, JMP = 2, ISZ = 3 cycles.
//! * [RECALL] remembered figures, unverified (MPY, DIV, DLD, DST).
//! * [ASSUMED] chosen for consistency where nothing is known (SRG, IOG, EAU shifts, interrupt
//!   acknowledge).
//!
//! Every entry is a constant here; a test reproduces HP's own two constants from the table.

use hp2100_isa::Class;

/// Nanoseconds per memory cycle [RECALL + HP-SW: HP's constants are near-exact multiples].
pub const CYCLE_NS: u64 = 980;

/// Cycles of the instruction's execution, direct addressing, for each class.
#[rustfmt::skip]
pub const fn cycles(class: Class) -> u32 {
    match class {
        Class::And | Class::Xor | Class::Ior | Class::Add | Class::Cpx | Class::Ldx => 2, // [RECALL] fetch + operand
        Class::Stx | Class::Jsb => 2,   // [RECALL]
        Class::Jmp => 2,                // [HP-SW]
        Class::Isz => 3,                // [HP-SW] read, increment, write back
        Class::Asg => 2,                // [HP-SW]
        Class::Srg => 2,                // [ASSUMED] same as ASG
        Class::Io => 2,                 // [ASSUMED]
        Class::Mpy => 11,               // [RECALL]
        Class::Div => 17,               // [RECALL]
        Class::Dld | Class::Dst => 6,   // [RECALL]
        Class::EauShift => 2,           // [ASSUMED] plus EAU_SHIFT_PER_5
    }
}

/// Extra cycles per level of indirect addressing: one more memory read [RECALL].
pub const INDIRECT: u32 = 1;

/// EAU shifts take [`cycles`]`(EauShift)` + count / 5 cycles, so 2-5 cycles (about 2-5 µs)
/// for counts 1-16 [ASSUMED: the facts give only "about 2-5 µs"].
pub const fn eau_shift(count: u32) -> u32 {
    cycles(Class::EauShift) + count / 5
}

/// Cycles of the interrupt acknowledge, added to the trap-cell instruction [ASSUMED].
pub const INTERRUPT_ACK: u32 = 1;

/// Codes of the user-microcode space, executed as no-operations [ASSUMED: as a register
/// reference instruction].
pub const MAC_NOP: u32 = 2;

/// Convert a duration to whole cycles (rounded up: a device is never early).
pub const fn cycles_for_ns(ns: u64) -> u64 {
    ns.div_ceil(CYCLE_NS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hp_constants_reproduce() {
        // Configurator: 252 x (INB,SZB + JMP *-1) = 1 ms, within its ~6 µs of overhead.
        let one_ms = 252 * u64::from(cycles(Class::Asg) + cycles(Class::Jmp)) * CYCLE_NS;
        assert!((985_000..=1_000_000).contains(&one_ms), "{one_ms}");
        // TV diagnostic: 8975 x (ISZ + JMP *-1) = 44 ms.
        let t = 8975 * u64::from(cycles(Class::Isz) + cycles(Class::Jmp)) * CYCLE_NS;
        assert!((43_800_000..=44_200_000).contains(&t), "{t}");
    }
}
