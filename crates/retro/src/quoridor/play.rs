//! `retro quoridor play [--player SPEC] [--seed N] [--second] [--input FILE] [--transcript FILE]`:
//! the paper goes to `--transcript` line by line as it is printed.

use crate::CliResult;
use quoridor::play::play;
use quoridor::{Side, Spec};
use std::process::ExitCode;
use teletype::Teletype;

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
    let mut console = Teletype::new(a.operator.host()?);
    let human = if a.second { Side::Second } else { Side::First };
    let mut player = a.player.build(a.seed);
    let (ending, _) = play(&mut console, player.as_mut(), &a.player.to_string(), human);
    console.host().finish()?;
    log::info!("quoridor play ended: {ending:?}");
    Ok(ExitCode::SUCCESS)
}
