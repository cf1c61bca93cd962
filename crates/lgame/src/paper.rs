//! The figures as printed in the paper (M. Sato, "Lゲームの計算機による分類", TOSBAC-3300),
//! kept only to compare the derived ones against. Nothing is computed from them.

use crate::board::Mask;

/// `+form+` as printed in the appendix (§11): 12 rows of 8 octal words.
pub const FORM: [Mask; 96] = [
    0o164000, 0o161000, 0o107000, 0, 0o144200, 0o142100, 0o104300, 0, //
    0o72000, 0o70400, 0o43400, 0, 0o62100, 0o61040, 0o42140, 0o42300, //
    0, 0, 0, 0o27000, 0o31040, 0o30420, 0o21060, 0o21140, //
    0, 0, 0, 0o13400, 0, 0, 0, 0o10460, //
    0o7200, 0o7040, 0o4340, 0, 0o6210, 0o6104, 0o4214, 0, //
    0o3500, 0o3420, 0o2160, 0, 0o3104, 0o3042, 0o2106, 0o2114, //
    0, 0, 0, 0o1340, 0o1442, 0o1421, 0o1043, 0o1046, //
    0, 0, 0, 0o560, 0, 0, 0, 0o423, //
    0o350, 0o342, 0o216, 0, 0, 0, 0, 0, //
    0o164, 0o161, 0o107, 0, 0, 0, 0, 0, //
    0, 0, 0, 0o56, 0, 0, 0, 0, //
    0, 0, 0, 0o27, 0, 0, 0, 0, //
];

/// `+fred+` as printed in §7 and §11.
pub const FRED: [Mask; 6] = [0o164000, 0o72000, 0o7200, 0o3500, 0o350, 0o164];

/// `+ti+` as printed in §7 (`fix. 0,24,42,52,58,71,82`).
pub const TI: [u8; 7] = [0, 24, 42, 52, 58, 71, 82];

/// `+bo+` as printed in §11, octal l-types of B_0, with the misprint 3402 for 3404 (note 5 of
/// the crate).
pub const BO: [u16; 15] = [
    0o110, 0o111, 0o144, 0o145, 0o240, 0o274, 0o302, 0o421, 0o422, 0o425, 0o454, 0o766, 0o1443,
    0o3402, 0o3530,
];

/// The table of §9: |B̄_i| for i = 0..4.
pub const B_BAR: [usize; 5] = [15, 3, 3, 5, 3];

/// The table of §9: |F̄_i| for i = 0..4.
pub const F_BAR: [usize; 5] = [768, 27, 81, 11, 119];

/// The totals of §9: B, F, U.
pub const TOTALS: (usize, usize, usize) = (29, 1006, 1261);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classify::{classify, Outcome};
    use crate::ltype::LType;
    use crate::position::Position;
    use crate::tables::tables;

    #[test]
    fn derived_tables_are_the_printed_ones() {
        let t = tables();
        assert_eq!(t.form, FORM, "+form+");
        assert_eq!(t.fred, FRED, "+fred+");
        assert_eq!(t.ti, TI, "+ti+");
    }

    #[test]
    fn the_table_of_section_9() {
        let c = classify().counts();
        assert_eq!(c.b_bar, B_BAR);
        assert_eq!(c.f_bar, F_BAR);
        assert_eq!((c.b, c.f, c.u), TOTALS);
    }

    #[test]
    fn bo_with_its_misprint() {
        let c = classify();
        let b0: Vec<u16> = c.b0().iter().map(|l| l.get()).collect();
        let differ: Vec<(u16, u16)> = BO
            .iter()
            .zip(&b0)
            .filter(|(p, q)| p != q)
            .map(|(&p, &q)| (p, q))
            .collect();
        assert_eq!(b0.len(), BO.len());
        assert_eq!(differ, vec![(0o3402, 0o3404)]);
        // As printed, 03402 cannot be final: red has three L moves there.
        let printed = LType::new(0o3402).unwrap();
        assert_eq!(printed.position().l_moves().count(), 3);
        assert_eq!(printed.board().rows(), "oobo/bbbo/rrro/rnno");
        assert_eq!(c.outcome(printed), Outcome::U);
        let computed = LType::new(0o3404).unwrap();
        assert!(!computed.position().has_move());
        assert_eq!(computed.board().rows(), "oobo/bbbo/rrrn/rono");
    }

    #[test]
    fn descending_neutral_order_matches_no_printed_bo_entry() {
        // Note 4 of the crate: rank N in descending order instead and B_0 shares nothing
        // with +bo+.
        let descending: Vec<u16> = classify()
            .b0()
            .iter()
            .map(|l| 28 * u16::from(l.pair()) + 27 - u16::from(l.neutral_rank()))
            .collect();
        assert!(descending.iter().all(|v| !BO.contains(v)), "{descending:?}");
    }

    #[test]
    fn the_start_position_is_in_u() {
        // §9: "the start position belongs to U".
        assert_eq!(classify().of_position(&Position::start()), Outcome::U);
    }
}
