//! `retro`: one binary, a subcommand per machine and per game.
//!
//! Each subcommand lives in its own module and exposes `Cmd` (its clap subcommands) and
//! `run(Cmd) -> CliResult`. This file only parses the command line, sets up logging
//! (`RUST_LOG`), and turns results into an exit status (`out`).

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[macro_use]
mod out;

mod basic;
mod gomoku;
mod hex;
mod hp2100;
mod lgame;
mod quoridor;
mod serve;
mod slurm;
mod t3300;
mod teletype_args;

/// What a subcommand returns: an exit status, or a host error to report.
pub type CliResult = Result<ExitCode, Box<dyn std::error::Error>>;

#[derive(Parser)]
#[command(
    name = "retro",
    version,
    about = "1970s Japanese game programs on emulated HP 2100A and TOSBAC-3300 machines, and the games of two later competitions"
)]
struct Cli {
    #[command(subcommand)]
    cmd: Top,
}

#[derive(Subcommand)]
enum Top {
    /// HP 2100A computer: console (alone: the sim> prompt), scripts, boot and run tapes, benchmarks
    Hp2100(hp2100::Hp2100),
    /// NHEX, the 1975 HEX program of the University of Electro-Communications
    #[command(subcommand)]
    Hex(hex::Cmd),
    /// TOSBAC-3300 (T3300-R reconstruction): assembler, emulator, debugger (also: tosbac)
    #[command(subcommand, alias = "tosbac")]
    T3300(t3300::Cmd),
    /// The L-game of the University of Tokyo paper: classifier and LGM player
    #[command(subcommand)]
    Lgame(lgame::Cmd),
    /// Gomoku under the 1993 五目競争 rules: fouls, boards, engines, play, the dohyo referee
    #[command(subcommand)]
    Gomoku(gomoku::Cmd),
    /// Quoridor of the UCB dynamic-threshold paper: rules, players, play, matches, experiments
    #[command(subcommand)]
    Quoridor(quoridor::Cmd),
    /// The machines and games in a web page, served on 127.0.0.1
    Serve(serve::Serve),
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .format_timestamp(None)
        .init();
    let cli = Cli::parse();
    let result = match cli.cmd {
        Top::Hp2100(c) => hp2100::run(c),
        Top::Hex(c) => hex::run(c),
        Top::T3300(c) => t3300::run(c),
        Top::Lgame(c) => lgame::run(c),
        Top::Gomoku(c) => gomoku::run(c),
        Top::Quoridor(c) => quoridor::run(c),
        Top::Serve(s) => serve::run(s),
    };
    out::exit_for(result)
}
