//! Integration: the outside Gomocup engine `pbrain-figrid` (crate figrid-board, a 2025 Gomocup
//! entrant with renju support) plays through the dohyo over pbrain against our `search`, under
//! renju. Without the engine (`cargo install figrid-board --version 1.2.0 --features
//! embed-weights`), checked when the test runs (crate `needs`), it reports itself ignored, so
//! `cargo test` names and counts it; `RETRO_REQUIRE_FIGRID=1` (set by `.ci/run` in CI) makes
//! its absence a failure (`main.rs`).
//!
//! Notes:
//! 1. figrid is told 1 ms a move and searches one ply (its own switch `NORU_PBRAIN_MAX_DEPTH`,
//!    set through `env`); `search` has 1,000 nodes a move. On time figrid thinks at least 50 ms
//!    a move whatever it is told (it keeps 150 ms of the announced `timeout_turn` in hand, with
//!    a floor of 50 ms), and its threat search at the root at least 100 ms: when both played
//!    on 200 ms a move (`search` thinking the whole 200 ms too) the match took 18 s of wall
//!    time, and told 1 ms figrid still used 5 s of CPU. One ply deep it uses 2.4 s, `search`
//!    and the referee 0.4 s, and the match takes 2.9 s (2026-11-29, a 2-core machine at a load
//!    average of 2-5). At a fixed depth of one ply (`NORU_PBRAIN_FIXED_DEPTH`, where its threat
//!    search keeps 150 ms) figrid used 3.6 s, at two plies three times that (and won 4 of 10);
//!    `search` at 300 nodes lost 3 and the games were longer. What is checked is what was
//!    checked on 200 ms: the outside program answers every move over pbrain, so every game
//!    ends on the board (figrid lost 0-10 at 5, 20 and 200 ms a move, at a fixed ply against
//!    1,000 and 5,000 nodes, and here). figrid's threat search keeps its clock, so its games
//!    may differ between runs.
//! 2. `DOHYO_FIGRID_DEPTH` and `DOHYO_FIGRID_NODES` override the depth and the nodes;
//!    `DOHYO_FIGRID_MS` instead plays both sides on that time a move, as the test did before
//!    (for measurements).

use dohyo::bout::{run_match, MatchConfig, Quiet};
use dohyo::crosstable::match_score;
use dohyo::protocol::Settings;
use gomoku::Rule;
use std::path::PathBuf;
use std::time::Duration;

const PROG: &str = env!("CARGO_BIN_EXE_dohyo-testprog");

/// figrid's deepest search (note 1).
fn depth() -> u64 {
    super::env_number("DOHYO_FIGRID_DEPTH", 1)
}

/// `search`'s nodes a move (note 1).
fn nodes() -> u64 {
    super::env_number("DOHYO_FIGRID_NODES", 1_000)
}

/// Milliseconds a move for both, when set (note 2).
fn turn_ms() -> Option<u64> {
    std::env::var("DOHYO_FIGRID_MS")
        .ok()
        .and_then(|s| s.parse().ok())
}

pub fn figrid_plays_a_match_through_the_dohyo() {
    let figrid = needs::program("pbrain-figrid").expect("pbrain-figrid");
    let env = needs::program("env").expect("env");
    let (specs, settings, what) = match turn_ms() {
        Some(ms) => (
            [
                format!("pbrain:{}", figrid.display()),
                format!("pbrain:{PROG} --protocol pbrain --engine search --rule renju"),
            ],
            Settings {
                turn_time: Duration::from_millis(ms),
                ..Settings::new(Duration::from_millis(10_000 + 3 * ms))
            },
            format!("{ms} ms a move"),
        ),
        None => (
            [
                format!(
                    "pbrain:{} NORU_PBRAIN_MAX_DEPTH={} {}",
                    env.display(),
                    depth(),
                    figrid.display()
                ),
                format!(
                    "pbrain:{PROG} --protocol pbrain --engine search --rule renju --nodes {}",
                    nodes()
                ),
            ],
            // No program here is meant to hang: the move time is only the margin against a
            // loaded machine. The time announced is figrid's (note 1).
            Settings {
                turn_time: Duration::from_millis(1),
                ..Settings::new(Duration::from_secs(10))
            },
            format!(
                "1 ms and depth {} against {} nodes a move",
                depth(),
                nodes()
            ),
        ),
    };
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("figrid");
    let _ = std::fs::remove_dir_all(&out);
    let cfg = MatchConfig {
        number: 1,
        seed: 2025,
        rule: Rule::Renju,
        draw_after: 200,
        settings,
        specs: specs.map(|s| s.parse().unwrap()),
        entrants: [1, 2],
        out,
        resume: false,
    };
    let log = run_match(&cfg, None, &Quiet).unwrap();
    let (f, s) = match_score(&log);
    println!("pbrain-figrid {f} - search {s} at {what}");
    for g in &log.games {
        println!("  {g}");
        // Both programs answered every move: every game ended on the board.
        assert!(matches!(g.reason(), "five" | "forbidden" | "draw"), "{g}");
        assert!(g.plies > 4);
    }
}
