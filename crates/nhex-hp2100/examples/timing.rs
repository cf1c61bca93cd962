//! Time per reply in whole sessions at the teletype (the figures of docs/nhex-hp2100.md):
//! NHEX on the 2100A against the automatic opponent (the reference engine, then two
//! pseudo-random players), GAMES games each. `cargo run --release -p nhex-hp2100 --example
//! timing [GAMES]`

use hp2100::panel::Limit;
use nhex_hp2100::opponent::{AutoOpponent, Style};
use nhex_hp2100::stats::median_max;
use nhex_hp2100::{play, MoveClock};

fn main() {
    let games: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(6);
    let (mut all, mut walls) = (vec![], vec![]);
    for style in [Style::Engine, Style::Random(1975), Style::Random(308)] {
        let host = MoveClock::new(AutoOpponent::new(style, games));
        let (s, h) = play(host, Limit::seconds(100_000.0)).expect("boot");
        let t: Vec<u64> = h.moves().iter().map(|m| m.nanos).collect();
        let w: Vec<u64> = h
            .moves()
            .iter()
            .map(|m| m.wall.as_micros() as u64)
            .collect();
        let (med, max) = median_max(t.clone()).unwrap_or_default();
        let (wmed, wmax) = median_max(w.clone()).unwrap_or_default();
        println!(
            "{style:?}: {} replies, median {:.3} s, max {:.3} s (wall {:.2} / {:.2} ms); {}, {:.0} s of 2100A time in {:?}",
            t.len(),
            med as f64 / 1e9,
            max as f64 / 1e9,
            wmed as f64 / 1e3,
            wmax as f64 / 1e3,
            s.stop,
            s.seconds,
            s.wall
        );
        all.extend(t);
        walls.extend(w);
    }
    let (med, max) = median_max(all.clone()).unwrap_or_default();
    let (wmed, wmax) = median_max(walls).unwrap_or_default();
    println!(
        "all: {} replies, median {:.3} s, max {:.3} s of 2100A time; wall median {:.2} ms, max {:.2} ms",
        all.len(),
        med as f64 / 1e9,
        max as f64 / 1e9,
        wmed as f64 / 1e3,
        wmax as f64 / 1e3
    );
}
