//! The bridge to crate `quoridor`: player specs, and one game from its seed and number.
//!
//! A game: the first player (A in even-numbered games, B in odd ones) starts at e9; the first
//! `random_opening` moves of each side are random (the paper's "初手から3手ずつ、合計6手はランダム",
//! drawn as the [`Opening`] setting says); then each player chooses its own moves. A game not won after `max_moves` plies (both sides' moves, the random ones
//! included) is a draw worth 0.5 to each.
//!
//! Notes:
//! 1. The paper does not say whether the 300 moves count both sides or include the random
//!    opening; we count plies from the start, so a draw is declared on reaching ply 300 without
//!    a winner, and a game won on ply 300 is a win.
//! 2. Each game builds its two players afresh from seeds drawn from the match seed and the game
//!    number, so a game never depends on the games before it.

use crate::error::{LabError, Result};
use crate::opening::Opening;
use crate::record::{first_of, GameRecord, Outcome, Side};
use crate::seed::{game_seed, Stream};
use quoridor::notation::format_record;
use quoridor::{Spec, State};

/// A player spec as typed on a command line, or a clear error.
pub fn parse(spec: &str) -> Result<Spec> {
    spec.parse::<Spec>().map_err(|e| LabError::Spec {
        spec: spec.into(),
        message: e.to_string(),
    })
}

/// Everything a game depends on besides its number.
#[derive(Debug, Clone)]
pub struct Settings {
    a: Spec,
    b: Spec,
    seed: u64,
    random_opening: u32,
    opening: Opening,
    max_moves: u32,
}

impl Settings {
    pub fn new(
        a: Spec,
        b: Spec,
        seed: u64,
        (random_opening, opening): (u32, Opening),
        max_moves: u32,
    ) -> Result<Self> {
        if max_moves <= 2 * random_opening {
            return Err(LabError::Parameter(format!(
                "--max-moves {max_moves} leaves no move after the random opening of {random_opening} moves a side"
            )));
        }
        Ok(Settings {
            a,
            b,
            seed,
            random_opening,
            opening,
            max_moves,
        })
    }

    pub fn a_name(&self) -> String {
        self.a.to_string()
    }

    pub fn b_name(&self) -> String {
        self.b.to_string()
    }

    /// The playouts a move of `side`'s player.
    pub fn playouts(&self, side: Side) -> u64 {
        match side {
            Side::A => self.a.playouts(),
            Side::B => self.b.playouts(),
        }
    }

    /// Play game number `game`.
    pub fn play(&self, game: u64) -> Result<GameRecord> {
        let first = first_of(game);
        let mut player_a = self.a.build(game_seed(self.seed, game, Stream::PlayerA));
        let mut player_b = self.b.build(game_seed(self.seed, game, Stream::PlayerB));
        let mut state = State::new();
        let mut moves = self.opening.play(
            &mut state,
            game_seed(self.seed, game, Stream::Opening),
            self.random_opening,
        );
        let winner = loop {
            if let Some(w) = state.winner() {
                // The side that moved first plays from e9: quoridor's first side.
                break Outcome::won_by(if w == quoridor::Side::First {
                    first
                } else {
                    first.other()
                });
            }
            if state.ply() >= self.max_moves {
                break Outcome::Draw;
            }
            let side = if state.side_to_move() == quoridor::Side::First {
                first
            } else {
                first.other()
            };
            let player = match side {
                Side::A => &mut player_a,
                Side::B => &mut player_b,
            };
            let m = player.choose(&state);
            state.play(m).map_err(|e| LabError::Game {
                game,
                message: format!(
                    "player {side:?} ({}) chose `{m}` at ply {}, which is illegal: {e}",
                    match side {
                        Side::A => &self.a,
                        Side::B => &self.b,
                    },
                    state.ply() + 1
                ),
            })?;
            moves.push(m);
        };
        Ok(GameRecord {
            game,
            first,
            winner,
            plies: state.ply(),
            moves: format_record(&moves),
        })
    }
}
