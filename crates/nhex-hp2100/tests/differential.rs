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

/// What the machine must answer, found by the reference while the games are played.
enum Check {
    /// NHEX to move: L1 and L2 on the empty cells, and the reference's choice.
    Move {
        board: Board,
        l1: Vec<i32>,
        l2: Vec<i32>,
        want: Option<nhex::engine::Choice>,
        position: usize,
    },
    /// After a ply: the announcement test for both sides.
    Announce {
        board: Board,
        won: [bool; 2],
        ply: usize,
    },
}

/// The machine's figures over its share of the checks: 2100A cycles per move, the slowest
/// announcement test, connection-table overflows.
#[derive(Default)]
struct Figures {
    cycles: Vec<u64>,
    slowest_test: u64,
    overflows: usize,
}

/// Answer `checks` on a machine of its own, asserting each answer is the reference's.
fn verify(checks: &[Check]) -> Figures {
    let mut hp = MachineEngine::new().expect("boot");
    let mut f = Figures::default();
    for check in checks {
        match check {
            Check::Move {
                board: b,
                l1,
                l2,
                want,
                position,
            } => {
                for (second, want) in [(false, l1), (true, l2)] {
                    let got = hp.evaluate(b, second).expect("machine");
                    for c in b.cells().filter(|&c| b.is_empty(c)) {
                        assert_eq!(
                            got[c.idx()],
                            want[c.idx()],
                            "L{} at {c}, position {position}:\n{b:?}",
                            1 + usize::from(second)
                        );
                    }
                }
                let got = hp.choose_explained(b).expect("machine");
                assert_eq!(&got.value, want, "position {position}:\n{b:?}");
                assert!(
                    got.seconds() < 5.0,
                    "{:.2} s of 2100A time:\n{b:?}",
                    got.seconds()
                );
                f.cycles.push(got.cycles);
            }
            Check::Announce { board: b, won, ply } => {
                for (s, want) in [Side::Nhex, Side::Opponent].into_iter().zip(won) {
                    let got = hp.has_won_timed(b, s).expect("machine");
                    assert_eq!(
                        got.value, *want,
                        "announcement for {s:?} after ply {ply}:\n{b:?}"
                    );
                    f.slowest_test = f.slowest_test.max(got.cycles);
                }
            }
        }
    }
    f.overflows = hp.connections().1;
    f
}

/// The seeded games, played by the reference (the machine must choose as it does, so its
/// answers cannot change the games): the checks in order, the games and plies, and the most
/// connections in one position.
fn games(engine: &Engine) -> (Vec<Check>, usize, usize, usize) {
    let mut rng = Lcg(1975_0308);
    let mut checks = Vec::new();
    let (mut positions, mut plies) = (0usize, 0usize);
    let mut most_links = 0;
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
                    let want = engine.choose_explained(&b);
                    let mine = want
                        .as_ref()
                        .expect("a move on a board that is not full")
                        .cell;
                    checks.push(Check::Move {
                        board: b.clone(),
                        l1: l1.to_vec(),
                        l2: l2.to_vec(),
                        want,
                        position: positions,
                    });
                    positions += 1;
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
            checks.push(Check::Announce {
                board: b.clone(),
                won: [
                    engine.has_won(&b, Side::Nhex),
                    engine.has_won(&b, Side::Opponent),
                ],
                ply: plies,
            });
            to_move = to_move.other();
        }
        game += 1;
    }
    (checks, game, plies, most_links)
}

#[test]
fn machine_matches_the_reference_in_1000_positions() {
    let engine = Engine::default();
    let (checks, game, plies, most_links) = games(&engine);
    // The checks in two shares, each on a machine of its own, side by side: every answer is
    // the board's alone (the machine is given the whole board each time), so the shares'
    // answers are the one machine's.
    let half = checks.len().div_ceil(2);
    let figures: Vec<Figures> = std::thread::scope(|s| {
        let runs: Vec<_> = checks
            .chunks(half)
            .map(|share| s.spawn(move || verify(share)))
            .collect();
        runs.into_iter()
            .map(|r| r.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
            .collect()
    });
    let positions = checks
        .iter()
        .filter(|c| matches!(c, Check::Move { .. }))
        .count();
    let mut cycles: Vec<u64> = figures.iter().flat_map(|f| f.cycles.clone()).collect();
    let slowest_test = figures.iter().map(|f| f.slowest_test).max().unwrap_or(0);
    for f in &figures {
        assert_eq!(f.overflows, 0, "the connection table never overflows");
    }
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
