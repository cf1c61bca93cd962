//! `retro gomoku play`: a person against an engine at the teletype (crate `gomoku-engines`,
//! module `dialogue`).

use crate::CliResult;
use gomoku_engines::dialogue::Dialogue;
use gomoku_engines::Limits;
use std::process::ExitCode;
use teletype::Transcript;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    operator: crate::operator::OperatorArgs,
    /// Nodes the engine may search for each move
    #[arg(long, default_value_t = 20_000)]
    nodes: u64,
    /// Seed for the engine's choice between equal points
    #[arg(long, default_value_t = 0)]
    seed: u64,
}

pub fn run(a: Args) -> CliResult {
    let host = crate::operator::host(a.operator.input.as_deref(), a.operator.realtime)?;
    let mut d = Dialogue::new(Transcript::new(host), Limits::nodes(a.nodes), a.seed);
    d.run();
    if let Some(t) = a.operator.transcript {
        std::fs::write(&t, d.console.host().paper())
            .map_err(|e| format!("cannot write {}: {e}", t.display()))?;
    }
    Ok(ExitCode::SUCCESS)
}
