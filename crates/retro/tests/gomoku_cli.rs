//! `retro gomoku` as a user runs it.

mod common;

use common::{retro, retro_stdin, root, tmp};

const GOLDEN: &str = "tests/gomoku/renju-forbidden-dev.txt";

#[test]
fn forbidden_answers_the_whole_golden_file_line_by_line() {
    let text = std::fs::read_to_string(root().join(GOLDEN)).unwrap();
    let want: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.rsplit(" | ").next().unwrap())
        .collect();
    let (code, out, err) = retro_stdin(&["gomoku", "forbidden", "--rule", "renju"], &text);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().collect::<Vec<_>>(), want);
}

#[test]
fn forbidden_of_one_position_in_both_modes() {
    // The guide's §2.5 position (Rapfi: only 8,7 in renju).
    let moves = "6,5 6,6 7,6 9,6 8,6 10,6 7,7 6,8 9,7 7,8 8,8 6,10 7,9 10,10 9,9 15,15";
    let args = |rule| {
        let mut a = vec!["gomoku", "forbidden", "--rule", rule];
        a.extend(moves.split(' '));
        a
    };
    assert_eq!(retro(&args("renju")).1, "8,7:1\n");
    assert_eq!(retro(&args("1993")).1, "8,7:1 8,9:1\n");
    assert_eq!(
        retro(&["gomoku", "forbidden", "--rule", "renju", "h8"]).1,
        "-\n"
    );
}

#[test]
fn bad_positions_get_errors_naming_the_move() {
    let (code, _, err) = retro(&["gomoku", "forbidden", "--rule", "renju", "8,8", "16,2"]);
    assert_eq!(code, 2);
    assert!(err.contains("move 2") && err.contains("16,2"), "{err}");
    let (code, _, err) = retro(&["gomoku", "forbidden", "--rule", "gomoku", "8,8"]);
    assert_ne!(code, 0);
    assert!(err.contains("renju or 1993"), "{err}");
    let input = "8,8 9,9\n8,8 9,9 8,8\nh8 x\n1,1 2,2 1,2 2,3 1,3 2,4 1,4 2,5 1,5\n";
    let (code, out, _) = retro_stdin(&["gomoku", "forbidden", "--rule", "1993"], input);
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "-");
    assert!(
        lines[1].starts_with("error: line 2: move 3 (8,8)"),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].starts_with("error: line 3: move 2:"),
        "{}",
        lines[2]
    );
    assert!(
        lines[3].contains("move 9 (1,5)") && lines[3].contains("five"),
        "{}",
        lines[3]
    );
}

#[test]
fn show_draws_the_terminal_the_teletype_and_svg() {
    let svg = tmp("gomoku.svg");
    let (code, out, err) = retro(&[
        "gomoku",
        "show",
        "--opening",
        "keigetsu",
        "--symmetry",
        "鏡・右",
        "9,9",
        "--numbers",
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("『渓月』(直接2・鏡・右)\n"), "{out}");
    assert!(out.contains("4 moves, black to move"), "{out}");
    let picture = std::fs::read_to_string(&svg).unwrap();
    std::fs::remove_file(&svg).unwrap();
    assert!(picture.starts_with("<svg") && picture.contains(">4</text>"));
    // The caption: the opening, whose move it is and the rule.
    assert!(
        picture.contains(">opening 2D keigetsu: 『渓月』(直接2・鏡・右)</text>"),
        "{picture}"
    );
    assert!(
        picture.contains(">4 moves, black to move (renju)</text>"),
        "{picture}"
    );
    let (_, out, _) = retro(&["gomoku", "show", "h8", "h7", "--teletype"]);
    assert!(out.lines().all(|l| l.len() <= 72 && l.is_ascii()));
    assert!(out.contains("[O]"));
    // An opening at the teletype: upper-case ASCII too.
    let (_, out, _) = retro(&["gomoku", "show", "--opening", "1D", "--teletype"]);
    assert!(out.starts_with("OPENING 1D KANSEI, SYMMETRY 0\n"), "{out}");
    assert!(
        out.is_ascii() && !out.bytes().any(|b| b.is_ascii_lowercase()),
        "{out}"
    );
    let (code, _, err) = retro(&["gomoku", "show", "h8", "h8"]);
    assert_eq!(code, 2);
    assert!(err.contains("move 2 (8,8)"), "{err}");
}
