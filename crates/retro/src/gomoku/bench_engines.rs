//! `retro gomoku bench-engines`: the search on the forced-win positions (time to each win),
//! its speed in nodes per second, and optionally the 10-game match of search against eval.

use crate::CliResult;
use gomoku::Rule;
use gomoku_engines::duel::{play_match, wilson};
use gomoku_engines::forcing::bench;
use gomoku_engines::{EngineKind, Limits};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Rule: renju or 1993
    #[arg(long, default_value = "renju")]
    rule: Rule,
    /// Nodes of each speed search
    #[arg(long, default_value_t = 200_000)]
    nodes: u64,
    /// Also play the guide's 10-game match of search against eval, NODES nodes a move
    #[arg(long, value_name = "NODES")]
    r#match: Option<u64>,
}

pub fn run(a: Args) -> CliResult {
    // The searches print nothing until they are done: say what is running (standard error,
    // so the report on standard output stays as it was).
    errln!(
        "searching the forced-win positions, then {} nodes for the speed ({}); this takes \
         some seconds ...",
        a.nodes,
        a.rule
    );
    let r = bench(a.rule, a.nodes);
    outln!("forced wins ({}): position, nodes, time, line", a.rule)?;
    for f in &r.wins {
        let line = f.line.as_ref().map_or("not found".to_string(), |l| {
            l.iter()
                .map(|&p| gomoku_engines::board::point(p).to_string())
                .collect::<Vec<_>>()
                .join(" ")
        });
        outln!(
            "  {:<20} {:>8} {:>9.3} ms  {line}",
            f.name,
            f.nodes,
            f.time.as_secs_f64() * 1e3
        )?;
    }
    outln!(
        "speed: {} nodes in {:.3} s = {:.0} nodes/s (one thread)",
        r.nodes,
        r.time.as_secs_f64(),
        r.nodes_per_second()
    )?;
    if let Some(n) = a.r#match {
        errln!("playing the 10-game match, {n} nodes a move; each game is printed as it ends ...");
        let mut failed = None;
        let games = play_match(
            EngineKind::Search,
            EngineKind::Eval,
            a.rule,
            &Limits::nodes(n),
            |g| {
                if let Err(e) = outln!("  {}", g.describe("search")) {
                    failed.get_or_insert(e);
                }
            },
        );
        if let Some(e) = failed {
            return Err(e.into());
        }
        let wins = games.iter().filter(|g| g.score() == 1).count();
        let draws = games.iter().filter(|g| g.score() == 0).count();
        let (lo, hi) = wilson(wins as u64, games.len() as u64);
        outln!(
            "search against eval, {n} nodes a move: {wins} won, {draws} drawn, {} lost of {}; \
             win rate {:.0}% (95% CI {:.0}-{:.0}%)",
            games.len() - wins - draws,
            games.len(),
            100.0 * wins as f64 / games.len() as f64,
            100.0 * lo,
            100.0 * hi
        )?;
    }
    Ok(ExitCode::SUCCESS)
}
