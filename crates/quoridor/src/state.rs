//! The position and the rules of play (the paper's §2.1, completed by the rules in
//! `docs/quoridor.md`: jumps, diagonal steps, wall overlap and crossing, the path rule).

use crate::paths::{Blocked, DELTA, DOWN, GOAL, LEFT, RIGHT, UP};
use crate::square::{Side, Square};
use crate::wall::{self, Orient, Wall};
use crate::Move;
use thiserror::Error;

/// Walls each player holds at the start (the paper's §2.1: 10 each).
pub const WALLS: u8 = 10;

/// The paper's draw rule (§3.3): a game longer than 300 moves is a draw. The rules themselves
/// have no draw; matches and playouts apply this cap.
pub const DRAW_PLY: u32 = 300;

/// Why a move is not legal here.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum IllegalMove {
    #[error("the game is over: {0} has won")]
    GameOver(Side),
    #[error("{0} is the opponent's square")]
    Occupied(Square),
    #[error("the pawn on {from} cannot move to {to}")]
    Unreachable { from: Square, to: Square },
    #[error("{0} has no walls left")]
    NoWallsLeft(Side),
    #[error("the wall overlaps {0}")]
    Overlaps(Wall),
    #[error("the wall crosses {0}")]
    Crosses(Wall),
    #[error("the wall closes the last path of {0}")]
    ClosesPath(Side),
}

/// A position: pawns, walls on the board and in hand, and the side to move. Small and `Copy`,
/// so search and playouts clone it freely.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    pawns: [Square; 2],
    walls_left: [u8; 2],
    /// Placed walls by slot: horizontal, vertical.
    h: u64,
    v: u64,
    blocked: Blocked,
    /// The same blocks by square, one bit a direction (bit `UP` ... bit `RIGHT`), for the
    /// pawn moves of every playout ply.
    barred: [u8; 81],
    ply: u32,
}

impl Default for State {
    fn default() -> Self {
        State::new()
    }
}

impl State {
    /// The start: pawns on e9 (first player, to move) and e1, ten walls each.
    pub fn new() -> State {
        State {
            pawns: [Side::First.start(), Side::Second.start()],
            walls_left: [WALLS; 2],
            h: 0,
            v: 0,
            blocked: Blocked::EMPTY,
            barred: Blocked::EMPTY.by_square(),
            ply: 0,
        }
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Side {
        if self.ply.is_multiple_of(2) {
            Side::First
        } else {
            Side::Second
        }
    }

    /// Moves played so far.
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// Where `side`'s pawn stands.
    pub fn pawn(&self, side: Side) -> Square {
        self.pawns[side.index()]
    }

    /// Walls `side` still holds.
    pub fn walls_left(&self, side: Side) -> u8 {
        self.walls_left[side.index()]
    }

    /// The walls on the board, horizontal first, each by slot.
    pub fn walls(&self) -> impl Iterator<Item = Wall> + '_ {
        Wall::all().filter(|w| self.has_wall(*w))
    }

    /// Whether this wall is on the board.
    pub fn has_wall(&self, w: Wall) -> bool {
        let set = match w.orient {
            Orient::Horizontal => self.h,
            Orient::Vertical => self.v,
        };
        set & w.bit() != 0
    }

    /// The steps each direction bars (walls and edges).
    pub fn blocked(&self) -> &Blocked {
        &self.blocked
    }

    /// The side whose pawn stands on its goal row, if any.
    pub fn winner(&self) -> Option<Side> {
        if self.pawns[0].row() == Side::First.goal_row() {
            Some(Side::First)
        } else if self.pawns[1].row() == Side::Second.goal_row() {
            Some(Side::Second)
        } else {
            None
        }
    }

    /// Whether the game has ended: a win, or a draw under the paper's 300-move rule.
    pub fn is_over(&self) -> bool {
        self.winner().is_some() || self.ply >= DRAW_PLY
    }

    /// The length of `side`'s shortest path to its goal row, pawns ignored (the paper's §3.2).
    pub fn path_len(&self, side: Side) -> u8 {
        self.blocked
            .distance(self.pawns[side.index()], GOAL[side.index()])
            .expect("every legal position leaves each pawn a path")
    }

    /// The paper's score for `side` (§3.2): the opponent's shortest path minus its own.
    pub fn score(&self, side: Side) -> i32 {
        i32::from(self.path_len(side.opponent())) - i32::from(self.path_len(side))
    }

    /// The pawn moves of the side to move, including jumps and diagonal steps.
    pub fn pawn_moves(&self) -> PawnMoves {
        let mut to = [Square(0); 5];
        let n = self.pawn_targets(&mut to);
        let mut out = PawnMoves::default();
        for &s in &to[..n] {
            out.push(s);
        }
        out
    }

    /// The pawn moves into `to`; how many.
    #[inline]
    pub(crate) fn pawn_targets(&self, to: &mut [Square; 5]) -> usize {
        let me = self.side_to_move().index();
        let (p, q) = (self.pawns[me], self.pawns[1 - me]);
        let open = !self.barred[p.index()];
        let mut n = 0;
        for dir in [UP, DOWN, LEFT, RIGHT] {
            if open & (1 << dir) == 0 {
                continue;
            }
            let next = step(p, dir);
            if next != q {
                to[n] = next;
                n += 1;
                continue;
            }
            let beyond = !self.barred[q.index()];
            if beyond & (1 << dir) != 0 {
                to[n] = step(q, dir);
                n += 1;
            } else {
                let sideways = if dir <= DOWN {
                    [LEFT, RIGHT]
                } else {
                    [UP, DOWN]
                };
                for d2 in sideways {
                    if beyond & (1 << d2) != 0 {
                        to[n] = step(q, d2);
                        n += 1;
                    }
                }
            }
        }
        n
    }

    /// Slots, horizontal then vertical, where a wall neither overlaps nor crosses another.
    pub(crate) fn free_slots(&self) -> (u64, u64) {
        (
            !wall::horizontal_conflicts(self.h, self.v),
            !wall::vertical_conflicts(self.h, self.v),
        )
    }

    /// The legal walls of the side to move, as slot sets (horizontal, vertical).
    ///
    /// Only walls touching fences at two points can close a loop, and only those that block a
    /// step of a shortest path can cut that pawn off; the rest need no search.
    pub fn legal_wall_slots(&self) -> (u64, u64) {
        if self.walls_left[self.side_to_move().index()] == 0 || self.winner().is_some() {
            return (0, 0);
        }
        let (mut fh, mut fv) = self.free_slots();
        let (eh, ev) = wall::may_enclose(self.h, self.v);
        let (ch, cv) = (fh & eh, fv & ev);
        if ch | cv == 0 {
            return (fh, fv);
        }
        let mut danger = [(0u64, 0u64); 2];
        for (i, d) in danger.iter_mut().enumerate() {
            *d = self.blocked.path_walls(self.pawns[i], GOAL[i]);
        }
        for (orient, cand, free) in [
            (Orient::Horizontal, ch, &mut fh),
            (Orient::Vertical, cv, &mut fv),
        ] {
            let pick = |d: (u64, u64)| {
                if orient == Orient::Horizontal {
                    d.0
                } else {
                    d.1
                }
            };
            let mut c = cand & (pick(danger[0]) | pick(danger[1]));
            while c != 0 {
                let slot = c.trailing_zeros() as u8;
                c &= c - 1;
                let w = Wall { orient, slot };
                if self.cuts(w).is_some() {
                    *free &= !w.bit();
                }
            }
        }
        (fh, fv)
    }

    /// The walls (horizontal, vertical slot sets) that might close a loop of fences.
    #[inline]
    pub(crate) fn enclosing_slots(&self) -> (u64, u64) {
        wall::may_enclose(self.h, self.v)
    }

    /// Whether `w` touches fences at two points, so that it might close a loop.
    #[inline]
    fn may_enclose(&self, w: Wall) -> bool {
        let (h, v) = wall::may_enclose(self.h, self.v);
        let set = match w.orient {
            Orient::Horizontal => h,
            Orient::Vertical => v,
        };
        set & w.bit() != 0
    }

    /// The side this wall would cut from its goal, if any (the first player checked first).
    pub(crate) fn cuts(&self, w: Wall) -> Option<Side> {
        let b = self.blocked.with(w);
        [Side::First, Side::Second]
            .into_iter()
            .find(|s| !b.connected(self.pawns[s.index()], GOAL[s.index()]))
    }

    /// The number of legal moves (cheaper than listing them).
    pub fn count_moves(&self) -> usize {
        if self.winner().is_some() {
            return 0;
        }
        let (h, v) = self.legal_wall_slots();
        self.pawn_moves().len() + (h.count_ones() + v.count_ones()) as usize
    }

    /// All legal moves: pawn moves, then horizontal and vertical walls by slot. None once a
    /// pawn has reached its goal.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(140);
        self.legal_moves_into(&mut out);
        out
    }

    /// [`legal_moves`](Self::legal_moves) into a buffer (cleared first).
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.winner().is_some() {
            return;
        }
        out.extend(self.pawn_moves().iter().map(Move::Pawn));
        let (h, v) = self.legal_wall_slots();
        for (orient, mut set) in [(Orient::Horizontal, h), (Orient::Vertical, v)] {
            while set != 0 {
                let slot = set.trailing_zeros() as u8;
                set &= set - 1;
                out.push(Move::Wall(Wall { orient, slot }));
            }
        }
    }

    /// Why `m` is illegal here, or `Ok`.
    pub fn check(&self, m: Move) -> Result<(), IllegalMove> {
        if let Some(w) = self.winner() {
            return Err(IllegalMove::GameOver(w));
        }
        let me = self.side_to_move();
        match m {
            Move::Pawn(to) => {
                if self.pawn_moves().contains(to) {
                    Ok(())
                } else if to == self.pawns[me.opponent().index()] {
                    Err(IllegalMove::Occupied(to))
                } else {
                    Err(IllegalMove::Unreachable {
                        from: self.pawns[me.index()],
                        to,
                    })
                }
            }
            Move::Wall(w) => {
                if self.walls_left[me.index()] == 0 {
                    return Err(IllegalMove::NoWallsLeft(me));
                }
                if let Some(other) = self.conflict(w) {
                    return Err(if other.orient == w.orient {
                        IllegalMove::Overlaps(other)
                    } else {
                        IllegalMove::Crosses(other)
                    });
                }
                if self.may_enclose(w) {
                    if let Some(s) = self.cuts(w) {
                        return Err(IllegalMove::ClosesPath(s));
                    }
                }
                Ok(())
            }
        }
    }

    /// The placed wall that `w` would overlap or cross, if any.
    fn conflict(&self, w: Wall) -> Option<Wall> {
        let (c, r) = (w.col() as i32, w.row() as i32);
        let same: &[(i32, i32)] = match w.orient {
            Orient::Horizontal => &[(0, 0), (-1, 0), (1, 0)],
            Orient::Vertical => &[(0, 0), (0, -1), (0, 1)],
        };
        let at = |o: Orient, dc: i32, dr: i32| {
            Wall::new(o, (c + dc).try_into().ok()?, (r + dr).try_into().ok()?)
                .filter(|x| self.has_wall(*x))
        };
        same.iter()
            .find_map(|&(dc, dr)| at(w.orient, dc, dr))
            .or_else(|| {
                let other = match w.orient {
                    Orient::Horizontal => Orient::Vertical,
                    Orient::Vertical => Orient::Horizontal,
                };
                at(other, 0, 0)
            })
    }

    /// Play `m` if it is legal.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        self.check(m)?;
        self.play_unchecked(m);
        Ok(())
    }

    /// Play `m`, which the caller knows to be legal (from `legal_moves`, say).
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) {
        let me = self.side_to_move().index();
        match m {
            Move::Pawn(to) => self.pawns[me] = to,
            Move::Wall(w) => {
                self.place(w);
                self.walls_left[me] -= 1;
            }
        }
        self.ply += 1;
    }

    fn place(&mut self, w: Wall) {
        match w.orient {
            Orient::Horizontal => self.h |= w.bit(),
            Orient::Vertical => self.v |= w.bit(),
        }
        self.blocked = self.blocked.with(w);
        for (dir, mut set) in w.blocks().into_iter().enumerate() {
            while set != 0 {
                self.barred[set.trailing_zeros() as usize] |= 1 << dir;
                set &= set - 1;
            }
        }
    }

    /// Whether a wall may go here by the overlap, crossing and path rules (walls in hand not
    /// counted). Cheap when the wall cannot close a loop of fences.
    #[inline]
    pub(crate) fn wall_fits(&self, w: Wall) -> bool {
        let (fh, fv) = self.free_slots();
        let free = match w.orient {
            Orient::Horizontal => fh,
            Orient::Vertical => fv,
        };
        free & w.bit() != 0 && (!self.may_enclose(w) || self.cuts(w).is_none())
    }
}

/// The square one step from `sq` in `dir` (the caller has checked the edge).
#[inline]
fn step(sq: Square, dir: usize) -> Square {
    Square((sq.0 as i32 + DELTA[dir]) as u8)
}

/// The pawn moves of a position (at most five: three steps and two diagonal ones), as a set of
/// destination squares, so that it stays in registers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PawnMoves(u128);

impl PawnMoves {
    #[inline]
    fn push(&mut self, s: Square) {
        self.0 |= s.bit();
    }
    /// How many.
    #[inline]
    pub fn len(&self) -> usize {
        self.0.count_ones() as usize
    }
    /// Whether there are none (never in a legal position that is not over).
    pub fn is_empty(&self) -> bool {
        self.0 == 0
    }
    /// The `i`-th square in index order (`i < len`).
    #[inline]
    pub fn get(&self, i: usize) -> Square {
        let mut b = self.0;
        for _ in 0..i {
            b &= b - 1;
        }
        assert!(b != 0, "pawn move {i} of {}", self.len());
        Square(b.trailing_zeros() as u8)
    }
    /// Whether `s` is among them.
    pub fn contains(&self, s: Square) -> bool {
        self.0 & s.bit() != 0
    }
    /// The squares, in index order.
    pub fn iter(&self) -> impl Iterator<Item = Square> {
        let mut b = self.0;
        std::iter::from_fn(move || {
            (b != 0).then(|| {
                let s = Square(b.trailing_zeros() as u8);
                b &= b - 1;
                s
            })
        })
    }
}
