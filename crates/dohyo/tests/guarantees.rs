//! Regression tests of the referee's guarantees (`docs/dohyo.md`, "What the dohyo
//! guarantees"): a program cannot reach outside its folder through links, cannot make the
//! dohyo read without end, cannot leave processes behind; a run cannot record a false result
//! (locks, resume settings, damaged files, a full disk, a program that cannot start).
//! The misbehaving programs are `dohyo-testprog` behaviours. The full-disk test needs a tmpfs
//! mount, checked when it runs (crate `needs`). The tests mostly wait on the programs of
//! their matches, so the file runs six at once (two would queue them behind each other).

use dohyo::bout::{run_match, MatchConfig, MatchError, Quiet};
use dohyo::log::MatchLog;
use dohyo::protocol::Settings;
use dohyo::spec::ProgramSpec;
use gomoku::Rule;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

needs::tests! {
    threads = 6;
    a_board_file_made_a_link_to_the_log_is_not_followed,
    an_answer_file_made_a_link_to_an_outside_file_is_not_read,
    an_answer_file_that_is_a_fifo_a_device_or_huge_is_refused_at_once,
    a_pbrain_line_that_never_ends_is_garbage,
    helpers_in_sessions_of_their_own_do_not_outlive_the_match,
    a_program_that_cannot_start_is_an_error_before_the_match,
    resume_under_other_settings_is_refused_naming_the_setting,
    a_second_run_on_one_log_or_results_file_is_refused_with_the_holders_pid,
    a_duplicated_game_line_is_refused_by_the_crosstable,
    #[needs("tmpfs")] a_full_disk_is_not_a_game_result,
    a_half_written_results_line_is_cut_off_on_resuming,
    a_tournament_resumed_under_other_settings_is_refused_naming_the_setting,
}

const PROG: &str = env!("CARGO_BIN_EXE_dohyo-testprog");

fn spec(protocol: &str, behave: &str) -> ProgramSpec {
    format!("{protocol}:{PROG} --protocol {protocol} --behave {behave}")
        .parse()
        .unwrap()
}

/// A fresh folder; the output folder of a match is its `out`, so that files outside the
/// output folder can be put beside it.
fn base(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("guarantees")
        .join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// The move time: no program here hangs, so it costs nothing, and it is the margin of the
/// misbehaving matches (tests/matches/misbehaving.rs), measured under load.
const MOVE_TIME: Duration = Duration::from_secs(10);

/// Moves after which a game is drawn. The misbehaving programs misbehave from move 5 on (their
/// first or second move), so their games end long before; the games between polite programs
/// (the resumed and duplicated matches and tournament, the helpers left behind on every move)
/// need only be finished. At 30 (20 for the tournament), as before, those played two and a
/// half times the moves, each a program started afresh in the file and command-line protocols.
const DRAW_AFTER: usize = 12;

fn config(out: &Path, a: ProgramSpec, b: ProgramSpec) -> MatchConfig {
    MatchConfig {
        number: 1,
        seed: 1993,
        rule: Rule::Guide1993,
        draw_after: DRAW_AFTER,
        settings: Settings::new(MOVE_TIME),
        specs: [a, b],
        entrants: [1, 2],
        out: out.to_path_buf(),
        resume: false,
    }
}

/// Processes whose folder is under `dir`.
fn running_under(dir: &Path) -> Vec<String> {
    let dir = fs::canonicalize(dir).unwrap_or(dir.to_path_buf());
    fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter_map(|e| {
            let cwd = fs::read_link(e.path().join("cwd")).ok()?;
            cwd.starts_with(&dir)
                .then(|| format!("{:?} in {}", e.file_name(), cwd.display()))
        })
        .collect()
}

fn play(name: &str, protocol: &str, behave: &str) -> (PathBuf, MatchLog) {
    let b = base(name);
    let cfg = config(
        &b.join("out"),
        spec(protocol, behave),
        spec(protocol, "polite"),
    );
    let log = run_match(&cfg, None, &Quiet).unwrap();
    assert_eq!(running_under(&b), Vec::<String>::new());
    assert!(log.finished && log.games.len() == 10);
    (b, log)
}

/// A lost every game it played as `reason`, with a detail containing `says`.
fn a_lost_all(log: &MatchLog, reason: &str, says: &str) {
    for g in &log.games {
        assert_eq!((g.winner(), g.reason()), (Some(1), reason), "{g}");
        assert!(g.to_string().contains(says), "{g}");
    }
}

fn a_board_file_made_a_link_to_the_log_is_not_followed() {
    let (b, log) = play("link-ban", "file", "link-ban");
    a_lost_all(&log, "board-file", "");
    // The log, which the link pointed at, is whole: its header and ten games read back.
    let text = fs::read_to_string(b.join("out/match-001.log")).unwrap();
    assert!(text.starts_with("#match 1\n"), "{text}");
    assert!(fs::symlink_metadata(b.join("out/match-001.log"))
        .unwrap()
        .is_file());
}

fn an_answer_file_made_a_link_to_an_outside_file_is_not_read() {
    let b = base("link-res");
    fs::write(b.join("outside.txt"), "808\r\nsecret\r\n").unwrap();
    let cfg = config(
        &b.join("out"),
        spec("file", "link-res"),
        spec("file", "polite"),
    );
    let log = run_match(&cfg, None, &Quiet).unwrap();
    a_lost_all(&log, "garbage", "symbolic_link");
    assert!(!fs::read_to_string(b.join("out/match-001.log"))
        .unwrap()
        .contains("secret"));
    assert_eq!(
        fs::read_to_string(b.join("outside.txt")).unwrap(),
        "808\r\nsecret\r\n"
    );
}

fn an_answer_file_that_is_a_fifo_a_device_or_huge_is_refused_at_once() {
    for (behave, says) in [
        ("fifo-res", "FIFO"),
        ("zero-res", "symbolic_link"),
        ("huge-res", "1048576_bytes"),
    ] {
        let (_, log) = play(behave, "file", behave);
        a_lost_all(&log, "garbage", says);
    }
}

fn a_pbrain_line_that_never_ends_is_garbage() {
    let (_, log) = play("long-line", "pbrain", "long-line");
    a_lost_all(&log, "garbage", "a_line_over_65536_bytes");
}

fn helpers_in_sessions_of_their_own_do_not_outlive_the_match() {
    // `play` checks that nothing runs in the programs' folders afterwards. The two matches
    // play side by side, each in a folder of its own: they mostly wait on their programs.
    std::thread::scope(|s| {
        let runs =
            ["file", "pbrain"].map(|p| s.spawn(move || play(&format!("setsid-{p}"), p, "setsid")));
        for run in runs {
            let (_, log) = run.join().unwrap();
            assert!(log.games.iter().all(|g| g.reason() != "crash"), "{log:?}");
        }
    });
}

fn a_program_that_cannot_start_is_an_error_before_the_match() {
    let b = base("missing");
    let bad: ProgramSpec = "file:/no/such/program".parse().unwrap();
    let cfg = config(&b.join("out"), spec("file", "polite"), bad);
    let e = run_match(&cfg, None, &Quiet).unwrap_err();
    assert!(matches!(e, MatchError::Program(..)), "{e}");
    assert!(e.to_string().contains("no such program"), "{e}");
    assert!(!b.join("out/match-001.log").exists());
}

fn resume_under_other_settings_is_refused_naming_the_setting() {
    let b = base("resume");
    let cfg = config(
        &b.join("out"),
        spec("file", "polite"),
        spec("file", "polite"),
    );
    run_match(&cfg, None, &Quiet).unwrap();
    let mut again = cfg.clone();
    again.resume = true;
    // The same settings: the finished match is read back.
    assert!(run_match(&again, None, &Quiet).unwrap().finished);
    let mut seed = again.clone();
    seed.seed = 8;
    let mut rule = again.clone();
    rule.rule = Rule::Renju;
    let mut prog = again.clone();
    prog.specs[1] = spec("file", "crash");
    let mut draw = again.clone();
    draw.draw_after = 40;
    for (c, setting) in [
        (seed, "--seed"),
        (rule, "--rule"),
        (prog, "program B"),
        (draw, "--draw-after"),
    ] {
        let e = run_match(&c, None, &Quiet).unwrap_err().to_string();
        assert!(e.contains(&format!("another {setting}")), "{e}");
    }
}

fn a_second_run_on_one_log_or_results_file_is_refused_with_the_holders_pid() {
    let b = base("locks");
    let cfg = config(
        &b.join("out"),
        spec("file", "polite"),
        spec("file", "polite"),
    );
    fs::create_dir_all(&cfg.out).unwrap();
    // Another run holds the log.
    let held = fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(cfg.log_path())
        .unwrap();
    held.try_lock().unwrap();
    let e = run_match(&cfg, None, &Quiet).unwrap_err().to_string();
    assert!(e.contains("in use by another run"), "{e}");
    assert!(
        e.contains(&format!("process {}", std::process::id())),
        "{e}"
    );
    drop(held);
    let results = b.join("results.jsonl");
    let first = dohyo::results::open(&results, false).unwrap();
    let e = dohyo::results::open(&results, true)
        .unwrap_err()
        .to_string();
    assert!(e.contains("in use by another run"), "{e}");
    drop(first);
}

fn a_duplicated_game_line_is_refused_by_the_crosstable() {
    let b = base("duplicate");
    let cfg = config(
        &b.join("out"),
        spec("file", "polite"),
        spec("file", "polite"),
    );
    run_match(&cfg, None, &Quiet).unwrap();
    let text = fs::read_to_string(cfg.log_path()).unwrap();
    let game1 = text.lines().find(|l| l.starts_with("1 ")).unwrap();
    let damaged = text.replacen(game1, &format!("{game1}\n{game1}"), 1);
    fs::write(cfg.log_path(), damaged).unwrap();
    let e = dohyo::tournament::crosstable_of_logs(&[cfg.log_path()])
        .unwrap_err()
        .to_string();
    assert!(e.contains("game 1 where game 2 belongs"), "{e}");
}

/// A program whose disk fills: the game has no result, the match stops with the host's error,
/// and `--resume` on free disk plays the game. Needs a small tmpfs mounted on the program's
/// folder, so root: ignored where none can be mounted (checked when the test runs, crate
/// `needs`), required by `RETRO_REQUIRE_TMPFS=1`.
fn a_full_disk_is_not_a_game_result() {
    let b = base("full-disk");
    let cfg = config(
        &b.join("out"),
        spec("file", "fill-disk"),
        spec("file", "polite"),
    );
    let folder = cfg.out.join("work/match-001/A");
    fs::create_dir_all(&folder).unwrap();
    // By the system call, not the `mount` program: a match running beside this test sweeps
    // every child of the process that is not one of its programs (`child::sweep_orphans`).
    use nix::mount::{mount, umount, MsFlags};
    if let Err(e) = mount(
        Some("tmpfs"),
        &folder,
        Some("tmpfs"),
        MsFlags::empty(),
        Some("size=256k"),
    ) {
        let why = format!("mount on {}: {e}", folder.display());
        panic!("{}", needs::need("tmpfs").absence(&why));
    }
    let e = run_match(&cfg, None, &Quiet);
    // On a busy machine a killed program may hold the folder a moment longer: try again for a
    // while, since a tmpfs left mounted fails every later run of the test.
    let unmounted = (0..50).any(|_| {
        let done = umount(&folder).is_ok();
        if !done {
            std::thread::sleep(Duration::from_millis(100));
        }
        done
    });
    assert!(
        unmounted,
        "cannot unmount the tmpfs on {}",
        folder.display()
    );
    let e = e.unwrap_err();
    assert!(matches!(e, MatchError::Host(1, 1, _)), "{e}");
    assert!(e.to_string().contains("full"), "{e}");
    let log = dohyo::log::parse_log("log", &fs::read_to_string(cfg.log_path()).unwrap()).unwrap();
    assert!(log.games.is_empty(), "{log:?}");
}

fn a_half_written_results_line_is_cut_off_on_resuming() {
    let b = base("results");
    let results = b.join("results.jsonl");
    fs::write(&results, "{\"match\":1,\"game\":1}\n{\"match\":1,\"ga").unwrap();
    let e = dohyo::results::open(&results, false)
        .unwrap_err()
        .to_string();
    assert!(e.contains("--resume"), "{e}");
    drop(dohyo::results::open(&results, true).unwrap());
    let kept = fs::read_to_string(&results).unwrap();
    assert_eq!(kept, "{\"match\":1,\"game\":1}\n");
}

fn a_tournament_resumed_under_other_settings_is_refused_naming_the_setting() {
    use dohyo::tournament::{run_tournament, TournamentConfig};
    let b = base("tournament-resume");
    let cfg = TournamentConfig {
        specs: vec![spec("file", "polite"), spec("cmdline", "polite")],
        seed: 7,
        rule: Rule::Guide1993,
        draw_after: DRAW_AFTER,
        settings: Settings::new(MOVE_TIME),
        out: b.join("out"),
        jobs: 1,
        share: longrun::Share::WHOLE,
        resume: false,
        progress: false,
        results: None,
    };
    run_tournament(&cfg).unwrap().unwrap();
    let mut again = cfg.clone();
    again.resume = true;
    assert!(run_tournament(&again).unwrap().is_some());
    let mut seed = again.clone();
    seed.seed = 8;
    let mut slot = again.clone();
    slot.specs[1] = spec("pbrain", "polite");
    let mut rule = again.clone();
    rule.rule = Rule::Renju;
    for (c, setting) in [(seed, "--seed"), (slot, "program B"), (rule, "--rule")] {
        let e = run_tournament(&c).unwrap_err().to_string();
        assert!(e.contains(&format!("another {setting}")), "{e}");
    }
    // A second tournament on the same folder, started afresh, is refused.
    let e = run_tournament(&cfg).unwrap_err().to_string();
    assert!(e.contains("exists"), "{e}");
}
