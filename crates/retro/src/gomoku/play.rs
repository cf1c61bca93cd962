//! `retro gomoku play`: a person against an engine at the teletype (crate `gomoku-engines`,
//! module `dialogue`); the paper goes to `--transcript` line by line as it is printed.

use crate::CliResult;
use gomoku_engines::dialogue::Dialogue;
use gomoku_engines::Limits;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    operator: crate::teletype_args::OperatorArgs,
    /// Nodes the engine may search for each move
    #[arg(long, default_value_t = 20_000)]
    nodes: u64,
    /// Seed for the engine's choice between equal points
    #[arg(long, default_value_t = 0)]
    seed: u64,
}

pub fn run(a: Args) -> CliResult {
    let mut d = Dialogue::new(a.operator.host()?, Limits::nodes(a.nodes), a.seed);
    d.run();
    d.teletype.host().finish()?;
    Ok(ExitCode::SUCCESS)
}
