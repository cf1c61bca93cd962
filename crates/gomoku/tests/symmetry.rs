//! The forbidden set does not depend on how the board is turned or mirrored.

use gomoku::bench::golden_boards;
use gomoku::{forbidden_points, Board, Foul, Point, Rule, Stone, Symmetry};
use proptest::prelude::*;
use std::collections::BTreeMap;

fn transformed(b: &Board, s: Symmetry) -> Board {
    let mut t = Board::new();
    for (p, stone) in b.stones() {
        t.set(s.apply(p), Some(stone));
    }
    t
}

fn fouls(b: &Board, rule: Rule) -> BTreeMap<Point, Foul> {
    forbidden_points(b, rule).into_iter().collect()
}

fn check(b: &Board) -> Result<(), TestCaseError> {
    for rule in [Rule::Renju, Rule::Guide1993] {
        let base = fouls(b, rule);
        for s in Symmetry::ALL {
            let moved: BTreeMap<Point, Foul> =
                base.iter().map(|(&p, &f)| (s.apply(p), f)).collect();
            prop_assert_eq!(&fouls(&transformed(b, s), rule), &moved, "{} {}", rule, s);
        }
    }
    Ok(())
}

/// Dense random positions near the centre, more black than white so fouls are common.
fn position() -> impl Strategy<Value = Board> {
    prop::collection::vec((4u8..=12, 4u8..=12, prop::bool::weighted(0.6)), 10..50).prop_map(|v| {
        let mut b = Board::new();
        for (x, y, black) in v {
            let p = Point::new(x, y).unwrap();
            b.set(p, Some(if black { Stone::Black } else { Stone::White }));
        }
        b
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn forbidden_set_is_invariant_under_the_8_symmetries(b in position()) {
        check(&b)?;
    }
}

#[test]
fn golden_positions_are_invariant_too() {
    for b in golden_boards().iter().step_by(10) {
        check(b).unwrap();
    }
}
