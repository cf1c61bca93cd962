//! The position-independent connectability calculus C, C*, M of the paper's section 2(1),
//! computed once, before play, on the empty plane (cell–cell) and the empty half-plane
//! (cell–edge).
//!
//! Definitions (paper 2(1) i–v; docs/nhex.md §6.1), for points P1, P2 and a carrier D of cells:
//!
//! * i)   C0(P1,P2;∅) iff N(P1,P2).
//! * ii)  Mm(P1,P2;D) = Mm-1 ∪ { Q : D = D1 ⊎ D2 ⊎ {Q}, Cm(P1,Q;D1), Cm(Q,P2;D2) }, kept only
//!   while no Cm(P1,P2;D') holds with D' ⊆ D (choice **C-scope**: the "¬∃D'" of the
//!   paper is read as D' ⊆ D; read as "any D'" it would forbid every semi-connection
//!   between two points that are connectable anywhere, bridges included).
//! * iii) C*m(P1,P2;D) iff Mm(P1,P2;D) ≠ ∅.
//! * iv)  Cm+1(P1,P2;D) iff Cm, or D = D1 ⊎ D2 with C*m on both, or (the term new in the
//!   improved version) D = D1 ∪ D2 ∪ D3 with D1 ∩ D2 ∩ D3 = ∅ and C*m on all three.
//!   The OCR's pairwise "Di ∩ Dj = ∅" contradicts the paper's worked example, so no
//!   pairwise condition is imposed; three sets with a disjoint pair are already covered
//!   by the two-set term and are not generated again.
//!
//! Choice **C-closure**: the rules run to their fixed point ([`Bounds::CLOSURE`], the default),
//! which is finite and reached at level 3; [`Bounds`] can still cut it (levels m ≤
//! `max_level`, carriers of at most `dmax_cell` cells between two cells and `dmax_edge` between
//! a cell and an edge, cells at most `max_row` rows from the edge). Only minimal carriers are
//! kept (a full connection whose carrier contains another one's, or a semi-connection whose
//! carrier contains another one's with the same key, is dropped).
//!
//! Frames: a cell–cell connection is stored with P1 at the origin, as (Q = P2 − P1, D, M);
//! a cell–edge connection in the edge frame (x along the edge, y = row − 1, y = 0 next to the
//! edge) with P1 = (0, row − 1).

use crate::board::DIRS;
use std::collections::BTreeMap;

/// A set of cells of the 16 x 16 offset window (-8..=7)², one bit each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Set(pub [u64; 4]);

/// An offset (a, b) in the window.
pub type Off = (i8, i8);

fn bit(p: Off) -> Option<usize> {
    if (-8..=7).contains(&p.0) && (-8..=7).contains(&p.1) {
        Some((p.0 + 8) as usize * 16 + (p.1 + 8) as usize)
    } else {
        None
    }
}

impl Set {
    pub fn single(p: Off) -> Option<Set> {
        let mut s = Set::default();
        s.insert(p).then_some(s)
    }
    /// Add p; false if p is outside the window.
    pub fn insert(&mut self, p: Off) -> bool {
        match bit(p) {
            Some(i) => {
                self.0[i / 64] |= 1 << (i % 64);
                true
            }
            None => false,
        }
    }
    pub fn contains(&self, p: Off) -> bool {
        bit(p).is_some_and(|i| self.0[i / 64] >> (i % 64) & 1 == 1)
    }
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }
    pub fn union(&self, o: &Set) -> Set {
        Set(std::array::from_fn(|i| self.0[i] | o.0[i]))
    }
    pub fn inter(&self, o: &Set) -> Set {
        Set(std::array::from_fn(|i| self.0[i] & o.0[i]))
    }
    pub fn disjoint(&self, o: &Set) -> bool {
        (0..4).all(|i| self.0[i] & o.0[i] == 0)
    }
    pub fn subset_of(&self, o: &Set) -> bool {
        (0..4).all(|i| self.0[i] & !o.0[i] == 0)
    }
    /// The members in index order (a ascending, then b).
    pub fn cells(&self) -> Vec<Off> {
        let mut v = Vec::new();
        for i in 0..256 {
            if self.0[i / 64] >> (i % 64) & 1 == 1 {
                v.push(((i / 16) as i8 - 8, (i % 16) as i8 - 8));
            }
        }
        v
    }
    /// Every member moved by d; None if one leaves the window.
    pub fn shift(&self, d: Off) -> Option<Set> {
        let mut s = Set::default();
        for p in self.cells() {
            if !s.insert((p.0 + d.0, p.1 + d.1)) {
                return None;
            }
        }
        Some(s)
    }
}

/// Optional bounds of the generated table (choice C-closure: none by default).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    pub max_level: u8,
    pub dmax_cell: usize,
    pub dmax_edge: usize,
    pub max_row: i8,
}

impl Bounds {
    /// No bound short of the 16 x 16 window: the closure runs to its fixed point (definition
    /// v), C = ∨ Cm over every m). It is reached at level 3, with 43 representatives, cell–cell
    /// carriers of at most 5 cells, cell–edge carriers of at most 25 cells, stones on rows up
    /// to 6.
    pub const CLOSURE: Bounds = Bounds {
        max_level: 16,
        dmax_cell: 64,
        dmax_edge: 64,
        max_row: 8,
    };
}

impl Default for Bounds {
    fn default() -> Self {
        Bounds::CLOSURE
    }
}

/// A semi-connection: carrier D and its key set M ⊆ D.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Semi {
    pub d: Set,
    pub m: Set,
}

/// The result of the closure.
#[derive(Clone, Debug, Default)]
pub struct Calculus {
    /// Cell–cell full connections, by Q − P.
    pub full_cc: BTreeMap<Off, Vec<Set>>,
    /// Cell–cell semi-connections, by Q − P.
    pub semi_cc: BTreeMap<Off, Vec<Semi>>,
    /// Cell–edge full connections, by row (1 = next to the edge), edge frame.
    pub full_e: BTreeMap<i8, Vec<Set>>,
    pub semi_e: BTreeMap<i8, Vec<Semi>>,
    /// Full connections that only the three-set term gives (cell–cell, then cell–edge).
    pub three_cc: BTreeMap<Off, Vec<Set>>,
    pub three_e: BTreeMap<i8, Vec<Set>>,
}

/// Keep only minimal sets.
fn add_minimal(list: &mut Vec<Set>, d: Set) -> bool {
    if list.iter().any(|x| x.subset_of(&d)) {
        return false;
    }
    list.retain(|x| !d.subset_of(x));
    list.push(d);
    true
}

/// (carrier, key) semis, minimal per key.
fn add_semi(list: &mut Vec<(Set, Off)>, d: Set, k: Off) -> bool {
    if list.iter().any(|(x, kk)| *kk == k && x.subset_of(&d)) {
        return false;
    }
    list.retain(|(x, kk)| !(*kk == k && d.subset_of(x)));
    list.push((d, k));
    true
}

fn or_rule(semis: &[(Set, Off)], dmax: usize, fulls: &mut Vec<Set>, three: &mut Vec<Set>) {
    let s: Vec<Set> = {
        let mut v: Vec<Set> = semis.iter().map(|x| x.0).collect();
        v.sort();
        v.dedup();
        v
    };
    for i in 0..s.len() {
        for j in i + 1..s.len() {
            if s[i].disjoint(&s[j]) {
                let d = s[i].union(&s[j]);
                if d.len() <= dmax {
                    add_minimal(fulls, d);
                }
            }
        }
    }
    for i in 0..s.len() {
        for j in i + 1..s.len() {
            if s[i].disjoint(&s[j]) {
                continue;
            }
            let dij = s[i].union(&s[j]);
            if dij.len() > dmax {
                continue;
            }
            let iij = s[i].inter(&s[j]);
            for k in j + 1..s.len() {
                if s[k].disjoint(&s[i]) || s[k].disjoint(&s[j]) || !iij.disjoint(&s[k]) {
                    continue;
                }
                let d = dij.union(&s[k]);
                if d.len() <= dmax
                    && !fulls.iter().any(|x| x.subset_of(&d))
                    && add_minimal(three, d)
                {
                    add_minimal(fulls, d);
                }
            }
        }
    }
}

fn in_half_plane(s: &Set) -> bool {
    s.cells().iter().all(|p| p.1 >= 0)
}

impl Calculus {
    /// Run the closure to `b.max_level`.
    pub fn generate(b: Bounds) -> Calculus {
        // Level 0: adjacency; an edge touches row 1 (y = 0).
        let mut full_cc: BTreeMap<Off, Vec<Set>> = BTreeMap::new();
        for d in DIRS {
            full_cc.insert(d, vec![Set::default()]);
        }
        let mut full_e: BTreeMap<i8, Vec<Set>> = BTreeMap::new();
        full_e.insert(1, vec![Set::default()]);
        let mut semi_cc: BTreeMap<Off, Vec<(Set, Off)>> = BTreeMap::new();
        let mut semi_e: BTreeMap<i8, Vec<(Set, Off)>> = BTreeMap::new();
        let mut three_cc: BTreeMap<Off, Vec<Set>> = BTreeMap::new();
        let mut three_e: BTreeMap<i8, Vec<Set>> = BTreeMap::new();
        for _m in 0..=b.max_level {
            // ii) AND rule, cell–cell: P1=0, key z, P2 = z + w.
            let fl: Vec<(Off, Set)> = full_cc
                .iter()
                .flat_map(|(k, v)| v.iter().map(move |d| (*k, *d)))
                .collect();
            for &(z, d1) in &fl {
                for &(w, d2r) in &fl {
                    let q = (z.0 + w.0, z.1 + w.1);
                    if q == (0, 0) || d1.len() + d2r.len() + 1 > b.dmax_cell {
                        continue;
                    }
                    let Some(d2) = d2r.shift(z) else { continue };
                    if !d1.disjoint(&d2) || d2.contains((0, 0)) || d1.contains(q) {
                        continue;
                    }
                    let mut d = d1.union(&d2);
                    if !d.insert(z) || d.contains(q) {
                        continue;
                    }
                    if full_cc
                        .get(&q)
                        .is_some_and(|v| v.iter().any(|x| x.subset_of(&d)))
                    {
                        continue;
                    }
                    add_semi(semi_cc.entry(q).or_default(), d, z);
                }
            }
            // ii) AND rule, cell–edge: P1 = (0, row-1), key Z = P1 + z, then Z to the edge.
            for row in 1..=b.max_row {
                let p = (0i8, row - 1);
                for &(z, d1r) in &fl {
                    let zz = (z.0, z.1 + p.1);
                    if zz.1 < 0 || zz.1 + 1 > b.max_row + 1 {
                        continue;
                    }
                    let Some(d1) = d1r.shift(p) else { continue };
                    if !in_half_plane(&d1) {
                        continue;
                    }
                    let Some(e2) = full_e.get(&(zz.1 + 1)) else {
                        continue;
                    };
                    for d2r in e2.clone() {
                        if d1.len() + d2r.len() + 1 > b.dmax_edge {
                            continue;
                        }
                        let Some(d2) = d2r.shift((zz.0, 0)) else {
                            continue;
                        };
                        if !d1.disjoint(&d2) || d2.contains(p) {
                            continue;
                        }
                        let mut d = d1.union(&d2);
                        if !d.insert(zz) {
                            continue;
                        }
                        if full_e
                            .get(&row)
                            .is_some_and(|v| v.iter().any(|x| x.subset_of(&d)))
                        {
                            continue;
                        }
                        add_semi(semi_e.entry(row).or_default(), d, zz);
                    }
                }
            }
            // iv) OR rule.
            let mut changed = false;
            for (q, s) in &semi_cc {
                let f = full_cc.entry(*q).or_default();
                let before = f.clone();
                or_rule(s, b.dmax_cell, f, three_cc.entry(*q).or_default());
                changed |= *f != before;
            }
            for (r, s) in &semi_e {
                let f = full_e.entry(*r).or_default();
                let before = f.clone();
                or_rule(s, b.dmax_edge, f, three_e.entry(*r).or_default());
                changed |= *f != before;
            }
            if !changed {
                break;
            }
        }
        // Drop semis superseded by a full connection inside their carrier, then gather keys
        // of equal carriers: M(P1,P2;D).
        let gather = |s: &Vec<(Set, Off)>, f: Option<&Vec<Set>>| -> Vec<Semi> {
            let mut by_d: BTreeMap<Set, Set> = BTreeMap::new();
            for (d, k) in s {
                if f.is_some_and(|f| f.iter().any(|x| x.subset_of(d))) {
                    continue;
                }
                by_d.entry(*d).or_default().insert(*k);
            }
            by_d.into_iter().map(|(d, m)| Semi { d, m }).collect()
        };
        fn keep3<K: Ord + Copy>(
            t: BTreeMap<K, Vec<Set>>,
            f: &BTreeMap<K, Vec<Set>>,
        ) -> BTreeMap<K, Vec<Set>> {
            t.into_iter()
                .map(|(k, v)| {
                    let fin = f.get(&k).cloned().unwrap_or_default();
                    (
                        k,
                        v.into_iter()
                            .filter(|d| fin.contains(d))
                            .collect::<Vec<_>>(),
                    )
                })
                .filter(|(_, v)| !v.is_empty())
                .collect()
        }
        Calculus {
            semi_cc: semi_cc
                .iter()
                .map(|(k, v)| (*k, gather(v, full_cc.get(k))))
                .filter(|(_, v)| !v.is_empty())
                .collect(),
            semi_e: semi_e
                .iter()
                .map(|(k, v)| (*k, gather(v, full_e.get(k))))
                .filter(|(_, v)| !v.is_empty())
                .collect(),
            three_cc: keep3(three_cc, &full_cc),
            three_e: keep3(three_e, &full_e),
            full_cc,
            full_e,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(cells: &[Off]) -> Set {
        let mut s = Set::default();
        for &c in cells {
            s.insert(c);
        }
        s
    }

    #[test]
    fn bridge_is_two_semis_and_one_full() {
        let c = Calculus::generate(Bounds::default());
        // (1,2) is a bridge partner of the origin: common neighbours (0,1) and (1,1).
        let f = &c.full_cc[&(1, 2)];
        assert!(f.contains(&set(&[(0, 1), (1, 1)])));
        let s = &c.semi_cc[&(1, 2)];
        assert!(s.contains(&Semi {
            d: set(&[(0, 1)]),
            m: set(&[(0, 1)])
        }));
    }

    #[test]
    fn the_closure_reaches_its_fixed_point() {
        // One more level changes nothing: the default table is the whole closure.
        let a = Calculus::generate(Bounds::CLOSURE);
        let b = Calculus::generate(Bounds {
            max_level: 3,
            ..Bounds::CLOSURE
        });
        let c = Calculus::generate(Bounds {
            max_level: 2,
            ..Bounds::CLOSURE
        });
        assert_eq!(a.full_e, b.full_e);
        assert_eq!(a.full_cc, b.full_cc);
        assert_eq!(a.semi_e, b.semi_e);
        assert_ne!(a.semi_e, c.semi_e, "level 2 is not yet the closure");
    }

    #[test]
    fn edge_templates() {
        let c = Calculus::generate(Bounds::default());
        // Row 2: the two cells below.
        assert!(c.full_e[&2].contains(&set(&[(-1, 0), (0, 0)])));
        // Row 3: the ziggurat, 8 cells.
        let zig = set(&[
            (1, 2),
            (-1, 1),
            (0, 1),
            (1, 1),
            (-2, 0),
            (-1, 0),
            (0, 0),
            (1, 0),
        ]);
        assert!(
            c.full_e[&3].contains(&zig),
            "{:?}",
            c.full_e[&3].iter().map(|s| s.cells()).collect::<Vec<_>>()
        );
    }
}
