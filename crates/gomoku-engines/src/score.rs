//! The pattern evaluation of one point: what a stone there makes for one side.
//!
//! Weights reflect what the shapes force: a five ends the game; a straight four, a double four
//! or a four-three wins two moves later unless the opponent has a four of his own; a double
//! three wins three moves later; a four or a three forces a reply; the rest is room to grow.
//!
//! Notes:
//! 1. A point's score is a function of its four line codes, unless black's fouls are judged
//!    (the rules crate then reads the whole board). [`Scores`] keeps each score with the codes
//!    it came from, so that a search scoring every candidate at every node recomputes only the
//!    points on the lines of the stones played since: between sibling nodes most points keep
//!    their codes. Scores that judged a foul are never kept.

use crate::board::{Board, Colour, BLACK, POINTS};
use crate::legal::Legality;
use crate::shape::{entry, Shape};

pub const FIVE: i32 = 1 << 22;
pub const STRAIGHT_FOUR: i32 = 1 << 19;
pub const FOUR_THREE: i32 = 1 << 18;
pub const DOUBLE_THREE: i32 = 1 << 16;
const FOUR: i32 = 1_500;
const THREE: i32 = 1_200;
const CLOSED_THREE: i32 = 160;

/// What a stone of `own` at empty `p` makes, as a score (0 for a point black may not take).
pub fn point(b: &Board, p: usize, own: Colour, legal: &Legality) -> i32 {
    evaluate(b, p, own, legal, b.codes(p, own)).0
}

/// [`point`] from the codes of `p`, and whether the score depends on the codes alone (note 1).
#[inline]
fn evaluate(b: &Board, p: usize, own: Colour, legal: &Legality, codes: [u16; 4]) -> (i32, bool) {
    let exact = own == BLACK;
    let mut fours = 0;
    let mut threes = 0;
    let mut base = 0;
    let mut foul_shape = false;
    for code in codes {
        let e = entry(usize::from(code), exact);
        base += i32::from(e.potential);
        match e.shape {
            Shape::Five => return (FIVE, true),
            Shape::Overline => foul_shape = true,
            Shape::StraightFour => {
                fours += 2;
                foul_shape = true
            }
            Shape::Four => {
                fours += 1;
                base += FOUR
            }
            Shape::Three => {
                threes += 1;
                base += THREE
            }
            Shape::ClosedThree => base += CLOSED_THREE,
            Shape::None => {}
        }
    }
    let judged = exact && (foul_shape || threes >= 2 || fours >= 2);
    if judged && !legal.black_may_play(b, p) {
        return (0, false);
    }
    let score = if fours >= 2 {
        STRAIGHT_FOUR + base
    } else if fours == 1 && threes >= 1 {
        FOUR_THREE + base
    } else if threes >= 2 {
        DOUBLE_THREE + base
    } else {
        base
    };
    (score, !judged)
}

/// A score kept with the codes it was computed from; `score` is [`Kept::NONE`] when none is.
#[derive(Clone, Copy)]
struct Kept {
    codes: [u16; 4],
    score: i32,
}

impl Kept {
    const NONE: i32 = i32::MIN;
}

/// The scores of the points for both sides, each kept while its line codes stay the same
/// (note 1). One a search: it gives what [`point`] gives, for any board.
pub struct Scores {
    kept: Vec<Kept>,
}

impl Default for Scores {
    fn default() -> Self {
        Self::new()
    }
}

impl Scores {
    pub fn new() -> Self {
        Scores {
            kept: vec![
                Kept {
                    codes: [0; 4],
                    score: Kept::NONE,
                };
                2 * POINTS
            ],
        }
    }

    /// [`point`], recomputed only when the codes of `p` for `own` have changed (note 1).
    #[inline]
    pub fn point(&mut self, b: &Board, p: usize, own: Colour, legal: &Legality) -> i32 {
        let codes = b.codes(p, own);
        let k = &mut self.kept[usize::from(own - 1) * POINTS + p];
        if k.score != Kept::NONE && k.codes == codes {
            return k.score;
        }
        let (score, pure) = evaluate(b, p, own, legal, codes);
        *k = Kept {
            codes,
            score: if pure { score } else { Kept::NONE },
        };
        score
    }
}

/// Whether a stone of `own` at `p` makes a four (one or more five points) on some line.
pub fn makes_four(b: &Board, p: usize, own: Colour) -> bool {
    b.shapes(p, own)
        .iter()
        .any(|s| matches!(s, Shape::Four | Shape::StraightFour))
}

/// Whether a stone of `own` at `p` makes a four or a three on some line.
pub fn makes_threat(b: &Board, p: usize, own: Colour) -> bool {
    b.shapes(p, own)
        .iter()
        .any(|s| matches!(s, Shape::Four | Shape::StraightFour | Shape::Three))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::WHITE;
    use gomoku::Rule;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        /// After any stones played and taken back, under either rule, the kept scores are the
        /// scores computed afresh, for every empty point and both sides (note 1).
        #[test]
        fn kept_scores_are_the_recomputed_ones(
            points in proptest::collection::vec(0..POINTS, 0..120),
            undos in proptest::collection::vec(0usize..3, 0..120),
            strict in any::<bool>(),
        ) {
            let legal = Legality::new(if strict { Rule::Renju } else { Rule::Guide1993 });
            let mut b = Board::new();
            let mut scores = Scores::new();
            let check = |b: &Board, scores: &mut Scores| -> Result<(), TestCaseError> {
                for p in (0..POINTS).filter(|&p| b.get(p) == 0) {
                    for own in [BLACK, WHITE] {
                        prop_assert_eq!(scores.point(b, p, own, &legal), point(b, p, own, &legal));
                    }
                }
                Ok(())
            };
            for (i, &p) in points.iter().enumerate() {
                if b.get(p) != 0 {
                    continue;
                }
                b.play(p);
                check(&b, &mut scores)?;
                for _ in 0..undos.get(i).copied().unwrap_or(0).min(b.len()) {
                    b.undo();
                    check(&b, &mut scores)?;
                }
            }
        }
    }
}
