//! The paper's notation: round trips, OpenSpiel's spelling, and no panic on any input.

use proptest::prelude::*;
use quoridor::notation::{parse_record, position, replay, RecordError};
use quoridor::{batch, IllegalMove, Move, Orient, Side, Square, Wall};

fn any_move() -> impl Strategy<Value = Move> {
    prop_oneof![
        (0..9usize, 0..9usize).prop_map(|(c, r)| Move::Pawn(Square::new(c, r).unwrap())),
        (0..8usize, 0..8usize, any::<bool>()).prop_map(|(c, r, v)| {
            let o = if v {
                Orient::Vertical
            } else {
                Orient::Horizontal
            };
            Move::Wall(Wall::new(o, c, r).unwrap())
        }),
    ]
}

/// Tokens that look like moves, legal or not, to reach deep into the record reader.
fn plausible_token() -> impl Strategy<Value = String> {
    "[a-jA-J][0-9][|\\-vhx]?"
}

proptest! {
    #[test]
    fn moves_round_trip(m in any_move()) {
        let text = m.to_string();
        prop_assert_eq!(text.parse::<Move>().unwrap(), m);
        let openspiel = text.replace('|', "v").replace('-', "h");
        prop_assert_eq!(openspiel.parse::<Move>().unwrap(), m);
        prop_assert_eq!(text.to_ascii_uppercase().parse::<Move>().unwrap(), m);
    }

    #[test]
    fn records_round_trip(ms in proptest::collection::vec(any_move(), 0..30)) {
        let record = quoridor::notation::format_record(&ms);
        prop_assert_eq!(parse_record(&record).unwrap(), ms);
    }

    #[test]
    fn the_parser_never_panics(s in "\\PC{0,8}") {
        let _ = s.parse::<Move>();
    }

    #[test]
    fn the_record_reader_never_panics(s in "\\PC{0,80}") {
        let _ = replay(&s);
        let _ = batch::replay_report(&batch::record_text(&s), true);
        let _ = batch::moves_line(&s);
    }

    #[test]
    fn plausible_records_replay_or_name_the_move(tokens in proptest::collection::vec(plausible_token(), 0..60)) {
        let record = tokens.join(", ");
        match replay(&record) {
            Ok(steps) => prop_assert_eq!(steps.len(), tokens.len()),
            Err(RecordError::Malformed { number, .. }) | Err(RecordError::Illegal { number, .. }) => {
                prop_assert!(number >= 1 && number <= tokens.len());
                // Everything before the bad move replays.
                prop_assert!(replay(&tokens[..number - 1].join(", ")).is_ok());
            }
        }
    }
}

#[test]
fn the_paper_examples() {
    assert_eq!("e8".parse::<Move>().unwrap().to_string(), "e8");
    assert_eq!("c5|".parse::<Move>().unwrap().to_string(), "c5|");
    assert_eq!("e8h".parse::<Move>().unwrap().to_string(), "e8-");
    assert!(
        "i5|".parse::<Move>().is_err(),
        "a wall's square is in columns a-h"
    );
    assert!("a9-".parse::<Move>().is_err(), "and rows 1-8");
    assert!("e10".parse::<Move>().is_err());
    assert!("".parse::<Move>().is_err());
}

/// The appendix's Olympiad record ends as the notes describe: the first player on e3 with 4
/// walls left, the second on c8 with 7, the second to move; move 8 is a straight jump.
#[test]
fn the_olympiad_record_replays_to_the_described_position() {
    let record = "e8, e2, e7, e3, e6, e4, e5, e6, e4, e7, e3, e8, e8-, d8, c8-, d2-, a8-, e3|, d7|, c3|, c6-, c8, c5|";
    let steps = replay(record).unwrap();
    assert_eq!(steps.len(), 23);
    let end = steps[22].1;
    assert_eq!(end.pawn(Side::First).to_string(), "e3");
    assert_eq!(end.pawn(Side::Second).to_string(), "c8");
    assert_eq!(end.walls_left(Side::First), 4);
    assert_eq!(end.walls_left(Side::Second), 7);
    assert_eq!(end.side_to_move(), Side::Second);
    assert_eq!(end.winner(), None);
    // Move 8: the second player on e4 jumps the first player's pawn on e5 to e6.
    let before = steps[6].1;
    assert_eq!(before.pawn(Side::First).to_string(), "e5");
    assert_eq!(before.pawn(Side::Second).to_string(), "e4");
    assert_eq!(steps[7].1.pawn(Side::Second).to_string(), "e6");
    let walls: Vec<String> = end.walls().map(|w| w.to_string()).collect();
    assert_eq!(walls.len(), 9);
}

#[test]
fn errors_say_why() {
    let err = |record: &str| replay(record).unwrap_err().to_string();
    assert_eq!(err("e5-, e5|"), "move 2 (e5|): the wall crosses e5-");
    assert_eq!(err("e5-, d5-"), "move 2 (d5-): the wall overlaps e5-");
    assert_eq!(
        err("e8, e9"),
        "move 2 (e9): the pawn on e1 cannot move to e9"
    );
    assert_eq!(
        err("e8, zz"),
        "move 2: \"zz\" is not a move: a move starts with a column a-i"
    );
    // d1| and e1| make a corridor e1-e2 for the second player; e2- would close it.
    let mut t = position("d1|, e2, e1|, e1").unwrap();
    assert_eq!(
        t.play("e2-".parse().unwrap()),
        Err(IllegalMove::ClosesPath(Side::Second))
    );
    assert_eq!(
        IllegalMove::ClosesPath(Side::Second).to_string(),
        "the wall closes the last path of the second player"
    );
}
