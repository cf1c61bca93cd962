//! `retro gomoku play`: a person against an engine at the teletype.
//!
//! The conversation, as the paper shows it (`>` marks what the person types):
//!
//! ```text
//! GOMOKU, 15 X 15, THE 1993 GOMOKU KYOSO RULES
//! YOUR COLOUR? B=BLACK (MOVES FIRST) W=WHITE         > B | W
//! OPENING? 1I-12I, 1D-12D, ITS NAME, OR FREE        > 1D | KANSEI | FREE
//! RULE? RENJU OR 1993                               > RENJU | 1993
//! ENGINE? EVAL OR SEARCH                            > EVAL | SEARCH
//!   [OPENING 1D KANSEI: 8,8 8,7 8,6, then the board]
//!   YOUR MOVE (X,Y OR H8)?                          > 9,6 | I6
//!     [a malformed, off-board or taken point: a reply saying which, and the prompt again]
//!     [a forbidden point for black: it is played, and loses, after saying why]
//!   MY MOVE 9,6 (I6)  [after each move, the board]
//!   [FIVE IN A ROW. YOU WIN. | I WIN. | THE BOARD IS FULL: A DRAW.]
//! ANOTHER GAME? Y OR N                              > Y | N
//! ```
//!
//! Notes:
//! 1. The guide's tournaments start from one of the 24 basic openings, play beginning with
//!    white's 4th move (guide §1.2 (2)); FREE starts from the empty board (black's first move
//!    need not be the centre: the guide's §2.4 rule binds only the openings).
//! 2. Opening names are printed in Hepburn romanisation: the teletype has no kana or kanji.
//! 3. Typed keys are echoed; RETURN comes back as CR and the program feeds the line itself,
//!    as the NHEX conversation does. Blanks around an entry are ignored; the keyboard sends
//!    upper case only, so every reply is read without regard to case.
//! 4. The end of input ends the session at any prompt, without a further word.
//! 5. The engine is built afresh for every game with the session's seed, and thinks within
//!    the session's limits, so a scripted session replays exactly under a node limit.

use crate::budget::Limits;
use crate::engine::EngineKind;
use gomoku::{Game, Opening, Picture, Point, PointError, Rule, Status, Stone, Win};
use teletype::{Console, TtyHost};

/// The program's messages.
pub mod msg {
    pub const TITLE: &str = "GOMOKU, 15 X 15, THE 1993 GOMOKU KYOSO RULES";
    pub const COLOUR: &str = "YOUR COLOUR? B=BLACK (MOVES FIRST) W=WHITE";
    pub const OPENING: &str = "OPENING? 1I-12I, 1D-12D, ITS NAME, OR FREE";
    pub const RULE: &str = "RULE? RENJU OR 1993";
    pub const ENGINE: &str = "ENGINE? EVAL OR SEARCH";
    pub const YOUR_MOVE: &str = "YOUR MOVE (X,Y OR H8)?";
    pub const AGAIN: &str = "ANOTHER GAME? Y OR N";
    pub const NOT_A_POINT: &str = "NOT A POINT: TYPE X,Y AS 8,8 OR A LETTER AND A NUMBER AS H8";
    pub const OFF_BOARD: &str = "OFF THE BOARD: X AND Y RUN 1 TO 15, THE LETTERS A TO O";
    pub const YOU_WIN: &str = "FIVE IN A ROW. YOU WIN.";
    pub const I_WIN: &str = "FIVE IN A ROW. I WIN.";
    pub const DRAW: &str = "THE BOARD IS FULL: A DRAW.";
}

/// A game of the session, finished or cut off by the end of input.
#[derive(Clone, Debug)]
pub struct Played {
    pub person: Stone,
    pub engine: EngineKind,
    pub opening: Option<Opening>,
    pub game: Game,
}

/// One session at the teletype.
pub struct Dialogue<H: TtyHost> {
    pub console: Console<H>,
    limits: Limits,
    seed: u64,
    games: Vec<Played>,
}

impl<H: TtyHost> Dialogue<H> {
    /// A session whose engines think within `limits` and break ties with `seed` (note 5).
    pub fn new(host: H, limits: Limits, seed: u64) -> Self {
        Dialogue {
            console: Console::new(host),
            limits,
            seed,
            games: Vec::new(),
        }
    }

    /// The games played so far.
    pub fn games(&self) -> &[Played] {
        &self.games
    }

    fn say(&mut self, text: &str) {
        self.console.print(text);
        self.console.print("\r\n");
    }

    /// A typed line, trimmed and in upper case; `None` at the end of input (note 3).
    fn hear(&mut self) -> Option<String> {
        let line = self.console.read_line()?;
        self.console.print("\n");
        Some(line.trim().to_ascii_uppercase())
    }

    /// Ask until `parse` accepts the answer; its error is the reply to a bad one.
    fn ask<T>(&mut self, prompt: &str, parse: impl Fn(&str) -> Result<T, String>) -> Option<T> {
        loop {
            self.say(prompt);
            let line = self.hear()?;
            match parse(&line) {
                Ok(v) => return Some(v),
                Err(reply) => self.say(&reply),
            }
        }
    }

    fn board(&mut self, game: &Game) {
        let picture = Picture::of_game(game).teletype();
        for line in picture.lines() {
            self.say(line);
        }
    }

    /// The whole session, until the person declines another game or the input ends.
    pub fn run(&mut self) {
        self.say(msg::TITLE);
        while self.one_game().is_some() {
            let again = self.ask(msg::AGAIN, |t| match t {
                "Y" | "YES" => Ok(true),
                "N" | "NO" => Ok(false),
                _ => Err("TYPE Y OR N".into()),
            });
            if again != Some(true) {
                return;
            }
        }
    }

    /// Settings, then one game; `None` when the input ended.
    fn one_game(&mut self) -> Option<()> {
        let person = self.ask(msg::COLOUR, |t| match t {
            "B" | "BLACK" => Ok(Stone::Black),
            "W" | "WHITE" => Ok(Stone::White),
            _ => Err("TYPE B OR W".into()),
        })?;
        let opening = self.ask(msg::OPENING, |t| match t {
            "F" | "FREE" => Ok(None),
            _ => Opening::find(t)
                .map(Some)
                .ok_or_else(|| format!("NO OPENING {t}: TYPE 1I TO 12I, 1D TO 12D OR FREE")),
        })?;
        let rule = self.ask(msg::RULE, |t| {
            t.to_ascii_lowercase()
                .parse::<Rule>()
                .map_err(|_| "TYPE RENJU OR 1993".to_string())
        })?;
        let kind = self.ask(msg::ENGINE, |t| {
            t.parse::<EngineKind>()
                .map_err(|_| "TYPE EVAL OR SEARCH".to_string())
        })?;
        let mut game = Game::new(rule);
        if let Some(o) = opening {
            for p in o.moves() {
                let _ = game.play(p);
            }
            let moves: Vec<String> = o.moves().iter().map(|p| p.to_string()).collect();
            self.say(&format!(
                "OPENING {} {}: {}",
                o.code(),
                o.romaji.to_ascii_uppercase(),
                moves.join(" ")
            ));
        }
        self.board(&game);
        self.games.push(Played {
            person,
            engine: kind,
            opening,
            game: game.clone(),
        });
        let mut engine = kind.build(self.seed);
        while game.status() == Status::Playing {
            let p = if game.to_move() == person {
                self.person_move(&game)?
            } else {
                let p = engine.choose(&game, rule, &self.limits);
                self.say(&format!(
                    "MY MOVE {p} ({})",
                    p.algebraic().to_ascii_uppercase()
                ));
                p
            };
            let status = game.play(p).unwrap_or(Status::Playing);
            if let Some(last) = self.games.last_mut() {
                last.game = game.clone();
            }
            if let Status::Won {
                by: Win::Foul(f), ..
            } = status
            {
                self.say(&format!(
                    "{p} IS FORBIDDEN FOR BLACK: {}. WHITE WINS.",
                    f.to_string().to_ascii_uppercase()
                ));
            }
            self.board(&game);
        }
        match game.status() {
            Status::Won {
                winner,
                by: Win::Five,
            } if winner == person => self.say(msg::YOU_WIN),
            Status::Won { by: Win::Five, .. } => self.say(msg::I_WIN),
            Status::Draw => self.say(msg::DRAW),
            _ => {}
        }
        Some(())
    }

    /// The person's move: a free point on the board, asked for until one is typed.
    fn person_move(&mut self, game: &Game) -> Option<Point> {
        self.ask(msg::YOUR_MOVE, |t| match Point::parse(t) {
            Err(PointError::Syntax(_)) => Err(msg::NOT_A_POINT.into()),
            Err(PointError::OffBoard(_)) => Err(msg::OFF_BOARD.into()),
            Ok(p) if !game.board().is_empty(p) => Err(format!("{p} IS TAKEN")),
            Ok(p) => Ok(p),
        })
    }
}
