//! An automatic opponent at the teletype, for timing runs and tests: it reads the program's
//! messages as an operator would, keeps the board, and answers each `ANATA NO TE WA?` with a
//! move (the reference engine's choice for the opponent, or a pseudo-random empty cell). It
//! plays a given number of games, alternating who moves first, then answers 99. It reports the
//! end of input once it has nothing more to say, or after [`PATIENCE`] polls without a word
//! from the program (so that a program that stops talking cannot hang a test).

use nhex::board::{Board, Cell, Side};
use nhex::dialogue::msg;
use nhex::engine::Engine;
use std::collections::VecDeque;
use teletype::{Key, Nanos, TtyHost};

/// Polls for a key without anything printed meanwhile before the opponent gives up.
pub const PATIENCE: u32 = 100_000;

/// How the automatic opponent chooses its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// The reference engine on the transposed board (the opponent's problem as NHEX's).
    Engine,
    /// A pseudo-random empty cell (16-bit generator x <- 25173x + 13849, seeded).
    Random(u16),
}

/// The automatic opponent (see the module notes).
pub struct AutoOpponent {
    style: Style,
    engine: Engine,
    board: Board,
    games_left: usize,
    game: usize,
    line: String,
    typing: VecDeque<u8>,
    rng: u16,
    done: bool,
    waits: u32,
}

impl AutoOpponent {
    pub fn new(style: Style, games: usize) -> Self {
        AutoOpponent {
            style,
            engine: Engine::default(),
            board: Board::new(8),
            games_left: games,
            game: 0,
            line: String::new(),
            typing: VecDeque::new(),
            done: false,
            waits: 0,
            rng: match style {
                Style::Random(s) => s,
                Style::Engine => 1,
            },
        }
    }

    fn say(&mut self, text: &str) {
        self.typing.extend(text.bytes());
        self.typing.push_back(b'\r');
    }

    fn my_move(&mut self) -> Cell {
        let b = &self.board;
        let engine_move = || {
            let mut t = Board::new(8);
            for c in b.cells() {
                if let Some(s) = b.owner(c) {
                    t.play(Cell::new(c.v(), c.u()), s.other());
                }
            }
            self.engine
                .choose(&t)
                .map(|c| Cell::new(c.v(), c.u()))
                .filter(|&c| b.is_empty(c))
        };
        let chosen = match self.style {
            Style::Engine if b.stones() > 0 => engine_move(),
            Style::Engine => Some(Cell::new(5, 4)),
            Style::Random(_) => None,
        };
        chosen.unwrap_or_else(|| {
            let empty: Vec<Cell> = b.cells().filter(|&c| b.is_empty(c)).collect();
            self.rng = self.rng.wrapping_mul(25173).wrapping_add(13849);
            empty[usize::from(self.rng) % empty.len().max(1)]
        })
    }

    fn heard(&mut self, line: &str) {
        if line == msg::KEY_IN {
            self.say("12");
        } else if line == msg::SENTE_WA {
            self.board = Board::new(8);
            let first = if self.game & 1 == 0 { "99" } else { "00" };
            self.say(first);
        } else if let Some(m) = line.strip_prefix(msg::WATASHI_NO_TE) {
            if let Ok(c) = nhex::coords::parse_uuvv(m, 8) {
                if self.board.is_empty(c) {
                    self.board.play(c, Side::Nhex);
                }
            }
        } else if line == msg::ANATA_NO_TE_WA {
            if !self.board.is_full() {
                let c = self.my_move();
                self.board.play(c, Side::Opponent);
                self.say(&c.to_string());
            }
        } else if line == msg::MOICHIDO_SURU {
            self.game += 1;
            self.games_left = self.games_left.saturating_sub(1);
            let again = if self.games_left > 0 { "00" } else { "99" };
            self.done = self.games_left == 0;
            self.say(again);
        }
    }
}

impl TtyHost for AutoOpponent {
    fn print(&mut self, ch: u8, _at: Nanos) {
        self.waits = 0;
        match ch & 0x7f {
            b'\n' => {
                let line = std::mem::take(&mut self.line);
                self.heard(line.trim_end());
            }
            c if (0x20..0x7f).contains(&c) => self.line.push(c as char),
            _ => {}
        }
    }

    fn key(&mut self, _at: Nanos) -> Key {
        match self.typing.pop_front() {
            Some(c) => Key::Char(c),
            None if self.done || self.waits >= PATIENCE => Key::End,
            None => {
                self.waits += 1;
                Key::Wait
            }
        }
    }
}
