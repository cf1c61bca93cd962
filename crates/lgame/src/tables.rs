//! All tables, derived once from the definitions: the paper's `+form+`, `+fred+`, `+mt+`,
//! `+ti+`, and the lookup tables the native program adds (placements by index, the action of
//! D_4 on placements, the (R, B) pair index).

use crate::board::{bit, Mask, CELLS};
use crate::form::{derive_form, derive_fred, FORM_LEN, ORIENTATIONS};
use crate::ltype::{derive_mt, PAIRS};
use crate::symmetry::D4;
use std::sync::OnceLock;

/// Number of L placements on the board: 8 orientations × 6 translations.
pub const PLACEMENTS: usize = 48;

/// "No pair" in [`Tables::pair`].
const NO_PAIR: u8 = u8::MAX;

/// One of the 48 placements of an L, numbered in `+form+` order (by p = 8·l + O).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Placement(u8);

impl Placement {
    /// All 48 placements.
    pub fn all() -> impl Iterator<Item = Placement> {
        (0..PLACEMENTS as u8).map(Placement)
    }

    /// The placement with index 0..48.
    pub fn new(index: u8) -> Option<Placement> {
        (usize::from(index) < PLACEMENTS).then_some(Placement(index))
    }

    /// The placement covering exactly the cells of `mask`, if they form an L.
    pub fn from_mask(mask: Mask) -> Option<Placement> {
        tables().placement_of(mask)
    }

    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    pub fn mask(self) -> Mask {
        tables().place_mask[self.index()]
    }

    /// p(B) = 8·l(B) + O(B), its index in `+form+`.
    pub fn form_index(self) -> usize {
        usize::from(tables().place_form[self.index()])
    }

    /// O(B): which P_i it is a translate of.
    pub fn orientation(self) -> usize {
        self.form_index() % 8
    }

    /// l(B): its first cell.
    pub fn first_cell(self) -> usize {
        self.form_index() / 8
    }

    /// Its image under a board symmetry.
    pub fn map(self, g: D4) -> Placement {
        Placement(tables().sym_place[g.index()][self.index()])
    }
}

/// The derived tables. Obtain them with [`tables`].
#[derive(Debug)]
pub struct Tables {
    /// `+form+` (96 words).
    pub form: [Mask; FORM_LEN],
    /// `+fred+` (6 words).
    pub fred: [Mask; 6],
    /// `+mt+` (82 words).
    pub mt: Vec<Mask>,
    /// `+ti+` (7 words).
    pub ti: [u8; 7],
    pub(crate) place_mask: [Mask; PLACEMENTS],
    place_form: [u8; PLACEMENTS],
    /// (mask, placement) sorted by mask.
    by_mask: Vec<(Mask, u8)>,
    pub(crate) sym_place: [[u8; PLACEMENTS]; 8],
    /// The image of cell k under each board symmetry.
    sym_cell: [[u8; CELLS]; 8],
    /// The board symmetry that takes a placement of orientation o to orientation P_0.
    pub(crate) to_p0: [D4; ORIENTATIONS],
    /// m(A) for (red placement, blue placement), red of orientation P_0.
    pair: [[u8; PLACEMENTS]; PLACEMENTS],
    /// The (red, blue) placements of pair j.
    pub(crate) pair_place: Vec<(Placement, Placement)>,
}

/// The tables, derived on first use.
pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(Tables::derive)
}

impl Tables {
    fn derive() -> Tables {
        let form = derive_form();
        let fred = derive_fred(&form);
        let (mt, ti) = derive_mt(&form, &fred);

        let mut place_mask = [0; PLACEMENTS];
        let mut place_form = [0; PLACEMENTS];
        for (i, (p, &m)) in form.iter().enumerate().filter(|(_, &m)| m != 0).enumerate() {
            place_mask[i] = m;
            place_form[i] = p as u8;
        }
        let mut by_mask: Vec<(Mask, u8)> = place_mask
            .iter()
            .enumerate()
            .map(|(i, &m)| (m, i as u8))
            .collect();
        by_mask.sort_unstable();
        let lookup = |m: Mask| -> u8 {
            let i = by_mask
                .binary_search_by_key(&m, |&(k, _)| k)
                .expect("the image of an L placement is an L placement");
            by_mask[i].1
        };

        let mut sym_place = [[0; PLACEMENTS]; 8];
        for g in D4::all() {
            for (i, &m) in place_mask.iter().enumerate() {
                sym_place[g.index()][i] = lookup(g.mask(m));
            }
        }
        let sym_cell = std::array::from_fn(|g| {
            let g = D4::new(g as u8).unwrap_or(D4::IDENTITY);
            std::array::from_fn(|k| g.cell(k) as u8)
        });
        let orientation = |i: usize| usize::from(place_form[i]) % 8;
        let mut to_p0 = [D4::IDENTITY; ORIENTATIONS];
        for (o, slot) in to_p0.iter_mut().enumerate() {
            let i = (0..PLACEMENTS)
                .find(|&i| orientation(i) == o)
                .expect("every orientation has a placement");
            let found: Vec<D4> = D4::all()
                .filter(|g| orientation(usize::from(sym_place[g.index()][i])) == 0)
                .collect();
            assert_eq!(
                found.len(),
                1,
                "D_4 acts simply transitively on orientations"
            );
            *slot = found[0];
        }

        let mut pair = [[NO_PAIR; PLACEMENTS]; PLACEMENTS];
        let mut pair_place = Vec::with_capacity(PAIRS);
        for (i, &r) in fred.iter().enumerate() {
            for j in ti[i]..ti[i + 1] {
                let (rp, bp) = (lookup(r), lookup(mt[usize::from(j)]));
                pair[usize::from(rp)][usize::from(bp)] = j;
                pair_place.push((Placement(rp), Placement(bp)));
            }
        }

        Tables {
            form,
            fred,
            mt,
            ti,
            place_mask,
            place_form,
            by_mask,
            sym_place,
            sym_cell,
            to_p0,
            pair,
            pair_place,
        }
    }

    fn placement_of(&self, mask: Mask) -> Option<Placement> {
        self.by_mask
            .binary_search_by_key(&mask, |&(k, _)| k)
            .ok()
            .map(|i| Placement(self.by_mask[i].1))
    }

    /// The image of a set of cells under a board symmetry (fast for the two neutrals).
    pub(crate) fn map_cells(&self, g: D4, mut m: Mask) -> Mask {
        let map = &self.sym_cell[g.index()];
        let mut out = 0;
        while m != 0 {
            let low = m.trailing_zeros() as usize;
            m &= m - 1;
            out |= bit(usize::from(map[15 - low]));
        }
        out
    }

    /// m(A) for red at `r` (orientation P_0) and blue at `b`, if they do not overlap.
    pub(crate) fn pair(&self, r: Placement, b: Placement) -> Option<u8> {
        let j = self.pair[r.index()][b.index()];
        (j != NO_PAIR).then_some(j)
    }

    /// R = fred(i) for the pair j: the i with ti(i) ≤ j < ti(i + 1).
    pub fn red_of_pair(&self, j: usize) -> Option<usize> {
        (0..6).find(|&i| usize::from(self.ti[i]) <= j && j < usize::from(self.ti[i + 1]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placements_round_trip() {
        for p in Placement::all() {
            assert_eq!(Placement::from_mask(p.mask()), Some(p));
            assert_eq!(tables().form[p.form_index()], p.mask());
            assert_eq!(p.mask().count_ones(), 4);
            for g in D4::all() {
                assert_eq!(p.map(g).map(g.inverse()), p);
                assert_eq!(p.map(g).mask(), g.mask(p.mask()));
            }
        }
        assert_eq!(Placement::from_mask(0o170000), None);
        for g in D4::all() {
            for m in [0u16, 0o100001, 0o10010, 0o177777, 0o52525] {
                assert_eq!(tables().map_cells(g, m), g.mask(m));
            }
        }
    }

    #[test]
    fn pairs_are_the_non_overlapping_ones() {
        let t = tables();
        let mut n = 0;
        for r in Placement::all().filter(|p| p.orientation() == 0) {
            for b in Placement::all() {
                let overlap = r.mask() & b.mask() != 0;
                assert_eq!(t.pair(r, b).is_none(), overlap);
                n += usize::from(!overlap);
            }
        }
        assert_eq!(n, PAIRS);
        for (j, &(r, b)) in t.pair_place.iter().enumerate() {
            assert_eq!(t.pair(r, b), Some(j as u8));
            assert_eq!(t.fred[t.red_of_pair(j).unwrap()], r.mask());
        }
    }
}
