//! The forbidden-scan benchmark: every empty point of a position judged for black, over the
//! 600 golden positions (built in, so the benchmark runs anywhere).

use crate::board::Board;
use crate::foul::forbidden_points;
use crate::position::parse_position;
use crate::rule::Rule;
use std::time::{Duration, Instant};

/// The golden data, `tests/gomoku/renju-forbidden-dev.txt`, with its provenance header.
pub const GOLDEN: &str = include_str!("../../../tests/gomoku/renju-forbidden-dev.txt");

/// The boards of the golden positions.
pub fn golden_boards() -> Vec<Board> {
    GOLDEN
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| parse_position(l).ok().map(|(_, b)| b))
        .collect()
}

/// What a benchmark run measured.
#[derive(Clone, Debug)]
pub struct ScanReport {
    pub rule: Rule,
    pub positions: usize,
    /// Times the whole set was scanned.
    pub passes: usize,
    /// Forbidden points found in one pass (a check that the work was done).
    pub forbidden: usize,
    pub elapsed: Duration,
    /// Time per position of each pass.
    pub per_position: Vec<Duration>,
    /// Time the thread spent on a processor during the run (Linux: from
    /// `/proc/thread-self/schedstat`), which a busy machine does not inflate.
    pub cpu: Option<Duration>,
}

impl ScanReport {
    /// Mean time per position over all passes.
    pub fn mean(&self) -> Duration {
        self.elapsed / (self.positions * self.passes).max(1) as u32
    }

    /// Processor time per position, if known.
    pub fn cpu_per_position(&self) -> Option<Duration> {
        self.cpu
            .map(|c| c / (self.positions * self.passes).max(1) as u32)
    }

    /// The fastest pass's time per position.
    pub fn best(&self) -> Duration {
        self.per_position.iter().copied().min().unwrap_or_default()
    }
}

impl std::fmt::Display for ScanReport {
    /// The report of `retro gomoku bench`: the scan, then the time per position.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "forbidden scan ({}): {} positions x {} passes, {} forbidden points per pass",
            self.rule, self.positions, self.passes, self.forbidden
        )?;
        let us = |d: Duration| d.as_secs_f64() * 1e6;
        write!(
            f,
            "per position: {} of processor time; wall clock {:.2} µs (mean), {:.2} µs (best \
             pass); one thread",
            self.cpu_per_position()
                .map_or("unknown".to_string(), |d| format!("{:.2} µs", us(d))),
            us(self.mean()),
            us(self.best())
        )
    }
}
/// Scans every board fully, pass after pass, until `min_time` has passed (at least once).
pub fn scan(boards: &[Board], rule: Rule, min_time: Duration) -> ScanReport {
    let cpu_start = thread_cpu();
    let start = Instant::now();
    let mut per_position = Vec::new();
    let forbidden = loop {
        let t = Instant::now();
        let found: usize = boards
            .iter()
            .map(|b| std::hint::black_box(forbidden_points(std::hint::black_box(b), rule)).len())
            .sum();
        per_position.push(t.elapsed() / boards.len().max(1) as u32);
        if start.elapsed() >= min_time {
            break found;
        }
    };
    ScanReport {
        rule,
        positions: boards.len(),
        passes: per_position.len(),
        forbidden,
        elapsed: start.elapsed(),
        per_position,
        cpu: thread_cpu()
            .zip(cpu_start)
            .map(|(end, start)| end.saturating_sub(start)),
    }
}

/// Processor time of the calling thread so far (Linux only).
fn thread_cpu() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn golden_positions_all_read_and_scan() {
        let boards = golden_boards();
        assert_eq!(boards.len(), 600);
        let r = scan(&boards[..20], Rule::Renju, Duration::ZERO);
        assert_eq!(r.passes, 1);
        assert_eq!(r.positions, 20);
    }
}
