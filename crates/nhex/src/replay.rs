//! Replaying a logged game into our NHEX: the opponent's moves are given, each NHEX move of the
//! log is compared with the one the engine chooses in the same position, and the engine's
//! announcement test is run after every move. The moves come from a [`Mover`]: this crate's
//! [`Engine`], or the HP 2100 program on the emulator (crate `nhex-hp2100`); both give the same
//! rows.

use crate::board::{Board, Cell, Side};
use crate::engine::{Choice, Engine};
use crate::log::{LogError, LoggedGame};
use std::convert::Infallible;

/// Where a replay's NHEX moves and announcement tests come from.
pub trait Mover {
    /// A failure of the mover itself (e.g. the emulated machine stopped), not of the log.
    type Error: std::error::Error + 'static;
    /// NHEX's move in `b`, with its candidates and look-ahead scores.
    fn reply(&mut self, b: &Board) -> Result<Option<Choice>, Self::Error>;
    /// The announcement test: has `s` won on `b`?
    fn announces(&mut self, b: &Board, s: Side) -> Result<bool, Self::Error>;
}

impl Mover for &Engine {
    type Error = Infallible;
    fn reply(&mut self, b: &Board) -> Result<Option<Choice>, Infallible> {
        Ok(self.choose_explained(b))
    }
    fn announces(&mut self, b: &Board, s: Side) -> Result<bool, Infallible> {
        Ok(self.has_won(b, s))
    }
}

impl<M: Mover + ?Sized> Mover for &mut M {
    type Error = M::Error;
    fn reply(&mut self, b: &Board) -> Result<Option<Choice>, M::Error> {
        (**self).reply(b)
    }
    fn announces(&mut self, b: &Board, s: Side) -> Result<bool, M::Error> {
        (**self).announces(b, s)
    }
}

/// Why a game could not be replayed.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError<E: std::error::Error + 'static> {
    /// The log itself is not a legal game.
    #[error(transparent)]
    Log(#[from] LogError),
    /// The mover failed.
    #[error(transparent)]
    Mover(E),
}

/// One ply of the replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub ply: usize,
    pub side: Side,
    pub logged: Cell,
    /// The engine's choice (NHEX plies only).
    pub ours: Option<Choice>,
    /// Did the engine's announcement test fire after this ply (for the side that moved)?
    pub announce: bool,
}

impl Row {
    pub fn agrees(&self) -> Option<bool> {
        self.ours.as_ref().map(|c| c.cell == self.logged)
    }
}

#[derive(Clone, Debug)]
pub struct GameReplay {
    pub rows: Vec<Row>,
    pub board: Board,
    /// Side with a completed chain at the end.
    pub chain: Option<Side>,
    pub declared: Option<Side>,
    /// First ply after which the engine would announce a win, and for whom.
    pub our_announcement: Option<(usize, Side)>,
}

impl GameReplay {
    pub fn agreement(&self) -> (usize, usize) {
        let n = self.rows.iter().filter(|r| r.ours.is_some()).count();
        let k = self
            .rows
            .iter()
            .filter(|r| r.agrees() == Some(true))
            .count();
        (k, n)
    }
    /// Does the engine announce the logged result exactly after the last ply of the log?
    pub fn announcement_matches(&self) -> bool {
        match (self.declared, self.our_announcement) {
            (Some(w), Some((ply, s))) => s == w && ply == self.rows.len(),
            (None, None) => true,
            _ => false,
        }
    }
}

/// Check the game (legality, result) and compare the mover with it move by move.
pub fn replay_game<M: Mover>(
    g: &LoggedGame,
    mut mover: M,
) -> Result<GameReplay, ReplayError<M::Error>> {
    let end = g.replay()?;
    let mut b = Board::new(8);
    let mut rows = Vec::new();
    let mut our_announcement = None;
    for (i, m) in g.moves.iter().enumerate() {
        let ours = if m.side == Side::Nhex {
            mover.reply(&b).map_err(ReplayError::Mover)?
        } else {
            None
        };
        b.play(m.cell, m.side);
        let announce = mover.announces(&b, m.side).map_err(ReplayError::Mover)?;
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
