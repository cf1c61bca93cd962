//! `retro gomoku bench`: the full forbidden scan over the golden positions.

use crate::CliResult;
use gomoku::bench::{golden_boards, scan};
use gomoku::Rule;
use std::process::ExitCode;
use std::time::Duration;

#[derive(clap::Args)]
pub struct Args {
    /// Rule of the scan: renju or 1993 (renju by default here, as for `show`: the strict
    /// test, the costlier scan; what plays by the 1993 tournament's rules defaults to 1993)
    #[arg(long, default_value = "renju")]
    rule: Rule,
    /// Keep scanning the set for at least this many seconds
    #[arg(long, default_value_t = 3.0)]
    seconds: f64,
}

pub fn run(a: Args) -> CliResult {
    let boards = golden_boards();
    let r = scan(&boards, a.rule, Duration::from_secs_f64(a.seconds.max(0.0)));
    outln!(
        "forbidden scan ({}): {} positions x {} passes, {} forbidden points per pass",
        r.rule,
        r.positions,
        r.passes,
        r.forbidden
    )?;
    let us = |d: Duration| d.as_secs_f64() * 1e6;
    outln!(
        "per position: {} of processor time; wall clock {:.2} µs (mean), {:.2} µs (best pass); one thread",
        r.cpu_per_position()
            .map_or("unknown".to_string(), |d| format!("{:.2} µs", us(d))),
        us(r.mean()),
        us(r.best())
    )?;
    Ok(ExitCode::SUCCESS)
}
