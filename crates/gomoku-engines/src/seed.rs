//! Ties broken by the seed: a small fixed offset per point, so equal points are ordered the
//! same way in every run with the same seed.

use crate::board::POINTS;
use splitmix::mix;

/// An offset 0..8 per point, below any difference the pattern scores make between shapes.
pub fn jitter(seed: u64) -> [i32; POINTS] {
    let mut j = [0; POINTS];
    for (p, v) in j.iter_mut().enumerate() {
        *v = (mix(seed ^ mix(p as u64)) % 8) as i32;
    }
    j
}
