//! The progress of a run: games done, the score so far and the time left.
//!
//! On a terminal this is an indicatif bar on standard error; otherwise (a run under `nohup` or
//! a cluster's scheduler) a plain line at most once a minute, so the log shows how far it got.

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::time::{Duration, Instant};

pub struct Progress {
    bar: Option<ProgressBar>,
    total: u64,
    done: u64,
    started: Instant,
    last_line: Instant,
    quiet: bool,
}

impl Progress {
    /// A progress display for `total` games of which `done` are already finished.
    pub fn new(total: u64, done: u64, quiet: bool) -> Progress {
        let bar = (!quiet && std::io::stderr().is_terminal()).then(|| {
            let bar = ProgressBar::new(total);
            bar.set_style(
                ProgressStyle::with_template(
                    "{bar:30} {pos}/{len} games, {msg}, {elapsed} gone, {eta} left",
                )
                .expect("a valid template"),
            );
            bar.set_position(done);
            bar.reset_eta();
            bar
        });
        Progress {
            bar,
            total,
            done,
            started: Instant::now(),
            last_line: Instant::now(),
            quiet,
        }
    }

    /// One more game finished; `score` describes the score so far.
    pub fn game(&mut self, score: &str) {
        self.done += 1;
        if let Some(bar) = &self.bar {
            bar.set_message(score.to_string());
            bar.inc(1);
        } else if !self.quiet
            && (self.last_line.elapsed() >= Duration::from_secs(60) || self.done == self.total)
        {
            self.last_line = Instant::now();
            eprintln!(
                "{}/{} games, {score}, {:.0} s",
                self.done,
                self.total,
                self.started.elapsed().as_secs_f64()
            );
        }
    }

    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
