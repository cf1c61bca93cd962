//! `replay --machine`: NHEX running on the emulated 2100A as the [`Mover`] of
//! [`nhex::replay::replay_game`], so a log replays with the same rows as the reference's. Before
//! each NHEX ply of the log the position is deposited and the program's move entry runs; after
//! every ply its announcement test runs for the side that moved.

use crate::engine::MachineEngine;
use crate::tape::Error;
use nhex::board::{Board, Side};
use nhex::engine::Choice;
use nhex::replay::Mover;

impl Mover for MachineEngine {
    type Error = Error;
    fn reply(&mut self, b: &Board) -> Result<Option<Choice>, Error> {
        Ok(self.choose_explained(b)?.value)
    }
    fn announces(&mut self, b: &Board, s: Side) -> Result<bool, Error> {
        self.has_won(b, s)
    }
}
