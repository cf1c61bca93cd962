//! `retro quoridor perft --depth D [HISTORY...]`

use crate::CliResult;
use quoridor::batch;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Plies deep
    #[arg(long, short, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=8))]
    depth: u32,
    /// Moves from the start, in the paper's notation (`-` alone for the start)
    history: Vec<String>,
}

pub fn run(a: Args) -> CliResult {
    match batch::history(&a.history) {
        Some(h) => {
            for (d, n) in batch::perft_counts(&h, a.depth)?.iter().enumerate() {
                outln!("{} {n}", d + 1)?;
            }
        }
        None => {
            let line = |h: &str| batch::perft_line(h, a.depth);
            batch::run(std::io::stdin().lock(), crate::out::Out, line)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
