//! The l-type representation (§7): each element of M as a number 0..2295.
//!
//! The pairs (R, B) of red and blue placements are counted as the paper does: red's L from
//! `+fred+` in storage order, then blue's L from `+form+` in index order, skipping 0 and the
//! placements that overlap red's. The blue masks are stored in `+mt+` (82 words) and
//! `+ti+` holds where each red placement's run starts (ti(6) = 82). For a position A,
//! m(A) = j where B(A) = mt(j) and ti(i) ≤ j < ti(i + 1) for R(A) = fred(i). The eight
//! cells left over take the two neutrals in C(8,2) = 28 ways, ranked by the numeric value of
//! N (note 4 of the crate). The l-type is 28·m(A) + that rank.

use crate::board::{bit, Mask, CELLS};
use crate::form::FORM_LEN;
use std::fmt;

/// Number of (R, B) pairs: the length of `+mt+`.
pub const PAIRS: usize = 82;

/// Ways to place the two neutrals on the eight free cells: C(8, 2).
pub const NEUTRAL_PLACINGS: usize = 28;

/// Number of elements of M: 82 × 28.
pub const COUNT: usize = PAIRS * NEUTRAL_PLACINGS;

/// `+mt+` and `+ti+`, built as §7 describes.
pub fn derive_mt(form: &[Mask; FORM_LEN], fred: &[Mask; 6]) -> (Vec<Mask>, [u8; 7]) {
    let mut mt = Vec::with_capacity(PAIRS);
    let mut ti = [0u8; 7];
    for (i, &r) in fred.iter().enumerate() {
        ti[i] = mt.len() as u8;
        mt.extend(form.iter().copied().filter(|&b| b != 0 && b & r == 0));
    }
    ti[6] = mt.len() as u8;
    (mt, ti)
}

/// The rank of the neutral mask `n` among the 28 two-cell subsets of `free` (eight cells),
/// in ascending numeric order of the mask; `None` if `n` is not two cells of `free`.
pub fn neutral_rank(free: Mask, n: Mask) -> Option<u8> {
    if n.count_ones() != 2 || n & !free != 0 || free.count_ones() != 8 {
        return None;
    }
    // Index each free cell by how many free cells have a smaller bit value; a pair (p < q)
    // then ranks C(q, 2) + p, as the higher bit decides the numeric order.
    let low = n & n.wrapping_neg();
    let high = n ^ low;
    let p = (free & (low - 1)).count_ones();
    let q = (free & (high - 1)).count_ones();
    Some((q * (q - 1) / 2 + p) as u8)
}

/// The neutral mask of the given rank (0..28) among the two-cell subsets of `free`.
pub fn neutral_of_rank(free: Mask, rank: u8) -> Option<Mask> {
    if free.count_ones() != 8 || usize::from(rank) >= NEUTRAL_PLACINGS {
        return None;
    }
    let rank = u32::from(rank);
    let mut q = 1;
    while (q + 1) * q / 2 <= rank {
        q += 1;
    }
    let p = rank - q * (q - 1) / 2;
    // Free cells in ascending bit value are the free cells in descending k.
    let ascending: Vec<Mask> = (0..CELLS)
        .rev()
        .map(bit)
        .filter(|&m| free & m != 0)
        .collect();
    Some(ascending[p as usize] | ascending[q as usize])
}

/// An element of M by its l-type number, 0..2295.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct LType(u16);

impl LType {
    /// The l-type `n`, if it is below 2296.
    pub fn new(n: u16) -> Option<LType> {
        (usize::from(n) < COUNT).then_some(LType(n))
    }

    /// All 2296 l-types in order.
    pub fn all() -> impl Iterator<Item = LType> {
        (0..COUNT as u16).map(LType)
    }

    pub(crate) fn from_parts(j: u8, rank: u8) -> LType {
        LType(u16::from(j) * NEUTRAL_PLACINGS as u16 + u16::from(rank))
    }

    pub fn get(self) -> u16 {
        self.0
    }

    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// m(A): the index j of the (R, B) pair in `+mt+`.
    pub fn pair(self) -> u8 {
        (self.0 / NEUTRAL_PLACINGS as u16) as u8
    }

    /// The rank of N among the 28 neutral placings of the pair.
    pub fn neutral_rank(self) -> u8 {
        (self.0 % NEUTRAL_PLACINGS as u16) as u8
    }

    /// The number in octal, as the paper writes l-types (`+bo+`).
    pub fn octal(self) -> String {
        format!("{:o}", self.0)
    }
}

impl fmt::Display for LType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::form::{derive_form, derive_fred};

    #[test]
    fn mt_and_ti_as_section_7_counts_them() {
        let form = derive_form();
        let (mt, ti) = derive_mt(&form, &derive_fred(&form));
        assert_eq!(mt.len(), PAIRS);
        assert_eq!(ti, [0, 24, 42, 52, 58, 71, 82]);
        assert_eq!(COUNT, 2296);
    }

    #[test]
    fn neutral_ranks_are_ascending_numeric() {
        // The pair of the paper's m: R = 07200, B = 0560 leave eight cells free.
        let free: Mask = !(0o7200 | 0o560);
        assert_eq!(free.count_ones(), 8);
        let mut all: Vec<Mask> = (0..NEUTRAL_PLACINGS as u8)
            .map(|r| neutral_of_rank(free, r).unwrap())
            .collect();
        for (r, &n) in all.iter().enumerate() {
            assert_eq!(neutral_rank(free, n), Some(r as u8));
            assert_eq!(n.count_ones(), 2);
            assert_eq!(n & !free, 0);
        }
        let sorted = {
            let mut s = all.clone();
            s.sort_unstable();
            s
        };
        assert_eq!(all, sorted);
        all.dedup();
        assert_eq!(all.len(), NEUTRAL_PLACINGS);
        assert_eq!(neutral_rank(free, 0o7200 & 0o3000), None);
        assert_eq!(neutral_of_rank(free, 28), None);
    }
}
