//! Acceptance: our `search` engine beats `eval` in a ten-game match in each protocol, both
//! served as `retro gomoku engine` serves them. A node budget, not a time limit, makes the games
//! the same on every machine: at 5 000 nodes a move `search` wins 9-1 in each protocol (the
//! three play the same games, move for move), in 1.35 s of CPU over pbrain and 2.7 s each over
//! the file and command-line protocols, which start both programs afresh each move and spend
//! half of it starting them (2026-11-29; 14.4 s for the three before the engines' board kept
//! its line codes); at 2 000 nodes it wins only 6-2, so the budget is the smallest that still
//! shows the engine's strength. Debug builds skip it (`main.rs`).

use dohyo::bout::{run_match, MatchConfig, Quiet};
use dohyo::crosstable::match_score;
use dohyo::protocol::Settings;
use gomoku::Rule;
use std::path::PathBuf;
use std::time::Duration;

const PROG: &str = env!("CARGO_BIN_EXE_dohyo-testprog");
/// Nodes per move for `search` (`DOHYO_ENGINES_NODES` overrides, for measurements).
fn nodes() -> u64 {
    super::env_number("DOHYO_ENGINES_NODES", 5_000)
}

fn search_against_eval(protocol: &str) {
    let spec = |engine: &str| {
        format!(
            "{protocol}:{PROG} --protocol {protocol} --engine {engine} --nodes {}",
            nodes()
        )
        .parse()
        .unwrap()
    };
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("engines")
        .join(protocol);
    let _ = std::fs::remove_dir_all(&out);
    let cfg = MatchConfig {
        number: 1,
        seed: 1993,
        rule: Rule::Guide1993,
        draw_after: 200,
        settings: Settings::new(Duration::from_secs(60)),
        specs: [spec("search"), spec("eval")],
        entrants: [1, 2],
        out,
        resume: false,
    };
    let log = run_match(&cfg, None, &Quiet).unwrap();
    let (search, eval) = match_score(&log);
    println!("{protocol}: search {search} - eval {eval}");
    for g in &log.games {
        println!("  {g}");
        assert!(matches!(g.reason(), "five" | "forbidden" | "draw"), "{g}");
    }
    assert!(search >= 9, "{protocol}: search won only {search} of 10");
}

pub fn search_beats_eval_over_the_file_protocol() {
    search_against_eval("file");
}

pub fn search_beats_eval_over_the_command_line_protocol() {
    search_against_eval("cmdline");
}

pub fn search_beats_eval_over_pbrain() {
    search_against_eval("pbrain");
}
