//! Acceptance: shares of a tournament give the crosstable of one unsplit run with the same
//! seed, and a stopped tournament resumes from its logs without replaying finished matches.
//!
//! Notes:
//! 1. The referee mostly waits on the programs here, so independent runs go side by side, as
//!    a Slurm array runs shares: the unsplit run, the run with another seed and shares 1 and 3
//!    at once, then share 2, which alone finds the table complete (note 3). The programs then
//!    answer more slowly, so the logs are compared without the seconds they used.
//! 2. The unsplit run is played once ([`whole`]) for both tests that need it: the resumed
//!    tournament starts from a copy of its logs. The run with another seed plays only its
//!    first match (a share of one match), the one compared.
//! 3. The split run is played once ([`split`]) for both tests that need it: its folder, once
//!    shares 1 and 3 are in, is the folder with a share missing, and share 2 then completes
//!    it. The missing test played shares 1 and 3 again in a folder of its own before.
//! 4. The programs misbehave from their 5th move on (`--at 5`) and a game is drawn after 16
//!    moves: `forbidden`, as black, then needs its moves 5 to 11 to build a double three and
//!    plays it at move 13, before the draw, and the polite programs' games are the draws. With
//!    `--at 9` and draws at 24, as before, the tests played half as many moves again, each a
//!    program started afresh for the file and command-line entrants.

use dohyo::crosstable::Crosstable;
use dohyo::protocol::Settings;
use dohyo::spec::ProgramSpec;
use dohyo::tournament::{
    crosstable_of_folder, crosstable_of_logs, run_tournament, TournamentConfig, TournamentError,
};
use gomoku::Rule;
use std::fs;
use std::path::PathBuf;
use std::sync::OnceLock;
use std::time::Duration;

const PROG: &str = env!("CARGO_BIN_EXE_dohyo-testprog");

fn out(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("shares")
        .join(name);
    let _ = fs::remove_dir_all(&dir);
    dir
}

fn config(dir: PathBuf) -> TournamentConfig {
    let spec = |p: &str, b: &str| -> ProgramSpec {
        format!("{p}:{PROG} --protocol {p} --behave {b} --at 5")
            .parse()
            .unwrap()
    };
    TournamentConfig {
        specs: vec![
            spec("file", "polite"),
            spec("cmdline", "forbidden"),
            spec("pbrain", "garbage"),
            spec("pbrain", "polite"),
        ],
        seed: 42,
        rule: Rule::Guide1993,
        draw_after: 16,
        // No program here hangs: the move time is only the margin against a loaded machine.
        settings: Settings::new(Duration::from_secs(10)),
        out: dir,
        jobs: 2,
        share: longrun::Share::WHOLE,
        resume: false,
        progress: false,
        results: None,
    }
}

/// The game lines of a log without their times: the seconds each program used (the 4th and
/// 5th words) and the end time measure the machine, not the game; a busy machine turns a
/// program's 0 seconds into 1 (note 1).
fn games(path: &PathBuf) -> Vec<String> {
    fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let mut w: Vec<&str> = l.split(' ').collect();
            w.retain(|x| !(x.len() == 5 && x.as_bytes()[2] == b':'));
            for seconds in w.iter_mut().skip(3).take(2) {
                assert!(seconds.parse::<u32>().is_ok(), "seconds {seconds:?} in {l}");
                *seconds = "_";
            }
            w.join(" ")
        })
        .collect()
}

/// The shares of the split run, played once for the two tests that need it (note 3): shares 1
/// and 3 side by side, what the folder's crosstable is then, and share 2 last.
struct Split {
    /// What shares 1, 3 and 2 returned, in that order.
    partial: Vec<Option<Crosstable>>,
    /// The folder's crosstable with share 2 not yet played.
    missing: Result<Crosstable, TournamentError>,
}

fn split() -> &'static Split {
    static SPLIT: OnceLock<Split> = OnceLock::new();
    SPLIT.get_or_init(|| {
        let dir = out("split");
        let share = |k| {
            let cfg = TournamentConfig {
                share: longrun::Share { k, n: 3 },
                jobs: 1,
                ..config(dir.clone())
            };
            run_tournament(&cfg).unwrap()
        };
        let mut partial: Vec<_> = std::thread::scope(|s| {
            [s.spawn(|| share(1)), s.spawn(|| share(3))].map(|t| t.join().unwrap())
        })
        .into();
        let missing = crosstable_of_folder(&dir);
        partial.push(share(2));
        Split { partial, missing }
    })
}

pub fn three_shares_make_the_crosstable_of_one_run() {
    let dir = out_path("split");
    // The seed matters: another seed gives other openings (checked below on the first match).
    let other = TournamentConfig {
        seed: 43,
        share: longrun::Share { k: 1, n: 6 },
        ..config(out("other"))
    };
    // Notes 1 to 3.
    let (whole, split) = std::thread::scope(|s| {
        let whole = s.spawn(|| whole().clone());
        let other = s.spawn(|| run_tournament(&other).unwrap());
        let split = split();
        other.join().unwrap();
        (whole.join().unwrap(), split)
    });
    let partial = &split.partial;
    assert!(
        partial[0].is_none() && partial[1].is_none(),
        "only the last share completes the table"
    );
    let logs: Vec<PathBuf> = (1..=6)
        .map(|m| dir.join(format!("match-{m:03}.log")))
        .collect();
    let merged = crosstable_of_logs(&logs).unwrap();
    assert_eq!(merged, whole);
    assert_eq!(crosstable_of_folder(&dir).unwrap(), whole);
    assert_eq!(partial[2].as_ref(), Some(&whole));
    for m in &logs {
        let name = m.file_name().unwrap();
        assert_eq!(games(m), games(&out_path("whole").join(name)));
    }
    assert_ne!(
        games(&out_path("other").join("match-001.log")),
        games(&logs[0])
    );
}

/// The unsplit run's crosstable, played once into the folder `whole` (note 2).
fn whole() -> &'static Crosstable {
    static WHOLE: OnceLock<Crosstable> = OnceLock::new();
    WHOLE.get_or_init(|| run_tournament(&config(out("whole"))).unwrap().unwrap())
}

fn out_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("shares")
        .join(name)
}

pub fn a_stopped_tournament_resumes_from_its_logs() {
    let whole = whole();
    let dir = out("resume");
    // The unsplit run's logs and tables, as if played here (note 2); the programs' working
    // folders are made afresh by each match.
    fs::create_dir_all(&dir).unwrap();
    for f in fs::read_dir(out_path("whole")).unwrap() {
        let f = f.unwrap();
        if f.file_type().unwrap().is_file() {
            fs::copy(f.path(), dir.join(f.file_name())).unwrap();
        }
    }
    let log = |m: u32| dir.join(format!("match-{m:03}.log"));
    let kept = fs::read_to_string(log(1)).unwrap();
    // Stop match 2 after its sixth game, and lose match 3 altogether.
    let text = fs::read_to_string(log(2)).unwrap();
    let cut: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with("#end"))
        .take(6 + 6)
        .collect();
    fs::write(log(2), cut.join("\n") + "\n").unwrap();
    fs::remove_file(log(3)).unwrap();
    let again = TournamentConfig {
        resume: true,
        ..config(dir.clone())
    };
    assert_eq!(run_tournament(&again).unwrap().as_ref(), Some(whole));
    assert_eq!(
        fs::read_to_string(log(1)).unwrap(),
        kept,
        "a finished match is not replayed"
    );
    let resumed = fs::read_to_string(log(2)).unwrap();
    assert!(resumed.starts_with(&(cut.join("\n") + "\n")));
    assert_eq!(games(&log(2)).len(), 10);
    // Without --resume, existing logs are not overwritten.
    assert!(run_tournament(&config(dir.clone())).is_err());
}

pub fn a_folder_with_a_share_missing_names_its_matches() {
    // The split run's folder once shares 1 and 3 had been played side by side (note 3).
    match &split().missing {
        Err(TournamentError::Incomplete { missing, .. }) => {
            assert_eq!(missing, "match 2 (1 v 3) missing, match 5 (2 v 4) missing")
        }
        other => panic!("expected the missing matches of share 2, got {other:?}"),
    }
}
