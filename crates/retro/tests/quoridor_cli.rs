//! `retro quoridor`: the commands as a user runs them.

mod common;

use common::{killed_once_written, retro, retro_stdin, tmp};

const RECORD: &str = "e8, e2, e7, e3, e6, e4, e5, e6, e4, e7, e3, e8, e8-, d8, c8-, d2-, a8-, e3|, d7|, c3|, c6-, c8, c5|";

#[test]
fn moves_after_a_history_are_sorted() {
    let (code, out, _) = retro(&["quoridor", "moves", "e8", "e2"]);
    assert_eq!(code, 0);
    let moves: Vec<&str> = out.split_whitespace().collect();
    assert_eq!(moves.len(), 132);
    let mut sorted = moves.clone();
    sorted.sort();
    assert_eq!(moves, sorted);
    assert!(moves.contains(&"e7") && moves.contains(&"h8|"));
}

#[test]
fn batch_moves_answer_one_line_per_history_and_name_a_bad_move() {
    let (code, out, _) = retro_stdin(&["quoridor", "moves"], "-\ne8 e2\n");
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 2);
    assert_eq!(out.lines().next().unwrap().split(' ').count(), 131);
    let (code, _, err) = retro_stdin(&["quoridor", "moves"], "-\ne8 e2\ne8 e9\n");
    assert_eq!(code, 2);
    assert_eq!(
        err.trim(),
        "retro: line 3: move 2 (e9): the pawn on e1 cannot move to e9"
    );
}

#[test]
fn perft_prints_each_depth_and_batches() {
    let mut args = vec!["quoridor", "perft", "--depth", "2"];
    let record: Vec<&str> = RECORD.split(", ").collect();
    args.extend(&record);
    let (code, out, _) = retro(&args);
    assert_eq!(code, 0);
    assert_eq!(out, "1 93\n2 8209\n");
    let (code, out, _) = retro_stdin(&["quoridor", "perft", "--depth", "2"], "-\n");
    assert_eq!(code, 0);
    assert_eq!(out, "131 16677\n");
}

#[test]
fn replay_prints_the_last_board_and_draws_it() {
    let svg = tmp("quoridor.svg");
    let (code, out, _) = retro(&[
        "quoridor",
        "replay",
        RECORD,
        "--last",
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(code, 0);
    assert!(out.starts_with("\n23. c5|\n"), "{out}");
    assert!(out.contains("The first player (x) on e3, going to row 1, 4 walls left"));
    assert!(out.contains("The second player (o) on c8, going to row 9, 7 walls left"));
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert_eq!(picture.matches("class=\"wall\"").count(), 9);
    assert_eq!(picture.matches("class=\"pawn\"").count(), 2);
    std::fs::remove_file(svg).ok();
}

#[test]
fn replay_reads_a_record_file() {
    let file = tmp("quoridor-record.txt");
    std::fs::write(&file, format!("# the paper's Olympiad record\n{RECORD}\n")).unwrap();
    let (code, out, _) = retro(&["quoridor", "replay", file.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(out.starts_with("Start\n"), "{out}");
    assert_eq!(out.matches("Move ").count(), 24, "the start and 23 moves");
    std::fs::write(&file, "e8,\ne2, e5\n").unwrap();
    let (code, _, err) = retro(&["quoridor", "replay", file.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(
        err.ends_with("quoridor-record.txt: move 3 (e5): the pawn on e8 cannot move to e5\n"),
        "{err}"
    );
    std::fs::remove_file(file).ok();
}

#[test]
fn replay_names_the_first_illegal_move() {
    let (code, _, err) = retro(&["quoridor", "replay", "e8, e2, e5-, e5|"]);
    assert_eq!(code, 2);
    assert_eq!(
        err.trim(),
        "retro: record: move 4 (e5|): the wall crosses e5-"
    );
}

#[test]
fn play_from_typed_lines_writes_the_transcript() {
    let input = tmp("quoridor-input.txt");
    let transcript = tmp("quoridor-paper.txt");
    std::fs::write(&input, "e8\ne9\nz9\n").unwrap();
    let (code, out, _) = retro(&[
        "quoridor",
        "play",
        "--player",
        "random",
        "--input",
        input.to_str().unwrap(),
        "--transcript",
        transcript.to_str().unwrap(),
    ]);
    assert_eq!(code, 0);
    let paper = std::fs::read_to_string(&transcript).unwrap();
    assert!(paper.contains("\"Z9\" IS NOT A MOVE"), "{paper}");
    assert!(paper.ends_with("END OF INPUT.\n"), "{paper}");
    assert!(out.contains("YOUR MOVE? E8"));
    std::fs::remove_file(input).ok();
    std::fs::remove_file(transcript).ok();
}

#[test]
fn unknown_players_are_refused_clearly() {
    let (code, _, err) = retro(&["quoridor", "play", "--player", "ucb:d=1"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("ucb has no parameter \"d\" (it takes: playouts, c, formula, policy, cut)"),
        "{err}"
    );
}

/// The transcript is written line by line: a game stopped at its first prompt keeps the board
/// printed before it.
#[test]
fn a_stopped_game_keeps_its_paper() {
    let paper = tmp("stopped-quoridor.txt");
    let args = [
        "quoridor",
        "play",
        "--player",
        "random",
        "--transcript",
        paper.to_str().unwrap(),
    ];
    let text = killed_once_written(&args, &paper, "  +-----------------------------------+\n");
    assert!(
        text.starts_with("QUORIDOR (AKIYAMA AND KOTANI).\n"),
        "{text}"
    );
    std::fs::remove_file(paper).ok();
}
