//! The 2870A drive's timing in 2100A cycles (`super` note 1): the arm's seek time for a
//! distance, and when a sector's first data word comes under the head as the disc turns with
//! the machine's clock from power on.
//!
//! Sources: `docs/hp2100a.md` §7 (the drive's figures and their provenance).

use super::{SECTORS, SECTOR_WORDS};
use crate::timing::cycles_for_ns;

/// One revolution: 1500 rpm (`docs/hp2100a.md` §7).
pub const REVOLUTION_NS: u64 = 40_000_000;
/// One word under the head (§7).
pub const WORD_NS: u64 = 20_000;
/// From a sector's start to its first data word: the rest of the sector after its 128 words.
const PREAMBLE_NS: u64 = REVOLUTION_NS / SECTORS as u64 - SECTOR_WORDS as u64 * WORD_NS;
/// The arm: this long per one or two cylinders moved (§7).
pub const STEP_NS: u64 = 15_000_000;
/// The arm: this long to settle after it moved (§7).
pub const SETTLE_NS: u64 = 25_000_000;
/// The controller taking a parameter word from the data channel, or starting a command
/// (§7: an assumption).
pub const CONTROLLER_NS: u64 = 10_000;

pub(super) fn ns_to_cycle(ns: u64) -> u64 {
    cycles_for_ns(ns)
}

/// The time to move the arm `distance` cylinders (`super` note 1).
pub fn seek_ns(distance: u8) -> u64 {
    if distance == 0 {
        CONTROLLER_NS
    } else {
        u64::from(distance).div_ceil(2) * STEP_NS + SETTLE_NS
    }
}

/// The next time at or after `t_ns` at which sector `s`'s first data word is under the head.
pub fn sector_data_at(t_ns: u64, s: u8) -> u64 {
    let phase = t_ns % REVOLUTION_NS;
    let start = u64::from(s) * REVOLUTION_NS / u64::from(SECTORS) + PREAMBLE_NS;
    let wait = if start >= phase {
        start - phase
    } else {
        start + REVOLUTION_NS - phase
    };
    t_ns + wait
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sector_comes_round_once_a_revolution() {
        let t = sector_data_at(0, 0);
        assert_eq!(t, PREAMBLE_NS);
        assert_eq!(sector_data_at(t, 0), t);
        assert_eq!(sector_data_at(t + 1, 0), t + REVOLUTION_NS);
        assert_eq!(sector_data_at(0, 6), REVOLUTION_NS / 2 + PREAMBLE_NS);
        const { assert!(PREAMBLE_NS > 0 && PREAMBLE_NS < REVOLUTION_NS / 12) };
    }

    #[test]
    fn seeks_take_the_arm_time() {
        assert_eq!(seek_ns(0), CONTROLLER_NS);
        assert_eq!(seek_ns(1), STEP_NS + SETTLE_NS);
        assert_eq!(seek_ns(2), STEP_NS + SETTLE_NS);
        assert_eq!(seek_ns(202), 101 * STEP_NS + SETTLE_NS);
    }
}
