//! `retro quoridor bench [--depth D] [--playouts N] [--policy P]`

use crate::CliResult;
use quoridor::bench::Way;
use quoridor::policy::Policy;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// perft depth from the start
    #[arg(long, default_value_t = 4)]
    depth: u32,
    /// Playouts from the start and from the middle game (one move's budget in the paper)
    #[arg(long, default_value_t = 50_000)]
    playouts: u64,
    /// The playout policy timed: uniform, respall or path:P:W (default: the players' default)
    #[arg(long, value_name = "POLICY", value_parser = parse_policy)]
    policy: Option<Policy>,
    /// Time the plain way of making the same playouts (a fresh flood fill for every distance,
    /// every list built), which plays the same games: the yardstick of the fast one
    #[arg(long)]
    plain: bool,
    /// Also time one move of ucb, ucb-dt and ab2 (with this many playouts) from the start and
    /// the middle game
    #[arg(long)]
    players: Option<u32>,
}

fn parse_policy(s: &str) -> Result<Policy, String> {
    s.parse().map_err(|why: &str| why.to_string())
}

pub fn run(a: Args) -> CliResult {
    let way = if a.plain { Way::Plain } else { Way::Fast };
    for m in quoridor::bench::all(a.depth, a.playouts, a.policy, way, a.players) {
        outln!("{m}")?;
    }
    Ok(ExitCode::SUCCESS)
}
