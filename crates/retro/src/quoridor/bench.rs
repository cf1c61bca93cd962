//! `retro quoridor bench [--depth D] [--playouts N]`

use crate::CliResult;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// perft depth from the start
    #[arg(long, default_value_t = 4)]
    depth: u32,
    /// Playouts from the start and from the middle game (one move's budget in the paper)
    #[arg(long, default_value_t = 50_000)]
    playouts: u64,
    /// Also time one move of ucb, ucb-dt and ab2 (with this many playouts) from the start and
    /// the middle game
    #[arg(long)]
    players: Option<u32>,
}

pub fn run(a: Args) -> CliResult {
    for m in quoridor::bench::standard(a.depth, a.playouts) {
        outln!("{m}")?;
    }
    if let Some(n) = a.players {
        for m in quoridor::bench::players(n) {
            outln!("{m}")?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
