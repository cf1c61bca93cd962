//! `retro gomoku play` and `bench-engines` as a user runs them.

mod common;

use common::{killed_once_written, retro, tmp};

#[test]
fn play_from_an_input_file_writes_the_transcript() {
    let input = tmp("play-input.txt");
    let paper = tmp("play-paper.txt");
    std::fs::write(&input, "b\nkansei\n1993\nsearch\n").unwrap();
    let (code, out, err) = retro(&[
        "gomoku",
        "play",
        "--nodes",
        "500",
        "--input",
        input.to_str().unwrap(),
        "--transcript",
        paper.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let roll = std::fs::read_to_string(&paper).unwrap();
    assert!(roll.starts_with("GOMOKU, 15 X 15"));
    assert!(roll.contains("OPENING 1D KANSEI: 8,8 8,7 8,6\n"));
    assert!(roll.contains("MY MOVE "));
    assert!(roll.ends_with("YOUR MOVE (X,Y OR H8)?\n"));
    // The printer is on standard output as well.
    assert_eq!(out.replace('\r', ""), roll);
    let (code, _, err) = retro(&["gomoku", "play", "--input", "/nonexistent/moves.txt"]);
    assert_eq!(code, 2);
    assert!(err.contains("/nonexistent/moves.txt"), "{err}");
    let _ = std::fs::remove_file(input);
    let _ = std::fs::remove_file(paper);
}

#[test]
fn bench_engines_finds_every_win() {
    let (code, out, err) = retro(&["gomoku", "bench-engines", "--nodes", "2000"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().filter(|l| l.starts_with("  ")).count(), 12);
    assert!(!out.contains("not found"), "{out}");
    assert!(out.contains("nodes/s"));
}

/// The transcript is written line by line: a game stopped at its first prompt keeps what was
/// printed before it.
#[test]
fn a_stopped_game_keeps_its_paper() {
    let paper = tmp("stopped-gomoku.txt");
    let args = ["gomoku", "play", "--transcript", paper.to_str().unwrap()];
    let first = "GOMOKU, 15 X 15, THE 1993 GOMOKU KYOSO RULES\n";
    let text = killed_once_written(&args, &paper, first);
    assert!(text.starts_with(first), "{text}");
    std::fs::remove_file(paper).ok();
}
