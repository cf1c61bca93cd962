//! `retro gomoku play`: a person against an engine at the teletype (crate `gomoku-engines`,
//! module `dialogue`).

use crate::CliResult;
use gomoku_engines::dialogue::Dialogue;
use gomoku_engines::Limits;
use std::path::PathBuf;
use std::process::ExitCode;
use teletype::Transcript;

#[derive(clap::Args)]
pub struct Args {
    /// Lines typed at the prompts, one per line, instead of the keyboard
    #[arg(long)]
    input: Option<PathBuf>,
    /// Write the paper roll to FILE
    #[arg(long, value_name = "FILE")]
    transcript: Option<PathBuf>,
    /// Print at the teletype's speed (10 characters a second)
    #[arg(long)]
    realtime: bool,
    /// Nodes the engine may search for each move
    #[arg(long, default_value_t = 20_000)]
    nodes: u64,
    /// Seed for the engine's choice between equal points
    #[arg(long, default_value_t = 0)]
    seed: u64,
}

pub fn run(a: Args) -> CliResult {
    let host = crate::operator::host(a.input.as_deref(), a.realtime)?;
    let mut d = Dialogue::new(Transcript::new(host), Limits::nodes(a.nodes), a.seed);
    d.run();
    if let Some(t) = a.transcript {
        std::fs::write(&t, d.console.host().paper())
            .map_err(|e| format!("cannot write {}: {e}", t.display()))?;
    }
    Ok(ExitCode::SUCCESS)
}
