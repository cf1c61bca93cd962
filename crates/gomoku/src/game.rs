//! A game: black first, alternate moves, no pass (guide §2.5 (1)); five wins; black loses by
//! playing a forbidden point (guide §2.1 終了判定).

use crate::board::Board;
use crate::foul::{foul, Foul};
use crate::point::Point;
use crate::rule::Rule;
use crate::stone::Stone;

/// How a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// The side returned by [`Game::to_move`] moves next.
    Playing,
    /// The game is over.
    Won { winner: Stone, by: Win },
    /// The board is full without a five.
    Draw,
}

/// How a game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Win {
    /// The winner's last move made five (white: five or more).
    Five,
    /// Black's last move was forbidden; white wins.
    Foul(Foul),
}

/// A move that cannot be played at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    #[error("{0} is already taken")]
    Occupied(Point),
    #[error("the game is over")]
    Over,
}

/// A game in progress or finished, with its moves in order.
#[derive(Clone, Debug)]
pub struct Game {
    board: Board,
    history: Vec<Point>,
    rule: Rule,
    status: Status,
}

impl Game {
    /// An empty board, black to move, judged under `rule`.
    pub fn new(rule: Rule) -> Game {
        Game {
            board: Board::new(),
            history: Vec::new(),
            rule,
            status: Status::Playing,
        }
    }

    /// A game after the given moves, stopping with an error at the first one that cannot be
    /// played. The error carries the move's 1-based number.
    pub fn from_moves(moves: &[Point], rule: Rule) -> Result<Game, (usize, PlayError)> {
        let mut g = Game::new(rule);
        for (i, &p) in moves.iter().enumerate() {
            g.play(p).map_err(|e| (i + 1, e))?;
        }
        Ok(g)
    }

    pub fn rule(&self) -> Rule {
        self.rule
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The moves so far, in order: black's are the 1st, 3rd, ...
    pub fn history(&self) -> &[Point] {
        &self.history
    }

    pub fn last_move(&self) -> Option<Point> {
        self.history.last().copied()
    }

    pub fn status(&self) -> Status {
        self.status
    }

    /// The side to move (also after the game ended: whoever would be next).
    pub fn to_move(&self) -> Stone {
        Stone::of_move(self.history.len() + 1)
    }

    /// The foul a move would be for the side to move (black only; white has none).
    pub fn foul_of(&self, p: Point) -> Option<Foul> {
        match self.to_move() {
            Stone::Black => foul(&self.board, p, self.rule),
            Stone::White => None,
        }
    }

    /// Plays a move for the side to move and returns the new status. A forbidden move by
    /// black is played (it stands in the record) and loses.
    pub fn play(&mut self, p: Point) -> Result<Status, PlayError> {
        if self.status != Status::Playing {
            return Err(PlayError::Over);
        }
        if !self.board.is_empty(p) {
            return Err(PlayError::Occupied(p));
        }
        let mover = self.to_move();
        let f = self.foul_of(p);
        let five = self.board.makes_five(p, mover);
        self.board.set(p, Some(mover));
        self.history.push(p);
        self.status = if five {
            Status::Won {
                winner: mover,
                by: Win::Five,
            }
        } else if let Some(f) = f {
            Status::Won {
                winner: Stone::White,
                by: Win::Foul(f),
            }
        } else if self.board.is_full() {
            Status::Draw
        } else {
            Status::Playing
        };
        Ok(self.status)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Random games: no panic; the status follows the rules at every move.
        #[test]
        fn random_games_follow_the_rules(
            moves in prop::collection::vec((1u8..=15, 1u8..=15), 0..120),
            simplified in any::<bool>(),
        ) {
            let rule = if simplified { Rule::Guide1993 } else { Rule::Renju };
            let mut g = Game::new(rule);
            for (x, y) in moves {
                let p = Point::new(x, y).unwrap();
                let before = g.clone();
                match g.play(p) {
                    Err(PlayError::Occupied(q)) => prop_assert!(q == p && !before.board().is_empty(p)),
                    Err(PlayError::Over) => prop_assert!(before.status() != Status::Playing),
                    Ok(status) => {
                        let mover = before.to_move();
                        let five = before.board().makes_five(p, mover);
                        let f = before.foul_of(p);
                        prop_assert_eq!(g.history().len(), before.history().len() + 1);
                        prop_assert_eq!(g.board().get(p), Some(mover));
                        match status {
                            Status::Won { winner, by: Win::Five } => prop_assert!(five && winner == mover),
                            Status::Won { winner, by: Win::Foul(x) } => {
                                prop_assert!(!five && winner == Stone::White && f == Some(x))
                            }
                            _ => prop_assert!(!five && f.is_none()),
                        }
                    }
                }
            }
        }
    }

    fn pts(s: &str) -> Vec<Point> {
        s.split_whitespace().map(|t| t.parse().unwrap()).collect()
    }

    #[test]
    fn five_wins_and_the_game_stops() {
        let mut g =
            Game::from_moves(&pts("8,8 1,1 9,8 1,2 10,8 1,3 11,8 1,4"), Rule::Renju).unwrap();
        assert_eq!(g.status(), Status::Playing);
        assert_eq!(g.to_move(), Stone::Black);
        let s = g.play("12,8".parse().unwrap()).unwrap();
        assert_eq!(
            s,
            Status::Won {
                winner: Stone::Black,
                by: Win::Five
            }
        );
        assert_eq!(g.play("13,8".parse().unwrap()), Err(PlayError::Over));
        assert_eq!(g.history().len(), 9);
    }

    #[test]
    fn occupied_point_is_refused() {
        let mut g = Game::new(Rule::Guide1993);
        g.play(Point::CENTRE).unwrap();
        assert_eq!(
            g.play(Point::CENTRE),
            Err(PlayError::Occupied(Point::CENTRE))
        );
        assert_eq!(g.history().len(), 1);
    }

    #[test]
    fn white_overline_wins_black_overline_loses() {
        // White: 1..4 and 6 on row 1, then 5,1 makes six.
        let w = pts("8,8 1,1 8,9 2,1 8,11 3,1 8,13 4,1 10,10 6,1 10,12 5,1");
        let g = Game::from_moves(&w, Rule::Renju).unwrap();
        assert_eq!(
            g.status(),
            Status::Won {
                winner: Stone::White,
                by: Win::Five
            }
        );
        // Black the same, white far away: six is a foul.
        let b = pts("1,1 15,15 2,1 15,13 3,1 15,11 4,1 13,15 6,1 13,13 5,1");
        let g = Game::from_moves(&b, Rule::Renju).unwrap();
        assert_eq!(
            g.status(),
            Status::Won {
                winner: Stone::White,
                by: Win::Foul(Foul::Overline)
            }
        );
    }

    /// A black move that makes exactly five on one line and six on another is a black win in
    /// both modes (crate note 5): the five has priority over the overline.
    #[test]
    fn black_five_with_an_overline_on_another_line_wins() {
        // Black: 7,4..7,7 and 7,9 on column 7, 3,8..6,8 on row 8; white far away on columns
        // 15 and 13. Black's last move 7,8 makes 3,8..7,8 (five) and 7,4..7,9 (six).
        let moves = pts(
            "7,4 15,1 7,5 15,3 7,6 15,5 3,8 15,7 4,8 15,9 5,8 15,11 7,9 15,13 7,7 13,1 6,8 13,3 7,8",
        );
        for rule in [Rule::Renju, Rule::Guide1993] {
            let g = Game::from_moves(&moves, rule).unwrap();
            assert_eq!(
                g.status(),
                Status::Won {
                    winner: Stone::Black,
                    by: Win::Five
                },
                "{rule:?}"
            );
        }
        // Without the five, the same six is black's foul.
        let six = pts("7,4 15,1 7,5 15,3 7,6 15,5 7,9 15,7 7,7 15,9 7,8");
        let g = Game::from_moves(&six, Rule::Guide1993).unwrap();
        assert_eq!(
            g.status(),
            Status::Won {
                winner: Stone::White,
                by: Win::Foul(Foul::Overline)
            }
        );
    }
}
