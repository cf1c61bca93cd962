//! The move decision and the win announcements (paper 3(8); notes §4, §6.3).
//!
//! * NHEX's first move as first player on 8x8 is fixed at (4,5) = GPCC (4,4).
//! * Otherwise the three empty points with the largest first-type values L1 (ties in scan
//!   order) are the candidates P1, P2, P3. Each is tried with a single line of look-ahead
//!   (棒型, "bar-type", choice **lookahead**): play Pi, then let the opponent play its best
//!   point Q_L2 and NHEX its best point Q_L1, alternately, for a fixed number of plies or until
//!   one side's edges are joined in the engine's own connectability relation. A line that NHEX
//!   wins after k plies scores `WIN − k`, one it loses `−WIN + k`, an open line 0; the best
//!   score wins, ties go to the earlier candidate. The flow chart of the paper is lost; this is
//!   the reconstruction the notes suggest.
//! * The announcement test is not described at all (notes §4); choice **announce** selects it.
//!
//! The 2-digit key of the dialogue has no effect on play: the logs show none (notes §3).

use crate::board::{Board, Cell, Side, NMAX};
use crate::eval::{best, evaluate, top, Centre};
use crate::position::{Analysis, CategoryRule, ThreeBlock};

/// When a side is judged to have won (choice **announce**).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WinRule {
    /// A completed chain, G^K of the paper's definition.
    Chain,
    /// An edge-to-edge chain of blocks joined by two-cell bridges (to a block or to an edge)
    /// with pairwise disjoint carriers: the "simple chain" of notes §4.
    Simple,
    /// The side's two edges are ↔ in the engine's own relation (after Tamura's rule).
    Engine,
}

/// The bar-type look-ahead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lookahead {
    /// Play P1.
    Off,
    /// Try the candidates for this many plies after Pi.
    Bar(u8),
}

/// The named choices of docs/nhex.md, switchable for the replay experiments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    pub three_block: ThreeBlock,
    pub categories: CategoryRule,
    pub centre: Centre,
    pub candidates: usize,
    pub lookahead: Lookahead,
    pub announce: WinRule,
}

impl Default for Options {
    /// The choices with the best agreement on the logs (docs/nhex.md).
    fn default() -> Self {
        Options {
            three_block: ThreeBlock {
                full_then_one: true,
                common_key: false,
            },
            categories: CategoryRule::DistanceSum,
            centre: Centre::Hex1,
            candidates: 3,
            lookahead: Lookahead::Bar(8),
            announce: WinRule::Simple,
        }
    }
}

const WIN: i32 = 1000;

/// NHEX.
#[derive(Clone, Copy, Debug, Default)]
pub struct Engine {
    pub opts: Options,
}

/// What the engine saw when it chose a move (for the replay table).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub cell: Cell,
    pub candidates: Vec<(Cell, i32)>,
    pub scores: Vec<i32>,
}

impl Engine {
    pub fn new(opts: Options) -> Engine {
        Engine { opts }
    }

    fn analyse(&self, b: &Board) -> (Analysis, [i32; NMAX * NMAX], [i32; NMAX * NMAX]) {
        let an = Analysis::new(b, self.opts.three_block);
        let (l1, l2) = evaluate(b, &an, self.opts.categories, self.opts.centre);
        (an, l1, l2)
    }

    /// NHEX's move in position `b` (NHEX to move). None only on a full board.
    pub fn choose(&self, b: &Board) -> Option<Cell> {
        self.choose_explained(b).map(|c| c.cell)
    }

    pub fn choose_explained(&self, b: &Board) -> Option<Choice> {
        if b.stones() == 0 && b.n() == 8 {
            let c = Cell::new(4, 5);
            return Some(Choice {
                cell: c,
                candidates: vec![(c, 0)],
                scores: vec![],
            });
        }
        let (_, l1, _) = self.analyse(b);
        let cands = top(b, &l1, self.opts.candidates.max(1));
        let first = *cands.first()?;
        let candidates: Vec<(Cell, i32)> = cands.iter().map(|&c| (c, l1[c.idx()])).collect();
        let Lookahead::Bar(plies) = self.opts.lookahead else {
            return Some(Choice {
                cell: first,
                candidates,
                scores: vec![],
            });
        };
        let scores: Vec<i32> = cands.iter().map(|&p| self.line(b, p, plies)).collect();
        let mut pick = 0;
        for i in 1..scores.len() {
            if scores[i] > scores[pick] {
                pick = i;
            }
        }
        Some(Choice {
            cell: cands[pick],
            candidates,
            scores,
        })
    }

    /// Score one bar-type line starting with NHEX at p.
    fn line(&self, b: &Board, p: Cell, plies: u8) -> i32 {
        let mut b = b.clone();
        b.play(p, Side::Nhex);
        for ply in 0..plies as i32 {
            let (an, l1, l2) = self.analyse(&b);
            if an.edges_joined(Side::Nhex) {
                return WIN - ply;
            }
            if an.edges_joined(Side::Opponent) {
                return -WIN + ply;
            }
            let (l, s) = if ply % 2 == 0 {
                (&l2, Side::Opponent)
            } else {
                (&l1, Side::Nhex)
            };
            let Some(q) = best(&b, l) else { return 0 };
            b.play(q, s);
        }
        let an = Analysis::new(&b, self.opts.three_block);
        if an.edges_joined(Side::Nhex) {
            WIN - plies as i32
        } else if an.edges_joined(Side::Opponent) {
            -WIN + plies as i32
        } else {
            0
        }
    }

    /// Has `s` won by the announcement rule?
    pub fn has_won(&self, b: &Board, s: Side) -> bool {
        if b.connected(s) {
            return true;
        }
        match self.opts.announce {
            WinRule::Chain => false,
            WinRule::Engine => Analysis::new(b, self.opts.three_block).edges_joined(s),
            WinRule::Simple => simple_chain(b, &Analysis::new(b, self.opts.three_block), s),
        }
    }
}

/// Notes §4's simple chain: blocks joined edge to edge by bridges (two one-cell semi-connections
/// of a pair of blocks, block–edge included) whose two-cell carriers are pairwise disjoint.
/// Depth-first search over blocks in number order, bridges in order of discovery.
pub fn simple_chain(b: &Board, an: &Analysis, s: Side) -> bool {
    let _ = b;
    let (e1, e2) = match s {
        Side::Nhex => (crate::board::Edge::Top, crate::board::Edge::Bottom),
        Side::Opponent => (crate::board::Edge::Left, crate::board::Edge::Right),
    };
    let (from, to) = (an.edge_block(e1), an.edge_block(e2));
    if from == to {
        return true;
    }
    // Bridges: (a, b, carrier) from pairs of one-cell semis.
    let mut bridges: Vec<(u8, u8, u64)> = Vec::new();
    let ones: Vec<_> = an
        .semis
        .iter()
        .filter(|l| l.d.count_ones() == 1 && an.bside[l.a as usize] == s.k())
        .collect();
    for (i, x) in ones.iter().enumerate() {
        for y in &ones[i + 1..] {
            if x.a == y.a && x.b == y.b && x.d != y.d {
                bridges.push((x.a, x.b, x.d | y.d));
            }
        }
    }
    fn dfs(at: u8, to: u8, used: u64, seen: u128, br: &[(u8, u8, u64)]) -> bool {
        if at == to {
            return true;
        }
        for &(a, b, d) in br {
            let next = if a == at {
                b
            } else if b == at {
                a
            } else {
                continue;
            };
            if seen >> next & 1 == 1 || used & d != 0 {
                continue;
            }
            if dfs(next, to, used | d, seen | 1 << next, br) {
                return true;
            }
        }
        false
    }
    dfs(from, to, 0, 1u128 << from, &bridges)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_move_is_fixed() {
        assert_eq!(
            Engine::default().choose(&Board::new(8)),
            Some(Cell::new(4, 5))
        );
    }

    #[test]
    fn plays_a_legal_move_in_a_simple_position() {
        let mut b = Board::new(8);
        b.play(Cell::new(5, 4), Side::Opponent);
        let c = Engine::default().choose(&b).unwrap();
        assert!(b.is_empty(c));
    }

    #[test]
    fn simple_chain_of_bridges() {
        // NHEX stones on rows 2, 3 (bridge), 5, 7, joined by bridges (u+1, v+2).
        let mut b = Board::new(8);
        for (u, v) in [(2, 2), (3, 4), (4, 6), (5, 7)] {
            b.play(Cell::new(u, v), Side::Nhex);
        }
        let an = Analysis::new(&b, Options::default().three_block);
        assert!(simple_chain(&b, &an, Side::Nhex));
        b.play(Cell::new(3, 3), Side::Opponent);
        let an = Analysis::new(&b, Options::default().three_block);
        assert!(
            !simple_chain(&b, &an, Side::Nhex),
            "an intrusion breaks a bridge"
        );
    }
}
