//! Whatever the position, both engines answer with a point the side to move may take.

use gomoku::{foul, Game, Point, Rule, Status};
use gomoku_engines::{EngineKind, Limits};
use proptest::prelude::*;

/// A game from random points (occupied ones skipped), stopped when it ends or the points run out.
fn game_of(points: &[(u8, u8)], rule: Rule) -> Game {
    let mut g = Game::new(rule);
    for &(x, y) in points {
        let p = Point::new(x, y).unwrap();
        if g.status() != Status::Playing {
            break;
        }
        let _ = g.play(p);
    }
    g
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn always_a_point_the_side_may_take(
        points in prop::collection::vec((1u8..=15, 1u8..=15), 0..120),
        strict in any::<bool>(),
        seed in 0u64..4,
    ) {
        let rule = if strict { Rule::Renju } else { Rule::Guide1993 };
        let g = game_of(&points, rule);
        for kind in EngineKind::ALL {
            let mut e = kind.build(seed);
            let p = e.choose(&g, rule, &Limits::nodes(300));
            prop_assert!(g.board().is_empty(p), "{kind} chose the taken {p}");
            if g.to_move() == gomoku::Stone::Black {
                prop_assert_eq!(foul(g.board(), p, rule), None, "{} chose a foul at {}", kind, p);
            }
            // The same seed and node limit give the same move.
            prop_assert_eq!(kind.build(seed).choose(&g, rule, &Limits::nodes(300)), p);
        }
    }
}

#[test]
fn a_time_limit_alone_gives_a_move() {
    let moves = "8,8 9,7 10,6 10,8 8,6 9,6 8,7 8,5 8,10 8,9 9,5 10,7";
    let points: Vec<Point> = moves.split(' ').map(|s| s.parse().unwrap()).collect();
    let g = Game::from_moves(&points, Rule::Renju).unwrap();
    let limits = Limits::time(std::time::Duration::from_millis(30));
    for kind in EngineKind::ALL {
        let p = kind.build(0).choose(&g, Rule::Renju, &limits);
        assert!(g.board().is_empty(p));
        assert_eq!(foul(g.board(), p, Rule::Renju), None);
    }
}
