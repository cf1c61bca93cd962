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
    /// The candidates' scores, kept between nodes (`score` note 1).
    pub scores: score::Scores,
}

impl AlphaBeta<'_> {
    /// The pattern scores of every candidate point for both sides: (own, opponent's, point).
    fn analyse(&mut self) -> Vec<(i32, i32, usize)> {
        let me = self.board.to_move();
        let opp = other(me);
        let (board, legal, scores) = (&*self.board, &self.legal, &mut self.scores);
        board
            .candidates()
            .into_iter()
            .map(|p| {
                (
                    scores.point(board, p, me, legal),
                    scores.point(board, p, opp, legal),
                    p,
                )
            })
            .collect()
    }

    /// The candidate moves of the side to move, best first, with the forced cases of note 2
    /// (`Err(score)` when the position is decided), and the static value (note 3).
    fn moves(&mut self, width: usize) -> (Result<Vec<usize>, i32>, i32) {
        let me = self.board.to_move();
        let a = self.analyse();
        let (mut best, mut sum, mut obest, mut osum) = (0, 0i64, 0, 0i64);
        for &(own, theirs, _) in &a {
            best = best.max(own);
            obest = obest.max(theirs);
            sum += i64::from(own);
            osum += i64::from(theirs);
        }
        let value = best - obest / 2 + ((sum - osum) / 10) as i32;
        if best >= FIVE {
            return (Err(WIN), value);
        }
        if obest >= FIVE {
            let blocks: Vec<usize> = a.iter().filter(|t| t.1 >= FIVE).map(|t| t.2).collect();
            if blocks.len() > 1 || !self.legal.may_play(self.board, blocks[0], me) {
                return (Err(-WIN), value);
            }
            return (Ok(blocks), value);
        }
        let mut scored: Vec<(i32, usize)> = a
            .into_iter()
            .filter(|&(own, _, p)| own > 0 || self.legal.may_play(self.board, p, me))
            .map(|(own, theirs, p)| (-(own + theirs * 7 / 8 + self.jitter[p]), p))
            .collect();
        // The best `width` in order (no two pairs are equal: the points differ).
        if scored.len() > width {
            scored.select_nth_unstable(width);
            scored.truncate(width);
        }
        scored.sort_unstable();
        (Ok(scored.into_iter().map(|(_, p)| p).collect()), value)
    }

    pub fn negamax(&mut self, depth: u32, ply: u32, mut alpha: i32, beta: i32) -> i32 {
        self.budget.tick();
        if self.board.is_full() {
            return 0;
        }
        let (moves, value) = self.moves(WIDTH);
        let moves = match moves {
            Err(s) => return s - s.signum() * ply as i32,
            Ok(m) => m,
        };
        if moves.is_empty() {
            // No point black may take.
            return -WIN + ply as i32;
        }
        if depth == 0 || self.budget.spent() {
            return value;
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
        let moves = match self.moves(WIDTH + 4).0 {
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
            scored.sort_by_key(|s| std::cmp::Reverse(s.0));
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
