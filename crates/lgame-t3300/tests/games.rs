//! LGM on the T3300-R against the native players: 200 games against the random player and
//! 200 against the perfect player, from start positions of every class. The classification
//! LGM plays from is the tape punched by the emulated classifier in the same run.

mod common;

use common::tape;
use lgame::classify::Outcome;
use lgame::ltype::LType;
use lgame::player::{Perfect, Player, Random};
use lgame::rng::Rng;
use lgame::symmetry::Symmetry;
use lgame::{Classification, Colour, Position};
use lgame_t3300::referee::{Game, Referee};
use std::sync::OnceLock;

fn classification() -> &'static Classification {
    static C: OnceLock<Classification> = OnceLock::new();
    C.get_or_init(lgame::classify)
}

/// Game k's start: a position of class F, U or B in turn (red to move, any board symmetry),
/// LGM playing red in every other game.
fn setup(k: usize, rng: &mut Rng) -> (Position, Colour) {
    let c = classification();
    let class = |o: &Outcome| match k % 3 {
        0 => matches!(o, Outcome::F(_)),
        1 => *o == Outcome::U,
        _ => matches!(o, Outcome::B(_)),
    };
    let pool: Vec<LType> = LType::all().filter(|&l| class(&c.outcome(l))).collect();
    let lt = pool[rng.below(pool.len())];
    let d4: Vec<Symmetry> = Symmetry::all().filter(|s| !s.swap).collect();
    let start = lt.position().map(d4[rng.below(d4.len())]);
    let lgm = [Colour::Red, Colour::Blue][k % 2];
    (start, lgm)
}

#[derive(Debug, Default)]
struct Tally {
    lgm_won: usize,
    lgm_lost: usize,
    unfinished: usize,
    lgm_moves: usize,
    loops: usize,
}

/// The checks every game must pass, whoever the opponent.
fn check(game: &Game, perfect_opponent: bool, tally: &mut Tally) {
    let c = classification();
    let first = game.lgm_first_outcome(c);
    for m in &game.lgm_moves {
        let ok = match m.before {
            Outcome::F(i) => m.after == Outcome::B(i),
            Outcome::U => m.after == Outcome::U,
            Outcome::B(i) => i > 0 && m.after == Outcome::F(i - 1),
        };
        assert!(ok, "LGM moved from {} into {}", m.before, m.after);
    }
    // Plies from LGM's first turn to the end.
    let first_turn = game
        .positions
        .iter()
        .position(|p| p.mover() == game.lgm)
        .unwrap_or(0);
    let plies = game.positions.len() - 1 - first_turn;
    match game.winner {
        Some(w) if w == game.lgm => {
            tally.lgm_won += 1;
            if let Some(Outcome::F(i)) = first {
                assert!(
                    plies <= 2 * usize::from(i) + 1,
                    "a win from F{i} took {plies} plies"
                );
            }
        }
        Some(_) => {
            tally.lgm_lost += 1;
            assert!(
                matches!(first, Some(Outcome::B(_)) | None),
                "LGM lost from {first:?} (start {})",
                game.start.board().rows()
            );
            if let (true, Some(Outcome::B(i))) = (perfect_opponent, first) {
                assert_eq!(plies, 2 * usize::from(i), "LGM did not hold out longest");
            }
        }
        None => {
            tally.unfinished += 1;
            assert!(
                !matches!(first, Some(Outcome::F(_))),
                "LGM did not win from {first:?}"
            );
            if perfect_opponent {
                assert_eq!(first, Some(Outcome::U));
            }
        }
    }
    tally.lgm_moves += game.lgm_moves.len();
    tally.loops += game.loops;
}

fn series(games: usize, seed: u64, perfect: bool, max_plies: usize) -> Tally {
    let c = classification();
    let mut referee = Referee::new(tape().clone(), c).unwrap();
    let mut rng = Rng::new(seed);
    let mut tally = Tally::default();
    for k in 0..games {
        let (start, lgm) = setup(k, &mut rng);
        let mut opponent: Box<dyn Player> = if perfect {
            Box::new(Perfect::with_seed(c, seed + k as u64))
        } else {
            Box::new(Random::new(seed + k as u64))
        };
        let game = referee
            .play(start, lgm, opponent.as_mut(), max_plies)
            .unwrap_or_else(|e| panic!("game {k}: {e}"));
        check(&game, perfect, &mut tally);
    }
    let paper = referee.finish().unwrap();
    assert!(paper.ends_with("END OF LGM.\n"));
    tally
}

#[test]
fn two_hundred_games_against_the_random_player() {
    let t = series(200, 11, false, 40);
    eprintln!("LGM against the random player, 200 games: {t:?}");
    assert_eq!(t.lgm_won + t.lgm_lost + t.unfinished, 200);
    assert!(t.lgm_won > 100, "{t:?}");
}

#[test]
fn two_hundred_games_against_the_perfect_player() {
    let t = series(200, 23, true, 30);
    eprintln!("LGM against the perfect player, 200 games: {t:?}");
    assert_eq!(t.lgm_won + t.lgm_lost + t.unfinished, 200);
    assert!(t.loops > 0 && t.lgm_lost > 0 && t.unfinished > 0, "{t:?}");
}
