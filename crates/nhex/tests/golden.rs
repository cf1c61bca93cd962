//! Golden transcript: a whole session against scripted input reproduces the dialogue of the
//! logs line for line. Regenerate on purpose with `UPDATE_GOLDEN=1`.
//!
//! The opponent's lines are made by self-play (the engine on the transposed board), with a
//! malformed, an off-board and an occupied entry typed first; the session plays one game with
//! the opponent first, then (00) one with NHEX first, and ends with 99.

mod common;

use nhex::board::Side;
use nhex::dialogue::Dialogue;
use nhex::engine::Engine;
use nhex::log::parse_log;
use teletype::{Scripted, Transcript};

fn input() -> String {
    let e = Engine::default();
    let mut lines = vec!["77".to_string(), "00".into(), "065".into(), "0900".into()];
    let (g1, _) = common::self_play(&e, false);
    let mut first = true;
    for (s, c) in &g1 {
        if *s == Side::Opponent {
            lines.push(c.to_string());
            if first {
                // The same cell again at the next prompt: occupied.
                lines.push(c.to_string());
                first = false;
            }
        }
    }
    lines.push("00".into());
    lines.push("99".into());
    let (g2, _) = common::self_play(&e, true);
    for (s, c) in &g2 {
        if *s == Side::Opponent {
            lines.push(c.to_string());
        }
    }
    lines.push("99".into());
    lines.join("\n") + "\n"
}

#[test]
fn session_matches_golden_transcript() {
    let input = input();
    let mut d = Dialogue::new(
        Transcript::new(Scripted::from_lines(&input)),
        Engine::default(),
    );
    d.run();
    let record = d.record().to_string();
    let paper = d.teletype.host().paper();
    let dir = common::logs_dir().join("golden");
    let golden = dir.join("session-1.txt");
    let roll = dir.join("session-1.paper.txt");
    expected_output::check(&golden, &record);
    expected_output::check(&roll, &paper);
    // The paper roll is the record without the '> ' marks.
    let unmarked: String = record
        .lines()
        .map(|l| l.strip_prefix("> ").unwrap_or(l).to_string() + "\n")
        .collect();
    assert_eq!(paper, unmarked);
    // The record reads back as a log: two legal games, with the same results the dialogue saw.
    let games = parse_log(&record).unwrap();
    assert_eq!(games.len(), 2);
    for (g, (nhex_first, moves, winner)) in games.iter().zip(d.games()) {
        g.replay().unwrap();
        assert_eq!(g.first == Side::Nhex, *nhex_first);
        assert_eq!(
            g.moves.iter().map(|m| (m.side, m.cell)).collect::<Vec<_>>(),
            *moves
        );
        assert_eq!(g.winner, *winner);
        assert!(winner.is_some());
    }
    assert_eq!(games[0].rejected.len(), 3);
    // Every printed line is one of the program's messages.
    for l in paper.lines().filter(|l| !l.is_empty()) {
        let known = [
            "HEX O HAJIMEMASU",
            "2-KETA NO KAZU O KEY-IN SEYO",
            "SENTE WA? ANATA=00 WATASHI=99",
            "ANATA NO TE WA?",
            "WATASHI NO KACHI!",
            "?ANATA NO KACHI",
            "MOICHIDO SURU=00 SHINAI=99",
            "MOICHIDO TADASHIKU KEY-IN SEYO",
            "SOKO WA SUDENI UTARETE IMAS",
        ];
        let typed = l.bytes().all(|b| b.is_ascii_digit());
        assert!(
            known.contains(&l) || l.starts_with("WATASHI NO TE ") || typed,
            "{l}"
        );
    }
}
