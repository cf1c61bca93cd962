//! Which points a side may take: every empty point for white; for black, every empty point that
//! is not forbidden under the game's rule (guide §2.3, §2.5), as the rules crate judges it.
//!
//! The shape table screens first: a stone that makes five is never forbidden, and one that
//! makes no overline, no straight four (which includes the single-line double four) and fewer
//! than two threes or fours cannot be, so the full check runs only on the few points left.

use crate::board::{Board, Colour, BLACK};
use crate::shape::Shape;
use gomoku::Rule;

/// The rule of the game, and the judge of black's points under it.
#[derive(Clone, Copy, Debug)]
pub struct Legality {
    pub rule: Rule,
}

impl Legality {
    pub fn new(rule: Rule) -> Self {
        Legality { rule }
    }

    /// Whether black may play the empty point `p`.
    pub fn black_may_play(&self, b: &Board, p: usize) -> bool {
        let s = b.shapes(p, BLACK);
        if s.contains(&Shape::Five) {
            return true;
        }
        let threats = s
            .iter()
            .filter(|s| matches!(s, Shape::Three | Shape::Four | Shape::StraightFour))
            .count();
        let screen =
            threats >= 2 || s.contains(&Shape::Overline) || s.contains(&Shape::StraightFour);
        !screen || gomoku::foul(b.rules_board(), crate::board::point(p), self.rule).is_none()
    }

    /// Whether `own` may play the empty point `p`.
    pub fn may_play(&self, b: &Board, p: usize, own: Colour) -> bool {
        own != BLACK || self.black_may_play(b, p)
    }
}
