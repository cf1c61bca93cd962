//! Ties broken by the seed: a small fixed offset per point, so equal points are ordered the
//! same way in every run with the same seed.

use crate::board::POINTS;

/// SplitMix64, a well-known mixing function for seeds.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// An offset 0..8 per point, below any difference the pattern scores make between shapes.
pub fn jitter(seed: u64) -> [i32; POINTS] {
    let mut j = [0; POINTS];
    for (p, v) in j.iter_mut().enumerate() {
        *v = (mix(seed ^ mix(p as u64)) % 8) as i32;
    }
    j
}
