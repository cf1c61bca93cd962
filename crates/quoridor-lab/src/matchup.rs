//! A match of two players, every game seeded by the match seed and its number, played on all
//! cores, written game by game, resumable (`retro quoridor match A B`).

use crate::error::{LabError, Result};
use crate::opening::Opening;
use crate::players::Settings;
use crate::record::{GameRecord, Side};
use crate::results_file::{self, Header, FORMAT};
use crate::tally::Tally;
use longrun::{runner, Progress};
use quoridor::Spec;
use std::fmt;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// A match as asked for on the command line.
#[derive(Debug, Clone)]
pub struct MatchConfig {
    pub a: Spec,
    pub b: Spec,
    pub games: u64,
    pub seed: u64,
    pub random_opening: u32,
    pub opening: Opening,
    pub max_moves: u32,
    pub jobs: usize,
    pub results: Option<PathBuf>,
    pub resume: bool,
    pub quiet: bool,
}

impl MatchConfig {
    /// The paper's match settings between `a` and `b`: 1000 games, 3 random moves a side, a
    /// draw after 300 moves.
    pub fn new(a: Spec, b: Spec) -> MatchConfig {
        MatchConfig {
            a,
            b,
            games: crate::paper::GAMES,
            seed: 1,
            random_opening: crate::paper::RANDOM_OPENING,
            opening: Opening::default(),
            max_moves: crate::paper::MAX_MOVES,
            jobs: runner::default_jobs(),
            results: None,
            resume: false,
            quiet: true,
        }
    }
}

/// A finished (or resumed and finished) match.
#[derive(Debug, Clone)]
pub struct MatchReport {
    pub header: Header,
    /// All games, by game number.
    pub records: Vec<GameRecord>,
    pub tally: Tally,
    /// Games played by this run (the others came from the resumed file).
    pub played: u64,
    pub wall: Duration,
}

pub fn run_match(cfg: &MatchConfig) -> Result<MatchReport> {
    if cfg.games == 0 {
        return Err(LabError::Parameter("--games: needs at least 1 game".into()));
    }
    if cfg.resume && cfg.results.is_none() {
        return Err(LabError::Parameter(
            "--resume needs --results FILE: the file to continue".into(),
        ));
    }
    let settings = Settings::new(
        cfg.a,
        cfg.b,
        cfg.seed,
        (cfg.random_opening, cfg.opening),
        cfg.max_moves,
    )?;
    let header = Header {
        format: FORMAT.into(),
        a: settings.a_name(),
        b: settings.b_name(),
        seed: cfg.seed,
        games: cfg.games,
        random_opening: cfg.random_opening,
        opening: cfg.opening,
        max_moves: cfg.max_moves,
        cell: None,
    };
    let (mut writer, mut games) = match &cfg.results {
        Some(path) => {
            let (w, c) = results_file::open(path, &header, cfg.resume)?;
            (Some(w), c.games)
        }
        None => (None, Default::default()),
    };
    let pending: Vec<u64> = (0..cfg.games).filter(|g| !games.contains_key(g)).collect();
    let mut tally = Tally::of(games.values());
    let progress = Progress::new(cfg.games, games.len() as u64, "games", cfg.quiet);
    let started = Instant::now();
    runner::run(
        &pending,
        cfg.jobs,
        |&g| settings.play(g),
        |_, r| {
            if let Some(w) = writer.as_mut() {
                w.record(&r)?;
            }
            tally.add(&r);
            progress.done(&score_line(&tally));
            games.insert(r.game, r);
            Ok(())
        },
    )?;
    progress.finish();
    Ok(MatchReport {
        header,
        records: games.into_values().collect(),
        tally,
        played: pending.len() as u64,
        wall: started.elapsed(),
    })
}

/// "A 12.5/20 = 0.625": the score so far, for the progress bar.
pub fn score_line(t: &Tally) -> String {
    match t.average() {
        Some(avg) => format!("A {}/{} = {avg:.3}", t.points(), t.games),
        None => "no game yet".into(),
    }
}

impl MatchReport {
    /// What `retro quoridor match` prints after the match: the records (or the file they went
    /// to, `records_file`) first and the result table last, so that the table is what stays
    /// on the screen.
    pub fn text(&self, records_file: Option<&std::path::Path>) -> String {
        let mut s = match records_file {
            Some(path) => format!("records: {}\n\n", path.display()),
            None => format!(
                "records (game 0 first, one a line; replay with `retro quoridor replay`):\n{}\n",
                self.records_text()
            ),
        };
        s.push_str(&self.to_string());
        s
    }

    /// The records, one game a line, in the paper's notation.
    pub fn records_text(&self) -> String {
        let mut s = String::new();
        for r in &self.records {
            s.push_str(&r.moves);
            s.push('\n');
        }
        s
    }
}

impl fmt::Display for MatchReport {
    /// The result table: wins as first player, as second, draws, average score and interval.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let h = &self.header;
        let t = &self.tally;
        writeln!(f, "A = {}", h.a)?;
        writeln!(f, "B = {}", h.b)?;
        writeln!(
            f,
            "{} games (A first in the even-numbered ones), random opening {} moves a side ({}), \
             a draw after {} moves, seed {}",
            h.games, h.random_opening, h.opening, h.max_moves, h.seed
        )?;
        let (a_first, b_first) = split_by_first(&self.records);
        writeln!(f)?;
        writeln!(
            f,
            "{:<10} {:>6} {:>7} {:>7} {:>6} {:>8}",
            "", "games", "A wins", "B wins", "draws", "A score"
        )?;
        for (name, part) in [("A first", &a_first), ("B first", &b_first)] {
            let wins = |s: Side| {
                part.iter()
                    .filter(|r| r.winner == crate::record::Outcome::won_by(s))
                    .count()
            };
            let draws = part.len() - wins(Side::A) - wins(Side::B);
            let score: f64 = part.iter().map(|r| r.winner.points(Side::A)).sum();
            writeln!(
                f,
                "{name:<10} {:>6} {:>7} {:>7} {draws:>6} {score:>8}",
                part.len(),
                wins(Side::A),
                wins(Side::B),
            )?;
        }
        let i = t.interval();
        match t.average() {
            Some(avg) => writeln!(
                f,
                "A's average score {avg:.3}, 95% interval [{:.3}, {:.3}] (Wilson, draws as halves), \
                 over {} games",
                i.low, i.high, t.games
            )?,
            None => writeln!(f, "no games")?,
        }
        writeln!(
            f,
            "{} games played now in {:.1} s, {:.1} plies a game",
            self.played,
            self.wall.as_secs_f64(),
            t.plies as f64 / t.games.max(1) as f64
        )
    }
}

fn split_by_first(records: &[GameRecord]) -> (Vec<&GameRecord>, Vec<&GameRecord>) {
    records.iter().partition(|r| r.first == Side::A)
}
