//! A game in progress: the positions so far, the moves, and repetitions (loops, §9).

use crate::board::Colour;
use crate::moves::{Move, MoveError};
use crate::player::Player;
use crate::position::Position;

/// A game from a start position.
#[derive(Clone, Debug)]
pub struct Game {
    positions: Vec<Position>,
    moves: Vec<Move>,
}

/// What a move led to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    /// The new position.
    pub position: Position,
    /// If the new position (same board, same side to move) occurred before: after how many
    /// moves it first did (0 = the start). The game is in a loop.
    pub repeats: Option<usize>,
}

/// How a played-out game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// The loser was to move and had no move, after `plies` moves in all.
    Won { winner: Colour, plies: usize },
    /// The side to move had a move but its player offered none, or an illegal one.
    Forfeit { winner: Colour, plies: usize },
    /// The move limit was reached.
    Limit,
}

impl Game {
    pub fn new(start: Position) -> Game {
        Game {
            positions: vec![start],
            moves: Vec::new(),
        }
    }

    /// The current position.
    pub fn position(&self) -> Position {
        *self
            .positions
            .last()
            .unwrap_or_else(|| unreachable!("a game has a start"))
    }

    /// Moves made so far.
    pub fn plies(&self) -> usize {
        self.moves.len()
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The winner, once the side to move has no move.
    pub fn winner(&self) -> Option<Colour> {
        let p = self.position();
        (!p.has_move()).then(|| p.mover().other())
    }

    /// Make a move for the side to move.
    pub fn play(&mut self, m: Move) -> Result<Played, MoveError> {
        let next = self.position().after(m)?;
        let repeats = self.positions.iter().position(|&p| p == next);
        self.positions.push(next);
        self.moves.push(m);
        Ok(Played {
            position: next,
            repeats,
        })
    }
}

/// Play a game between two players from `start` for at most `max_plies` moves.
pub fn play_out(
    start: Position,
    red: &mut dyn Player,
    blue: &mut dyn Player,
    max_plies: usize,
) -> (End, Game) {
    let mut game = Game::new(start);
    while game.plies() < max_plies {
        if let Some(winner) = game.winner() {
            let plies = game.plies();
            return (End::Won { winner, plies }, game);
        }
        let p = game.position();
        let side: &mut dyn Player = match p.mover() {
            Colour::Red => &mut *red,
            Colour::Blue => &mut *blue,
        };
        match side.choose(&p).map(|m| game.play(m)) {
            Some(Ok(_)) => {}
            None | Some(Err(_)) => {
                let plies = game.plies();
                return (
                    End::Forfeit {
                        winner: p.mover().other(),
                        plies,
                    },
                    game,
                );
            }
        }
    }
    match game.winner() {
        Some(winner) => {
            let plies = game.plies();
            (End::Won { winner, plies }, game)
        }
        None => (End::Limit, game),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn going_back_and_forth_is_a_loop() {
        let start = Position::start();
        // Find red and blue moves that can both be taken back.
        for a in start.l_moves() {
            let mut g = Game::new(start);
            let red_back = Move {
                l: start.red(),
                neutral: None,
            };
            g.play(Move {
                l: a,
                neutral: None,
            })
            .unwrap();
            let mid = g.position();
            for b in mid.l_moves() {
                let mut g2 = g.clone();
                g2.play(Move {
                    l: b,
                    neutral: None,
                })
                .unwrap();
                if g2.play(red_back).is_err() {
                    continue;
                }
                let blue_back = Move {
                    l: start.blue(),
                    neutral: None,
                };
                if let Ok(played) = g2.play(blue_back) {
                    assert_eq!(played.position, start);
                    assert_eq!(played.repeats, Some(0));
                    assert_eq!(g2.plies(), 4);
                    return;
                }
            }
        }
        panic!("no back-and-forth found");
    }

    #[test]
    fn a_lost_position_has_a_winner() {
        let b0 = crate::ltype::LType::new(0o3404).unwrap().position();
        assert_eq!(Game::new(b0).winner(), Some(Colour::Blue));
        assert_eq!(Game::new(Position::start()).winner(), None);
    }
}
