//! Matches against the real players of crate `quoridor`: reproducible for a seed, independent
//! of the number of jobs, resumable without repeating or losing games; the random opening and
//! the move cap; clear errors.

use quoridor_lab::opening::Opening;
use quoridor_lab::players::Settings;
use quoridor_lab::record::{GameRecord, Outcome};
use quoridor_lab::seed::{game_seed, Stream};
use quoridor_lab::{run_match, MatchConfig};
use std::path::PathBuf;

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("quoridor-lab-m-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn cfg(a: &str, b: &str, games: u64, jobs: usize) -> MatchConfig {
    let mut c = MatchConfig::new(a.parse().unwrap(), b.parse().unwrap());
    c.games = games;
    c.jobs = jobs;
    c.seed = 7;
    c
}

fn settings(a: &str, b: &str, seed: u64, opening: u32, max_moves: u32) -> Settings {
    let (a, b) = (a.parse().unwrap(), b.parse().unwrap());
    Settings::new(a, b, seed, (opening, Opening::Legal), max_moves).unwrap()
}

const A: &str = "ucb:playouts=30";
const B: &str = "ab2";

#[test]
fn reproducible_and_independent_of_jobs() {
    let one = run_match(&cfg(A, B, 6, 1)).unwrap();
    let three = run_match(&cfg(A, B, 6, 3)).unwrap();
    assert_eq!(one.records, three.records);
    assert_eq!(one.records.len(), 6);
    assert_eq!(
        format!("{}", one.tally.points()),
        format!("{}", three.tally.points())
    );
    let mut other = cfg(A, B, 6, 2);
    other.seed = 8;
    assert_ne!(run_match(&other).unwrap().records, one.records);
    // Half the games with each side first.
    assert_eq!(one.tally.games_first, 3);
}

#[test]
fn a_stopped_run_resumes_without_repeating_or_losing_games() {
    let dir = temp("resume");
    let file = dir.join("r.jsonl");
    let mut c = cfg(A, B, 6, 2);
    c.results = Some(file.clone());
    let whole = run_match(&c).unwrap();
    // Stop it "during" game 4: keep the header, three games, and half a line.
    let text = std::fs::read_to_string(&file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 7);
    let cut = format!(
        "{}\n{}",
        lines[..4].join("\n"),
        &lines[4][..lines[4].len() / 2]
    );
    std::fs::write(&file, cut).unwrap();
    assert!(run_match(&c).unwrap_err().to_string().contains("--resume"));
    c.resume = true;
    let resumed = run_match(&c).unwrap();
    assert_eq!(resumed.played, 3);
    assert_eq!(resumed.records, whole.records);
    let text = std::fs::read_to_string(&file).unwrap();
    let games: Vec<GameRecord> = text
        .lines()
        .skip(1)
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let mut numbers: Vec<u64> = games.iter().map(|g| g.game).collect();
    numbers.sort();
    assert_eq!(numbers, (0..6).collect::<Vec<_>>());
    // Nothing left to play.
    assert_eq!(run_match(&c).unwrap().played, 0);
    // Other settings do not mix into the file.
    c.seed = 99;
    let e = run_match(&c).unwrap_err().to_string();
    assert!(e.contains("seed 7 there, 99 here"), "{e}");
}

#[test]
fn a_results_file_refuses_another_playout_policy_cut_or_opening() {
    let dir = temp("policy");
    let file = dir.join("r.jsonl");
    let mut c = cfg("ucb:playouts=20,policy=uniform", B, 2, 1);
    c.results = Some(file.clone());
    run_match(&c).unwrap();
    c.resume = true;
    for (a, named) in [
        (
            "ucb:playouts=20,policy=path:0.5:0.25",
            "policy=path:0.5:0.25",
        ),
        ("ucb:playouts=20,policy=uniform,cut=none", "cut=none"),
    ] {
        c.a = a.parse().unwrap();
        let e = run_match(&c).unwrap_err().to_string();
        assert!(e.contains("player A") && e.contains(named), "{e}");
    }
    c.a = "ucb:playouts=20,policy=uniform".parse().unwrap();
    c.opening = Opening::Kind;
    let e = run_match(&c).unwrap_err().to_string();
    assert!(e.contains("opening legal there, kind here"), "{e}");
    c.opening = Opening::Legal;
    assert_eq!(run_match(&c).unwrap().played, 0);
}

#[test]
fn the_random_opening_is_three_random_moves_a_side() {
    let s = settings("ab2", "ab2", 3, 3, 300);
    for game in 0..2 {
        let r = s.play(game).unwrap();
        let moves: Vec<&str> = r.moves.split(", ").collect();
        let mut state = quoridor::State::new();
        let drawn = Opening::Legal.play(&mut state, game_seed(3, game, Stream::Opening), 3);
        assert_eq!(drawn.len(), 6);
        let drawn: Vec<String> = drawn.iter().map(|m| m.to_string()).collect();
        assert_eq!(
            moves[..6],
            drawn.iter().map(String::as_str).collect::<Vec<_>>()[..]
        );
        // The seventh move is the first player's own choice from there.
        let stream = if game % 2 == 0 {
            Stream::PlayerA
        } else {
            Stream::PlayerB
        };
        let mut first: Box<dyn quoridor::Player> = "ab2"
            .parse::<quoridor::Spec>()
            .unwrap()
            .build(game_seed(3, game, stream));
        assert_eq!(moves[6], first.choose(&state).to_string());
    }
    // Other players, the same opening: it depends only on the seed and the game number.
    let t = settings("random", "ucb:playouts=10", 3, 3, 300);
    let (a, b) = (s.play(0).unwrap(), t.play(0).unwrap());
    let head = |r: &GameRecord| r.moves.split(", ").take(6).collect::<Vec<_>>().join(", ");
    assert_eq!(head(&a), head(&b));
    // No opening: ab2 against itself plays the same game whatever the seed.
    let u = settings("ab2", "ab2", 1, 0, 300);
    let v = settings("ab2", "ab2", 2, 0, 300);
    assert_eq!(
        u.play(0).unwrap().moves.split(", ").next(),
        v.play(0).unwrap().moves.split(", ").next()
    );
}

#[test]
fn a_game_reaching_the_move_cap_is_a_draw_worth_half() {
    let capped = run_match(&cfg("random", "random", 8, 2).tap(|c| c.max_moves = 40)).unwrap();
    let mut draws = 0;
    for r in &capped.records {
        let state = quoridor::notation::position(&r.moves).unwrap();
        match r.winner {
            Outcome::Draw => {
                draws += 1;
                assert_eq!(r.plies, 40);
                assert!(state.winner().is_none());
            }
            _ => {
                assert!(r.plies <= 40);
                assert!(state.winner().is_some());
            }
        }
        assert_eq!(r.moves.split(", ").count() as u32, r.plies);
    }
    assert!(draws > 0);
    assert_eq!(capped.tally.draws, draws);
    // The same games, uncapped, go on past 40 plies.
    let free = run_match(&cfg("random", "random", 8, 2).tap(|c| c.max_moves = 3000)).unwrap();
    for (c, f) in capped.records.iter().zip(&free.records) {
        if c.winner == Outcome::Draw {
            assert!(f.plies > 40);
            assert!(f.moves.starts_with(&c.moves));
        } else {
            assert_eq!(c, f);
        }
    }
    let score: f64 = capped
        .records
        .iter()
        .map(|r| r.winner.points(quoridor_lab::record::Side::A))
        .sum();
    assert_eq!(capped.tally.points(), score);
}

#[test]
fn bad_specs_parameters_and_files_get_clear_errors() {
    // Specs are read where the command line is: the lab names the spec it refuses.
    let e = quoridor_lab::players::parse("ucb:playouts=lots")
        .unwrap_err()
        .to_string();
    assert!(e.contains("ucb:playouts=lots"), "{e}");
    let e = quoridor_lab::players::parse("nobody")
        .unwrap_err()
        .to_string();
    assert!(e.contains("nobody"), "{e}");
    assert!(run_match(&cfg(A, B, 0, 1))
        .unwrap_err()
        .to_string()
        .contains("--games"));
    let e = run_match(&cfg(A, B, 2, 1).tap(|c| c.max_moves = 6))
        .unwrap_err()
        .to_string();
    assert!(e.contains("--max-moves"), "{e}");
    let e = run_match(&cfg(A, B, 2, 1).tap(|c| c.resume = true))
        .unwrap_err()
        .to_string();
    assert!(e.contains("--results"), "{e}");
    let dir = temp("bad");
    let file = dir.join("x.jsonl");
    std::fs::write(&file, "{\"format\": 3}\n").unwrap();
    let e = run_match(&cfg(A, B, 2, 1).tap(|c| {
        c.results = Some(file.clone());
        c.resume = true;
    }))
    .unwrap_err()
    .to_string();
    assert!(e.contains("x.jsonl:1:"), "{e}");
}

trait Tap: Sized {
    fn tap(self, f: impl FnOnce(&mut Self)) -> Self;
}

impl Tap for MatchConfig {
    fn tap(mut self, f: impl FnOnce(&mut Self)) -> Self {
        f(&mut self);
        self
    }
}

/// The `uniform` policy keeps the first experiments' games: the first games of the committed
/// plain-UCB cell at 1000 playouts (`docs/quoridor-experiments/p1000`, made before the policy
/// was a parameter) replay move for move.
#[test]
fn the_uniform_policy_replays_the_first_experiments_games() {
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../docs/quoridor-experiments/p1000/table1-07-plain-ucb.share-1-of-1.jsonl");
    let kept = quoridor_lab::results_file::read(&file).unwrap();
    assert_eq!(
        kept.header.a,
        "ucb:playouts=1000,c=2.0,formula=ucb1,policy=uniform,cut=300"
    );
    let s = settings(&kept.header.a, &kept.header.b, kept.header.seed, 3, 300);
    for game in 0..3 {
        assert_eq!(s.play(game).unwrap(), kept.games[&game], "game {game}");
    }
}

/// The results file of a small match, byte for byte, and the same file after a run killed in
/// the middle of a line is resumed: the harness may change, the files it writes may not
/// (`tests/quoridor-lab/README.md`).
#[test]
fn a_match_and_its_resumed_run_write_the_recorded_file() {
    let dir = temp("recorded");
    let mut c = cfg("random", A, 6, 1);
    (c.seed, c.random_opening, c.max_moves) = (3, 2, 60);
    c.results = Some(dir.join("whole.jsonl"));
    run_match(&c).unwrap();
    let whole = std::fs::read_to_string(dir.join("whole.jsonl")).unwrap();
    expected_output::check(
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/quoridor-lab/match-random-ucb30.jsonl"
        ),
        &whole,
    );
    // Killed 600 bytes in, in the middle of game 2's line: cut off and played again.
    let cut = dir.join("cut.jsonl");
    std::fs::write(&cut, &whole.as_bytes()[..600]).unwrap();
    c.results = Some(cut.clone());
    c.resume = true;
    run_match(&c).unwrap();
    assert_eq!(std::fs::read_to_string(&cut).unwrap(), whole);
}
