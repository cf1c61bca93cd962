//! The pattern evaluation of one point: what a stone there makes for one side.
//!
//! Weights reflect what the shapes force: a five ends the game; a straight four, a double four
//! or a four-three wins two moves later unless the opponent has a four of his own; a double
//! three wins three moves later; a four or a three forces a reply; the rest is room to grow.

use crate::board::{Board, Colour, BLACK};
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
    let exact = own == BLACK;
    let mut fours = 0;
    let mut threes = 0;
    let mut base = 0;
    let mut foul_shape = false;
    for code in b.codes(p, own) {
        let e = entry(usize::from(code), exact);
        base += i32::from(e.potential);
        match e.shape {
            Shape::Five => return FIVE,
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
    if exact && (foul_shape || threes >= 2 || fours >= 2) && !legal.black_may_play(b, p) {
        return 0;
    }
    if fours >= 2 {
        STRAIGHT_FOUR + base
    } else if fours == 1 && threes >= 1 {
        FOUR_THREE + base
    } else if threes >= 2 {
        DOUBLE_THREE + base
    } else {
        base
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
