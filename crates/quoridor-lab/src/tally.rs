//! The result of a set of games from player A's side, in the paper's columns (Tables 1-2):
//! wins as first player, wins as second player (a draw counted as half a win in each, as the
//! paper does: "引き分けは…両者に0.5ポイント"), and the average score with its 95% interval.

use crate::interval::{wilson, Interval};
use crate::record::{GameRecord, Outcome, Side};

/// Counts of a set of games, seen from A.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Tally {
    pub games: u64,
    pub games_first: u64,
    /// A's points in the games A began: wins plus half the draws.
    pub points_first: f64,
    /// A's points in the games B began.
    pub points_second: f64,
    pub draws: u64,
    pub plies: u64,
}

impl Tally {
    pub fn add(&mut self, r: &GameRecord) {
        let points = r.winner.points(Side::A);
        self.games += 1;
        self.plies += u64::from(r.plies);
        if r.winner == Outcome::Draw {
            self.draws += 1;
        }
        if r.first == Side::A {
            self.games_first += 1;
            self.points_first += points;
        } else {
            self.points_second += points;
        }
    }

    pub fn of<'a>(records: impl IntoIterator<Item = &'a GameRecord>) -> Tally {
        let mut t = Tally::default();
        for r in records {
            t.add(r);
        }
        t
    }

    pub fn games_second(&self) -> u64 {
        self.games - self.games_first
    }

    pub fn points(&self) -> f64 {
        self.points_first + self.points_second
    }

    /// A's average score, or `None` before any game.
    pub fn average(&self) -> Option<f64> {
        (self.games > 0).then(|| self.points() / self.games as f64)
    }

    pub fn interval(&self) -> Interval {
        wilson(self.points(), self.games)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(game: u64, first: Side, winner: Outcome) -> GameRecord {
        GameRecord {
            game,
            first,
            winner,
            plies: 10,
            moves: String::new(),
        }
    }

    #[test]
    fn columns() {
        let t = Tally::of(&[
            game(0, Side::A, Outcome::A),
            game(1, Side::B, Outcome::A),
            game(2, Side::A, Outcome::Draw),
            game(3, Side::B, Outcome::B),
        ]);
        assert_eq!(t.games, 4);
        assert_eq!(t.games_first, 2);
        assert_eq!(t.points_first, 1.5);
        assert_eq!(t.points_second, 1.0);
        assert_eq!(t.draws, 1);
        assert_eq!(t.average(), Some(0.625));
        assert_eq!(t.plies, 40);
        assert_eq!(Tally::default().average(), None);
    }
}
