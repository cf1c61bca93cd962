//! The T3300-R timing model: every figure outside the opcode table's cycle column, with its
//! provenance (spec §4.5; all [R] except the typewriter rate, which is the ASR-33's 10
//! characters per second, spec §2.6).
//!
//! | Item | Value | Why |
//! |---|---|---|
//! | Memory cycle T_c | 2.0 µs, configurable | Between the SDS 925/930 (1.75 µs) and GE/PAC 4050 (3.4 µs); spec §4.5 |
//! | Instruction | the table's cycles (fetch + operand) | one cycle per memory access, spec §4.4 |
//! | Indirect level | +1 cycle | one more memory read |
//! | Indexing | +0 | as on the SDS 925: "indexing requires no additional time" |
//! | Shift of s places | +⌈s/8⌉ cycles | spec §4.4 |
//! | Skipped word | +0 | not fetched |
//! | Typewriter character | 100 ms (10 char/s) | ASR-33 rate, spec §2.6 |
//! | Tape reader frame | 5 ms (200 frames/s) | spec §4.5 |
//! | Tape punch frame | 16.667 ms (60 frames/s) | spec §4.5 |

/// Nanoseconds of machine time.
pub type Nanos = u64;

/// Default memory cycle: 2.0 µs.
pub const DEFAULT_CYCLE_NS: Nanos = 2_000;

/// Cycles added per level of indirection.
pub const INDIRECT_CYCLES: u64 = 1;

/// Indirect levels followed before the machine stops with an indirect loop (spec §4.3).
pub const MAX_INDIRECT: u32 = 64;

/// Extra cycles for a shift of `s` places (the base cycle is in the table).
#[inline(always)]
pub const fn shift_cycles(s: u32) -> u64 {
    s.div_ceil(8) as u64
}

/// One typewriter character (either direction): 100 ms.
pub const TYPEWRITER_CHAR_NS: Nanos = 100_000_000;

/// One paper-tape reader frame: 5 ms.
pub const READER_FRAME_NS: Nanos = 5_000_000;

/// One paper-tape punch frame: 1/60 s.
pub const PUNCH_FRAME_NS: Nanos = 16_666_667;

/// Whole cycles covering `ns` of device time (rounded up: the CPU resumes on a cycle edge).
#[inline]
pub const fn cycles_for(ns: Nanos, cycle_ns: Nanos) -> u64 {
    ns.div_ceil(cycle_ns)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn device_waits_at_two_microseconds() {
        assert_eq!(cycles_for(TYPEWRITER_CHAR_NS, DEFAULT_CYCLE_NS), 50_000);
        assert_eq!(cycles_for(READER_FRAME_NS, DEFAULT_CYCLE_NS), 2_500);
        assert_eq!(cycles_for(PUNCH_FRAME_NS, DEFAULT_CYCLE_NS), 8_334);
        assert_eq!(cycles_for(TYPEWRITER_CHAR_NS, 1_750), 57_143);
        assert_eq!(shift_cycles(0), 0);
        assert_eq!(shift_cycles(1), 1);
        assert_eq!(shift_cycles(8), 1);
        assert_eq!(shift_cycles(9), 2);
        assert_eq!(shift_cycles(63), 8);
    }
}
