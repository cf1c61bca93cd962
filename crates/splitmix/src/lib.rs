//! SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
//! OOPSLA 2014): the seeded generator of every reproducible choice outside a playout: the
//! L-game's random player and tie-breaks, the dohyo's openings, Gomoku's tie-break offsets and
//! the Quoridor matches' per-game seeds and random openings.
//!
//! One word of state, a fixed output for each seed on every machine, and streams that do not
//! depend on how many threads draw from other streams.
//!
//! Notes:
//!
//! 1. Two reductions to `0..n` are offered because seeded results already published depend on
//!    each: [`SplitMix64::below`] (multiply-shift, the L-game and the dohyo) and
//!    [`SplitMix64::below_unbiased`] (rejection, the Quoridor matches' openings). Changing one
//!    for the other would change those games.

/// The golden-ratio increment of the state.
const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// The SplitMix64 generator.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

/// One output of a generator seeded `z`: a stateless mixing function for deriving seeds.
pub fn mix(z: u64) -> u64 {
    SplitMix64::new(z).next_u64()
}

impl SplitMix64 {
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GAMMA);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`) by multiply-shift: bias below 2^-50 for the small `n` used.
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// A number in `0..n` (`n > 0`) by rejection, so that no number is favoured at all.
    pub fn below_unbiased(&mut self, n: usize) -> usize {
        let n = n as u64;
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next_u64();
            if x < zone {
                return (x % n) as usize;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reference_values() {
        // The first outputs for seed 0, as published with the algorithm.
        let mut g = SplitMix64::new(0);
        assert_eq!(g.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(g.next_u64(), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(mix(0), 0xE220_A839_7B1D_CDAF);
    }

    #[test]
    fn both_reductions_stay_in_range_and_cover_it() {
        for unbiased in [false, true] {
            let mut g = SplitMix64::new(7);
            let mut seen = [0usize; 13];
            for _ in 0..13_000 {
                let k = if unbiased {
                    g.below_unbiased(13)
                } else {
                    g.below(13)
                };
                seen[k] += 1;
            }
            assert!(seen.iter().all(|&n| (800..1200).contains(&n)), "{seen:?}");
        }
    }

    #[test]
    fn the_reductions_differ() {
        // Multiply-shift takes the high bits, rejection the remainder: seeded results differ.
        let a: Vec<usize> = (0..8).map(|s| SplitMix64::new(s).below(10)).collect();
        let b: Vec<usize> = (0..8)
            .map(|s| SplitMix64::new(s).below_unbiased(10))
            .collect();
        assert_ne!(a, b);
    }
}
