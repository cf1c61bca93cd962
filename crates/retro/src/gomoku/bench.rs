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
    outln!("{r}")?;
    Ok(ExitCode::SUCCESS)
}
