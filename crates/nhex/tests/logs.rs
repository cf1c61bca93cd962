//! The 1975 logs: legal replay, declared winners, and the agreement of our NHEX with them.
//!
//! The paper printed seven logs. Four are public and in `tests/nhex/` (the two Tokai games and
//! examples 1-2); three (examples 3-5) are withheld from the project as a validation set and
//! are not in this repository. Every choice docs/nhex.md marks **fitted** (the categories
//! DistanceSum, the centre region Hex1, the look-ahead depth 8 with scoring 1000 - k, the
//! announcement test Simple) was chosen for its agreement with the four public logs; nothing
//! was fitted on the validation set, which the project has never read.
//!
//! So the public figure is a fit, not a measurement: the test asserts it as a floor (a change
//! that lowers it is a regression; one that raises it passes, and docs/nhex.md is then
//! updated). The validation set is measured separately, by an ignored test run on purpose with
//! `NHEX_VALIDATION_DIR`.

mod common;

use nhex::board::Side;
use nhex::engine::Engine;
use nhex::log::parse_log;
use nhex::replay::replay_game;

/// (file, moves, winner, NHEX moves, announcement as logged)
const LOGS: [(&str, usize, Side, usize, bool); 4] = [
    ("tokai-1975-game1.txt", 21, Side::Nhex, 11, true),
    ("tokai-1975-game2.txt", 14, Side::Nhex, 7, true),
    ("example-1.txt", 27, Side::Opponent, 13, false),
    ("example-2.txt", 29, Side::Nhex, 15, true),
];

/// The floor of the agreement over the public logs: 28 of 46 NHEX moves, the figure of
/// docs/nhex.md ("Agreement with the logs"), reached by the fitted choices.
const PUBLIC_FLOOR: usize = 28;

/// A line past the test harness's capture, so that the run shows the measurement.
fn report(line: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "{line}");
}

#[test]
fn public_logs_replay_legally_with_their_winners_and_at_least_the_fitted_agreement() {
    let e = Engine::default();
    let (mut agree, mut total) = (0, 0);
    let mut per_log = Vec::new();
    for (file, n, winner, nhex_moves, announced) in LOGS {
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
        let (k, m) = r.agreement();
        assert_eq!(m, nhex_moves, "{file}: NHEX moves compared");
        agree += k;
        total += m;
        per_log.push(format!("{file} {k}/{m}"));
        assert_eq!(
            r.announcement_matches(),
            announced,
            "{file}: {:?}",
            r.our_announcement
        );
        assert!(e.has_won(&r.board, winner) || !announced, "{file}");
    }
    assert_eq!(total, 46);
    report(&format!(
        "nhex agreement, public logs (the fitted choices were chosen on these): {agree}/{total} \
         ({}), floor {PUBLIC_FLOOR}",
        per_log.join(", ")
    ));
    assert!(
        agree >= PUBLIC_FLOOR,
        "agreement with the public logs fell to {agree}/{total}, below {PUBLIC_FLOOR} \
         ({})",
        per_log.join(", ")
    );
}

/// The validation set (examples 3-5 of the paper), never used to fit anything: every log in
/// `$NHEX_VALIDATION_DIR` (`*.txt`, the format of `tests/nhex/`) must parse and replay
/// legally; the agreement is reported, not bounded, since it has never been measured.
#[test]
#[ignore = "the validation set (examples 3-5) is withheld: NHEX_VALIDATION_DIR=DIR cargo test -p nhex --test logs -- --ignored"]
fn the_validation_set_is_measured_apart() {
    let dir = std::env::var_os("NHEX_VALIDATION_DIR")
        .expect("NHEX_VALIDATION_DIR names the folder of the withheld logs");
    let e = Engine::default();
    let (mut agree, mut total, mut logs) = (0, 0, 0);
    for entry in std::fs::read_dir(&dir).unwrap() {
        let p = entry.unwrap().path();
        if p.extension().is_none_or(|x| x != "txt") {
            continue;
        }
        let text = std::fs::read_to_string(&p).unwrap();
        for g in parse_log(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display())) {
            g.replay()
                .unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            let r = replay_game(&g, &e).unwrap();
            let (k, n) = r.agreement();
            report(&format!(
                "nhex agreement, validation log {}: {k}/{n}",
                p.display()
            ));
            agree += k;
            total += n;
            logs += 1;
        }
    }
    assert!(logs > 0, "no logs in {dir:?}");
    report(&format!(
        "nhex agreement, validation set (nothing fitted on it): {agree}/{total} over {logs} logs"
    ));
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
