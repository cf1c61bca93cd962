//! The 2100A's time: the memory cycle, and the costs outside the opcode table's cycles.
//!
//! One memory cycle of the 2100A takes 980 ns. The cycles of each instruction are a column of
//! the opcode table in `hp2100-isa`, with their sources ([HP-SW], [RECALL], [ASSUMED] as in
//! the project's `docs/hp2100a.md` §2); this module adds what happens outside an instruction's
//! own row. A test reproduces HP's own two loop constants from the table.

use hp2100_isa::Class;

/// Nanoseconds per memory cycle [RECALL + HP-SW: HP's constants are near-exact multiples].
pub const CYCLE_NS: u64 = 980;

/// Cycles of a class's execution, direct addressing, from the opcode table.
pub const fn cycles(class: Class) -> u32 {
    hp2100_isa::class_cycles(class)
}

/// Extra cycles per level of indirect addressing: one more memory read [RECALL].
pub const INDIRECT: u32 = 1;

/// Cycles of an EAU shift by `count` (the table's figure plus count / 5).
pub const fn eau_shift(count: u32) -> u32 {
    hp2100_isa::eau_shift_cycles(Class::Asl, count)
}

/// Cycles of the interrupt acknowledge, added to the trap-cell instruction [ASSUMED].
pub const INTERRUPT_ACK: u32 = 1;

/// Memory cycles a DMA channel steals from the CPU for one word [ASSUMED: one memory cycle
/// per word, 1.02 M words/s on the 2100A; SIMH's `hp2100_dma.c` gives its DMA cards 0.5-1 M
/// words/s across the CPUs].
pub const DMA_CYCLE: u32 = 1;

/// One frame of the 2748 photoreader: 500 frames/s [SIMH `pt.c` realistic timing; HP's
/// reader/punch diagnostic wants at least 498 in its one-second count].
pub const PTR_FRAME_NS: u64 = 2_000_000;

/// One frame of the 2895 punch: 75 frames/s [SIMH `pt.c` realistic timing, 13.3 ms; HP's
/// diagnostic wants at least 74].
pub const PTP_FRAME_NS: u64 = 13_333_333;

/// Codes of the user-microcode space, executed as no-operations.
pub const MAC_NOP: u32 = hp2100_isa::MAC_NOP_CYCLES;

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
