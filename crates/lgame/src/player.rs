//! Players: the perfect player that reads the classification (note 10 of the crate) and a
//! random player. The LGM program of §10 plays from the classification in the same way.

use crate::classify::{Classification, Outcome};
use crate::moves::Move;
use crate::position::Position;
use crate::rng::Rng;

/// A side in a game: chooses a move in a position where it is to move.
pub trait Player {
    /// The move to play, or `None` when the side to move has no move (it has lost).
    fn choose(&mut self, pos: &Position) -> Option<Move>;
}

/// How much the mover likes a successor with outcome `o` (for the opponent, who is to move
/// there); lower is better: a loss for the opponent soonest, then a draw, then a loss for
/// the mover latest.
fn preference(o: Outcome) -> (u8, u8) {
    match o {
        Outcome::B(i) => (0, i),
        Outcome::U => (1, 0),
        Outcome::F(i) => (2, u8::MAX - i),
    }
}

/// The moves a perfect player may choose, in [`Position::moves`] order: from F the moves into
/// B of the lowest level, from U the moves into U, from B the moves into F of the highest
/// level. Empty when the side to move has no move.
pub fn best_moves(c: &Classification, pos: &Position) -> Vec<Move> {
    let rated: Vec<(Move, (u8, u8))> = pos
        .moves()
        .into_iter()
        .filter_map(|m| {
            pos.after(m)
                .ok()
                .map(|p| (m, preference(c.of_position(&p))))
        })
        .collect();
    let Some(best) = rated.iter().map(|&(_, r)| r).min() else {
        return Vec::new();
    };
    rated
        .into_iter()
        .filter(|&(_, r)| r == best)
        .map(|(m, _)| m)
        .collect()
}

/// The perfect player: always one of [`best_moves`]; the first, or one drawn at random when
/// given a seed.
#[derive(Clone, Debug)]
pub struct Perfect<'a> {
    classification: &'a Classification,
    rng: Option<Rng>,
}

impl<'a> Perfect<'a> {
    /// A deterministic perfect player (the first best move).
    pub fn new(classification: &'a Classification) -> Self {
        Perfect {
            classification,
            rng: None,
        }
    }

    /// A perfect player that picks among equally good moves at random.
    pub fn with_seed(classification: &'a Classification, seed: u64) -> Self {
        Perfect {
            classification,
            rng: Some(Rng::new(seed)),
        }
    }
}

impl Player for Perfect<'_> {
    fn choose(&mut self, pos: &Position) -> Option<Move> {
        let best = best_moves(self.classification, pos);
        match (&mut self.rng, best.len()) {
            (_, 0) => None,
            (Some(rng), n) => Some(best[rng.below(n)]),
            (None, _) => Some(best[0]),
        }
    }
}

/// A player that picks any legal move with equal probability.
#[derive(Clone, Debug)]
pub struct Random {
    rng: Rng,
}

impl Random {
    pub fn new(seed: u64) -> Self {
        Random {
            rng: Rng::new(seed),
        }
    }
}

impl Player for Random {
    fn choose(&mut self, pos: &Position) -> Option<Move> {
        let moves = pos.moves();
        (!moves.is_empty()).then(|| moves[self.rng.below(moves.len())])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Colour;
    use crate::classify::classify;
    use crate::game::{play_out, End};
    use crate::ltype::LType;

    #[test]
    fn perfect_play_ends_exactly_when_the_level_says() {
        let c = classify();
        for lt in LType::all() {
            let start = lt.position();
            let (mut red, mut blue) = (Perfect::new(&c), Perfect::new(&c));
            let (end, game) = play_out(start, &mut red, &mut blue, 16);
            let expected = match c.outcome(lt) {
                Outcome::F(i) => End::Won {
                    winner: Colour::Red,
                    plies: 2 * usize::from(i) + 1,
                },
                Outcome::B(i) => End::Won {
                    winner: Colour::Blue,
                    plies: 2 * usize::from(i),
                },
                Outcome::U => End::Limit,
            };
            assert_eq!(end, expected, "from l-type {lt}");
            if c.outcome(lt) == Outcome::U {
                assert!(game
                    .positions()
                    .iter()
                    .all(|p| c.of_position(p) == Outcome::U));
            }
        }
    }

    #[test]
    fn perfect_never_loses_to_random_from_f_or_u() {
        let c = classify();
        for (n, lt) in LType::all().enumerate().step_by(3) {
            let o = c.outcome(lt);
            if matches!(o, Outcome::B(_)) {
                continue;
            }
            let mut perfect = Perfect::with_seed(&c, n as u64);
            let mut random = Random::new(n as u64 + 1);
            let (end, game) = play_out(lt.position(), &mut perfect, &mut random, 40);
            match (o, end) {
                (Outcome::F(i), End::Won { winner, plies }) => {
                    assert_eq!(winner, Colour::Red, "l-type {lt}");
                    assert!(
                        plies <= 2 * usize::from(i) + 1,
                        "l-type {lt}: {plies} plies"
                    );
                }
                (Outcome::U, End::Limit) => {}
                (Outcome::U, End::Won { winner, .. }) => assert_eq!(winner, Colour::Red),
                _ => panic!("l-type {lt} ({o}): {end:?}"),
            }
            // After each of red's moves the position is never one blue wins.
            for p in game
                .positions()
                .iter()
                .filter(|p| p.mover() == Colour::Blue)
            {
                assert!(!matches!(c.of_position(p), Outcome::F(_)), "l-type {lt}");
            }
        }
    }

    #[test]
    fn best_moves_follow_the_classification() {
        let c = classify();
        for lt in LType::all() {
            let p = lt.position();
            let best = best_moves(&c, &p);
            let after: Vec<Outcome> = best
                .iter()
                .map(|&m| c.of_position(&p.after(m).unwrap()))
                .collect();
            match c.outcome(lt) {
                Outcome::B(0) => assert!(best.is_empty()),
                Outcome::F(i) => assert!(after.iter().all(|&o| o == Outcome::B(i))),
                Outcome::B(i) => assert!(after.iter().all(|&o| o == Outcome::F(i - 1))),
                Outcome::U => assert!(after.iter().all(|&o| o == Outcome::U)),
            }
        }
    }

    #[test]
    fn random_plays_legal_moves() {
        let mut r = Random::new(3);
        let mut p = Position::start();
        for _ in 0..200 {
            let Some(m) = r.choose(&p) else { break };
            p = p.after(m).unwrap();
        }
        let b0 = LType::new(0o110).unwrap().position();
        assert_eq!(r.choose(&b0), None);
    }
}
