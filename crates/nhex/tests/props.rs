//! Property tests: the engine on random legal positions, the dialogue on random input, and the
//! symmetries the pattern table claims.

mod common;

use nhex::board::{Board, Cell, Side};
use nhex::dialogue::Dialogue;
use nhex::engine::Engine;
use nhex::eval::evaluate;
use nhex::position::Analysis;
use nhex::table::Table;
use proptest::prelude::*;
use teletype::Scripted;

/// A random legal position: cells in a shuffled order, sides alternating, stopping at the
/// first completed chain or after `len` stones.
fn position(order: &[u8], len: usize, nhex_first: bool) -> Board {
    let mut b = Board::new(8);
    let mut s = if nhex_first {
        Side::Nhex
    } else {
        Side::Opponent
    };
    for &i in order.iter().take(len) {
        let c = Cell(i);
        if b.winner().is_some() {
            break;
        }
        b.play(c, s);
        s = s.other();
    }
    b
}

fn shuffled() -> impl Strategy<Value = Vec<u8>> {
    Just((0u8..64).collect::<Vec<u8>>()).prop_shuffle()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn engine_plays_legal_moves(order in shuffled(), len in 0usize..64, nf: bool) {
        let b = position(&order, len, nf);
        let e = Engine::default();
        match e.choose(&b) {
            Some(c) => prop_assert!(b.on_board(c) && b.is_empty(c)),
            None => prop_assert!(b.is_full()),
        }
        let _ = e.has_won(&b, Side::Nhex);
        let _ = e.has_won(&b, Side::Opponent);
    }

    #[test]
    fn evaluation_is_symmetric_under_half_turn(order in shuffled(), len in 0usize..40, nf: bool) {
        // (u,v) -> (9-u, 9-v) maps the board, N and each side's pair of edges onto themselves.
        let b = position(&order, len, nf);
        let mut r = Board::new(8);
        for c in b.cells() {
            if let Some(s) = b.owner(c) {
                r.play(Cell::new(9 - c.u(), 9 - c.v()), s);
            }
        }
        let o = Engine::default().opts;
        let (a1, a2) = evaluate(&b, &Analysis::new(&b, o.three_block), o.categories, o.centre);
        let (b1, b2) = evaluate(&r, &Analysis::new(&r, o.three_block), o.categories, o.centre);
        for c in b.cells() {
            let m = Cell::new(9 - c.u(), 9 - c.v());
            prop_assert_eq!(a1[c.idx()], b1[m.idx()]);
            prop_assert_eq!(a2[c.idx()], b2[m.idx()]);
        }
    }

    #[test]
    fn evaluation_swaps_tables_under_transposition(order in shuffled(), len in 0usize..40, nf: bool) {
        // (u,v) -> (v,u) with colours exchanged turns the opponent's problem into NHEX's, so
        // the first- and second-type tables change places.
        let b = position(&order, len, nf);
        let t = common::transpose(&b);
        let o = Engine::default().opts;
        let (a1, a2) = evaluate(&b, &Analysis::new(&b, o.three_block), o.categories, o.centre);
        let (b1, b2) = evaluate(&t, &Analysis::new(&t, o.three_block), o.categories, o.centre);
        for c in b.cells() {
            let m = Cell::new(c.v(), c.u());
            prop_assert_eq!(a1[c.idx()], b2[m.idx()]);
            prop_assert_eq!(a2[c.idx()], b1[m.idx()]);
        }
    }

    #[test]
    fn table_is_closed_under_its_symmetries(i in 0usize..1000, k in 0usize..6, swap: bool) {
        let t = Table::standard();
        let p = &t.patterns[i % t.patterns.len()];
        prop_assert_eq!(&p.transform(k, swap).canonical(), p);
    }

    #[test]
    fn dialogue_survives_any_input(lines in proptest::collection::vec("[0-9A-Z ?]{0,6}", 0..40)) {
        let text = lines.join("\n");
        let mut d = Dialogue::new(Scripted::from_lines(&text), Engine::default());
        d.run();
        prop_assert_eq!(d.state(), nhex::dialogue::State::Done);
        for g in nhex::log::parse_log(d.record()).unwrap() {
            g.replay().unwrap();
        }
    }
}
