//! A stop signal ends a search in progress: the engine answers at once with a point it may
//! take, and every later move too (`budget.rs` note 1).

use gomoku::{Game, Rule};
use gomoku_engines::{EngineKind, Limits, Stop};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

#[test]
fn a_stopped_search_ends_early_with_a_free_point() {
    let mut game = Game::new(Rule::Guide1993);
    for p in ["h8", "h9", "i9"] {
        game.play(p.parse().unwrap()).unwrap();
    }
    let mut engine = EngineKind::Search.build(0);
    let stop: Stop = Arc::new(AtomicBool::new(false));
    engine.set_stop(stop.clone());
    let setter = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(50));
        stop.store(true, Ordering::Relaxed);
    });
    // A budget of ten thousand million nodes would take days; the stop comes after 50 ms,
    // and the move must come long before (a bound a loaded machine cannot fail; docs/web.md
    // has the measured delay).
    let t = Instant::now();
    let p = engine.choose(&game, Rule::Guide1993, &Limits::nodes(10_000_000_000));
    setter.join().unwrap();
    assert!(t.elapsed() < Duration::from_secs(60), "{:?}", t.elapsed());
    let mut after = game.clone();
    after.play(p).expect("a free point");
    let q = engine.choose(&game, Rule::Guide1993, &Limits::nodes(10_000_000_000));
    game.play(q).expect("a free point once stopped too");
}
