//! `retro gomoku`: Gomoku under the 1993 五目競争 rules (crate `gomoku`).
//!
//! One subcommand per module file: each exposes `Args` (its clap arguments) and
//! `run(Args) -> CliResult`. To add one, add a file, a variant below and its match arm.

use crate::CliResult;
use clap::Subcommand;

mod bench;
mod bench_engines;
mod dohyo;
mod forbidden;
mod play;
mod show;

#[derive(Subcommand)]
pub enum Cmd {
    /// Black's forbidden points of positions: `x,y:T` (T: 1 double-three, 2 double-four,
    /// 3 overline), sorted by x then y, or `-`; with no MOVES, one position per stdin line
    #[command(after_help = "Examples:\n  retro gomoku forbidden --rule renju h8 i9 g9 h10 j9")]
    Forbidden(forbidden::Args),
    /// Draw a board: the terminal (default), the teletype's paper, or SVG
    #[command(
        after_help = "Examples:\n  retro gomoku show --opening kansei --forbidden\n  retro gomoku show h8 h9 i8 i9 --numbers --svg board.svg"
    )]
    Show(show::Args),
    /// Time the full forbidden scan (every empty point) over the 600 golden positions
    #[command(after_help = "Examples:\n  retro gomoku bench --seconds 0.2")]
    Bench(bench::Args),
    /// The 1993 referee program: a ten-game match of two programs (file:, cmdline: or pbrain:)
    #[command(
        after_help = "Examples:\n  retro gomoku dohyo 'pbrain:retro gomoku engine --protocol pbrain --engine eval --nodes 50' 'pbrain:retro gomoku engine --protocol pbrain --nodes 300' --move-time 5 --out match"
    )]
    Dohyo(dohyo::MatchArgs),
    /// A round robin of matches with the appendix-B crosstable; --share K/N for several machines
    #[command(
        after_help = "Examples:\n  retro gomoku tournament 'pbrain:retro gomoku engine --protocol pbrain --engine eval --nodes 50' 'pbrain:retro gomoku engine --protocol pbrain --nodes 100' --move-time 5 --out league"
    )]
    Tournament(dohyo::TournamentArgs),
    /// The crosstable of a tournament from its match logs (of every share)
    #[command(
        after_help = "Examples:\n  retro gomoku crosstable league --format csv   # after the tournament's example"
    )]
    Crosstable(dohyo::CrosstableArgs),
    /// Our engines as programs for a referee: the file, command-line or pbrain protocol
    #[command(
        after_help = "Examples:\n  retro gomoku engine --protocol pbrain --nodes 50   # reads pbrain commands"
    )]
    Engine(dohyo::EngineArgs),
    /// Play an engine at the teletype (the game asks for your colour, the opening, the rule
    /// and the engine; see --help)
    #[command(after_long_help = gomoku_engines::dialogue::COMMAND_HELP)]
    Play(play::Args),
    /// Time the search on a dozen forced wins, its nodes per second; --match: search vs eval
    #[command(after_help = "Examples:\n  retro gomoku bench-engines --nodes 2000")]
    BenchEngines(bench_engines::Args),
}

pub fn run(cmd: Cmd) -> CliResult {
    match cmd {
        Cmd::Forbidden(a) => forbidden::run(a),
        Cmd::Show(a) => show::run(a),
        Cmd::Bench(a) => bench::run(a),
        Cmd::Dohyo(a) => dohyo::run_match(a),
        Cmd::Tournament(a) => dohyo::run_tournament(a),
        Cmd::Crosstable(a) => dohyo::run_crosstable(a),
        Cmd::Engine(a) => dohyo::run_engine(a),
        Cmd::Play(a) => play::run(a),
        Cmd::BenchEngines(a) => bench_engines::run(a),
    }
}
