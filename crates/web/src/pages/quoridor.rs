//! The Quoridor page: a person against one of the paper's players (crate `quoridor`: Akiyama
//! and Kotani's rules and players), walls placed and pawns moved by clicks on the one board
//! renderer's SVG.
//!
//! | op | fields | answer |
//! |---|---|---|
//! | `new` | `side` (first: x from e9, moves first; second: o from e1), `player` (a spec: `ab2`, `ucb:playouts=5000`, `ucb-dt:d=0.005,playouts=5000`, `random`) | `board` |
//! | `click` | `x`, `y`: a spot of the board's SVG (a square moves the pawn there, a groove places the wall drawn there) | `board` after the move and the player's reply |
//! | `play` | `move` in the paper's notation (`e8`, `c5|`, `e7-`) | the same |
//! | `resign` | | `board` |
//!
//! `board` carries `svg`, `status`, `over`, `to_move` and `record`, the moves as
//! `retro quoridor replay` reads them.
//!
//! Implementation notes:
//!
//! 1. A player's playouts are capped at [`MAX_PLAYOUTS`] a move, the paper's 50 000, so that
//!    a reply takes well under a second a move on one core; the default is 5 000.
//! 2. The paper's 300-move draw ends a game here as in its experiments.
//! 3. The player takes the page's stop signal: when the tab closes, a move being chosen ends
//!    within a playout (`quoridor::players::ucb` note 5).

use crate::limits::Limits;
use crate::tab::{number, op, string, Outbox, Session, Stop};
use quoridor::render::{spot_at, svg, Spot};
use quoridor::state::DRAW_PLY;
use quoridor::{notation, Move, Player, Side, Spec, State};
use serde_json::{json, Value};

/// The most playouts a move a page may ask of a player (note 1).
pub const MAX_PLAYOUTS: u64 = 50_000;

/// The player a new tab meets.
pub const DEFAULT_PLAYER: &str = "ucb:playouts=5000";

pub struct Quoridor {
    state: State,
    moves: Vec<Move>,
    person: Side,
    player: Box<dyn Player>,
    spec: Spec,
    resigned: bool,
    /// The page's stop signal, which every player of the tab takes (note 3).
    stop: Stop,
}

/// A new tab's game: the person first, against plain UCB at 5 000 playouts.
pub fn open(_: &Limits, stop: &Stop) -> Box<dyn Session> {
    let spec: Spec = DEFAULT_PLAYER.parse().expect("the default spec reads");
    Box::new(Quoridor {
        state: State::new(),
        moves: Vec::new(),
        person: Side::First,
        player: player(&spec, stop),
        spec,
        resigned: false,
        stop: stop.clone(),
    })
}

/// The player of `spec`, stopped with the page (note 3).
fn player(spec: &Spec, stop: &Stop) -> Box<dyn Player> {
    let mut p = spec.build(0);
    p.set_stop(stop.clone());
    p
}

impl Quoridor {
    fn over(&self) -> bool {
        self.resigned || self.state.is_over() || self.state.ply() >= DRAW_PLY
    }

    fn start(&mut self, msg: &Value) -> Result<(), String> {
        let person = match msg.get("side").map(|_| string(msg, "side")).transpose()? {
            None | Some("first") => Side::First,
            Some("second") => Side::Second,
            Some(other) => return Err(format!("side {other:?}: first or second")),
        };
        let spec: Spec = match msg.get("player") {
            None => DEFAULT_PLAYER.parse().expect("the default spec reads"),
            Some(_) => string(msg, "player")?.parse().map_err(|e| format!("{e}"))?,
        };
        if spec.playouts() > MAX_PLAYOUTS {
            return Err(format!("at most {MAX_PLAYOUTS} playouts a move here"));
        }
        *self = Quoridor {
            state: State::new(),
            moves: Vec::new(),
            person,
            player: player(&spec, &self.stop),
            spec,
            resigned: false,
            stop: self.stop.clone(),
        };
        self.reply();
        Ok(())
    }

    /// The player's move while it is its turn.
    fn reply(&mut self) {
        if !self.over() && self.state.side_to_move() != self.person {
            let m = self.player.choose(&self.state);
            // A player always returns a legal move (the `Player` contract).
            if self.state.play(m).is_ok() {
                self.moves.push(m);
            }
        }
    }

    fn play(&mut self, m: Move) -> Result<(), String> {
        if self.over() {
            return Err("the game is over: start a new one".into());
        }
        if self.state.side_to_move() != self.person {
            return Err("it is the player's move".into());
        }
        self.state
            .play(m)
            .map_err(|e| format!("{m} is illegal: {e}"))?;
        self.moves.push(m);
        self.reply();
        Ok(())
    }

    fn status(&self) -> String {
        let who = |s: Side| {
            if s == self.person {
                "you"
            } else {
                "the player"
            }
        };
        if self.resigned {
            return "You resigned: the player wins.".into();
        }
        match self.state.winner() {
            Some(w) => format!("{w} ({}) wins after {} moves.", who(w), self.state.ply()),
            None if self.over() => format!("Drawn after {} moves.", self.state.ply()),
            None => {
                let s = self.state.side_to_move();
                format!("Move {}: {s} ({}) to move.", self.state.ply() + 1, who(s))
            }
        }
    }

    fn board(&self, out: &mut Outbox) {
        out.send(json!({
            "ev": "board",
            "svg": svg(&self.state),
            "status": self.status(),
            "over": self.over(),
            "to_move": self.state.side_to_move().to_string(),
            "player": self.spec.to_string(),
            "record": notation::format_record(&self.moves),
        }));
    }
}

impl Session for Quoridor {
    fn message(&mut self, msg: &Value, out: &mut Outbox) -> Result<(), String> {
        match op(msg)? {
            "new" => self.start(msg)?,
            "click" => {
                let m = match spot_at(number(msg, "x")?, number(msg, "y")?) {
                    Some(Spot::Square(s)) => Move::Pawn(s),
                    Some(Spot::Wall(w)) => Move::Wall(w),
                    None => return Err("click on a square, or in a groove for a wall".into()),
                };
                self.play(m)?;
            }
            "play" => {
                let m: Move = string(msg, "move")?.parse().map_err(|e| format!("{e}"))?;
                self.play(m)?;
            }
            "resign" => {
                if !self.over() {
                    self.resigned = true;
                }
            }
            "show" => {}
            other => {
                return Err(format!(
                    "unknown op {other:?} (new, click, play, resign, show)"
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
    fn a_move_is_answered_and_the_record_replays() {
        let mut s = open(&Limits::default(), &Stop::default());
        send(&mut *s, json!({"op": "new", "player": "ab2"})).unwrap();
        let b = send(&mut *s, json!({"op": "play", "move": "e8"})).unwrap();
        let record = b["record"].as_str().unwrap();
        assert!(record.starts_with("e8, "), "{record}");
        assert_eq!(notation::replay(record).unwrap().len(), 2);
        assert_eq!(b["to_move"], Side::First.to_string());
    }

    #[test]
    fn as_second_the_player_moves_first() {
        let mut s = open(&Limits::default(), &Stop::default());
        let b = send(
            &mut *s,
            json!({"op": "new", "side": "second", "player": "random"}),
        )
        .unwrap();
        assert_eq!(
            notation::parse_record(b["record"].as_str().unwrap())
                .unwrap()
                .len(),
            1
        );
    }

    #[test]
    fn a_click_in_a_groove_places_a_wall() {
        let mut s = open(&Limits::default(), &Stop::default());
        send(&mut *s, json!({"op": "new", "player": "ab2"})).unwrap();
        // Right of e5 (column 4), lower half of row 5: the renderer's 30 + 4 * 48 + 40 + 4.
        let b = send(
            &mut *s,
            json!({"op": "click", "x": 266.0, "y": 30.0 + 4.0 * 48.0 + 30.0}),
        )
        .unwrap();
        assert!(
            b["record"].as_str().unwrap().starts_with("e5|"),
            "{}",
            b["record"]
        );
    }

    #[test]
    fn bad_messages_are_refused_in_words() {
        let mut s = open(&Limits::default(), &Stop::default());
        for (m, says) in [
            (json!({"op": "jump"}), "unknown op"),
            (json!({"op": "play", "move": "z0"}), "z0"),
            (json!({"op": "play", "move": "e5"}), "illegal"),
            (
                json!({"op": "new", "player": "ucb:playouts=900000"}),
                "at most",
            ),
            (json!({"op": "new", "player": "deep-blue"}), "deep-blue"),
            (json!({"op": "new", "side": "middle"}), "middle"),
            (json!({"op": "click", "x": "left"}), "number"),
        ] {
            let e = send(&mut *s, m.clone()).unwrap_err();
            assert!(e.contains(says), "{m}: {e}");
        }
        let b = send(&mut *s, json!({"op": "resign"})).unwrap();
        assert_eq!(b["over"], true);
    }
}
