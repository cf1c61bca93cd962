//! Acceptance: misbehaving programs in each protocol are adjudicated, logged, and leave no
//! process behind; a tournament of them ends with the right crosstable.

use dohyo::bout::{run_match, MatchConfig, Screen};
use dohyo::crosstable::match_score;
use dohyo::game::Event;
use dohyo::log::MatchLog;
use dohyo::protocol::Settings;
use dohyo::spec::ProgramSpec;
use dohyo::tournament::{run_tournament, TournamentConfig};
use gomoku::Rule;
use std::path::PathBuf;
use std::time::Duration;

const PROG: &str = env!("CARGO_BIN_EXE_dohyo-testprog");

fn spec(protocol: &str, behave: &str) -> ProgramSpec {
    format!("{protocol}:{PROG} --protocol {protocol} --behave {behave}")
        .parse()
        .unwrap()
}

fn out(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("misbehaving")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The time a move may take before the program counts as hung. Only the `hang` program
/// reaches it (once a match: it forfeits the rest), so it costs the hang matches that much;
/// every other move is the well-behaved side's or a misbehaviour that ends at once. The
/// margin was measured: the well-behaved side's slowest move, printed by each match below
/// ("slowest polite move"), was at most 263 ms on a 2-core machine under `stress --cpu 2`
/// with the engine matches of this binary running beside (docs/testing.md, "Load"): 3 s is
/// eleven times that. Set here, not the referee's default, so that the hang matches cost 3 s
/// each instead of a player's minute.
const MOVE_TIME: Duration = Duration::from_secs(3);

/// The time to exit after END (a program that ignores END costs each game that much, ten a
/// match: 10 s at the 1 s this was). The well-behaved side exits as soon as it reads END: with
/// the grace cut to 20 ms, two runs of this whole binary at a load average of 11 noted no
/// well-behaved program in any pbrain match (about 140 ENDs, docs/testing.md, "Load"), so
/// 250 ms is more than twelve times the slowest exit.
const END_GRACE: Duration = Duration::from_millis(250);

fn settings() -> Settings {
    Settings {
        end_grace: END_GRACE,
        ..Settings::new(MOVE_TIME)
    }
}

/// A screen that keeps the slowest move of the well-behaved side (B, the second program),
/// so that each match reports the margin its move time had.
#[derive(Default)]
struct Slowest(std::sync::Mutex<Duration>);

impl Screen for Slowest {
    fn moved(&self, _m: &MatchConfig, e: &Event) {
        if e.id == 1 {
            let mut s = self.0.lock().unwrap();
            *s = (*s).max(e.elapsed);
        }
    }
}

/// A line past the test harness's capture, so that the run shows the measurement.
fn report(line: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// Programs still running in a folder under `dir` (their working folders are there).
fn running_under(dir: &std::path::Path) -> Vec<String> {
    let dir = std::fs::canonicalize(dir).unwrap_or(dir.to_path_buf());
    std::fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter_map(|e| {
            let cwd = std::fs::read_link(e.path().join("cwd")).ok()?;
            cwd.starts_with(&dir)
                .then(|| format!("{:?} in {}", e.file_name(), cwd.display()))
        })
        .collect()
}

fn play(protocol: &str, behave: &str) -> MatchLog {
    let cfg = MatchConfig {
        number: 1,
        seed: 1993,
        rule: Rule::Guide1993,
        // Long enough for `forbidden`, which as black builds its double three with its moves
        // 5 to 11 and plays it at move 13; the games that reach it are draws between polite
        // moves (`forbidden` as white, `ignore-end`): at 40 this file's matches played 2,100
        // moves, at 16 1,500.
        draw_after: 16,
        settings: settings(),
        specs: [spec(protocol, behave), spec(protocol, "polite")],
        entrants: [1, 2],
        out: out(&format!("{protocol}-{behave}")),
        resume: false,
    };
    let slowest = Slowest::default();
    let log = run_match(&cfg, None, &slowest).unwrap();
    report(&format!(
        "dohyo {protocol} {behave}: slowest polite move {} ms (move time {} ms)",
        slowest.0.lock().unwrap().as_millis(),
        MOVE_TIME.as_millis()
    ));
    assert_eq!(running_under(&cfg.out), Vec::<String>::new());
    assert!(log.finished);
    assert_eq!(log.games.len(), 10);
    log
}

/// Every game A played in `games` (1-based) was lost by A for `reason`.
fn lost_by_a(log: &MatchLog, games: &[u32], reason: &str) {
    for g in &log.games {
        if games.contains(&g.game) {
            assert_eq!(
                (g.game, g.winner(), g.reason()),
                (g.game, Some(1), reason),
                "{log:?}"
            );
        }
    }
}

const ALL: [u32; 10] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const ODD: [u32; 5] = [1, 3, 5, 7, 9];

/// The matches of `behave` in each protocol, played side by side (each in a folder of its
/// own): most of their time is spent waiting for a program.
fn in_each(protocols: &[&str], behave: &str) -> Vec<(String, MatchLog)> {
    std::thread::scope(|s| {
        let runs: Vec<_> = protocols
            .iter()
            .map(|p| s.spawn(move || (p.to_string(), play(p, behave))))
            .collect();
        runs.into_iter().map(|r| r.join().unwrap()).collect()
    })
}

fn each_protocol(behave: &str, protocols: &[&str], games: &[u32], reason: &str) {
    for (p, log) in in_each(protocols, behave) {
        lost_by_a(&log, games, reason);
        if games.len() == 10 {
            assert_eq!(match_score(&log), (0, 10), "{p} {behave}");
        }
    }
}

pub fn a_hang_is_killed_and_loses_the_match_10_0() {
    for (_, log) in in_each(&["file", "cmdline", "pbrain"], "hang") {
        assert_eq!(log.games[0].reason(), "timeout");
        assert!(log.games[1..]
            .iter()
            .all(|g| g.reason() == "forfeit" && g.winner() == Some(1)));
        assert_eq!(match_score(&log), (0, 10));
    }
}

pub fn a_crash_loses_the_game() {
    each_protocol("crash", &["file", "cmdline", "pbrain"], &ALL, "crash");
}

pub fn garbage_loses_the_game() {
    each_protocol("garbage", &["file", "cmdline", "pbrain"], &ALL, "garbage");
}

pub fn an_occupied_point_loses_the_game() {
    each_protocol("occupied", &["file", "cmdline", "pbrain"], &ALL, "occupied");
}

pub fn a_point_off_the_board_loses_the_game() {
    each_protocol("off-board", &["file", "cmdline"], &ALL, "off-board");
}

pub fn a_forbidden_point_loses_black_the_game() {
    for (_, log) in in_each(&["file", "cmdline", "pbrain"], "forbidden") {
        lost_by_a(&log, &ODD, "forbidden");
        assert!(log
            .games
            .iter()
            .all(|g| g.game % 2 == 0 || g.to_string().contains("forbidden:3x3禁")));
    }
}

pub fn rewriting_the_board_file_loses_the_game() {
    each_protocol("rewrite-ban", &["file"], &ALL, "board-file");
}

pub fn touching_the_other_programs_folder_loses_the_game() {
    each_protocol(
        "delete-other",
        &["file", "cmdline", "pbrain"],
        &ALL,
        "other-folder",
    );
}

pub fn no_5moku_res_loses_the_game() {
    each_protocol("no-res", &["file", "cmdline"], &ALL, "no-answer");
}

pub fn a_program_ignoring_end_is_killed_and_noted() {
    let log = play("pbrain", "ignore-end");
    assert!(log
        .games
        .iter()
        .all(|g| !matches!(g.reason(), "timeout" | "crash")));
    assert_eq!(log.notes.len(), 10, "{log:?}");
    assert!(log
        .notes
        .iter()
        .all(|(_, n)| n.starts_with("A did not exit")));
}

pub fn a_tournament_of_misbehaving_programs_has_the_right_crosstable() {
    let dir = out("tournament");
    let cfg = TournamentConfig {
        specs: vec![
            spec("file", "polite"),
            spec("pbrain", "crash"),
            spec("cmdline", "hang"),
            spec("file", "rewrite-ban"),
        ],
        seed: 7,
        rule: Rule::Guide1993,
        draw_after: 30,
        settings: settings(),
        out: dir.clone(),
        // The hang program plays three of the six matches, each waiting the move time once:
        // three at a time, they wait side by side.
        jobs: 3,
        share: longrun::Share::WHOLE,
        resume: false,
        progress: false,
        results: Some(dir.join("results.jsonl")),
    };
    let t = run_tournament(&cfg).unwrap().unwrap();
    // polite beats all three 10-0; crash beats hang by forfeit; crash and rewrite-ban lose
    // every game to each other (each loses all its own turns), so whoever moves first fails first.
    assert_eq!(t.score(1, 2), Some((10, 0)));
    assert_eq!(t.score(1, 3), Some((10, 0)));
    assert_eq!(t.score(1, 4), Some((10, 0)));
    assert_eq!(t.score(3, 2), Some((0, 10)));
    assert_eq!(t.score(3, 4), Some((0, 10)));
    assert_eq!(t.entrants[0].rank, 1);
    assert_eq!(t.entrants[0].points, 6);
    assert_eq!(t.entrants[2].rank, 4);
    let results = std::fs::read_to_string(dir.join("results.jsonl")).unwrap();
    assert_eq!(results.lines().count(), 60);
    assert!(dir.join("crosstable.txt").exists() && dir.join("crosstable.csv").exists());
    assert_eq!(running_under(&dir), Vec::<String>::new());
}
