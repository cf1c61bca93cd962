//! Finds forced-win positions in eval-against-eval games, for the forcing set: after each move,
//! asks the threat search of the side to move for a VCF, and prints the first position of each
//! game whose win needs at least `MIN` fours, as the move list of the forcing file.
//!
//! `cargo run --release -p gomoku-engines --example find_forcing`

use gomoku::{Game, Rule, Status, OPENINGS};
use gomoku_engines::board::Board;
use gomoku_engines::budget::Budget;
use gomoku_engines::legal::Legality;
use gomoku_engines::threat::Threats;
use gomoku_engines::{EngineKind, Limits};

const MIN: usize = 7;

fn main() {
    let limits = Limits::nodes(1);
    for (seed, opening) in OPENINGS.iter().enumerate() {
        let mut game = Game::new(Rule::Renju);
        for p in opening.moves() {
            game.play(p).unwrap();
        }
        let mut engines = [
            EngineKind::Eval.build(seed as u64),
            EngineKind::Eval.build(seed as u64 + 100),
        ];
        while game.status() == Status::Playing {
            let mut b =
                Board::from_moves(&game.history().iter().map(|p| p.index()).collect::<Vec<_>>());
            if b.five_points(b.to_move()).is_empty() {
                let mut budget = Budget::new(&Limits::nodes(200_000));
                let line = Threats {
                    board: &mut b,
                    legal: Legality::new(Rule::Renju),
                    budget: &mut budget,
                }
                .vcf(30);
                if let Some(l) = line.filter(|l| l.len() >= MIN) {
                    let moves: Vec<String> = game.history().iter().map(|p| p.to_string()).collect();
                    println!(
                        "{} vcf {} nodes {}: {}",
                        opening.code(),
                        l.len(),
                        budget.nodes,
                        moves.join(" ")
                    );
                    break;
                }
            }
            let i = game.history().len() % 2;
            let p = engines[i].choose(&game, Rule::Renju, &limits);
            game.play(p).unwrap();
        }
    }
}
