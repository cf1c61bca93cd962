//! `retro quoridor`: the rules, replay and boards, the paper's players at the teletype,
//! benchmarks, and the paper's matches and experiments. One module file per subcommand; the
//! work is in the `quoridor` and `quoridor-lab` crates.

mod bench;
mod lab;
mod moves;
mod perft;
mod play;
mod replay;

use crate::CliResult;
use clap::Subcommand;

// Parsed once a run: the size of the largest variant (a player spec) does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Subcommand)]
pub enum Cmd {
    /// The legal moves after a history, sorted in ASCII byte order (no HISTORY: one history a
    /// line from standard input, `-` for the start, one answer a line)
    #[command(after_help = "Examples:\n  retro quoridor moves e8 e2")]
    Moves(moves::Args),
    /// Move-generation counts: one line `d N` for each depth (no HISTORY: one history a line
    /// from standard input, answered `N1 N2 ... ND`)
    #[command(after_help = "Examples:\n  retro quoridor perft --depth 2")]
    Perft(perft::Args),
    /// Check a comma-separated record move by move and print the board after each move
    #[command(after_help = "Examples:\n  retro quoridor replay 'e8, e2, c5|' --svg board.svg")]
    Replay(replay::Args),
    /// Play one of the paper's players at the teletype (moves in the paper's notation: e8,
    /// e7|, c5-; HELP, QUIT)
    #[command(after_long_help = quoridor::play::COMMAND_HELP)]
    Play(play::Args),
    /// Time perft and a playout policy's playouts on one core (and each player's move)
    #[command(after_help = "Examples:\n  retro quoridor bench --depth 2 --playouts 200")]
    Bench(bench::Args),
    /// Play a match of two players: seeded, on all cores, resumable; the result table with its
    /// 95% interval and every game's record
    #[command(
        after_help = "Examples:\n  retro quoridor match random ab2 --games 4\n  retro quoridor match 'ucb:playouts=200' ab2 --games 2 --records records.txt"
    )]
    Match(lab::MatchArgs),
    /// Run the paper's Table 1 or Table 2 sweep (or one share of it): tables, plots, games
    #[command(
        after_help = "Examples:\n  retro quoridor experiment table1 --playouts 200 --games 2 --d 0.005 --out table1-small"
    )]
    Experiment(lab::ExperimentArgs),
    /// Merge the shares of an experiment into its tables and plots
    #[command(
        after_help = "Examples:\n  retro quoridor merge table1-small --out table1-merged   # after the experiment's example"
    )]
    Merge(lab::MergeArgs),
}

pub fn run(cmd: Cmd) -> CliResult {
    match cmd {
        Cmd::Moves(a) => moves::run(a),
        Cmd::Perft(a) => perft::run(a),
        Cmd::Replay(a) => replay::run(a),
        Cmd::Play(a) => play::run(a),
        Cmd::Bench(a) => bench::run(a),
        Cmd::Match(a) => lab::run_match(a),
        Cmd::Experiment(a) => lab::run_experiment(a),
        Cmd::Merge(a) => lab::run_merge(a),
    }
}
