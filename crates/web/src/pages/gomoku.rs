//! The Gomoku page: a person against one of the period's engines under the 1993 五目競争
//! rules or strict renju (crates `gomoku` and `gomoku-engines`; the guide's §2), on the one
//! board renderer's SVG.
//!
//! | op | fields | answer |
//! |---|---|---|
//! | `new` | `colour` (black, white), `opening` (free, 1I..12D or a name), `rule` (1993, renju), `engine` (eval, search) | `board` |
//! | `click` | `x`, `y`: a spot of the board's SVG | `board` after the person's move and the engine's reply |
//! | `play` | `point` (`h8` or `8,8`) | the same |
//! | `forbidden` | `on` (bool): mark black's forbidden points | `board` |
//! | `resign` | | `board` |
//!
//! `board` carries `svg`, `status` (words), `over` (bool), `to_move`, and `record`: the
//! moves from the first, as `retro gomoku show` reads them.
//!
//! Implementation notes:
//!
//! 1. The engine searches [`NODES`] nodes a move, `retro gomoku play`'s default, with seed 0,
//!    so that a reply comes within a second on one core.
//! 2. A person's forbidden move as black is played and loses, as the guide's §2.1 has it; the
//!    marks are there to warn.
//! 3. The engine takes the page's stop signal: when the tab closes, a search in progress ends
//!    within a node (`gomoku_engines::budget` note 1).

use crate::limits::Limits;
use crate::tab::{number, op, string, Outbox, Session, Stop};
use gomoku::render::svg_point_at;
use gomoku::{forbidden_points, Game, Opening, Picture, Point, Rule, Status, Stone, Win};
use gomoku_engines::{Engine, EngineKind};
use serde_json::{json, Value};

/// Nodes the engine searches a move (note 1).
pub const NODES: u64 = 20_000;

pub struct Gomoku {
    game: Game,
    person: Stone,
    engine: Box<dyn Engine>,
    resigned: bool,
    marks: bool,
    /// The page's stop signal, which every engine of the tab takes (note 3).
    stop: Stop,
}

/// A new tab's game: the person black, free opening, the 1993 rule, the search engine.
pub fn open(_: &Limits, stop: &Stop) -> Box<dyn Session> {
    Box::new(Gomoku {
        game: Game::new(Rule::Guide1993),
        person: Stone::Black,
        engine: engine(EngineKind::Search, stop),
        resigned: false,
        marks: false,
        stop: stop.clone(),
    })
}

/// The engine of `kind`, stopped with the page (note 3).
fn engine(kind: EngineKind, stop: &Stop) -> Box<dyn Engine> {
    let mut e = kind.build(0);
    e.set_stop(stop.clone());
    e
}

impl Gomoku {
    fn start(&mut self, msg: &Value) -> Result<(), String> {
        let field = |k: &str, default: &'static str| -> Result<String, String> {
            match msg.get(k) {
                None => Ok(default.to_string()),
                Some(_) => string(msg, k).map(str::to_string),
            }
        };
        let person = match field("colour", "black")?.as_str() {
            "black" => Stone::Black,
            "white" => Stone::White,
            other => return Err(format!("colour {other:?}: black or white")),
        };
        let rule: Rule = field("rule", "1993")?.parse().map_err(|e| format!("{e}"))?;
        let kind: EngineKind = field("engine", "search")?
            .parse()
            .map_err(|e| format!("{e}"))?;
        let opening = match field("opening", "free")?.as_str() {
            "free" => None,
            name => Some(
                Opening::find(name)
                    .ok_or_else(|| format!("no opening {name:?} (1I-12I, 1D-12D or a name)"))?,
            ),
        };
        let mut game = Game::new(rule);
        for p in opening.iter().flat_map(Opening::moves) {
            game.play(p).map_err(|e| e.to_string())?;
        }
        *self = Gomoku {
            game,
            person,
            engine: engine(kind, &self.stop),
            resigned: false,
            marks: self.marks,
            stop: self.stop.clone(),
        };
        self.reply();
        Ok(())
    }

    /// The engine's move while it is its turn.
    fn reply(&mut self) {
        if self.game.status() == Status::Playing && self.game.to_move() != self.person {
            let limits = gomoku_engines::Limits::nodes(NODES);
            let p = self.engine.choose(&self.game, self.game.rule(), &limits);
            // The engine's move is always a free point (the `Engine` contract).
            let _ = self.game.play(p);
        }
    }

    fn play(&mut self, p: Point) -> Result<(), String> {
        if self.resigned || self.game.status() != Status::Playing {
            return Err("the game is over: start a new one".into());
        }
        if self.game.to_move() != self.person {
            return Err("it is the engine's move".into());
        }
        self.game.play(p).map_err(|e| e.to_string())?;
        self.reply();
        Ok(())
    }

    fn status(&self) -> String {
        let you = |s: Stone| {
            if s == self.person {
                "you"
            } else {
                "the engine"
            }
        };
        if self.resigned {
            return "You resigned: the engine wins.".into();
        }
        match self.game.status() {
            Status::Playing => format!(
                "Move {}: {} ({}) to move.",
                self.game.history().len() + 1,
                self.game.to_move(),
                you(self.game.to_move())
            ),
            Status::Won {
                winner,
                by: Win::Five,
            } => {
                format!("{winner} ({}) wins with five.", you(winner))
            }
            Status::Won {
                winner,
                by: Win::Foul(f),
            } => {
                format!(
                    "{winner} ({}) wins: black's move was forbidden ({f}).",
                    you(winner)
                )
            }
            Status::Draw => "The board is full: a draw.".into(),
        }
    }

    fn board(&self, out: &mut Outbox) {
        let mut pic = Picture::of_game(&self.game);
        if self.marks && self.game.status() == Status::Playing {
            pic = pic.forbidden(forbidden_points(self.game.board(), self.game.rule()));
        }
        let record: Vec<String> = self.game.history().iter().map(|p| p.algebraic()).collect();
        out.send(json!({
            "ev": "board",
            "svg": pic.svg(),
            "status": self.status(),
            "over": self.resigned || self.game.status() != Status::Playing,
            "to_move": self.game.to_move().to_string(),
            "rule": self.game.rule().name(),
            "record": record.join(" "),
        }));
    }
}

impl Session for Gomoku {
    fn message(&mut self, msg: &Value, out: &mut Outbox) -> Result<(), String> {
        match op(msg)? {
            "new" => self.start(msg)?,
            "click" => {
                let p = svg_point_at(number(msg, "x")?, number(msg, "y")?)
                    .ok_or("click on a point of the board")?;
                self.play(p)?;
            }
            "play" => {
                let p = Point::parse(string(msg, "point")?).map_err(|e| e.to_string())?;
                self.play(p)?;
            }
            "forbidden" => {
                self.marks = msg
                    .get("on")
                    .and_then(Value::as_bool)
                    .ok_or("\"on\" must be true or false")?;
            }
            "resign" => {
                if self.game.status() == Status::Playing {
                    self.resigned = true;
                }
            }
            "show" => {}
            other => {
                return Err(format!(
                    "unknown op {other:?} (new, click, play, forbidden, resign, show)"
                ))
            }
        }
        self.board(out);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tab::answer as send;

    #[test]
    fn a_person_as_black_is_answered_by_the_engine() {
        let mut s = open(&Limits::default(), &Stop::default());
        send(
            &mut *s,
            json!({"op": "new", "colour": "black", "engine": "eval"}),
        )
        .unwrap();
        let b = send(&mut *s, json!({"op": "play", "point": "h8"})).unwrap();
        let record = b["record"].as_str().unwrap();
        assert!(record.starts_with("h8 "), "{record}");
        assert_eq!(record.split(' ').count(), 2);
        assert_eq!(gomoku::parse_moves(record).unwrap().len(), 2);
        assert!(b["svg"].as_str().unwrap().starts_with("<svg"));
        assert_eq!(b["to_move"], "black");
    }

    #[test]
    fn after_an_opening_white_moves_fourth() {
        let mut s = open(&Limits::default(), &Stop::default());
        let new =
            |colour| json!({"op": "new", "colour": colour, "opening": "kansei", "engine": "eval"});
        let b = send(&mut *s, new("white")).unwrap();
        assert_eq!(b["record"], "h8 h7 h6");
        assert_eq!(b["to_move"], "white");
        let b = send(&mut *s, new("black")).unwrap();
        assert_eq!(b["record"].as_str().unwrap().split(' ').count(), 4);
        assert_eq!(b["to_move"], "black");
    }

    #[test]
    fn a_click_names_the_point_under_it() {
        let mut s = open(&Limits::default(), &Stop::default());
        // h8's centre: the renderer's margin plus seven squares.
        let b = send(&mut *s, json!({"op": "click", "x": 268.0, "y": 268.0})).unwrap();
        assert!(b["record"].as_str().unwrap().starts_with("h8 "));
        let e = send(&mut *s, json!({"op": "click", "x": 1.0, "y": 1.0})).unwrap_err();
        assert!(e.contains("point"), "{e}");
    }

    #[test]
    fn bad_messages_are_refused_in_words() {
        let mut s = open(&Limits::default(), &Stop::default());
        for (m, says) in [
            (json!({"op": "fly"}), "unknown op"),
            (json!({"nop": 1}), "op"),
            (json!({"op": "play", "point": "z99"}), "z99"),
            (json!({"op": "new", "rule": "chess"}), "chess"),
            (json!({"op": "new", "opening": "nowhere"}), "nowhere"),
            (json!({"op": "forbidden"}), "on"),
        ] {
            let e = send(&mut *s, m.clone()).unwrap_err();
            assert!(e.contains(says), "{m}: {e}");
        }
        send(&mut *s, json!({"op": "play", "point": "h8"})).unwrap();
        let e = send(&mut *s, json!({"op": "play", "point": "h8"})).unwrap_err();
        assert!(e.contains("taken"), "{e}");
    }

    #[test]
    fn forbidden_points_are_marked_on_request_and_resigning_ends_the_game() {
        let mut s = open(&Limits::default(), &Stop::default());
        send(
            &mut *s,
            json!({"op": "new", "opening": "kansei", "colour": "white", "rule": "renju"}),
        )
        .unwrap();
        let b = send(&mut *s, json!({"op": "forbidden", "on": true})).unwrap();
        assert_eq!(b["rule"], "renju");
        let b = send(&mut *s, json!({"op": "resign"})).unwrap();
        assert_eq!(b["over"], true);
        assert!(send(&mut *s, json!({"op": "play", "point": "a1"})).is_err());
    }
}
