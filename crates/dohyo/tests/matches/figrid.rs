//! Integration: the outside Gomocup engine `pbrain-figrid` (crate figrid-board, a 2025 Gomocup
//! entrant with renju support) plays through the dohyo over pbrain against our `search`, both
//! at the same time per move, under renju. Without the engine (`cargo install figrid-board
//! --version 1.2.0 --features embed-weights`), checked when the test runs (crate `needs`), it
//! reports itself ignored, so `cargo test` names and counts it; `RETRO_REQUIRE_FIGRID=1` (set
//! by `.ci/run` in CI) makes its absence a failure (`main.rs`).

use dohyo::bout::{run_match, MatchConfig, Quiet};
use dohyo::crosstable::match_score;
use dohyo::protocol::Settings;
use gomoku::Rule;
use std::path::PathBuf;
use std::time::Duration;

const PROG: &str = env!("CARGO_BIN_EXE_dohyo-testprog");
/// Milliseconds per move for both (`DOHYO_FIGRID_MS` overrides, for measurements).
fn turn_ms() -> u64 {
    std::env::var("DOHYO_FIGRID_MS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(200)
}

pub fn figrid_plays_a_match_through_the_dohyo() {
    let figrid = needs::program("pbrain-figrid").expect("pbrain-figrid");
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("figrid-{}", turn_ms()));
    let _ = std::fs::remove_dir_all(&out);
    let cfg = MatchConfig {
        number: 1,
        seed: 2025,
        rule: Rule::Renju,
        draw_after: 200,
        settings: Settings {
            turn_time: Duration::from_millis(turn_ms()),
            ..Settings::new(Duration::from_millis(10_000 + 3 * turn_ms()))
        },
        specs: [
            format!("pbrain:{}", figrid.display()).parse().unwrap(),
            format!("pbrain:{PROG} --protocol pbrain --engine search --rule renju")
                .parse()
                .unwrap(),
        ],
        entrants: [1, 2],
        out,
        resume: false,
    };
    let log = run_match(&cfg, None, &Quiet).unwrap();
    let (f, s) = match_score(&log);
    println!("pbrain-figrid {f} - search {s} at {} ms a move", turn_ms());
    for g in &log.games {
        println!("  {g}");
        // Both programs answered every move: every game ended on the board.
        assert!(matches!(g.reason(), "five" | "forbidden" | "draw"), "{g}");
        assert!(g.plies > 4);
    }
}
