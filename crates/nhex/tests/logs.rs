//! The four 1975 logs: legal replay, declared winners, and the agreement of our NHEX with them
//! (the figures of docs/nhex.md; a change of the engine that changes them must update both).

mod common;

use nhex::board::Side;
use nhex::engine::Engine;
use nhex::log::parse_log;
use nhex::replay::replay_game;

/// (file, moves, winner, NHEX moves agreeing, NHEX moves, announcement as logged)
const LOGS: [(&str, usize, Side, usize, usize, bool); 4] = [
    ("tokai-1975-game1.txt", 21, Side::Nhex, AGREE[0], 11, true),
    ("tokai-1975-game2.txt", 14, Side::Nhex, AGREE[1], 7, true),
    ("example-1.txt", 27, Side::Opponent, AGREE[2], 13, false),
    ("example-2.txt", 29, Side::Nhex, AGREE[3], 15, true),
];

/// Agreement per log with the default options (docs/nhex.md, "agreement").
const AGREE: [usize; 4] = [4, 3, 7, 14];

#[test]
fn logs_replay_legally_with_their_winners_and_agreement() {
    let e = Engine::default();
    for (file, n, winner, agree, nhex_moves, announced) in LOGS {
        let text = std::fs::read_to_string(common::logs_dir().join(file)).unwrap();
        let games = parse_log(&text).unwrap();
        assert_eq!(games.len(), 1, "{file}");
        let g = &games[0];
        assert_eq!(g.moves.len(), n, "{file}");
        assert_eq!(g.winner, Some(winner), "{file}");
        let end = g.replay().unwrap();
        assert_eq!(
            end.chain, None,
            "{file}: no game in the logs ends with a completed chain"
        );
        let r = replay_game(g, &e).unwrap();
        assert_eq!(r.agreement(), (agree, nhex_moves), "{file}");
        assert_eq!(
            r.announcement_matches(),
            announced,
            "{file}: {:?}",
            r.our_announcement
        );
        assert!(e.has_won(&r.board, winner) || !announced, "{file}");
    }
}

#[test]
fn the_moves_file_agrees_with_the_transcripts() {
    // data/nhex-moves.txt is the machine-readable form of the same four games.
    let text = std::fs::read_to_string(common::logs_dir().join("data/nhex-moves.txt")).unwrap();
    let mut blocks = Vec::new();
    let mut cur: Vec<String> = Vec::new();
    for l in text.lines() {
        let l = l.split('#').next().unwrap().trim();
        if let Some(name) = l.strip_prefix("game ") {
            cur = vec![name.to_string()];
        } else if l == "end" {
            blocks.push(std::mem::take(&mut cur));
        } else if l.starts_with("N ") || l.starts_with("O ") {
            cur.push(l.replace(' ', ""));
        }
    }
    assert_eq!(blocks.len(), 4);
    for b in blocks {
        let text =
            std::fs::read_to_string(common::logs_dir().join(format!("{}.txt", b[0]))).unwrap();
        let g = &parse_log(&text).unwrap()[0];
        let mv: Vec<String> = g
            .moves
            .iter()
            .map(|m| format!("{}{}", m.side.letter(), m.cell))
            .collect();
        assert_eq!(mv, b[1..], "{}", b[0]);
    }
}

#[test]
fn engine_repeats_the_observed_determinism() {
    // notes §3: after 0405 0404 NHEX answers 0605 whatever the key; our engine is a function
    // of the position alone, so it answers the same move in the same position every time.
    let e = Engine::default();
    let mut b = nhex::Board::new(8);
    b.play(nhex::Cell::new(4, 5), Side::Nhex);
    b.play(nhex::Cell::new(4, 4), Side::Opponent);
    let first = e.choose(&b);
    for _ in 0..3 {
        assert_eq!(e.choose(&b), first);
    }
}

#[test]
fn the_glob_of_the_readme_holds_logs_only() {
    // `retro hex replay tests/nhex/*.txt`: every .txt at the top level is a log that parses;
    // the other data lives in tests/nhex/data/ and is recognised as not a log.
    let mut logs = 0;
    for e in std::fs::read_dir(common::logs_dir()).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "txt") {
            let text = std::fs::read_to_string(&p).unwrap();
            assert!(nhex::log::is_log(&text), "{}", p.display());
            assert!(!parse_log(&text).unwrap().is_empty(), "{}", p.display());
            logs += 1;
        }
    }
    assert_eq!(logs, 4);
    for f in ["nhex-moves.txt", "tokai-1975-gpcc.txt"] {
        let text = std::fs::read_to_string(common::logs_dir().join("data").join(f)).unwrap();
        assert!(!nhex::log::is_log(&text), "{f}");
    }
}
