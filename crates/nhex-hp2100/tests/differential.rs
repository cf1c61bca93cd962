//! Differential test: NHEX on the emulated 2100A against the reference engine `nhex`, over the
//! positions of seeded pseudo-random games. In every position the machine must have the
//! reference's evaluation tables L1 and L2 (on the empty cells) and choose the reference's move
//! (with the same candidates, L1 values and look-ahead scores), and after every ply both
//! announcement tests must agree for both sides. Every move must also take less than 5 s of
//! 2100A time.

use nhex::board::{Board, Cell, Side};
use nhex::engine::Engine;
use nhex::eval::evaluate;
use nhex::position::Analysis;
use nhex_hp2100::MachineEngine;

/// A 64-bit linear congruential generator (Knuth's MMIX constants), seeded per run.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn random_empty(b: &Board, rng: &mut Lcg) -> Cell {
    let empty: Vec<Cell> = b.cells().filter(|&c| b.is_empty(c)).collect();
    empty[rng.below(empty.len())]
}

/// The board with u and v exchanged and the colours swapped (the opponent's view as NHEX's).
fn transpose(b: &Board) -> Board {
    let mut t = Board::new(b.n());
    for c in b.cells() {
        if let Some(s) = b.owner(c) {
            t.play(Cell::new(c.v(), c.u()), s.other());
        }
    }
    t
}

#[test]
fn machine_matches_the_reference_in_1000_positions() {
    let engine = Engine::default();
    let mut hp = MachineEngine::new().expect("boot");
    let mut rng = Lcg(1975_0308);
    let (mut positions, mut plies) = (0usize, 0usize);
    let mut cycles: Vec<u64> = Vec::new();
    let mut most_links = 0;
    let mut slowest_test = 0u64;
    let mut game = 0;
    while positions < 1000 {
        let mut b = Board::new(8);
        let mut to_move = if game & 1 == 0 {
            Side::Nhex
        } else {
            Side::Opponent
        };
        // Each game mixes engine moves and random ones in its own proportions.
        let nhex_random = rng.below(3);
        let opp_engine = rng.below(3);
        while !b.is_full() {
            let c = match to_move {
                Side::Nhex => {
                    let an = Analysis::new(&b, engine.opts.three_block);
                    most_links = most_links.max(an.semis.len());
                    let (l1, l2) = evaluate(&b, &an, engine.opts.categories, engine.opts.centre);
                    for (second, want) in [(false, l1), (true, l2)] {
                        let got = hp.evaluate(&b, second).expect("machine");
                        for c in b.cells().filter(|&c| b.is_empty(c)) {
                            assert_eq!(
                                got[c.idx()],
                                want[c.idx()],
                                "L{} at {c}, position {positions}:\n{b:?}",
                                1 + usize::from(second)
                            );
                        }
                    }
                    let want = engine.choose_explained(&b);
                    let got = hp.choose_explained(&b).expect("machine");
                    assert_eq!(got.value, want, "position {positions}:\n{b:?}");
                    assert!(
                        got.seconds() < 5.0,
                        "{:.2} s of 2100A time:\n{b:?}",
                        got.seconds()
                    );
                    cycles.push(got.cycles);
                    positions += 1;
                    let mine = want.expect("a move on a board that is not full").cell;
                    if rng.below(4) < nhex_random {
                        random_empty(&b, &mut rng)
                    } else {
                        mine
                    }
                }
                Side::Opponent => {
                    if opp_engine > 0 && rng.below(2) == 0 && b.stones() > 0 {
                        let t = engine.choose(&transpose(&b)).expect("a move");
                        Cell::new(t.v(), t.u())
                    } else {
                        random_empty(&b, &mut rng)
                    }
                }
            };
            b.play(c, to_move);
            plies += 1;
            for s in [Side::Nhex, Side::Opponent] {
                let won = hp.has_won_timed(&b, s).expect("machine");
                assert_eq!(
                    won.value,
                    engine.has_won(&b, s),
                    "announcement for {s:?} after ply {plies}:\n{b:?}"
                );
                slowest_test = slowest_test.max(won.cycles);
            }
            to_move = to_move.other();
        }
        game += 1;
    }
    assert_eq!(
        hp.connections().1,
        0,
        "the connection table never overflows"
    );
    assert!(most_links < 400, "{most_links} connections in one position");
    assert!(slowest_test as f64 * 980e-9 < 1.0, "announcement test");
    cycles.sort_unstable();
    let secs = |c: u64| c as f64 * 980e-9;
    eprintln!(
        "{positions} positions, {plies} plies in {game} games, at most {most_links} connections; 2100A time per move: median {:.3} s, max {:.3} s; announcement test at most {:.3} s",
        secs(cycles[cycles.len() / 2]),
        secs(*cycles.last().unwrap()),
        secs(slowest_test)
    );
}
