//! A person against an engine at the teletype (what `retro gomoku play` holds).
//!
//! The conversation, as the paper shows it (`>` marks what the person types):
//!
//! ```text
//! GOMOKU, 15 X 15, THE 1993 GOMOKU KYOSO RULES
//! YOUR COLOUR? B=BLACK (MOVES FIRST) W=WHITE         > B | W
//! OPENING? 1I-12I, 1D-12D, ITS NAME, OR FREE        > 1D | KANSEI | FREE
//! RULE? RENJU OR 1993                               > RENJU | 1993
//! ENGINE? EVAL OR SEARCH                            > EVAL | SEARCH
//!   [OPENING 1D KANSEI: 8,8 8,7 8,6]
//!   [the board, once a turn: before each of the person's moves and at the end]
//!   YOUR MOVE (X,Y OR H8)?                          > 9,6 | I6 | FORBIDDEN | BOARD | RESIGN
//!     [a malformed, off-board or taken point: a reply saying which, and the prompt again]
//!     [FORBIDDEN: the board with black's forbidden points marked *, and which they are]
//!     [a forbidden point for black: it is played, and loses, after saying why]
//!   MY MOVE 9,6 (I6)
//!   [FIVE IN A ROW. YOU WIN. | I WIN. | THE BOARD IS FULL: A DRAW. | YOU RESIGN. I WIN.]
//! ANOTHER GAME? Y OR N                              > Y | N
//! ```
//!
//! At every prompt `HELP` (or `?`) explains the question and `QUIT` ends the session at once.
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
//! 6. Forbidden points are shown only on request (`FORBIDDEN`), marked `*` as the guide's
//!    diagrams mark them (§2.5): finding them is part of the game, as at the tournament; a
//!    forbidden move still loses, but a person can now see it coming.
//! 7. The board is printed once a turn, before the person's move: the machine's reply and
//!    the person's move are on the same board.

use crate::budget::Limits;
use crate::engine::EngineKind;
use gomoku::{
    forbidden_points, Game, Opening, Picture, Point, PointError, Rule, Status, Stone, Win, OPENINGS,
};
use teletype::{Teletype, TtyHost};

/// How the game goes, for `retro gomoku play --help`: what is asked at the teletype is not a
/// flag.
pub const COMMAND_HELP: &str = "\
The game asks at the teletype, in upper case as the ASR-33 prints:
  YOUR COLOUR? B=BLACK (MOVES FIRST) W=WHITE
  OPENING? 1I-12I, 1D-12D, ITS NAME, OR FREE   (the 1993 guide's 24 openings)
  RULE? RENJU OR 1993                          (black's forbidden moves)
  ENGINE? EVAL OR SEARCH
  YOUR MOVE (X,Y OR H8)?                       8,8 or h8; FORBIDDEN marks black's
                                               forbidden points, BOARD, RESIGN
HELP at any question explains it; QUIT ends the session. Ctrl-D, or the end of --input, ends
it too. The board is printed once a turn, before your move.

Examples:
  retro gomoku play
  retro gomoku play --nodes 2000 --transcript paper.txt";

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
    pub const RESIGNED: &str = "YOU RESIGN. I WIN.";
    pub const QUIT: &str = "QUIT: END OF THE SESSION.";
    pub const WORDS: &str = "HELP EXPLAINS, QUIT ENDS THE SESSION.";

    /// What `HELP` says at each prompt.
    pub mod help {
        pub const COLOUR: &str = "\
B: YOU PLAY BLACK (X) AND MOVE FIRST; W: YOU PLAY WHITE (O).
BLACK MAY NOT MAKE A DOUBLE-THREE, A DOUBLE-FOUR OR AN OVERLINE (SEE RULE).";
        pub const RULE: &str = "\
BLACK'S FORBIDDEN MOVES. RENJU: A DOUBLE-THREE, A DOUBLE-FOUR OR AN
OVERLINE LOSES, TESTED AS RENJU DOES. 1993: THE GUIDE'S SIMPLER TEST OF
THE 1993 TOURNAMENT. FIVE IN A ROW WINS; WHITE MAY MAKE ANY LINE.";
        pub const ENGINE: &str = "\
EVAL: NO LOOK-AHEAD (SAKIYOMI NASHI), THE COMMON KIND AT THE FIRST
TOURNAMENT: IT SCORES EVERY POINT. SEARCH: MIN-MAX LOOK-AHEAD (SAKIYOMI),
THE METHOD OF BRAIN5X, CHAMPION OF BOTH TOURNAMENTS.";
        pub const MOVE: &str = "\
A POINT AS X,Y (COLUMN, ROW, 1-15: 8,8 IS THE CENTRE) OR AS A LETTER
AND A NUMBER (H8). X IS BLACK, O WHITE, [ ] THE LAST MOVE.
FORBIDDEN: BLACK'S FORBIDDEN POINTS, MARKED *. BOARD: THE BOARD AGAIN.
RESIGN: GIVE UP THIS GAME. QUIT: END THE SESSION.";
        pub const AGAIN: &str = "Y: ANOTHER GAME (THE QUESTIONS AGAIN); N: END THE SESSION.";
    }
}

/// What the person typed at the move prompt.
enum Entry {
    Point(Point),
    Resign,
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
    pub teletype: Teletype<H>,
    limits: Limits,
    seed: u64,
    games: Vec<Played>,
    quit: bool,
}

impl<H: TtyHost> Dialogue<H> {
    /// A session whose engines think within `limits` and break ties with `seed` (note 5).
    pub fn new(host: H, limits: Limits, seed: u64) -> Self {
        Dialogue {
            teletype: Teletype::new(host),
            limits,
            seed,
            games: Vec::new(),
            quit: false,
        }
    }

    /// Whether the person ended the session with `QUIT`.
    pub fn quit(&self) -> bool {
        self.quit
    }

    /// The games played so far.
    pub fn games(&self) -> &[Played] {
        &self.games
    }

    fn say(&mut self, text: &str) {
        for line in text.split('\n') {
            self.teletype.print(line);
            self.teletype.print("\r\n");
        }
    }

    /// A typed line, trimmed and in upper case; `None` at the end of input (note 3) and after
    /// `QUIT`.
    fn hear(&mut self) -> Option<String> {
        let line = self.teletype.read_line()?;
        self.teletype.print("\n");
        let line = line.trim().to_ascii_uppercase();
        if line == "QUIT" {
            self.quit = true;
            self.say(msg::QUIT);
            return None;
        }
        Some(line)
    }

    /// Ask until `parse` accepts the answer; its error is the reply to a bad one, `help` the
    /// reply to `HELP`.
    fn ask<T>(
        &mut self,
        prompt: &str,
        help: &str,
        parse: impl Fn(&str) -> Result<T, String>,
    ) -> Option<T> {
        loop {
            self.say(prompt);
            let line = self.hear()?;
            if line == "HELP" || line == "?" {
                self.say(help);
                continue;
            }
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
        self.say(msg::WORDS);
        while self.one_game().is_some() {
            let again = self.ask(msg::AGAIN, msg::help::AGAIN, |t| match t {
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
        let person = self.ask(msg::COLOUR, msg::help::COLOUR, |t| match t {
            "B" | "BLACK" => Ok(Stone::Black),
            "W" | "WHITE" => Ok(Stone::White),
            _ => Err("TYPE B OR W".into()),
        })?;
        let opening = self.ask(msg::OPENING, &opening_help(), |t| match t {
            "F" | "FREE" => Ok(None),
            _ => Opening::find(t)
                .map(Some)
                .ok_or_else(|| format!("NO OPENING {t}: TYPE 1I TO 12I, 1D TO 12D OR FREE")),
        })?;
        let rule = self.ask(msg::RULE, msg::help::RULE, |t| {
            t.to_ascii_lowercase()
                .parse::<Rule>()
                .map_err(|_| "TYPE RENJU OR 1993".to_string())
        })?;
        let kind = self.ask(msg::ENGINE, msg::help::ENGINE, |t| {
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
        self.games.push(Played {
            person,
            engine: kind,
            opening,
            game: game.clone(),
        });
        let mut engine = kind.build(self.seed);
        let mut resigned = false;
        while game.status() == Status::Playing {
            let p = if game.to_move() == person {
                self.board(&game);
                match self.person_move(&game, rule)? {
                    Entry::Point(p) => p,
                    Entry::Resign => {
                        resigned = true;
                        break;
                    }
                }
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
        }
        if resigned {
            self.say(msg::RESIGNED);
            return Some(());
        }
        self.board(&game);
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

    /// The person's move: a free point on the board, or `RESIGN`, asked for until one is
    /// typed; `FORBIDDEN` and `BOARD` answer and ask again (notes 6, 7).
    fn person_move(&mut self, game: &Game, rule: Rule) -> Option<Entry> {
        loop {
            let entry = self.ask(msg::YOUR_MOVE, msg::help::MOVE, |t| match t {
                "RESIGN" => Ok(None),
                "FORBIDDEN" | "BOARD" => Ok(Some(Err(t == "FORBIDDEN"))),
                _ => match Point::parse(t) {
                    Err(PointError::Syntax(_)) => Err(msg::NOT_A_POINT.into()),
                    Err(PointError::OffBoard(_)) => Err(msg::OFF_BOARD.into()),
                    Ok(p) if !game.board().is_empty(p) => Err(format!("{p} IS TAKEN")),
                    Ok(p) => Ok(Some(Ok(p))),
                },
            })?;
            match entry {
                None => return Some(Entry::Resign),
                Some(Ok(p)) => return Some(Entry::Point(p)),
                Some(Err(false)) => self.board(game),
                Some(Err(true)) => self.forbidden(game, rule),
            }
        }
    }

    /// The board with black's forbidden points marked `*`, and what each is (note 6).
    fn forbidden(&mut self, game: &Game, rule: Rule) {
        let points = forbidden_points(game.board(), rule);
        let picture = Picture::of_game(game).forbidden(points.clone()).teletype();
        for line in picture.lines() {
            self.say(line);
        }
        if points.is_empty() {
            self.say(&format!(
                "NO POINT IS FORBIDDEN FOR BLACK NOW ({} RULE).",
                rule.to_string().to_ascii_uppercase()
            ));
        }
        for (p, f) in points {
            self.say(&format!(
                "{p} ({}) IS FORBIDDEN FOR BLACK: {}.",
                p.algebraic().to_ascii_uppercase(),
                f.to_string().to_ascii_uppercase()
            ));
        }
    }
}

/// What `HELP` says at `OPENING?`: the codes and the names of all 24 (note 2).
fn opening_help() -> String {
    let mut text = String::from(
        "THE GAME STARTS FROM ONE OF THE 1993 GUIDE'S 24 OPENINGS (3 STONES),\n\
         BY CODE OR NAME; FREE STARTS FROM THE EMPTY BOARD. THE OPENINGS:",
    );
    let mut line = String::new();
    for o in OPENINGS {
        let item = format!("{} {}", o.code(), o.romaji.to_ascii_uppercase());
        if line.len() + item.len() + 2 > 70 {
            text.push('\n');
            text.push_str(line.trim_end_matches(", "));
            line.clear();
        }
        line.push_str(&item);
        line.push_str(", ");
    }
    text.push('\n');
    text.push_str(line.trim_end_matches(", "));
    text
}
