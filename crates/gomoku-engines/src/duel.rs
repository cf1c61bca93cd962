//! Engine against engine: one game from an opening, and a match in the guide's format.
//!
//! Guide §1.2: a match is 10 games, the programs changing colours each game; the referee
//! picks one of the 24 basic openings and the programs play from white's 4th move on; 200
//! moves without a result is a draw.
//!
//! Notes:
//! 1. A match's games are independent: each builds its engines afresh, seeded by the game's
//!    number, so [`play_match_in`] may play them side by side in threads and still give the
//!    games of sequential play, move for move (under node limits; a time limit depends on the
//!    machine however the games are run). Reports come in the games' order either way.

use crate::budget::Limits;
use crate::engine::Engine;
use gomoku::{Game, Opening, Point, Rule, Status, Stone, OPENINGS};

/// Moves after which a game is drawn (guide §1.2 (3)).
pub const MOVE_LIMIT: usize = 200;

/// How one game ended.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Stone>,
    pub game: Game,
}

/// Plays `black` against `white` from `start` until a result or [`MOVE_LIMIT`] moves.
pub fn play_game(
    black: &mut (dyn Engine + '_),
    white: &mut (dyn Engine + '_),
    start: &[Point],
    rule: Rule,
    limits: &Limits,
) -> Outcome {
    let mut game = Game::new(rule);
    for &p in start {
        if game.play(p).is_err() {
            break;
        }
    }
    while game.status() == Status::Playing && game.history().len() < MOVE_LIMIT {
        let mover = game.to_move();
        let p = match mover {
            Stone::Black => black.choose(&game, rule, limits),
            Stone::White => white.choose(&game, rule, limits),
        };
        if game.play(p).is_err() {
            // An occupied point: the mover forfeits.
            return Outcome {
                winner: Some(mover.opponent()),
                game,
            };
        }
    }
    let winner = match game.status() {
        Status::Won { winner, .. } => Some(winner),
        _ => None,
    };
    Outcome { winner, game }
}

/// One game of a match, from the first engine's side.
#[derive(Clone, Debug)]
pub struct MatchGame {
    pub opening: Opening,
    /// Whether the first engine had black.
    pub first_black: bool,
    pub outcome: Outcome,
}

impl MatchGame {
    /// One line for a report: `1I first black: +1 in 29 moves`, with the first engine's name.
    pub fn describe(&self, first: &str) -> String {
        format!(
            "{} {first} {}: {:+} in {} moves",
            self.opening.code(),
            if self.first_black { "black" } else { "white" },
            self.score(),
            self.outcome.game.history().len()
        )
    }

    /// +1 the first engine won, 0 a draw, -1 it lost.
    pub fn score(&self) -> i32 {
        let first = if self.first_black {
            Stone::Black
        } else {
            Stone::White
        };
        match self.outcome.winner {
            None => 0,
            Some(w) if w == first => 1,
            Some(_) => -1,
        }
    }
}

/// The openings of a 10-game match: five spread over the 24 (1I, 6I, 11I, 4D, 9D), each
/// played with both colours.
pub fn match_openings() -> [Opening; 5] {
    [0, 5, 10, 15, 20].map(|i| OPENINGS[i])
}

/// A 10-game match of `first` against `second`, both built afresh for each game with the
/// game's number as seed; `report` sees each game as it ends.
pub fn play_match(
    first: crate::EngineKind,
    second: crate::EngineKind,
    rule: Rule,
    limits: &Limits,
    report: impl FnMut(&MatchGame),
) -> Vec<MatchGame> {
    play_match_in(1, first, second, rule, limits, report)
}

/// The match of [`play_match`] with up to `threads` games at a time (note 1): the same games,
/// reported and returned in their order.
pub fn play_match_in(
    threads: usize,
    first: crate::EngineKind,
    second: crate::EngineKind,
    rule: Rule,
    limits: &Limits,
    mut report: impl FnMut(&MatchGame),
) -> Vec<MatchGame> {
    let schedule: Vec<(Opening, bool)> = match_openings()
        .into_iter()
        .flat_map(|o| [(o, true), (o, false)])
        .collect();
    let play = |number: usize| {
        let (opening, first_black) = schedule[number];
        let seed = number as u64;
        let mut a = first.build(seed);
        let mut b = second.build(seed);
        let (black, white) = if first_black {
            (&mut a, &mut b)
        } else {
            (&mut b, &mut a)
        };
        let outcome = play_game(&mut **black, &mut **white, &opening.moves(), rule, limits);
        MatchGame {
            opening,
            first_black,
            outcome,
        }
    };
    let mut games: Vec<Option<MatchGame>> = vec![None; schedule.len()];
    let mut reported = 0;
    let mut done = |number: usize, g: MatchGame, games: &mut Vec<Option<MatchGame>>| {
        games[number] = Some(g);
        while let Some(Some(g)) = games.get(reported) {
            report(g);
            reported += 1;
        }
    };
    if threads <= 1 {
        for number in 0..schedule.len() {
            done(number, play(number), &mut games);
        }
    } else {
        let next = std::sync::atomic::AtomicUsize::new(0);
        let (tx, rx) = std::sync::mpsc::channel();
        let count = schedule.len();
        std::thread::scope(|scope| {
            for _ in 0..threads.min(count) {
                let tx = tx.clone();
                let (next, play) = (&next, &play);
                scope.spawn(move || loop {
                    let number = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    if number >= count || tx.send((number, play(number))).is_err() {
                        break;
                    }
                });
            }
            drop(tx);
            for (number, g) in rx {
                done(number, g, &mut games);
            }
        });
    }
    games.into_iter().flatten().collect()
}

/// `retro gomoku bench-engines --match`: the guide's 10-game match of search against eval,
/// `nodes` nodes a move, each game's line (`  DESCRIPTION`) handed to `line` as it ends; the
/// [`summary`].
pub fn search_against_eval(rule: Rule, nodes: u64, mut line: impl FnMut(String)) -> String {
    let (first, second) = (crate::EngineKind::Search, crate::EngineKind::Eval);
    let games = play_match(first, second, rule, &Limits::nodes(nodes), |g| {
        line(format!("  {}", g.describe("search")));
    });
    summary(&games, "search", "eval", nodes)
}

/// The last line of a match's report: the first engine's wins, draws and losses and its win
/// rate with the 95% interval ([`wilson`]).
pub fn summary(games: &[MatchGame], first: &str, second: &str, nodes: u64) -> String {
    let wins = games.iter().filter(|g| g.score() == 1).count();
    let draws = games.iter().filter(|g| g.score() == 0).count();
    let (lo, hi) = wilson(wins as u64, games.len() as u64);
    format!(
        "{first} against {second}, {nodes} nodes a move: {wins} won, {draws} drawn, {} lost of \
         {}; win rate {:.0}% (95% CI {:.0}-{:.0}%)",
        games.len() - wins - draws,
        games.len(),
        100.0 * wins as f64 / games.len().max(1) as f64,
        100.0 * lo,
        100.0 * hi
    )
}

/// The Wilson score interval at 95% for `wins` of `n` (0..1 bounds; (0, 1) when `n` is 0).
pub fn wilson(wins: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_964f64;
    let (w, n) = (wins as f64, n as f64);
    let p = w / n;
    let d = 1.0 + z * z / n;
    let c = p + z * z / (2.0 * n);
    let r = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    ((c - r) / d, (c + r) / d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_match_summary_has_the_whole_interval() {
        let s = summary(&[], "search", "eval", 50);
        assert_eq!(
            s,
            "search against eval, 50 nodes a move: 0 won, 0 drawn, 0 lost of 0; win rate 0% \
             (95% CI 0-100%)"
        );
    }

    #[test]
    fn games_side_by_side_are_the_games_of_sequential_play() {
        let limits = Limits::nodes(20);
        let play = |threads| {
            let mut order = Vec::new();
            let games = play_match_in(
                threads,
                crate::EngineKind::Eval,
                crate::EngineKind::Search,
                Rule::Renju,
                &limits,
                |g| order.push((g.opening.code(), g.first_black)),
            );
            (games, order)
        };
        let (one, one_order) = play(1);
        let (four, four_order) = play(4);
        assert_eq!(one.len(), 10);
        assert_eq!(four.len(), 10);
        for (a, b) in one.iter().zip(&four) {
            assert_eq!(a.opening.code(), b.opening.code());
            assert_eq!(a.first_black, b.first_black);
            assert_eq!(a.outcome.game.history(), b.outcome.game.history());
            assert_eq!(a.score(), b.score());
        }
        // Reported in the games' order, both ways.
        let want: Vec<_> = one
            .iter()
            .map(|g| (g.opening.code(), g.first_black))
            .collect();
        assert_eq!(one_order, want);
        assert_eq!(four_order, want);
    }

    #[test]
    fn wilson_interval() {
        let (lo, hi) = wilson(10, 10);
        assert!((lo - 0.7225).abs() < 1e-3 && (hi - 1.0).abs() < 1e-9);
        let (lo, hi) = wilson(5, 10);
        assert!((lo - 0.2366).abs() < 1e-3 && (hi - 0.7634).abs() < 1e-3);
    }
}
