//! A round robin of matches (appendix B), played `--jobs` at a time, split into shares for
//! several machines (`--share K/N`, as the 1993 referees shared the matches), resumable.
//!
//! Match numbers follow the pairings in order: (1,2), (1,3), ..., (1,n), (2,3), ... Each match
//! draws its openings from its own seeded stream (`bout::opening_of`), so a match plays the same
//! whichever share, job or resumed run plays it. Share K of N plays the matches whose number is
//! K modulo N (K = 1..N). The crosstable is made from the logs alone (`crosstable_of_logs`).
//! Shares, the threads, the progress line and the `--results` file are crate `longrun`'s.

use crate::bout::{run_match, MatchConfig, MatchError, Screen};
use crate::crosstable::{Crosstable, TableError};
use crate::game::{Event, Played, Setup};
use crate::log::{self, MatchLog, GAMES};
use crate::protocol::Settings;
use crate::spec::ProgramSpec;
use gomoku::Rule;
use longrun::{runner, Progress, Share};
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

#[derive(Clone, Debug)]
pub struct TournamentConfig {
    pub specs: Vec<ProgramSpec>,
    pub seed: u64,
    pub rule: Rule,
    pub draw_after: usize,
    pub settings: Settings,
    pub out: PathBuf,
    pub jobs: usize,
    /// This run plays share K of N.
    pub share: Share,
    pub resume: bool,
    pub progress: bool,
    pub results: Option<PathBuf>,
}

#[derive(Debug, thiserror::Error)]
pub enum TournamentError {
    #[error(transparent)]
    Match(#[from] MatchError),
    #[error(transparent)]
    Log(#[from] log::LogError),
    #[error(transparent)]
    Table(#[from] TableError),
    #[error("{0}: {1}")]
    Io(String, std::io::Error),
    #[error(transparent)]
    Results(#[from] longrun::results::Error),
    #[error(transparent)]
    Panicked(#[from] runner::Panicked),
    #[error("a tournament needs at least two programs")]
    TooFew,
    #[error("{dir}: the tournament is incomplete: {missing}")]
    Incomplete { dir: String, missing: String },
}

/// The pairings of `n` entrants (numbers from 1), in match order.
pub fn pairings(n: usize) -> Vec<(usize, usize)> {
    (1..=n)
        .flat_map(|i| (i + 1..=n).map(move |j| (i, j)))
        .collect()
}

/// The match numbers share K of N plays.
pub fn share_of(matches: usize, share: Share) -> Vec<u32> {
    share
        .items(0..matches as u64)
        .map(|i| i as u32 + 1)
        .collect()
}

/// The progress line: finished games on the bar, and for each game being played its match,
/// its number in the match, the moves played and the programs' thinking time so far, so the
/// line moves during a game and not only when one ends.
struct Live {
    progress: Progress,
    pairs: AtomicUsize,
    of_pairs: usize,
    /// Match number -> (game, moves, thinking time) of the game it is playing.
    live: Mutex<BTreeMap<u32, (u32, usize, Duration)>>,
}

impl Live {
    fn new(progress: Progress, of_pairs: usize) -> Self {
        let p = Live {
            progress,
            pairs: AtomicUsize::new(0),
            of_pairs,
            live: Mutex::new(BTreeMap::new()),
        };
        p.progress.message(&p.message());
        p
    }

    fn pair_done(&self) {
        self.pairs.fetch_add(1, Ordering::Relaxed);
        self.progress.message(&self.message());
    }

    fn message(&self) -> String {
        let mut msg = format!(
            "{}/{} pairs",
            self.pairs.load(Ordering::Relaxed),
            self.of_pairs
        );
        if let Ok(live) = self.live.lock() {
            for (m, (g, moves, spent)) in live.iter() {
                msg.push_str(&format!(
                    "; match {m} game {g}: {moves} moves, {}s thinking",
                    spent.as_secs()
                ));
            }
        }
        msg
    }
}

impl Screen for Live {
    fn game_start(&self, m: &MatchConfig, s: &Setup) {
        if let Ok(mut live) = self.live.lock() {
            live.insert(m.number, (s.game, 3, Duration::ZERO));
        }
        self.progress.message(&self.message());
    }
    fn moved(&self, m: &MatchConfig, e: &Event) {
        if let Ok(mut live) = self.live.lock() {
            if let Some(entry) = live.get_mut(&m.number) {
                entry.1 = e.game.history().len();
                entry.2 += e.elapsed;
            }
        }
        self.progress.message(&self.message());
    }
    fn game_end(&self, m: &MatchConfig, _p: &Played) {
        if let Ok(mut live) = self.live.lock() {
            live.remove(&m.number);
        }
        self.progress.done(&self.message());
    }
}

/// Play this run's share of the tournament; returns the crosstable when every match of the
/// tournament has a finished log in `out`.
pub fn run_tournament(cfg: &TournamentConfig) -> Result<Option<Crosstable>, TournamentError> {
    if cfg.specs.len() < 2 {
        return Err(TournamentError::TooFew);
    }
    let io = |p: &Path, e| TournamentError::Io(p.display().to_string(), e);
    fs::create_dir_all(&cfg.out).map_err(|e| io(&cfg.out, e))?;
    let pairs = pairings(cfg.specs.len());
    let mine = share_of(pairs.len(), cfg.share);
    let results = match &cfg.results {
        Some(p) => Some(crate::results::open(p, cfg.resume)?),
        None => None,
    };
    let games = u64::from(mine.len() as u32 * GAMES);
    let screen = Live::new(Progress::new(games, 0, "games", !cfg.progress), mine.len());
    let config = |number: u32| {
        let (i, j) = pairs[number as usize - 1];
        MatchConfig {
            number,
            seed: cfg.seed,
            rule: cfg.rule,
            draw_after: cfg.draw_after,
            settings: cfg.settings.clone(),
            specs: [cfg.specs[i - 1].clone(), cfg.specs[j - 1].clone()],
            entrants: [i, j],
            out: cfg.out.clone(),
            resume: cfg.resume,
        }
    };
    let played: Result<(), TournamentError> = runner::run(
        &mine,
        cfg.jobs,
        |&number| Ok(run_match(&config(number), results.as_ref(), &screen)?),
        |_, _| {
            screen.pair_done();
            Ok(())
        },
    );
    screen.progress.finish();
    played?;
    // Other shares may still be playing into the same folder: the table is made only when
    // every match has a finished log.
    let table = match crosstable_of_folder(&cfg.out) {
        Ok(t) => t,
        Err(TournamentError::Incomplete { .. }) => return Ok(None),
        Err(e) => return Err(e),
    };
    write_tables(&cfg.out, &table)?;
    Ok(Some(table))
}

/// What `retro gomoku tournament` prints after [`run_tournament`]: the crosstable, or, after
/// a share of a tournament not yet complete, how to make it once every share is done.
pub fn outcome_text(cfg: &TournamentConfig, table: Option<&Crosstable>) -> String {
    match table {
        Some(t) => t.render(),
        None => format!(
            "share {} done; when every share is done: retro gomoku crosstable {}/match-*.log\n",
            cfg.share,
            cfg.out.display()
        ),
    }
}

/// Read match logs and build the crosstable; the entrants' names come from the logs.
pub fn crosstable_of_logs(paths: &[PathBuf]) -> Result<Crosstable, TournamentError> {
    let mut logs: Vec<MatchLog> = Vec::new();
    let mut names = BTreeMap::new();
    for p in paths {
        let text =
            fs::read_to_string(p).map_err(|e| TournamentError::Io(p.display().to_string(), e))?;
        let m = log::parse_log(&p.display().to_string(), &text)?;
        for (no, spec) in &m.entrants {
            let name = spec
                .parse::<ProgramSpec>()
                .map(|s| s.label())
                .unwrap_or_else(|_| spec.clone());
            names.insert(*no, name);
        }
        logs.push(m);
    }
    Ok(Crosstable::build(&logs, &names)?)
}

/// The match logs (`match-NNN.log`) in a tournament's folder, in match order.
pub fn logs_in(dir: &Path) -> Result<Vec<PathBuf>, TournamentError> {
    let io = |e| TournamentError::Io(dir.display().to_string(), e);
    let mut logs: Vec<PathBuf> = fs::read_dir(dir)
        .map_err(io)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("match-") && n.ends_with(".log"))
        })
        .collect();
    logs.sort();
    Ok(logs)
}

/// The crosstable of a whole tournament from the folder its shares wrote into. Every pairing of
/// the entrants the logs name must have a finished log; otherwise the error lists the matches
/// missing or unfinished (with the pair, so the share that owes them can be run again).
pub fn crosstable_of_folder(dir: &Path) -> Result<Crosstable, TournamentError> {
    let paths = logs_in(dir)?;
    let mut by_number = BTreeMap::new();
    let mut entrants = 0;
    for p in &paths {
        let text =
            fs::read_to_string(p).map_err(|e| TournamentError::Io(p.display().to_string(), e))?;
        let m = log::parse_log(&p.display().to_string(), &text)?;
        entrants = entrants.max(m.entrants[0].0).max(m.entrants[1].0);
        by_number.insert(m.number, m.finished);
    }
    let missing: Vec<String> = pairings(entrants.max(2))
        .iter()
        .enumerate()
        .filter_map(|(i, (a, b))| {
            let n = i as u32 + 1;
            match by_number.get(&n) {
                Some(true) => None,
                Some(false) => Some(format!("match {n} ({a} v {b}) unfinished")),
                None => Some(format!("match {n} ({a} v {b}) missing")),
            }
        })
        .collect();
    if !missing.is_empty() {
        return Err(TournamentError::Incomplete {
            dir: dir.display().to_string(),
            missing: missing.join(", "),
        });
    }
    crosstable_of_logs(&paths)
}

/// `retro gomoku crosstable`: the table of the one folder given (which must hold every match,
/// finished) or of the logs given, from any number of shares; written into `out` as well when
/// given, and returned in `format` (text, csv or json).
///
/// # Errors
/// A log that cannot be read, an incomplete folder, an unwritable `out`, an unknown format.
pub fn crosstable_text(
    logs: &[PathBuf],
    out: Option<&Path>,
    format: &str,
) -> Result<String, Box<dyn std::error::Error>> {
    let t = match logs {
        [dir] if dir.is_dir() => crosstable_of_folder(dir)?,
        logs => crosstable_of_logs(logs)?,
    };
    if let Some(out) = out {
        write_tables(out, &t)?;
    }
    Ok(t.format(format)?)
}

/// Write `crosstable.txt`, `.csv` and `.json` into `out`.
pub fn write_tables(out: &Path, t: &Crosstable) -> Result<(), TournamentError> {
    for (name, text) in [
        ("crosstable.txt", t.render()),
        ("crosstable.csv", t.csv()),
        ("crosstable.json", t.json()),
    ] {
        let p = out.join(name);
        fs::write(&p, text).map_err(|e| TournamentError::Io(p.display().to_string(), e))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_share_of_an_incomplete_tournament_says_how_to_make_the_table() {
        let cfg = TournamentConfig {
            specs: Vec::new(),
            seed: 1,
            rule: Rule::default(),
            draw_after: 200,
            settings: Settings::from_seconds(1.0, None, false).unwrap(),
            out: PathBuf::from("league"),
            jobs: 1,
            share: Share { k: 2, n: 3 },
            resume: false,
            progress: false,
            results: None,
        };
        assert_eq!(
            outcome_text(&cfg, None),
            "share 2/3 done; when every share is done: retro gomoku crosstable league/match-*.log\n"
        );
    }

    #[test]
    fn shares_cover_every_match_once() {
        let n = pairings(5).len();
        assert_eq!(n, 10);
        let mut all: Vec<u32> = Share::all(3).flat_map(|s| share_of(n, s)).collect();
        all.sort();
        assert_eq!(all, (1..=10).collect::<Vec<_>>());
        assert_eq!(share_of(n, Share { k: 2, n: 3 }), [2, 5, 8]);
    }
}
