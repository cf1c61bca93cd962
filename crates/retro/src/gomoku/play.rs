//! `retro gomoku play`: a person against an engine at the teletype (crate `gomoku-engines`,
//! module `dialogue`); the paper goes to `--transcript` line by line as it is printed.

use crate::CliResult;
use gomoku_engines::dialogue::Dialogue;
use gomoku_engines::Limits;
use std::process::ExitCode;

/// How the game goes, for `retro gomoku play --help`: what is asked at the teletype is not a
/// flag.
pub const HELP: &str = "\
The game asks at the teletype, in upper case as the ASR-33 prints:
  YOUR COLOUR? B=BLACK (MOVES FIRST) W=WHITE
  OPENING? 1I-12I, 1D-12D, ITS NAME, OR FREE   (the 1993 guide's 24 openings)
  RULE? RENJU OR 1993                          (black's forbidden moves)
  ENGINE? EVAL OR SEARCH
  YOUR MOVE (X,Y OR H8)?                       8,8 or h8; FORBIDDEN marks black's
                                               forbidden points, BOARD, RESIGN
HELP at any question explains it; QUIT ends the session. Ctrl-D, or the end of --input, ends
it too. The board is printed once a turn, before your move.

Examples:
  retro gomoku play
  retro gomoku play --nodes 2000 --transcript paper.txt";

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    operator: crate::teletype_args::OperatorArgs,
    /// Nodes the engine may search for each move
    #[arg(long, default_value_t = 20_000)]
    nodes: u64,
    /// Seed for the engine's choice between equal points
    #[arg(long, default_value_t = 0)]
    seed: u64,
}

pub fn run(a: Args) -> CliResult {
    let mut d = Dialogue::new(a.operator.host()?, Limits::nodes(a.nodes), a.seed);
    d.run();
    d.console.host().finish()?;
    Ok(ExitCode::SUCCESS)
}
