//! Helpers shared by the integration tests.
#![allow(dead_code)]

use nhex::board::{Board, Cell, Side};
use nhex::engine::Engine;

/// The project's copies of the logs (tests/nhex/ at the workspace root).
pub fn logs_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/nhex")
}

/// The board with u and v exchanged and the colours swapped: the opponent's problem as NHEX's.
pub fn transpose(b: &Board) -> Board {
    let mut t = Board::new(b.n());
    for c in b.cells() {
        if let Some(s) = b.owner(c) {
            t.play(Cell::new(c.v(), c.u()), s.other());
        }
    }
    t
}

/// The opponent's move chosen by the engine on the transposed board.
pub fn opponent_move(e: &Engine, b: &Board) -> Option<Cell> {
    e.choose(&transpose(b)).map(|c| Cell::new(c.v(), c.u()))
}

/// Self-play by the announcement rule: (moves, winner).
pub fn self_play(e: &Engine, nhex_first: bool) -> (Vec<(Side, Cell)>, Option<Side>) {
    let mut b = Board::new(8);
    let mut to_move = if nhex_first {
        Side::Nhex
    } else {
        Side::Opponent
    };
    let mut moves = Vec::new();
    while !b.is_full() {
        let c = match to_move {
            Side::Nhex => e.choose(&b),
            Side::Opponent => {
                if b.stones() == 0 {
                    Some(Cell::new(5, 4))
                } else {
                    opponent_move(e, &b)
                }
            }
        }
        .expect("a move on a board that is not full");
        b.play(c, to_move);
        moves.push((to_move, c));
        if e.has_won(&b, to_move) {
            return (moves, Some(to_move));
        }
        to_move = to_move.other();
    }
    (moves, None)
}
