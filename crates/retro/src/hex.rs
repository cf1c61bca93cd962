//! Placeholder until this subcommand's crate lands.

use crate::CliResult;
use clap::Subcommand;

#[derive(Subcommand)]
pub enum Cmd {}

pub fn run(cmd: Cmd) -> CliResult {
    match cmd {}
}
