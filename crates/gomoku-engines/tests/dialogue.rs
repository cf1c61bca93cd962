//! Golden transcripts of whole sessions at the teletype, with scripted input. The person's
//! moves are made by an engine that plays the same game beforehand (the session's engine is
//! deterministic under its node limit); bad entries are typed among them. Regenerate on
//! purpose with `UPDATE_GOLDEN=1`.

use gomoku::{forbidden_points, Game, Opening, Rule, Status, Stone, Win};
use gomoku_engines::dialogue::Dialogue;
use gomoku_engines::{EngineKind, Limits};
use std::path::PathBuf;
use teletype::{Scripted, Transcript};

const SEED: u64 = 5;

fn limits() -> Limits {
    Limits::nodes(3_000)
}

fn golden(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/gomoku/play")
        .join(name)
}

/// The person's entries for one game, found by playing it out: the person is `eval` with
/// `seed`; with `foul`, black takes the first forbidden point it is offered. Moves are typed
/// alternately as `x,y` and as algebraic points.
fn person_lines(
    person: Stone,
    opening: Option<Opening>,
    rule: Rule,
    kind: EngineKind,
    seed: u64,
    foul: bool,
) -> (Vec<String>, Game) {
    let mut g = Game::new(rule);
    if let Some(o) = opening {
        for p in o.moves() {
            g.play(p).unwrap();
        }
    }
    let mut engine = kind.build(SEED);
    let mut me = EngineKind::Eval.build(seed);
    let mut lines = Vec::new();
    while g.status() == Status::Playing {
        let p = if g.to_move() == person {
            let forbidden = forbidden_points(g.board(), rule);
            let p = match forbidden.first() {
                Some(&(p, _)) if foul && person == Stone::Black => p,
                _ => me.choose(&g, rule, &limits()),
            };
            lines.push(if lines.len() % 2 == 0 {
                p.to_string()
            } else {
                p.algebraic()
            });
            p
        } else {
            engine.choose(&g, rule, &limits())
        };
        g.play(p).unwrap();
    }
    (lines, g)
}

fn session(input: &str) -> (String, Vec<gomoku_engines::dialogue::Played>) {
    let mut d = Dialogue::new(Transcript::new(Scripted::from_lines(input)), limits(), SEED);
    d.run();
    (d.teletype.host().paper(), d.games().to_vec())
}

#[test]
fn two_games_lost_by_five_and_by_a_foul() {
    let kansei = Opening::find("1D").unwrap();
    let (g1, end1) = person_lines(
        Stone::White,
        Some(kansei),
        Rule::Renju,
        EngineKind::Search,
        7,
        false,
    );
    // A black game under the guide's rule in which the person steps on a forbidden point.
    let (g2, end2) = person_lines(
        Stone::Black,
        None,
        Rule::Guide1993,
        EngineKind::Eval,
        0,
        true,
    );
    assert!(matches!(
        end2.status(),
        Status::Won {
            by: Win::Foul(_),
            ..
        }
    ));
    let mut input = vec![
        "X", "W", "13I", "kansei", "strict", "renju", "minimax", "search",
    ]
    .into_iter()
    .map(String::from)
    .collect::<Vec<_>>();
    // Bad entries at the first move: malformed, off the board, taken.
    input.extend(["8.8", "16,3", "p2", "8,8"].map(String::from));
    input.extend(g1);
    input.extend(["Y", "B", "FREE", "1993", "EVAL"].map(String::from));
    input.extend(g2);
    input.push("N".into());
    let (paper, games) = session(&(input.join("\n") + "\n"));
    expected_output::check(golden("session-1.paper.txt"), &paper);
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].game.history(), end1.history());
    assert_eq!(games[1].game.history(), end2.history());
    assert!(paper.contains("FIVE IN A ROW. I WIN."));
    assert!(paper.contains("IS FORBIDDEN FOR BLACK"));
    assert!(paper.contains("8,8 IS TAKEN"));
    assert!(paper.contains("OFF THE BOARD"));
    assert!(paper.contains("NOT A POINT"));
    assert!(paper
        .lines()
        .all(|l| l.len() <= 72 && !l.bytes().any(|b| b.is_ascii_lowercase())));
}

#[test]
fn the_end_of_input_ends_a_game_cleanly() {
    let (lines, _) = person_lines(
        Stone::Black,
        Opening::find("2I"),
        Rule::Renju,
        EngineKind::Search,
        3,
        false,
    );
    let mut input = vec![
        "b".to_string(),
        "kyogetsu".into(),
        "renju".into(),
        "search".into(),
    ];
    input.extend(lines.into_iter().take(2));
    let (paper, games) = session(&(input.join("\n") + "\n"));
    expected_output::check(golden("session-2.paper.txt"), &paper);
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].game.status(), Status::Playing);
    assert_eq!(games[0].game.history().len(), 3 + 1 + 2 * 2);
    assert!(paper.ends_with("YOUR MOVE (X,Y OR H8)?\n"));
}

#[test]
fn help_and_quit_at_every_prompt() {
    // HELP at each of the five settings prompts and at the move prompt, then QUIT.
    let input = "help\nb\n?\n1d\nhelp\nrenju\nhelp\neval\nhelp\nquit\n8,9\n";
    let (paper, games) = session(input);
    for said in [
        "B: YOU PLAY BLACK (X) AND MOVE FIRST",
        "1D KANSEI",
        "RENJU: A DOUBLE-THREE",
        "EVAL: NO LOOK-AHEAD",
        "FORBIDDEN: BLACK'S FORBIDDEN POINTS, MARKED *",
    ] {
        assert!(paper.contains(said), "{said}: {paper}");
    }
    assert!(paper.ends_with("QUIT: END OF THE SESSION.\n"), "{paper}");
    // The opening, white's reply (white plays first after it), and nothing after QUIT.
    assert_eq!(games[0].game.history().len(), 4);
    // QUIT at the first prompt, and at ANOTHER GAME, ends the session at once.
    let (paper, games) = session("quit\nb\n");
    assert!(paper.ends_with("QUIT: END OF THE SESSION.\n") && games.is_empty());
}

#[test]
fn resign_forbidden_points_on_request_and_one_board_a_turn() {
    // Black from 1D (KANSEI) under the guide's rule: black's 4th stone goes where it makes
    // no foul, then the person asks for the forbidden points and resigns.
    let input = "b\n1d\n1993\neval\nforbidden\nboard\nresign\nn\n";
    let (paper, games) = session(input);
    let boards = paper.matches("   A  B  C").count();
    assert_eq!(boards, 3, "the turn's board, FORBIDDEN's, BOARD's: {paper}");
    assert!(
        paper.contains("NO POINT IS FORBIDDEN FOR BLACK NOW (1993 RULE).")
            || paper.contains("IS FORBIDDEN FOR BLACK: "),
        "{paper}"
    );
    assert!(paper.contains("YOU RESIGN. I WIN."), "{paper}");
    assert_eq!(games[0].game.status(), Status::Playing);

    // A free game: FORBIDDEN after three of black's moves.
    let mut input = vec!["b".to_string(), "free".into(), "1993".into(), "eval".into()];
    let (lines, _) = person_lines(
        Stone::Black,
        None,
        Rule::Guide1993,
        EngineKind::Eval,
        0,
        true,
    );
    input.extend(lines.into_iter().take(3));
    input.extend(["forbidden".to_string(), "quit".into()]);
    let (paper, _) = session(&(input.join("\n") + "\n"));
    let marked = paper.contains(" * ");
    let listed = paper.contains("IS FORBIDDEN FOR BLACK: ");
    assert_eq!(
        marked, listed,
        "marked on the board exactly when listed: {paper}"
    );
    // Between two prompts for the person's move there is exactly one board.
    for turn in paper.split("YOUR MOVE (X,Y OR H8)?").skip(1) {
        if turn.contains("MY MOVE") {
            assert_eq!(turn.matches("   A  B  C").count(), 1, "{turn}");
        }
    }
}
