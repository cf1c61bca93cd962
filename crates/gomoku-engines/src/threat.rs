//! Threat-space search: a win by a sequence of fours (VCF), or of fours and threes (VCT).
//!
//! The attacker plays only moves that threaten; the defender answers a four at its one five
//! point and a three at any point that takes the straight four away, or counters with a four of
//! his own. The rules enter at every step: black never plays a forbidden point; a black four
//! whose completion would be an overline is no four (the shape table knows); a white four whose
//! only answer is a point forbidden to black wins at once.
//!
//! Notes:
//! 1. A defender's four during a VCT is answered at its five point, and the search goes on; a
//!    defender who could win by fours of his own (checked with a small VCF) refutes the three.
//! 2. Both searches return the winning line from the attacker's first move; the caller plays
//!    its first point.

use crate::board::{other, Board, Colour, BLACK};
use crate::budget::Budget;
use crate::legal::Legality;
use crate::score;

/// The state of a threat search: the board, the rule and the budget.
pub struct Threats<'a> {
    pub board: &'a mut Board,
    pub legal: Legality,
    pub budget: &'a mut Budget,
}

/// Result of one node: a win, no win found, or the budget ran out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Found {
    Win,
    No,
}

impl Threats<'_> {
    fn may(&self, p: usize, c: Colour) -> bool {
        self.legal.may_play(self.board, p, c)
    }

    /// Five points of `c` that `c` may take (a black five is never forbidden).
    fn fives(&self, c: Colour) -> Vec<usize> {
        self.board.five_points(c)
    }

    /// Moves of the side to move that make a four, restricted to `only` when given.
    fn four_moves(&self, c: Colour, only: Option<usize>) -> Vec<usize> {
        let cands = match only {
            Some(p) => vec![p],
            None => self.board.candidates(),
        };
        cands
            .into_iter()
            .filter(|&p| score::makes_four(self.board, p, c) && self.may(p, c))
            .collect()
    }

    /// After the attacker's move: the defender's one forced answer to a four, `Err(Win)` when
    /// he has none (two five points, or black's only answer forbidden), `Ok(None)` when the move
    /// made no four.
    fn forced_answer(&self, attacker: Colour) -> Result<Option<usize>, Found> {
        let f = self.fives(attacker);
        match f.len() {
            0 => Ok(None),
            1 => {
                let d = other(attacker);
                if d == BLACK && !self.legal.black_may_play(self.board, f[0]) {
                    Err(Found::Win)
                } else {
                    Ok(Some(f[0]))
                }
            }
            _ => Err(Found::Win),
        }
    }

    /// A win for the side to move by continuous fours within `depth` fours: the line.
    pub fn vcf(&mut self, depth: u32) -> Option<Vec<usize>> {
        let mut line = Vec::new();
        (self.vcf_node(depth, &mut line) == Found::Win).then_some(line)
    }

    fn vcf_node(&mut self, depth: u32, line: &mut Vec<usize>) -> Found {
        let a = self.board.to_move();
        if let Some(&p) = self.fives(a).first() {
            line.push(p);
            return Found::Win;
        }
        if depth == 0 || !self.budget.tick() {
            return Found::No;
        }
        // A four of the defender must be blocked, and the block must itself be a four.
        let theirs = self.fives(other(a));
        if theirs.len() > 1 {
            return Found::No;
        }
        for m in self.four_moves(a, theirs.first().copied()) {
            self.board.play(m);
            let r = match self.forced_answer(a) {
                Err(w) => w,
                Ok(None) => Found::No,
                Ok(Some(reply)) => {
                    self.board.play(reply);
                    let mut sub = vec![reply];
                    let r = self.vcf_node(depth - 1, &mut sub);
                    self.board.undo();
                    if r == Found::Win {
                        line.push(m);
                        line.extend(sub);
                        self.board.undo();
                        return Found::Win;
                    }
                    r
                }
            };
            self.board.undo();
            if r == Found::Win {
                line.push(m);
                return Found::Win;
            }
            if self.budget.spent() {
                break;
            }
        }
        Found::No
    }

    /// A win for the side to move by fours and threes within `depth` threats: the first moves.
    pub fn vct(&mut self, depth: u32) -> Option<Vec<usize>> {
        let mut line = Vec::new();
        (self.vct_node(depth, &mut line) == Found::Win).then_some(line)
    }

    fn vct_node(&mut self, depth: u32, line: &mut Vec<usize>) -> Found {
        let a = self.board.to_move();
        if let Some(l) = self.vcf(depth.min(8) + 4) {
            line.extend(l);
            return Found::Win;
        }
        if depth == 0 || self.budget.spent() {
            return Found::No;
        }
        let theirs = self.fives(other(a));
        if !theirs.is_empty() {
            return Found::No;
        }
        let mut moves: Vec<(i32, usize)> = self
            .board
            .candidates()
            .into_iter()
            .filter(|&p| score::makes_threat(self.board, p, a) && self.may(p, a))
            .map(|p| (-score::point(self.board, p, a, &self.legal), p))
            .collect();
        moves.sort_unstable();
        for (_, m) in moves {
            if !self.budget.tick() {
                return Found::No;
            }
            self.board.play(m);
            let r = match self.forced_answer(a) {
                Err(w) => w,
                Ok(Some(reply)) => {
                    self.board.play(reply);
                    let r = self.vct_node(depth - 1, &mut Vec::new());
                    self.board.undo();
                    r
                }
                Ok(None) => self.refuted_three(a, depth),
            };
            self.board.undo();
            if r == Found::Win {
                line.push(m);
                return Found::Win;
            }
        }
        Found::No
    }

    /// After the attacker's three (defender to move): whether every defence still loses.
    fn refuted_three(&mut self, a: Colour, depth: u32) -> Found {
        let d = other(a);
        // The defender's own win by fours refutes the three.
        let mut probe = self.budget.share(2_000);
        let counter = Threats {
            board: self.board,
            legal: self.legal,
            budget: &mut probe,
        }
        .vcf(10)
        .is_some();
        self.budget.absorb(&probe);
        if counter {
            return Found::No;
        }
        for q in self.defences(a) {
            if !self.may(q, d) {
                continue;
            }
            self.board.play(q);
            let r = self.vct_node(depth - 1, &mut Vec::new());
            self.board.undo();
            if r != Found::Win {
                return Found::No;
            }
        }
        Found::Win
    }

    /// The defender's answers to a three (defender to move): his fours, and every point after
    /// which the attacker has no straight four left.
    fn defences(&mut self, a: Colour) -> Vec<usize> {
        let d = other(a);
        let Some(&m) = self.board.moves().last() else {
            return Vec::new();
        };
        let near = self.board.line_points(m, 5);
        let mut out: Vec<usize> = self
            .board
            .candidates()
            .into_iter()
            .filter(|&q| score::makes_four(self.board, q, d))
            .collect();
        for &q in &near {
            if out.contains(&q) {
                continue;
            }
            self.board.play(q);
            // Attacker to move: does a straight four (or better) remain on the three's lines?
            let threat = near.iter().any(|&p| {
                self.board.get(p) == 0
                    && score::point(self.board, p, a, &self.legal) >= score::STRAIGHT_FOUR
            });
            self.board.undo();
            if !threat {
                out.push(q);
            }
        }
        out
    }
}
