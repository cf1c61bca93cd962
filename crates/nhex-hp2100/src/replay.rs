//! `replay --machine`: a logged game replayed into NHEX running on the emulated 2100A, with the
//! same rows as the reference's [`nhex::replay::replay_game`]. Before each NHEX ply of the log
//! the position is deposited and the program's move entry runs; after every ply its
//! announcement test runs for the side that moved.

use crate::engine::MachineEngine;
use crate::machine::Error;
use nhex::board::{Board, Side};
use nhex::log::{LogError, LoggedGame};
use nhex::replay::{GameReplay, Row};

/// Why a game could not be replayed on the machine.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// The log itself is not a legal game.
    #[error(transparent)]
    Log(#[from] LogError),
    #[error(transparent)]
    Machine(#[from] Error),
}

/// Check the game and compare the machine's NHEX with it move by move.
pub fn replay_game(g: &LoggedGame, hp: &mut MachineEngine) -> Result<GameReplay, ReplayError> {
    let end = g.replay()?;
    let mut b = Board::new(8);
    let mut rows = Vec::new();
    let mut our_announcement = None;
    for (i, m) in g.moves.iter().enumerate() {
        let ours = if m.side == Side::Nhex {
            hp.choose_explained(&b)?.value
        } else {
            None
        };
        b.play(m.cell, m.side);
        let announce = hp.has_won(&b, m.side)?;
        if announce && our_announcement.is_none() {
            our_announcement = Some((i + 1, m.side));
        }
        rows.push(Row {
            ply: i + 1,
            side: m.side,
            logged: m.cell,
            ours,
            announce,
        });
    }
    Ok(GameReplay {
        rows,
        board: end.board,
        chain: end.chain,
        declared: g.winner,
        our_announcement,
    })
}
