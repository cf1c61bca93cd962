//! Alpha-beta over the pattern evaluation, deepened one ply at a time until the budget ends.
//!
//! Notes:
//! 1. Each node considers only its best [`WIDTH`] points by the pattern score of both sides
//!    (attack plus defence), the usual way to keep a 15 x 15 board searchable.
//! 2. A side facing a four has one move (the block, if it may play there); a side with a five
//!    point has won. Scores of won positions shrink with depth, so the quickest win is chosen.
//! 3. The static value, for the side to move: its best point in full, the opponent's best at
//!    half (the side to move answers first), and a tenth of the difference of the sums.

use crate::board::{other, Board};
use crate::budget::Budget;
use crate::legal::Legality;
use crate::score::{self, FIVE};

pub const WIDTH: usize = 10;
pub const WIN: i32 = 1 << 28;
pub const MAX_DEPTH: u32 = 20;

pub struct AlphaBeta<'a> {
    pub board: &'a mut Board,
    pub legal: Legality,
    pub budget: &'a mut Budget,
    /// Tie-break per point, from the seed.
    pub jitter: &'a [i32; crate::board::POINTS],
}

impl AlphaBeta<'_> {
    /// The candidate moves of the side to move, best first, with the forced cases of note 2.
    /// `Err(score)` when the position is decided.
    pub fn moves(&mut self, width: usize) -> Result<Vec<usize>, i32> {
        let me = self.board.to_move();
        let opp = other(me);
        if !self.board.five_points(me).is_empty() {
            return Err(WIN);
        }
        let theirs = self.board.five_points(opp);
        if let Some(&f) = theirs.first() {
            if theirs.len() > 1 || !self.legal.may_play(self.board, f, me) {
                return Err(-WIN);
            }
            return Ok(vec![f]);
        }
        let mut scored: Vec<(i32, usize)> = self
            .board
            .candidates()
            .into_iter()
            .filter_map(|p| {
                let own = score::point(self.board, p, me, &self.legal);
                if own == 0 && !self.legal.may_play(self.board, p, me) {
                    return None;
                }
                let theirs = score::point(self.board, p, opp, &self.legal);
                Some((-(own + theirs * 7 / 8 + self.jitter[p]), p))
            })
            .collect();
        scored.sort_unstable();
        Ok(scored.into_iter().take(width).map(|(_, p)| p).collect())
    }

    /// The static value of the position for the side to move (note 3).
    pub fn value(&self) -> i32 {
        let me = self.board.to_move();
        let opp = other(me);
        let (mut best, mut sum, mut obest, mut osum) = (0, 0i64, 0, 0i64);
        for p in self.board.candidates() {
            let a = score::point(self.board, p, me, &self.legal);
            let d = score::point(self.board, p, opp, &self.legal);
            best = best.max(a);
            obest = obest.max(d);
            sum += i64::from(a.min(FIVE));
            osum += i64::from(d.min(FIVE));
        }
        best - obest / 2 + ((sum - osum) / 10) as i32
    }

    pub fn negamax(&mut self, depth: u32, ply: u32, mut alpha: i32, beta: i32) -> i32 {
        self.budget.tick();
        if self.board.is_full() {
            return 0;
        }
        let moves = match self.moves(WIDTH) {
            Err(s) => return s - s.signum() * ply as i32,
            Ok(m) => m,
        };
        if moves.is_empty() {
            // No point black may take: nothing better than any other.
            return -WIN + ply as i32;
        }
        if depth == 0 || self.budget.spent() {
            return self.value();
        }
        let mut best = -WIN - 1;
        for m in moves {
            self.board.play(m);
            let v = -self.negamax(depth - 1, ply + 1, -beta, -alpha);
            self.board.undo();
            if v > best {
                best = v;
                alpha = alpha.max(v);
                if alpha >= beta {
                    break;
                }
            }
            if self.budget.spent() {
                break;
            }
        }
        best
    }

    /// Iterative deepening from the root; the best move of the deepest finished iteration
    /// (or of the first, so there is always one), with its value and depth.
    pub fn best(&mut self) -> Option<(usize, i32, u32)> {
        let moves = match self.moves(WIDTH + 4) {
            Ok(m) if !m.is_empty() => m,
            _ => return None,
        };
        let mut order = moves;
        let mut result = None;
        for depth in 1..=MAX_DEPTH {
            let mut scored = Vec::with_capacity(order.len());
            let mut alpha = -WIN - 1;
            for &m in &order {
                self.board.play(m);
                let v = -self.negamax(depth - 1, 1, -WIN - 1, -alpha);
                self.board.undo();
                scored.push((v, m));
                alpha = alpha.max(v);
                if self.budget.spent() && result.is_some() {
                    break;
                }
            }
            let complete = scored.len() == order.len();
            if !complete && result.is_some() {
                break;
            }
            // Stable sort: equal values keep the previous order.
            scored.sort_by(|a, b| b.0.cmp(&a.0));
            let (v, m) = scored[0];
            result = Some((m, v, depth));
            order = scored.iter().map(|&(_, m)| m).collect();
            if v.abs() >= WIN - 100 || self.budget.spent() {
                break;
            }
        }
        result
    }
}
