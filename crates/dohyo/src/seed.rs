//! Seeded choices: the same seed gives the same openings, whatever the order in which matches
//! and shares are played (each match draws from its own stream).

/// SplitMix64: small, fast, and good enough to pick openings.
#[derive(Clone, Debug)]
pub struct SplitMix(u64);

impl SplitMix {
    pub fn new(seed: u64) -> SplitMix {
        SplitMix(seed)
    }

    /// The stream for one item (a match, a pair of games) under a seed.
    pub fn for_item(seed: u64, item: u64) -> SplitMix {
        let mut s = SplitMix(seed ^ item.wrapping_mul(0xA24B_AED4_963E_E407));
        s.next_u64();
        s
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (n > 0), without modulo bias worth speaking of for small n.
    pub fn below(&mut self, n: u64) -> u64 {
        ((self.next_u64() as u128 * n as u128) >> 64) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_are_repeatable_and_differ_by_item() {
        let a: Vec<u64> = (0..4).map(|_| SplitMix::for_item(7, 1).below(24)).collect();
        assert!(a.iter().all(|&v| v == a[0]));
        let firsts: Vec<u64> = (0..20)
            .map(|i| SplitMix::for_item(7, i).below(24))
            .collect();
        assert!(firsts.iter().any(|&v| v != firsts[0]));
        assert!(firsts.iter().all(|&v| v < 24));
    }
}
