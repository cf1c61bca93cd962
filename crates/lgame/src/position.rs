//! Positions of the full game Λ (elements (A, a) of S = T × {r, b}, §4) and the quotient map
//! onto M (§6): the l-type of a position is that of its class under G.

use crate::board::{Board, BoardError, Colour, Mask};
use crate::ltype::{neutral_of_rank, neutral_rank, LType};
use crate::symmetry::Symmetry;
use crate::tables::{tables, Placement, Tables};

/// A position of Λ: where each L and the neutrals stand, and who is to move (the paper's a).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    red: Placement,
    blue: Placement,
    neutrals: Mask,
    mover: Colour,
}

impl Position {
    /// A position from its pieces, if they do not overlap and there are two neutrals.
    pub fn new(red: Placement, blue: Placement, neutrals: Mask, mover: Colour) -> Option<Position> {
        let ok = red.mask() & blue.mask() == 0
            && neutrals.count_ones() == 2
            && neutrals & (red.mask() | blue.mask()) == 0;
        ok.then_some(Position {
            red,
            blue,
            neutrals,
            mover,
        })
    }

    /// The position shown by a board with `mover` to move.
    pub fn from_board(board: &Board, mover: Colour) -> Result<Position, BoardError> {
        let text = board.rows();
        let red = Placement::from_mask(board.r).ok_or(BoardError::NotAnL {
            text: text.clone(),
            colour: Colour::Red,
        })?;
        let blue = Placement::from_mask(board.b).ok_or(BoardError::NotAnL {
            text: text.clone(),
            colour: Colour::Blue,
        })?;
        Position::new(red, blue, board.n, mover).ok_or(BoardError::Shape(text))
    }

    /// The start position of §4, `nbbo/orbo/orbo/orrn`, red to move (note 9 of the crate).
    pub fn start() -> Position {
        let board = Board {
            r: 0o2106,
            b: 0o61040,
            n: 0o100001,
        };
        Position::from_board(&board, Colour::Red).expect("the start position of §4 is a position")
    }

    pub fn red(&self) -> Placement {
        self.red
    }

    pub fn blue(&self) -> Placement {
        self.blue
    }

    pub fn neutrals(&self) -> Mask {
        self.neutrals
    }

    /// The side to move.
    pub fn mover(&self) -> Colour {
        self.mover
    }

    /// The L of one side.
    pub fn l_of(&self, colour: Colour) -> Placement {
        match colour {
            Colour::Red => self.red,
            Colour::Blue => self.blue,
        }
    }

    /// The board (M-type masks) of this position.
    pub fn board(&self) -> Board {
        Board {
            r: self.red.mask(),
            b: self.blue.mask(),
            n: self.neutrals,
        }
    }

    /// Cells taken by any piece.
    pub fn occupied(&self) -> Mask {
        self.red.mask() | self.blue.mask() | self.neutrals
    }

    pub(crate) fn with_l(&self, colour: Colour, l: Placement, neutrals: Mask) -> Position {
        let (red, blue) = match colour {
            Colour::Red => (l, self.blue),
            Colour::Blue => (self.red, l),
        };
        Position {
            red,
            blue,
            neutrals,
            mover: colour.other(),
        }
    }

    /// The image under an element of G (§5): the board symmetry, then the colour change.
    pub fn map(&self, s: Symmetry) -> Position {
        let t = tables();
        let (red, blue) = (self.red.map(s.d4), self.blue.map(s.d4));
        let neutrals = t.map_cells(s.d4, self.neutrals);
        if s.swap {
            Position {
                red: blue,
                blue: red,
                neutrals,
                mover: self.mover.other(),
            }
        } else {
            Position {
                red,
                blue,
                neutrals,
                mover: self.mover,
            }
        }
    }

    /// The element of M in this position's class: red to move, red's L in orientation P_0.
    pub fn canonical(&self) -> Position {
        self.ltype().position()
    }

    /// The l-type of this position's class.
    pub fn ltype(&self) -> LType {
        let (mover, other) = match self.mover {
            Colour::Red => (self.red, self.blue),
            Colour::Blue => (self.blue, self.red),
        };
        canonical_ltype(tables(), mover, other, self.neutrals)
    }
}

/// The l-type of the class of the position in which the side to move has its L at `mover`,
/// the other side at `other`, and the neutrals on `neutrals`: colour change if needed (the
/// mover becomes red), then the board symmetry that turns the mover's L to P_0.
pub(crate) fn canonical_ltype(
    t: &Tables,
    mover: Placement,
    other: Placement,
    neutrals: Mask,
) -> LType {
    let g = t.to_p0[mover.orientation()];
    let (r, b) = (mover.map(g), other.map(g));
    let n = t.map_cells(g, neutrals);
    let j = t
        .pair(r, b)
        .expect("the two L pieces of a position do not overlap");
    let rank = neutral_rank(!(r.mask() | b.mask()), n)
        .expect("the neutrals of a position are two free cells");
    LType::from_parts(j, rank)
}

impl LType {
    /// The element of M with this l-type, as a position with red to move.
    pub fn position(self) -> Position {
        let t = tables();
        let (red, blue) = t.pair_place[usize::from(self.pair())];
        let neutrals = neutral_of_rank(!(red.mask() | blue.mask()), self.neutral_rank())
            .expect("eight free cells");
        Position {
            red,
            blue,
            neutrals,
            mover: Colour::Red,
        }
    }

    /// The M-type representation (R, B, N) of this element of M.
    pub fn board(self) -> Board {
        self.position().board()
    }
}

/// Any position of Λ: an element of M under any element of G.
#[cfg(test)]
pub(crate) fn arb_position() -> impl proptest::strategy::Strategy<Value = Position> {
    use proptest::prelude::*;
    (0..crate::ltype::COUNT as u16, 0..16usize).prop_map(|(lt, g)| {
        let s = Symmetry::all().nth(g).unwrap();
        LType::new(lt).unwrap().position().map(s)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn the_quotient_is_consistent(p in arb_position(), g in 0..16usize) {
            let s = Symmetry::all().nth(g).unwrap();
            let q = p.map(s);
            prop_assert_eq!(q.ltype(), p.ltype());
            prop_assert_eq!(q.canonical(), p.canonical());
            prop_assert_eq!(p.canonical().canonical(), p.canonical());
            // The canonical element is in p's orbit.
            prop_assert!(Symmetry::all().any(|s| p.map(s) == p.canonical()));
            // G acts freely: only the identity fixes p.
            let fixing = Symmetry::all().filter(|&s| p.map(s) == p).count();
            prop_assert_eq!(fixing, 1);
        }
    }

    #[test]
    fn start_position_of_section_4() {
        let s = Position::start();
        assert_eq!(s.board().rows(), "nbbo/orbo/orbo/orrn");
        // §6: the start position of M is m = 07200 r + 0560 b + 010010 n.
        let m = s.canonical().board();
        assert_eq!((m.r, m.b, m.n), (0o7200, 0o560, 0o10010));
        assert_eq!(s.ltype().get(), 0o2365);
    }

    #[test]
    fn every_ltype_decodes_to_its_own_canonical_position() {
        for lt in LType::all() {
            let p = lt.position();
            assert_eq!(p.mover(), Colour::Red);
            assert_eq!(p.red().orientation(), 0);
            assert_eq!(p.ltype(), lt, "l-type {lt}");
            assert_eq!(Position::from_board(&p.board(), Colour::Red), Ok(p));
        }
    }

    #[test]
    fn class_of_a_position_has_sixteen_elements() {
        let p = Position::start();
        let mut images: Vec<Position> = Symmetry::all().map(|s| p.map(s)).collect();
        images.sort_by_key(|q| (q.red, q.blue, q.neutrals, q.mover == Colour::Red));
        images.dedup();
        assert_eq!(images.len(), 16);
        assert!(images.iter().all(|q| q.ltype() == p.ltype()));
    }

    #[test]
    fn boards_that_are_not_positions() {
        let b = Board::parse_rows("nbbo/rrbo/rrbo/ooon").unwrap();
        assert!(matches!(
            Position::from_board(&b, Colour::Red),
            Err(BoardError::NotAnL {
                colour: Colour::Red,
                ..
            })
        ));
    }
}
