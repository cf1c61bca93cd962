//! Seeded choices: the same seed gives the same openings, whatever the order in which matches
//! and shares are played (each match draws from its own stream).

use splitmix::SplitMix64;

/// The stream for one item (a match, a pair of games) under a seed.
pub fn for_item(seed: u64, item: u64) -> SplitMix64 {
    let mut s = SplitMix64::new(seed ^ item.wrapping_mul(0xA24B_AED4_963E_E407));
    s.next_u64();
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_are_repeatable_and_differ_by_item() {
        let a: Vec<usize> = (0..4).map(|_| for_item(7, 1).below(24)).collect();
        assert!(a.iter().all(|&v| v == a[0]));
        let firsts: Vec<usize> = (0..20).map(|i| for_item(7, i).below(24)).collect();
        assert!(firsts.iter().any(|&v| v != firsts[0]));
        assert!(firsts.iter().all(|&v| v < 24));
    }
}
