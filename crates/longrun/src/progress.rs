//! The live progress of a run: items done of all, a message (the score so far, the games being
//! played), the time gone and the time left.
//!
//! On a terminal this is a bar on standard error, redrawn every second so the time moves while
//! a long item is played; otherwise (a run under `nohup` or a cluster's scheduler) a plain line
//! at most once a minute and at the end, so the log shows how far it got. Any thread may
//! report.
//!
//! Notes:
//! 1. The estimate of the time left is shown only once an item of this run has finished:
//!    before that it has nothing to go on (items resumed from a file took no time now).

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How often the plain line is written when standard error is not a terminal.
const LINE_EVERY: Duration = Duration::from_secs(60);

pub struct Progress {
    bar: Option<ProgressBar>,
    /// Items done, when the plain line was last written, the latest message, and whether an
    /// item finished in this run.
    line: Mutex<(u64, Instant, String, bool)>,
    total: u64,
    unit: &'static str,
    started: Instant,
    quiet: bool,
}

fn style(estimate: bool, unit: &str) -> ProgressStyle {
    let template = if estimate {
        format!("{{bar:30}} {{pos}}/{{len}} {unit}, {{msg}} [{{elapsed}} gone, {{eta}} left]")
    } else {
        format!("{{bar:30}} {{pos}}/{{len}} {unit}, {{msg}} [{{elapsed}} gone]")
    };
    ProgressStyle::with_template(&template).unwrap_or_else(|_| ProgressStyle::default_bar())
}

impl Progress {
    /// The progress of `total` items (`unit`, e.g. "games") of which `done` are already
    /// finished; nothing is shown when `quiet`.
    pub fn new(total: u64, done: u64, unit: &'static str, quiet: bool) -> Progress {
        let bar = (!quiet && std::io::stderr().is_terminal()).then(|| {
            let bar = ProgressBar::new(total);
            bar.set_style(style(false, unit));
            bar.set_position(done);
            bar.enable_steady_tick(Duration::from_secs(1));
            bar
        });
        Progress {
            bar,
            line: Mutex::new((done, Instant::now(), String::new(), false)),
            total,
            unit,
            started: Instant::now(),
            quiet,
        }
    }

    /// Show `message` (what is going on now) beside the count.
    pub fn message(&self, message: &str) {
        if let Some(bar) = &self.bar {
            bar.set_message(message.to_string());
        } else if let Ok(mut line) = self.line.lock() {
            line.2 = message.to_string();
        }
    }

    /// One more item finished; `message` as for [`Progress::message`].
    pub fn done(&self, message: &str) {
        let Ok(mut line) = self.line.lock() else {
            return;
        };
        line.0 += 1;
        line.2 = message.to_string();
        if let Some(bar) = &self.bar {
            if !line.3 {
                // Note 1: from the first item this run finished on.
                line.3 = true;
                bar.set_style(style(true, self.unit));
            }
            bar.set_message(message.to_string());
            bar.inc(1);
        } else if !self.quiet && (line.1.elapsed() >= LINE_EVERY || line.0 == self.total) {
            line.1 = Instant::now();
            eprintln!(
                "{}/{} {}, {message}, {:.0} s",
                line.0,
                self.total,
                self.unit,
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
