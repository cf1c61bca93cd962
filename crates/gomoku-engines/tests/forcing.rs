//! Every forced-win position is found by `search` and won when played out against `search`.

use gomoku::{Point, Rule, Status, Stone};
use gomoku_engines::board::{point, Board};
use gomoku_engines::duel::play_game;
use gomoku_engines::forcing::{parse, positions};
use gomoku_engines::{EngineKind, Limits, SearchEngine};

#[test]
fn the_file_reads_and_holds_a_dozen() {
    assert_eq!(positions().len(), 12);
    assert!(parse("x | red | vcf | game 8,8").is_err());
    assert!(parse("x | white | vcf | game 8,8 8,8").is_err());
    assert!(
        parse("x | black | vcf | game 8,8").is_err(),
        "white is to move"
    );
    assert!(parse("x | black | vcf | stones 8,8 9,9 / 1,1 2,2 3,3").is_err());
}

#[test]
fn search_finds_every_win_and_wins_it() {
    for rule in [Rule::Renju, Rule::Guide1993] {
        for f in positions() {
            let mut b = Board::from_moves(&f.moves.iter().map(|p| p.index()).collect::<Vec<_>>());
            let mut s = SearchEngine::new(1);
            let first = s.think(&mut b, rule, &Limits::nodes(200_000));
            let line = s.last().win.clone();
            assert!(line.is_some(), "{} ({rule}): no win found", f.name);
            assert_eq!(first, line.as_ref().map(|l| l[0]));
            // Played out, the winner's search beats the loser's.
            let game = f.game(rule);
            let (mut w, mut l) = (EngineKind::Search.build(2), EngineKind::Search.build(3));
            let (black, white) = match f.winner {
                Stone::Black => (&mut w, &mut l),
                Stone::White => (&mut l, &mut w),
            };
            let out = play_game(
                &mut **black,
                &mut **white,
                game.history(),
                rule,
                &Limits::nodes(20_000),
            );
            assert_eq!(
                out.winner,
                Some(f.winner),
                "{} ({rule}): {:?}",
                f.name,
                out.game.status()
            );
            // A VCF line holds both sides' moves to the winning four; a VCT line only the first move.
            let bound = if f.threes {
                30
            } else {
                line.as_ref().unwrap().len() + 2
            };
            assert!(
                out.game.history().len() <= f.moves.len() + bound,
                "{} ({rule}): the win took longer than the line found: {:?} then {:?}",
                f.name,
                line,
                &out.game.history()[f.moves.len()..]
            );
            assert!(matches!(out.game.status(), Status::Won { .. }));
        }
    }
}

#[test]
fn the_rules_in_the_search() {
    let ps = positions();
    // White wins by a four whose only answer is black's double-three at 8,8.
    let f = &ps[2];
    let mut b = Board::from_moves(&f.moves.iter().map(|p| p.index()).collect::<Vec<_>>());
    let mut s = SearchEngine::new(0);
    let m = s
        .think(&mut b, Rule::Renju, &Limits::nodes(50_000))
        .unwrap();
    assert_eq!(point(m), Point::new(4, 8).unwrap());
    // White does not answer black's 1..4,2 + 6,2: its completion at 5,2 is an overline.
    let f = &ps[3];
    let mut b = Board::from_moves(&f.moves.iter().map(|p| p.index()).collect::<Vec<_>>());
    let m = s
        .think(&mut b, Rule::Renju, &Limits::nodes(50_000))
        .unwrap();
    assert_ne!(point(m), Point::new(5, 2).unwrap());
    assert!(s.last().win.is_some());
}
