//! Seed streams: every item of a run draws its random choices from streams that depend on the
//! run's seed and the item's own number alone, so the same seed gives the same items on any
//! machine, in any share, on any number of threads, and in a resumed run.
//!
//! Both streams are SplitMix64 (crate `splitmix`), the item number spread over the seed's bits
//! by one odd constant, [`SPREAD`], defined here once.
//!
//! Notes:
//! 1. Two derivations exist because results already published depend on each: [`stream`]
//!    (the Gomoku tournaments' openings, one stream a pair of games) and [`game_seed`] (the
//!    Quoridor games, one seed for each of a game's streams). Changing either would change
//!    those games; the tests pin their values.

use splitmix::{mix, SplitMix64};

/// The odd constant that spreads an item or stream number over the bits of a seed (an output
/// of SplitMix64's own mixing, so that neighbouring numbers land far apart).
pub const SPREAD: u64 = 0xA24B_AED4_963E_E407;

/// The seed `seed` moved to item `item`: `seed` XOR `item` · [`SPREAD`].
pub fn spread(seed: u64, item: u64) -> u64 {
    seed ^ item.wrapping_mul(SPREAD)
}

/// The stream of item `item` of a run seeded `seed` (its first output skipped, so that
/// item 0 does not start at the run's seed's own first output).
pub fn stream(seed: u64, item: u64) -> SplitMix64 {
    let mut s = SplitMix64::new(spread(seed, item));
    s.next_u64();
    s
}

/// The seed of stream `which` (a game's opening, its first player, ...) of game `game` of a
/// run seeded `seed`.
pub fn game_seed(seed: u64, game: u64, which: u64) -> u64 {
    let base = mix(seed ^ mix(game));
    mix(spread(base, which))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn published_values_stay() {
        // Note 1: the values the tournaments' openings and the Quoridor games were drawn with.
        assert_eq!(stream(1993, 1 << 8).next_u64(), 0x4A9C_F1AE_0D4E_7E4A);
        assert_eq!(stream(42, 0).next_u64(), 0x28EF_E333_B266_F103);
        assert_eq!(game_seed(1, 0, 2), 0xAE32_CD0C_512A_D7F4);
        assert_eq!(game_seed(7, 123, 1), 0x473E_DAC8_560F_9270);
    }

    #[test]
    fn streams_are_repeatable_and_differ_by_item() {
        let a: Vec<usize> = (0..4).map(|_| stream(7, 1).below(24)).collect();
        assert!(a.iter().all(|&v| v == a[0]));
        let firsts: Vec<usize> = (0..20).map(|i| stream(7, i).below(24)).collect();
        assert!(firsts.iter().any(|&v| v != firsts[0]));
        let s = game_seed(1, 0, 2);
        assert_ne!(s, game_seed(1, 0, 3));
        assert_ne!(s, game_seed(1, 1, 2));
        assert_ne!(s, game_seed(2, 0, 2));
    }
}
