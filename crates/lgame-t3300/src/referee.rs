//! Games between LGM on the T3300-R and a native player (crate `lgame`), with every move of
//! LGM checked against the classification.
//!
//! The referee answers LGM's questions on its typewriter ([`crate::lgm::Keys`]): LGM plays one
//! colour as "the computer", the native player the other as "a person" who types moves in the
//! notation. At each question the referee reads the position from LGM's core and checks:
//!
//! * the position is the one expected after the native player's last move, or a legal move of
//!   LGM from it;
//! * LGM's move is the first of the native reference's best moves
//!   (`lgame::player::best_moves`): from F_i into B_i, from U into U, from B_i into F_(i-1);
//! * a position seen before is announced as a loop, naming the move after which it was
//!   first reached.
//!
//! A game ends when a side has no move or after `max_plies` moves (the referee types `QUIT`).
//!
//! Notes:
//!
//! 1. LGM chooses the first best move in the order of `lgame::Position::moves` (placements in
//!    `+form+` order, then no neutral move, then each neutral to each empty cell in cell
//!    order), which is the order of `best_moves`, so its move must equal the first of them:
//!    a stronger check than "a best move".
//! 2. The native player moves as "a person": its moves go through LGM's notation reader and
//!    rule checks like a person's.

use crate::classifier::Error;
use crate::lgm::{start_line, Event, GameEnd, Keys, Lgm, Question};
use lgame::classify::Outcome;
use lgame::player::{best_moves, Player};
use lgame::{notation, Classification, Colour, Position};
use t3300::Config;

/// One move of LGM.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LgmMove {
    pub from: Position,
    pub to: Position,
    /// The class of `from` for LGM (to move) and of `to` for the opponent (to move there).
    pub before: Outcome,
    pub after: Outcome,
}

/// A game as the referee saw it.
#[derive(Clone, Debug)]
pub struct Game {
    pub start: Position,
    /// The colour LGM played.
    pub lgm: Colour,
    /// Every position, the start first.
    pub positions: Vec<Position>,
    pub lgm_moves: Vec<LgmMove>,
    /// How it ended: a win, or `None` when the referee stopped it at `max_plies`.
    pub winner: Option<Colour>,
    /// Loops announced by LGM (each checked against the positions).
    pub loops: usize,
}

impl Game {
    /// The class of the first position in which LGM was to move, for LGM.
    pub fn lgm_first_outcome(&self, c: &Classification) -> Option<Outcome> {
        self.positions
            .iter()
            .find(|p| p.mover() == self.lgm)
            .map(|p| c.of_position(p))
    }
}

/// Why a game went wrong.
#[derive(Debug, thiserror::Error)]
pub enum RefereeError {
    #[error(transparent)]
    Machine(#[from] Error),
    #[error("LGM asked {0:?} where the referee expected {1}")]
    Protocol(Question, &'static str),
    #[error("LGM ended unexpectedly")]
    Ended,
    #[error("move {ply}: {msg}")]
    Game { ply: usize, msg: String },
}

/// LGM and a native player in a series of games.
pub struct Referee<'c> {
    lgm: Lgm<Keys>,
    c: &'c Classification,
    /// What LGM has printed up to the last check.
    seen: usize,
    /// The question LGM is waiting on, when a game ended at it.
    pending: Option<Question>,
}

impl<'c> Referee<'c> {
    /// LGM with the classifier's tape, its typewriter at no device time.
    pub fn new(tape: Vec<u8>, c: &'c Classification) -> Result<Self, Error> {
        let config = Config {
            fast_typewriter: true,
            fast_tape: true,
            key_wait_limit: Some(0),
            ..Config::default()
        };
        Ok(Referee {
            lgm: Lgm::new(tape, Keys::new(), config)?,
            c,
            seen: 0,
            pending: None,
        })
    }

    pub fn lgm(&self) -> &Lgm<Keys> {
        &self.lgm
    }

    fn ask(&mut self) -> Result<Question, RefereeError> {
        if let Some(q) = self.pending.take() {
            return Ok(q);
        }
        match self.lgm.next_question()? {
            Event::Question(q) => Ok(q),
            Event::Ended => Err(RefereeError::Ended),
        }
    }

    fn expect(&mut self, q: Question, what: &'static str) -> Result<(), RefereeError> {
        let got = self.ask()?;
        if got == q {
            Ok(())
        } else {
            Err(RefereeError::Protocol(got, what))
        }
    }

    /// The output LGM printed since the last call.
    fn printed(&mut self) -> String {
        let out = self.lgm.host().output();
        let s = String::from_utf8_lossy(&out[self.seen.min(out.len())..]).into_owned();
        self.seen = out.len();
        s
    }

    /// Play one game from `start` (red to move), LGM playing `lgm`, `opponent` the other side.
    pub fn play(
        &mut self,
        start: Position,
        lgm: Colour,
        opponent: &mut dyn Player,
        max_plies: usize,
    ) -> Result<Game, RefereeError> {
        let mut q = self.ask()?;
        if q == Question::NewGame {
            self.lgm.host_mut().type_line("Y");
            q = self.ask()?;
        }
        if q != Question::RedPlayer {
            return Err(RefereeError::Protocol(q, "who plays red"));
        }
        let who = |c: Colour| if c == lgm { "C" } else { "H" };
        self.lgm.host_mut().type_line(who(Colour::Red));
        self.expect(Question::BluePlayer, "who plays blue")?;
        self.lgm.host_mut().type_line(who(Colour::Blue));
        self.expect(Question::Start, "the start")?;
        self.lgm.host_mut().type_line(&start_line(&start));
        let mut game = Game {
            start,
            lgm,
            positions: vec![start],
            lgm_moves: Vec::new(),
            winner: None,
            loops: 0,
        };
        let mut checked = 1; // positions whose loop announcement has been checked
        self.printed();
        loop {
            let q = self.ask()?;
            let here = self
                .lgm
                .position()
                .ok_or_else(|| self.fail(&game, "no position in core".into()))?;
            let last = *game.positions.last().unwrap_or(&start);
            if here != last {
                self.check_lgm_move(&mut game, last, here)?;
            }
            let text = self.printed();
            self.check_loops(&mut game, checked, &text)?;
            checked = game.positions.len();
            match q {
                Question::Move => {
                    if here.mover() == lgm {
                        return Err(self.fail(&game, "LGM asks a person to move for it".into()));
                    }
                    if self.lgm.plies() != game.positions.len() - 1 {
                        return Err(self.fail(&game, "LGM counts the moves wrong".into()));
                    }
                    if game.positions.len() > max_plies {
                        self.lgm.host_mut().type_line("QUIT");
                        self.expect(Question::NewGame, "a new game after QUIT")?;
                        if self.lgm.game_end() != Some(GameEnd::Abandoned) {
                            return Err(self.fail(&game, "QUIT did not abandon the game".into()));
                        }
                        self.pending = Some(Question::NewGame);
                        return Ok(game);
                    }
                    let m = opponent.choose(&here).ok_or_else(|| {
                        self.fail(&game, "LGM asks for a move in a lost position".into())
                    })?;
                    let next = here
                        .after(m)
                        .map_err(|e| self.fail(&game, format!("the native player's move: {e}")))?;
                    self.lgm.host_mut().type_line(&notation::format(&m));
                    game.positions.push(next);
                }
                Question::NewGame => {
                    let winner = here.mover().other();
                    if here.has_move() {
                        return Err(self.fail(&game, "the game ended with a move left".into()));
                    }
                    if self.lgm.game_end() != Some(GameEnd::Won(winner)) {
                        return Err(self.fail(
                            &game,
                            format!("LGM records {:?}, {winner} won", self.lgm.game_end()),
                        ));
                    }
                    let said = format!(
                        "{} HAS NO MOVE: {} WINS AFTER {} MOVES.",
                        here.mover().name().to_ascii_uppercase(),
                        winner.name().to_ascii_uppercase(),
                        game.positions.len() - 1
                    );
                    if !text.contains(&said) {
                        return Err(self.fail(&game, format!("LGM did not say '{said}'")));
                    }
                    game.winner = Some(winner);
                    self.pending = Some(Question::NewGame);
                    return Ok(game);
                }
                other => return Err(RefereeError::Protocol(other, "a move or the game's end")),
            }
        }
    }

    /// End the series: answer `N` and let LGM halt.
    pub fn finish(mut self) -> Result<String, RefereeError> {
        let q = self.ask()?;
        if q != Question::NewGame {
            return Err(RefereeError::Protocol(q, "a new game"));
        }
        self.lgm.host_mut().type_line("N");
        match self.lgm.next_question()? {
            Event::Ended => Ok(self.lgm.paper()),
            Event::Question(q) => Err(RefereeError::Protocol(q, "the end")),
        }
    }

    fn fail(&self, game: &Game, msg: String) -> RefereeError {
        RefereeError::Game {
            ply: game.positions.len() - 1,
            msg: format!("{msg} (from {})", game.start.board().rows()),
        }
    }

    fn check_lgm_move(
        &self,
        game: &mut Game,
        from: Position,
        to: Position,
    ) -> Result<(), RefereeError> {
        if from.mover() != game.lgm {
            return Err(self.fail(
                game,
                format!(
                    "the position is {} where {} was expected",
                    to.board().rows(),
                    from.board().rows()
                ),
            ));
        }
        let best = best_moves(self.c, &from);
        let Some(&first) = best.first() else {
            return Err(self.fail(game, "LGM moved without a move".into()));
        };
        if !from.moves().iter().any(|&m| from.after(m) == Ok(to)) {
            return Err(self.fail(
                game,
                format!("LGM's move to {} is illegal", to.board().rows()),
            ));
        }
        if from.after(first) != Ok(to) {
            return Err(self.fail(
                game,
                format!(
                    "LGM moved to {} ({}), the reference's first best move is {} ({})",
                    to.board().rows(),
                    self.c.of_position(&to),
                    notation::format(&first),
                    from.after(first)
                        .map_or(Outcome::U, |p| self.c.of_position(&p))
                ),
            ));
        }
        game.lgm_moves.push(LgmMove {
            from,
            to,
            before: self.c.of_position(&from),
            after: self.c.of_position(&to),
        });
        game.positions.push(to);
        Ok(())
    }

    /// Every new position that occurred before must have been announced, with the move after
    /// which it was first reached, and nothing else.
    fn check_loops(&self, game: &mut Game, from: usize, text: &str) -> Result<(), RefereeError> {
        let mut expected = Vec::new();
        for i in from..game.positions.len() {
            if let Some(h) = game.positions[..i]
                .iter()
                .position(|&p| p == game.positions[i])
            {
                expected.push(if h == 0 {
                    "LOOP: THIS POSITION WAS REACHED BEFORE, AT THE START.".to_string()
                } else {
                    format!("LOOP: THIS POSITION WAS REACHED BEFORE, AFTER MOVE {h}.")
                });
            }
        }
        let said: Vec<&str> = text
            .split("\r\n")
            .filter(|l| l.starts_with("LOOP:"))
            .collect();
        if said != expected {
            return Err(self.fail(
                game,
                format!("loops announced {said:?}, expected {expected:?}"),
            ));
        }
        game.loops += said.len();
        Ok(())
    }
}
