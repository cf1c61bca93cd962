//! Worst-case search for the move entry: engine-against-engine games after 0-6 pseudo-random
//! opening moves; prints the median, 90th percentile and maximum emulated time and the slowest
//! position. `cargo run --release -p nhex-hp2100 --example sweep [GAMES]`

use nhex::board::{Board, Cell, Side};
use nhex::engine::Engine;
use nhex_hp2100::MachineEngine;

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(60);
    let e = Engine::default();
    let mut hp = MachineEngine::new().expect("boot");
    let mut rng = 12345u64;
    let mut next = || {
        rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (rng >> 33) as usize
    };
    let mut all = vec![];
    let mut worst = (0u64, String::new());
    for g in 0..games {
        let mut b = Board::new(8);
        let mut s = if g & 1 == 0 {
            Side::Nhex
        } else {
            Side::Opponent
        };
        let opening = next() % 7;
        while !b.is_full() {
            let c = if b.stones() < opening {
                let empty: Vec<Cell> = b.cells().filter(|&c| b.is_empty(c)).collect();
                empty[next() % empty.len()]
            } else if s == Side::Nhex {
                let t = hp.choose_explained(&b).expect("machine");
                all.push(t.cycles);
                if t.cycles > worst.0 {
                    worst = (t.cycles, format!("{b:?}"));
                }
                t.value.expect("a move").cell
            } else {
                let mut t = Board::new(8);
                for c in b.cells() {
                    if let Some(o) = b.owner(c) {
                        t.play(Cell::new(c.v(), c.u()), o.other());
                    }
                }
                let c = e.choose(&t).expect("a move");
                Cell::new(c.v(), c.u())
            };
            b.play(c, s);
            if e.has_won(&b, s) {
                break;
            }
            s = s.other();
        }
    }
    all.sort_unstable();
    let secs = |c: u64| c as f64 * 980e-9;
    println!(
        "{} moves: median {:.3} s, p90 {:.3} s, max {:.3} s of 2100A time",
        all.len(),
        secs(all[all.len() / 2]),
        secs(all[all.len() * 9 / 10]),
        secs(worst.0)
    );
    println!("{}", worst.1);
}
