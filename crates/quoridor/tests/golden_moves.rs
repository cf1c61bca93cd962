//! Legal-move sets and perft counts against OpenSpiel's (cross-checked) golden data.

mod common;

use quoridor::notation::position;
use quoridor::perft::perft;

#[test]
fn legal_moves_equal_the_golden_lists_at_every_position() {
    let mut checked = 0;
    for rec in common::records("quoridor-legal-dev.txt") {
        if !rec[0].starts_with("P ") {
            continue;
        }
        let state = position(common::history(&rec[1])).expect("golden history replays");
        let mut ours: Vec<String> = state.legal_moves().iter().map(|m| m.to_string()).collect();
        ours.sort();
        assert_eq!(ours.join(" "), rec[2], "at {}", rec[0]);
        assert_eq!(state.count_moves(), ours.len(), "count at {}", rec[0]);
        checked += 1;
    }
    assert_eq!(checked, 1044);
}

#[test]
fn golden_games_replay_to_their_winners() {
    let mut games = 0;
    for rec in common::records("quoridor-legal-dev.txt") {
        if !rec[0].starts_with("G ") {
            continue;
        }
        let f: Vec<&str> = rec[0].split_whitespace().collect();
        let state = position(&rec[1]).expect("golden game replays");
        assert_eq!(state.ply().to_string(), f[2]);
        let winner = match state.winner() {
            Some(quoridor::Side::First) => "1",
            Some(quoridor::Side::Second) => "2",
            None => "none",
        };
        assert_eq!(winner, f[3], "game {}", f[1]);
        games += 1;
    }
    assert_eq!(games, 60);
}

#[test]
fn perft_equals_the_golden_counts() {
    for rec in common::records("quoridor-perft-dev.txt") {
        let state = position(common::history(&rec[1])).expect("golden history replays");
        // Depth 4 from the start is a benchmark (`retro quoridor bench`), not a test.
        for (d, want) in rec[2].split_whitespace().enumerate().take(3) {
            let d = d as u32 + 1;
            assert_eq!(perft(&state, d).to_string(), want, "{} perft {d}", rec[0]);
        }
    }
}
