//! `retro gomoku`: Gomoku under the 1993 五目競争 rules (crate `gomoku`).
//!
//! One subcommand per module file: each exposes `Args` (its clap arguments) and
//! `run(Args) -> CliResult`. To add one, add a file, a variant below and its match arm.

use crate::CliResult;
use clap::Subcommand;

mod bench;
mod forbidden;
mod show;

#[derive(Subcommand)]
pub enum Cmd {
    /// Black's forbidden points of positions: `x,y:T` (T: 1 double-three, 2 double-four,
    /// 3 overline), sorted by x then y, or `-`; with no MOVES, one position per stdin line
    Forbidden(forbidden::Args),
    /// Draw a board: the terminal (default), the teletype's paper, or SVG
    Show(show::Args),
    /// Time the full forbidden scan (every empty point) over the 600 golden positions
    Bench(bench::Args),
}

pub fn run(cmd: Cmd) -> CliResult {
    match cmd {
        Cmd::Forbidden(a) => forbidden::run(a),
        Cmd::Show(a) => show::run(a),
        Cmd::Bench(a) => bench::run(a),
    }
}
