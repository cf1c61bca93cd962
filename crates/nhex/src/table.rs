//! The pattern table (paper 2(1), last paragraph): the tuples (P, Q, D, D' = M(P,Q;D) ≠ ∅) of
//! [`crate::calculus`], one representative per class of patterns congruent under translation
//! and rotation, plus the full connections C(P,Q;D) that only the three-set term gives ("the
//! others follow at once from the C* table").
//!
//! * Cell–cell patterns: P at the origin, Q = `delta`; the class is the 6 rotations by 60°
//!   ([`crate::board::rot`]) times the 2 choices of which end is P. The representative is the
//!   form whose encoding (delta, then D, then M, offsets in order) is smallest.
//! * Cell–edge patterns: in the frame of edge ⊤ (x along the edge relative to P, y = row − 1);
//!   the other edges are reached by rotation: ⊥ by 180°, ⊢ by −60°, ⊣ by 120° (see
//!   [`edge_to_board`]). Mirror images are different classes: only rotations are used.
//!
//! The engine applies each representative in all its rotations anchored at every stone; a
//! symmetric pattern is then found more than once, and the block-level table merges equal
//! (A, B, D), so the count does not matter.

use crate::board::{rot, Board, Cell, Edge};
use crate::calculus::{Bounds, Calculus, Off};
use std::sync::OnceLock;

/// A semi-connection (C*, with key set M) or a full connection from the three-set term.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    Semi,
    Full,
}

/// The second end of a pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Ends {
    /// Q = P + delta.
    Cells(Off),
    /// An edge; P is on this row (1 = next to it).
    Edge(i8),
}

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pattern {
    pub kind: Kind,
    pub ends: Ends,
    /// Carrier D, offsets from P (cells) or in the edge frame (edges); sorted.
    pub d: Vec<Off>,
    /// Keys M ⊆ D (empty for a full connection); sorted.
    pub m: Vec<Off>,
}

fn sorted(mut v: Vec<Off>) -> Vec<Off> {
    v.sort();
    v
}

impl Pattern {
    /// The cell–cell pattern turned by k·60° and, if `swap`, anchored at its other end.
    pub fn transform(&self, k: usize, swap: bool) -> Pattern {
        let Ends::Cells(q) = self.ends else {
            return self.clone();
        };
        let sh = |p: Off| if swap { (p.0 - q.0, p.1 - q.1) } else { p };
        let q2 = if swap { (-q.0, -q.1) } else { q };
        Pattern {
            kind: self.kind,
            ends: Ends::Cells(rot(q2, k)),
            d: sorted(self.d.iter().map(|&p| rot(sh(p), k)).collect()),
            m: sorted(self.m.iter().map(|&p| rot(sh(p), k)).collect()),
        }
    }
    /// The representative of this pattern's class.
    pub fn canonical(&self) -> Pattern {
        match self.ends {
            Ends::Edge(_) => self.clone(),
            Ends::Cells(_) => (0..6)
                .flat_map(|k| [self.transform(k, false), self.transform(k, true)])
                .min()
                .expect("six rotations"),
        }
    }
    /// The key cells first, then the rest of the carrier (the order of the assembly table).
    pub fn cells_keys_first(&self) -> Vec<Off> {
        let mut v = self.m.clone();
        v.extend(self.d.iter().filter(|p| !self.m.contains(p)));
        v
    }
}

/// The pattern table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    pub bounds: Bounds,
    /// Representatives: cell–cell semis, cell–cell fulls, edge semis, edge fulls; each group
    /// sorted.
    pub patterns: Vec<Pattern>,
}

impl Table {
    pub fn build(bounds: Bounds) -> Table {
        let c = Calculus::generate(bounds);
        Self::from_calculus(bounds, &c)
    }

    pub fn from_calculus(bounds: Bounds, c: &Calculus) -> Table {
        let mut cc_semi = Vec::new();
        let mut cc_full = Vec::new();
        let mut e_semi = Vec::new();
        let mut e_full = Vec::new();
        for (q, v) in &c.semi_cc {
            for s in v {
                cc_semi.push(
                    Pattern {
                        kind: Kind::Semi,
                        ends: Ends::Cells(*q),
                        d: s.d.cells(),
                        m: s.m.cells(),
                    }
                    .canonical(),
                );
            }
        }
        for (q, v) in &c.three_cc {
            for d in v {
                cc_full.push(
                    Pattern {
                        kind: Kind::Full,
                        ends: Ends::Cells(*q),
                        d: d.cells(),
                        m: vec![],
                    }
                    .canonical(),
                );
            }
        }
        for (r, v) in &c.semi_e {
            for s in v {
                e_semi.push(Pattern {
                    kind: Kind::Semi,
                    ends: Ends::Edge(*r),
                    d: s.d.cells(),
                    m: s.m.cells(),
                });
            }
        }
        for (r, v) in &c.three_e {
            for d in v {
                e_full.push(Pattern {
                    kind: Kind::Full,
                    ends: Ends::Edge(*r),
                    d: d.cells(),
                    m: vec![],
                });
            }
        }
        let mut patterns = Vec::new();
        for mut g in [cc_semi, cc_full, e_semi, e_full] {
            g.sort();
            g.dedup();
            patterns.extend(g);
        }
        Table { bounds, patterns }
    }

    /// The table of the default bounds, built once.
    pub fn standard() -> &'static Table {
        static T: OnceLock<Table> = OnceLock::new();
        T.get_or_init(|| Table::build(Bounds::default()))
    }

    /// Every placement the engine uses: each cell–cell representative in its 6 rotations.
    pub fn placements(&self) -> Vec<Placement> {
        let mut out = Vec::new();
        for p in &self.patterns {
            match p.ends {
                Ends::Cells(_) => {
                    for k in 0..6 {
                        out.push(Placement::of(&p.transform(k, false)));
                    }
                }
                Ends::Edge(_) => out.push(Placement::of(p)),
            }
        }
        out
    }
}

/// One pattern in one orientation, ready to lay on the board: the carrier with its keys first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    pub kind: Kind,
    pub ends: Ends,
    /// Keys first, then the rest of D.
    pub cells: Vec<Off>,
    pub keys: usize,
}

impl Placement {
    fn of(p: &Pattern) -> Placement {
        Placement {
            kind: p.kind,
            ends: p.ends,
            cells: p.cells_keys_first(),
            keys: p.m.len(),
        }
    }
}

/// The rotation that carries the ⊤ frame onto an edge: ⊤ 0, ⊥ 3 (180°), ⊢ 5 (−60°), ⊣ 2 (120°).
pub fn edge_turn(e: Edge) -> usize {
    match e {
        Edge::Top => 0,
        Edge::Bottom => 3,
        Edge::Left => 5,
        Edge::Right => 2,
    }
}

/// The board cell of edge-frame cell `f` for a pattern anchored at P on `row` of edge `e`.
pub fn edge_to_board(b: &Board, e: Edge, p: Cell, row: i8, f: Off) -> Option<Cell> {
    let d = rot((f.0, f.1 - (row - 1)), edge_turn(e));
    b.cell(p.u() as i32 + d.0 as i32, p.v() as i32 + d.1 as i32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edge_frames_land_on_the_right_rows() {
        let b = Board::new(8);
        // A stone on row 2 of each edge; its two row-1 cells in the ⊤ frame are (-1,0), (0,0).
        for e in Edge::ALL {
            let p = b
                .cells()
                .find(|&c| {
                    e.row_of(8, c) == 2
                        && (3..=6).contains(
                            &(c.u() + c.v()
                                - 2
                                - if matches!(e, Edge::Bottom | Edge::Right) {
                                    6
                                } else {
                                    0
                                }),
                        )
                })
                .unwrap();
            for f in [(-1, 0), (0, 0)] {
                let c = edge_to_board(&b, e, p, 2, f).unwrap();
                assert_eq!(e.row_of(8, c), 1, "{e:?} {p} -> {c}");
                assert!(b.neighbours(p).any(|n| n == c));
            }
        }
    }

    #[test]
    fn representatives_are_canonical_and_distinct() {
        let t = Table::standard();
        for (i, p) in t.patterns.iter().enumerate() {
            assert_eq!(&p.canonical(), p);
            assert!(!t.patterns[..i].contains(p));
            assert!(p.m.iter().all(|k| p.d.contains(k)));
        }
    }
}
