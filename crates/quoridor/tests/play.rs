//! Golden transcripts of `retro quoridor play`: scripted typing at the emulated teletype.

mod common;

use quoridor::play::{play, Ending};
use quoridor::{Side, Spec};
use teletype::{Scripted, Teletype, Transcript};

fn session(spec: &str, seed: u64, human: Side, lines: &str) -> (Ending, String) {
    let mut console = Teletype::new(Transcript::new(Scripted::from_lines(lines)));
    let spec: Spec = spec.parse().unwrap();
    let mut player = spec.build(seed);
    let (ending, _) = play(&mut console, player.as_mut(), &spec.to_string(), human);
    (ending, console.host().paper())
}

#[test]
fn malformed_and_illegal_entries_get_a_reason_and_a_new_prompt() {
    let (ending, paper) = session(
        "random",
        5,
        Side::First,
        "e8\nz9\ne9\ne5-\ne5v\nd5h\nc3!\ne7\n",
    );
    assert_eq!(ending, Ending::EndOfInput);
    assert!(paper.contains("\"Z9\" IS NOT A MOVE"), "{paper}");
    assert!(paper.contains("THE WALL CROSSES E5-"), "{paper}");
    expected_output::check(common::data("play-random.txt"), &paper);
}

#[test]
fn a_game_against_ab2_to_the_end() {
    // The person plays second and walks up the e file; ab2 walls it in.
    let walk = "e2\ne3\ne4\ne5\ne6\ne7\ne8\ne9\nd2\nd3\nd4\nd5\nd6\nd7\nd8\nd9\n".repeat(3);
    let (ending, paper) = session("ab2", 5, Side::Second, &walk);
    expected_output::check(common::data("play-ab2.txt"), &paper);
    assert!(
        matches!(ending, Ending::Won(_) | Ending::EndOfInput),
        "{ending:?}"
    );
}

#[test]
fn a_won_game_ends_with_the_winner() {
    // Try the e file first, then the files beside it, row by row towards row 1.
    let mut script = String::new();
    for k in (1..=8).rev() {
        for c in ["e", "d", "f", "c", "g", "b", "h", "a", "i"] {
            script.push_str(&format!("{c}{k}\n"));
        }
    }
    let (ending, paper) = session("random", 0, Side::First, &script.repeat(3));
    assert_eq!(ending, Ending::Won(Side::First));
    assert!(
        paper.contains("THE FIRST PLAYER WINS AFTER 23 MOVES."),
        "{paper}"
    );
    expected_output::check(common::data("play-won.txt"), &paper);
}

#[test]
fn a_vertical_wall_typed_as_the_paper_writes_it_is_that_wall() {
    // The keyboard folds | to \ (no | on the ASR-33); e7| must never become the pawn move e7.
    for (typed, wall) in [
        ("e7|", "E7!"),
        ("i5|", "I5"),
        ("a1|", "A1!"),
        ("e7!", "E7!"),
    ] {
        let (_, paper) = session("random", 5, Side::First, &format!("{typed}\n"));
        assert!(
            paper.contains(&format!("YOU PLAY {wall}")) || paper.contains("IS NOT A MOVE"),
            "{typed}: {paper}"
        );
        assert!(!paper.contains("YOU PLAY E7."), "{typed}: {paper}");
    }
    let (_, paper) = session("random", 5, Side::First, "e7|\n");
    assert!(
        paper.contains("YOUR MOVE? E7\\\nMOVE 1: YOU PLAY E7!."),
        "{paper}"
    );
    // i5| is off the wall grid (columns a-h): refused with the reason, not played as i5.
    let (_, paper) = session("random", 5, Side::First, "i5|\n");
    assert!(paper.contains("COLUMNS A-H AND ROWS 1-8"), "{paper}");
    assert!(!paper.contains("YOU PLAY"), "{paper}");
}

#[test]
fn help_explains_and_quit_ends_at_once() {
    let (ending, paper) = session("random", 5, Side::First, "help\nquit\ne8\n");
    assert_eq!(ending, Ending::Quit);
    assert!(
        paper.contains("FIRST (X) STARTS ON E9 AND GOES TO ROW 1"),
        "{paper}"
    );
    assert!(paper.ends_with("GAME ABANDONED.\r\n") || paper.ends_with("GAME ABANDONED.\n"));
    assert!(!paper.contains("YOU PLAY"), "{paper}");
}

#[test]
fn the_screen_says_which_row_each_side_goes_to() {
    let (_, paper) = session("random", 5, Side::Second, "");
    assert!(
        paper.contains("YOU ARE THE SECOND PLAYER (O), FROM E1 TO ROW 9"),
        "{paper}"
    );
    assert!(paper.contains("THE MACHINE IS THE FIRST PLAYER (X), FROM E9 TO ROW 1"));
    assert!(paper.contains("(X) ON E9, GOING TO ROW 1, 10 WALLS LEFT"));
}
