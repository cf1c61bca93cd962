//! `retro gomoku show`: a position through the board renderer (`gomoku::show`).

use crate::CliResult;
use gomoku::Rule;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Moves in order, black first, as x,y (1..15 from the top-left) or h8
    moves: Vec<String>,
    /// Start with one of the 24 openings (寒星, kansei, 1D, 直接1 ...); MOVES follow it
    #[arg(long)]
    opening: Option<String>,
    /// The opening's symmetry: 正・本 (as drawn) ... 鏡・左, or 0..7
    #[arg(long, default_value = "正・本")]
    symmetry: String,
    /// Mark black's forbidden points (*)
    #[arg(long)]
    forbidden: bool,
    /// Rule for the forbidden points and the game: renju or 1993 (renju by default here, the
    /// strict rule; what plays by the 1993 tournament's rules (dohyo, tournament, engine)
    /// defaults to 1993)
    #[arg(long, default_value = "renju")]
    rule: Rule,
    /// Show move numbers instead of stones, as the guide's diagrams do
    #[arg(long)]
    numbers: bool,
    /// Print as the teletype would (upper case ASCII, 72 columns; the opening by code and
    /// romaji)
    #[arg(long)]
    teletype: bool,
    /// Also write the board as SVG to FILE
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
}

pub fn run(a: Args) -> CliResult {
    let o = gomoku::show::Options {
        opening: a.opening,
        symmetry: a.symmetry,
        forbidden: a.forbidden,
        rule: a.rule,
        numbers: a.numbers,
        teletype: a.teletype,
    };
    let shown = gomoku::show::show(&a.moves, &o)?;
    outln!("{}", shown.text)?;
    if let Some(path) = &a.svg {
        std::fs::write(path, shown.svg).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(ExitCode::SUCCESS)
}
