//! The engine's speed (`retro hex bench`): NHEX plays 8x8 games against a pseudo-random
//! opponent from the empty to the full board, and every NHEX move is timed on the host. The
//! moves are grouped by the number of stones on the board, since the position analysis grows
//! with the blocks.

use crate::board::{Board, Cell, Side};
use crate::engine::Engine;
use crate::table::Table;
use std::fmt;
use std::time::Instant;

/// A 16-bit linear congruential generator (x <- 25173 x + 13849 mod 2^16), the kind a 1975
/// program could run; here it only plays the benchmark's opponent.
struct Lcg16(u16);

impl Lcg16 {
    fn next(&mut self) -> u16 {
        self.0 = self.0.wrapping_mul(25173).wrapping_add(13849);
        self.0
    }
}

/// Host milliseconds per NHEX move, by stones on the board (0-15, 16-31, 32-47, 48-63).
#[derive(Clone, Debug, Default)]
pub struct Timing {
    pub games: usize,
    /// (total milliseconds, moves) per group of 16 stones.
    pub buckets: [(f64, usize); 4],
    pub worst_ms: f64,
}

/// Play `games` games (NHEX first in the even ones) and time every NHEX move. `None` when the
/// engine finds no move on a board that is not full.
pub fn run(games: usize) -> Option<Timing> {
    let engine = Engine::default();
    let _ = Table::standard(); // built once, before timing
    let mut rng = Lcg16(1975);
    let mut t = Timing {
        games,
        ..Timing::default()
    };
    for gi in 0..games {
        let mut b = Board::new(8);
        let mut to_move = if gi % 2 == 0 {
            Side::Nhex
        } else {
            Side::Opponent
        };
        while !b.is_full() {
            let c = match to_move {
                Side::Nhex => {
                    let start = Instant::now();
                    let c = engine.choose(&b)?;
                    let ms = start.elapsed().as_secs_f64() * 1000.0;
                    let k = (b.stones() / 16).min(3);
                    t.buckets[k].0 += ms;
                    t.buckets[k].1 += 1;
                    t.worst_ms = t.worst_ms.max(ms);
                    c
                }
                Side::Opponent => {
                    let empty: Vec<Cell> = b.cells().filter(|&c| b.is_empty(c)).collect();
                    empty[rng.next() as usize % empty.len()]
                }
            };
            b.play(c, to_move);
            to_move = to_move.other();
        }
    }
    Some(t)
}

impl fmt::Display for Timing {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let (sum, n) = self
            .buckets
            .iter()
            .fold((0.0, 0), |a, x| (a.0 + x.0, a.1 + x.1));
        for (k, (s, c)) in self.buckets.iter().enumerate() {
            if *c > 0 {
                writeln!(
                    f,
                    "stones {:>2}-{:>2}: {:>4} moves, {:.3} ms per move",
                    k * 16,
                    k * 16 + 15,
                    c,
                    s / *c as f64
                )?;
            }
        }
        writeln!(f, "worst move: {:.3} ms", self.worst_ms)?;
        writeln!(
            f,
            "{} games, {n} NHEX moves: {:.3} ms per move",
            self.games,
            sum / n.max(1) as f64
        )
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn one_game_fills_the_board_with_32_nhex_moves() {
        let t = super::run(1).expect("a move in every position");
        let moves: usize = t.buckets.iter().map(|b| b.1).sum();
        assert_eq!(moves, 32);
        assert!(t.to_string().contains("1 games, 32 NHEX moves"));
    }
}
