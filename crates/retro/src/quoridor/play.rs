//! `retro quoridor play [--player SPEC] [--seed N] [--second] [--input FILE] [--transcript FILE]`:
//! the paper goes to `--transcript` line by line as it is printed.

use crate::CliResult;
use quoridor::play::{play, Ending};
use quoridor::{Side, Spec};
use std::process::ExitCode;
use teletype::Console;

/// How the game goes, for `retro quoridor play --help`.
pub const HELP: &str = "\
You are the first player (x, from e9 to row 1) or, with --second, the second (o, from e1 to
row 9). At YOUR MOVE? type a square to move your pawn (e8), or a wall: its square, then | for
a vertical wall or - for a horizontal one (e7|, c5-), as the paper writes them; v and h, and !
(how the teletype prints |), work too. Every move you make is repeated before it is played.
HELP explains the moves, QUIT ends the game; Ctrl-D, or the end of --input, ends it too.

Examples:
  retro quoridor play
  retro quoridor play --player ab2 --second";

#[derive(clap::Args)]
pub struct Args {
    /// The machine's player: random, ucb[:playouts=N,c=C,formula=ucb1|printed,
    /// policy=uniform|respall|path:P:W,cut=300|none],
    /// ucb-dt[:d=D,n=N,start=zero|carry,tie=half|loss|win,reversal=stay|back,...], ab2
    #[arg(long, default_value = "ucb")]
    player: Spec,
    /// Seed of the machine's player
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Play second (o, from e1); the machine moves first
    #[arg(long)]
    second: bool,
    #[command(flatten)]
    operator: crate::teletype_args::OperatorArgs,
}

pub fn run(a: Args) -> CliResult {
    let mut console = Console::new(a.operator.host()?);
    let human = if a.second { Side::Second } else { Side::First };
    let mut player = a.player.build(a.seed);
    let (ending, _) = play(&mut console, player.as_mut(), &a.player.to_string(), human);
    console.host().finish()?;
    log::info!("quoridor play ended: {ending:?}");
    Ok(match ending {
        Ending::Won(_) | Ending::Drawn | Ending::EndOfInput | Ending::Quit => ExitCode::SUCCESS,
    })
}
