//! Replaying a logged game into our NHEX: the opponent's moves are given, each NHEX move of the
//! log is compared with the one the engine chooses in the same position, and the engine's
//! announcement test is run after every move.

use crate::board::{Board, Cell, Side};
use crate::engine::{Choice, Engine};
use crate::log::{LogError, LoggedGame};

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

/// Check the game (legality, result) and compare the engine with it move by move.
pub fn replay_game(g: &LoggedGame, engine: &Engine) -> Result<GameReplay, LogError> {
    let end = g.replay()?;
    let mut b = Board::new(8);
    let mut rows = Vec::new();
    let mut our_announcement = None;
    for (i, m) in g.moves.iter().enumerate() {
        let ours = (m.side == Side::Nhex)
            .then(|| engine.choose_explained(&b))
            .flatten();
        b.play(m.cell, m.side);
        let announce = engine.has_won(&b, m.side);
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
