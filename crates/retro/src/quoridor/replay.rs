//! `retro quoridor replay RECORD|FILE [--last] [--svg FILE]`

use crate::CliResult;
use quoridor::{batch, render};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// A record (`e8, e2, c5|`) or a file holding one (`#` lines are comments)
    record: String,
    /// Print only the board after the last move
    #[arg(long)]
    last: bool,
    /// Also draw the final board as SVG
    #[arg(long)]
    svg: Option<PathBuf>,
}

pub fn run(a: Args) -> CliResult {
    let (report, end) = batch::replay_argument(&a.record, a.last)?;
    out!("{report}")?;
    if let Some(svg) = a.svg {
        std::fs::write(&svg, render::svg(&end))
            .map_err(|e| format!("cannot write {}: {e}", svg.display()))?;
    }
    Ok(ExitCode::SUCCESS)
}
