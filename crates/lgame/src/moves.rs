//! Moves: h = f∘g (§8). g moves the mover's L to another placement; f then moves at most one
//! neutral to an empty cell (note 2 of the crate).
//!
//! After an L move six cells are empty, so f offers exactly [`F_CHOICES`] = 1 + 2 × 6
//! continuations: leave the neutrals, or move one of the two to one of the six cells.

use crate::board::{bit, cell_name, cells, Colour, Mask};
use crate::ltype::LType;
use crate::position::{canonical_ltype, Position};
use crate::tables::{Placement, Tables};

/// Number of continuations f offers after one L move.
pub const F_CHOICES: usize = 13;

/// A move: where the mover's L goes, and optionally one neutral moved (from, to) by cell k.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub l: Placement,
    pub neutral: Option<(usize, usize)>,
}

/// Why a move cannot be made in a position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    #[error("the L is already there; it must move to a different place")]
    SamePlace,
    #[error("the L would cover cell {cell}, which holds {what}")]
    Covered { cell: String, what: &'static str },
    #[error("there is no neutral on cell {0}")]
    NoNeutral(String),
    #[error("cell {0} is not empty")]
    NotEmpty(String),
    #[error("a neutral move needs two different cells")]
    SameCell,
}

impl Position {
    /// g: the placements the mover's L can move to.
    pub fn l_moves(&self) -> impl Iterator<Item = Placement> + '_ {
        let mover = self.l_of(self.mover());
        let blocked = self.l_of(self.mover().other()).mask() | self.neutrals();
        Placement::all().filter(move |&p| p != mover && p.mask() & blocked == 0)
    }

    /// Whether the side to move has a move at all (if not, it has lost: B_0).
    pub fn has_move(&self) -> bool {
        self.l_moves().next().is_some()
    }

    /// h: every move, L moves in placement order, each followed by its 13 neutral choices
    /// (none first, then each neutral in cell order to each empty cell in cell order).
    pub fn moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        let other = self.l_of(self.mover().other()).mask();
        for l in self.l_moves() {
            out.push(Move { l, neutral: None });
            let empty = !(l.mask() | other | self.neutrals());
            for from in cells(self.neutrals()) {
                for to in cells(empty) {
                    out.push(Move {
                        l,
                        neutral: Some((from, to)),
                    });
                }
            }
        }
        out
    }

    /// The position after a move, checked against the rules.
    pub fn after(&self, m: Move) -> Result<Position, MoveError> {
        let colour = self.mover();
        if m.l == self.l_of(colour) {
            return Err(MoveError::SamePlace);
        }
        let other = self.l_of(colour.other()).mask();
        if let Some(k) = cells(m.l.mask() & (other | self.neutrals())).next() {
            let what = if other & bit(k) != 0 {
                match colour.other() {
                    Colour::Red => "red's L",
                    Colour::Blue => "blue's L",
                }
            } else {
                "a neutral"
            };
            return Err(MoveError::Covered {
                cell: cell_name(k),
                what,
            });
        }
        let mut neutrals = self.neutrals();
        if let Some((from, to)) = m.neutral {
            if from == to {
                return Err(MoveError::SameCell);
            }
            if neutrals & bit(from) == 0 {
                return Err(MoveError::NoNeutral(cell_name(from)));
            }
            if (m.l.mask() | other | neutrals) & bit(to) != 0 {
                return Err(MoveError::NotEmpty(cell_name(to)));
            }
            neutrals = neutrals & !bit(from) | bit(to);
        }
        Ok(self.with_l(colour, m.l, neutrals))
    }
}

/// The quotient game's h = f∘g for the position where the side to move has its L at
/// `mover`, the other at `other` and the neutrals on `neutrals`: `each` is called once per L
/// move (g) with the l-types of the [`F_CHOICES`] positions f leads to, in the order of
/// [`Position::moves`].
pub(crate) fn expand(
    t: &Tables,
    mover: Placement,
    other: Placement,
    neutrals: Mask,
    mut each: impl FnMut(Placement, &[LType; F_CHOICES]),
) {
    let blocked = other.mask() | neutrals;
    let mut next = [LType::from_parts(0, 0); F_CHOICES];
    for l in Placement::all() {
        if l == mover || l.mask() & blocked != 0 {
            continue;
        }
        // After the move the other side is to move: its L is the mover's L of the successor.
        next[0] = canonical_ltype(t, other, l, neutrals);
        let empty = !(l.mask() | blocked);
        let mut i = 1;
        for from in cells(neutrals) {
            for to in cells(empty) {
                next[i] = canonical_ltype(t, other, l, neutrals & !bit(from) | bit(to));
                i += 1;
            }
        }
        debug_assert_eq!(i, F_CHOICES);
        each(l, &next);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::position::arb_position;
    use crate::symmetry::Symmetry;
    use crate::tables::tables;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn move_generation_is_closed_under_the_symmetries(
            p in arb_position(),
            g in 0..16usize,
        ) {
            let s = Symmetry::all().nth(g).unwrap();
            let image = p.map(s);
            let mut mapped: Vec<Position> = p
                .moves()
                .into_iter()
                .map(|m| p.after(m).unwrap().map(s))
                .collect();
            let mut direct: Vec<Position> = image
                .moves()
                .into_iter()
                .map(|m| image.after(m).unwrap())
                .collect();
            let key = |q: &Position| (q.red(), q.blue(), q.neutrals(), q.mover() == Colour::Red);
            mapped.sort_by_key(key);
            direct.sort_by_key(key);
            prop_assert_eq!(mapped, direct);
            // Move by move: the image of a move is a move of the image.
            for m in p.moves() {
                let m2 = Move {
                    l: m.l.map(s.d4),
                    neutral: m.neutral.map(|(a, b)| (s.d4.cell(a), s.d4.cell(b))),
                };
                prop_assert_eq!(image.after(m2), Ok(p.after(m).unwrap().map(s)));
            }
        }
    }

    #[test]
    fn start_position_moves() {
        let s = Position::start();
        let moves = s.moves();
        assert_eq!(moves.len(), s.l_moves().count() * F_CHOICES);
        for m in &moves {
            let p = s.after(*m).unwrap();
            assert_eq!(p.mover(), Colour::Blue);
            assert_eq!(p.blue(), s.blue());
            let changed = (p.neutrals() ^ s.neutrals()).count_ones();
            assert!(changed == 0 || changed == 2);
        }
    }

    #[test]
    fn expand_agrees_with_moves() {
        let t = tables();
        for lt in LType::all().step_by(7) {
            let p = lt.position();
            let mut via_expand = Vec::new();
            expand(t, p.red(), p.blue(), p.neutrals(), |_, next| {
                via_expand.extend_from_slice(next)
            });
            let via_moves: Vec<LType> = p
                .moves()
                .into_iter()
                .map(|m| p.after(m).unwrap().ltype())
                .collect();
            assert_eq!(via_expand, via_moves, "l-type {lt}");
        }
    }

    #[test]
    fn illegal_moves_are_named() {
        let s = Position::start();
        let stay = Move {
            l: s.red(),
            neutral: None,
        };
        assert_eq!(s.after(stay), Err(MoveError::SamePlace));
        // The top row holds n b b o: an L there covers a neutral or blue.
        let top = Placement::from_mask(0o164000).unwrap();
        assert!(matches!(
            s.after(Move {
                l: top,
                neutral: None
            }),
            Err(MoveError::Covered { .. })
        ));
        let l = s.l_moves().next().unwrap();
        let bad = |neutral| s.after(Move { l, neutral });
        assert_eq!(bad(Some((1, 3))), Err(MoveError::NoNeutral("12".into())));
        assert_eq!(bad(Some((0, 0))), Err(MoveError::SameCell));
        assert_eq!(bad(Some((0, 1))), Err(MoveError::NotEmpty("12".into())));
    }

    #[test]
    fn a_terminal_position_of_b0() {
        // 03404 of +bo+: oobo/bbbo/rrrn/rono. Red has no L move.
        let b = Board::parse_rows("oobo/bbbo/rrrn/rono").unwrap();
        let p = Position::from_board(&b, Colour::Red).unwrap();
        assert_eq!(p.ltype().get(), 0o3404);
        assert!(!p.has_move());
        assert!(p.moves().is_empty());
    }
}
