//! One share (by default the whole) of an experiment's games run into a folder, one results
//! file per cell, resumable; an unsplit run then writes the table and the plot, as `merge`
//! would (`retro quoridor experiment table1|table2 --out DIR`).

use crate::error::Result;
use crate::experiment::ExperimentConfig;
use crate::merge::{self, cell_header};
use crate::players::Settings;
use crate::record::{GameRecord, Side};
use crate::report::ExperimentReport;
use crate::results_file;
use crate::tally::Tally;
use longrun::Share;
use longrun::{runner, Progress};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// One run of (a share of) an experiment.
#[derive(Debug, Clone)]
pub struct Sweep {
    pub config: ExperimentConfig,
    pub share: Share,
    pub out: PathBuf,
    pub jobs: usize,
    pub resume: bool,
    pub quiet: bool,
}

/// What a run did.
#[derive(Debug, Clone)]
pub struct SweepOutcome {
    /// Games played by this run.
    pub played: u64,
    /// The games this share holds in all (all of them are in its files now).
    pub quota: u64,
    pub wall: Duration,
    /// Playouts made by the UCB players in the games played now.
    pub playouts: u64,
    /// The table, when the run was unsplit.
    pub report: Option<ExperimentReport>,
}

impl SweepOutcome {
    /// Playouts a second on each job, the speed the core-hour estimates use.
    pub fn playouts_per_job_second(&self, jobs: usize) -> f64 {
        self.playouts as f64 / (self.wall.as_secs_f64() * jobs as f64).max(1e-9)
    }

    /// What `retro quoridor experiment` prints after `sweep`: the games played now and their
    /// speed, then the table and the files written (an unsplit run), or how to merge the
    /// shares.
    pub fn summary(&self, sweep: &Sweep) -> String {
        let share = sweep.share;
        let mut text = format!(
            "share {share}: {} games played now in {:.0} s on {} jobs ({} of the share's {} \
             were done before); {:.0} playouts a second a job\n",
            self.played,
            self.wall.as_secs_f64(),
            sweep.jobs,
            self.quota - self.played,
            self.quota,
            self.playouts_per_job_second(sweep.jobs)
        );
        match &self.report {
            Some(report) => {
                let table = sweep.config.table;
                text.push_str(&format!(
                    "\n{}\nwrote {}\nwrote {}\n",
                    report.markdown(),
                    sweep.out.join(format!("{table}.md")).display(),
                    sweep.out.join(format!("{table}.svg")).display()
                ));
            }
            None => text.push_str(&format!(
                "when all {} shares are done: retro quoridor merge {} --out DIR\n",
                share.n,
                sweep.out.display()
            )),
        }
        text
    }
}

#[derive(Debug, Clone, Copy)]
struct Task {
    cell: usize,
    game: u64,
}

pub fn run(sweep: &Sweep) -> Result<SweepOutcome> {
    let cfg = &sweep.config;
    cfg.check()?;
    let cells = cfg.cells();
    let mut writers = Vec::new();
    let mut settings = Vec::new();
    let mut tasks = Vec::new();
    let mut tally = Tally::default();
    let mut quota = 0;
    for (i, cell) in cells.iter().enumerate() {
        let header = cell_header(cfg, i, cell, sweep.share)?;
        let path = sweep.out.join(cell.file_name(cfg.table, i, sweep.share));
        let (w, contents) = results_file::open(&path, &header, sweep.resume)?;
        writers.push(w);
        settings.push(Settings::new(
            cell.a,
            cell.b,
            cfg.seed,
            (cfg.random_opening, cfg.opening),
            cfg.max_moves,
        )?);
        for r in contents.games.values() {
            tally.add(r);
        }
        for game in 0..cfg.games {
            if sweep.share.holds(merge::item(cfg, i, game)) {
                quota += 1;
                if !contents.games.contains_key(&game) {
                    tasks.push(Task { cell: i, game });
                }
            }
        }
    }
    // Note 2 of the experiment module: game 0 of every cell first, then game 1, ...
    tasks.sort_by_key(|t| (t.game, t.cell));
    let already = quota - tasks.len() as u64;
    let progress = Progress::new(quota, already, "games", sweep.quiet);
    let started = Instant::now();
    let mut playouts = 0;
    runner::run(
        &tasks,
        sweep.jobs,
        |t| settings[t.cell].play(t.game),
        |t, r| {
            writers[t.cell].record(&r)?;
            playouts += ucb_playouts(&settings[t.cell], &r, cfg.random_opening);
            tally.add(&r);
            progress.done(&format!("{} draws", tally.draws));
            Ok(())
        },
    )?;
    progress.finish();
    let wall = started.elapsed();
    drop(writers);
    let report = if sweep.share == Share::WHOLE {
        let collected = merge::collect_table(std::slice::from_ref(&sweep.out), cfg.table)?;
        Some(merge::write_outputs(&sweep.out, &collected, false)?)
    } else {
        None
    };
    Ok(SweepOutcome {
        played: tasks.len() as u64,
        quota,
        wall,
        playouts,
        report,
    })
}

/// The playouts spent by the UCB players of one game: each chosen move costs its budget.
fn ucb_playouts(s: &Settings, r: &GameRecord, random_opening: u32) -> u64 {
    [Side::A, Side::B]
        .into_iter()
        .map(|side| moves_by(r, side, random_opening) * s.playouts(side))
        .sum()
}

/// The moves `side` chose itself in a game (those after the random opening).
pub fn moves_by(r: &GameRecord, side: Side, random_opening: u32) -> u64 {
    let first_ply = 2 * u64::from(random_opening);
    (first_ply..u64::from(r.plies))
        .filter(|p| {
            let mover = if p % 2 == 0 { r.first } else { r.first.other() };
            mover == side
        })
        .count() as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::Outcome;

    #[test]
    fn a_share_says_how_to_merge() {
        let sweep = Sweep {
            config: ExperimentConfig::paper(crate::experiment::Table::Table1),
            share: "2/3".parse().unwrap(),
            out: PathBuf::from("t1"),
            jobs: 2,
            resume: false,
            quiet: true,
        };
        let outcome = SweepOutcome {
            played: 4,
            quota: 10,
            wall: Duration::from_secs(2),
            playouts: 400,
            report: None,
        };
        assert_eq!(
            outcome.summary(&sweep),
            "share 2/3: 4 games played now in 2 s on 2 jobs (6 of the share's 10 were done \
             before); 100 playouts a second a job\n\
             when all 3 shares are done: retro quoridor merge t1 --out DIR\n"
        );
    }

    #[test]
    fn own_moves_after_the_opening() {
        let r = GameRecord {
            game: 1,
            first: Side::B,
            winner: Outcome::B,
            plies: 11,
            moves: String::new(),
        };
        // Plies 6..11: B moves at 6, 8, 10; A at 7, 9.
        assert_eq!(moves_by(&r, Side::B, 3), 3);
        assert_eq!(moves_by(&r, Side::A, 3), 2);
        assert_eq!(moves_by(&r, Side::A, 0), 5);
    }
}
