//! `retro quoridor moves [HISTORY...]`

use crate::CliResult;
use quoridor::batch;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Moves from the start, in the paper's notation (`-` alone for the start)
    history: Vec<String>,
}

pub fn run(a: Args) -> CliResult {
    match batch::history(&a.history) {
        Some(h) => outln!("{}", batch::moves_line(&h)?)?,
        None => {
            batch::run(std::io::stdin().lock(), crate::out::Out, batch::moves_line)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
