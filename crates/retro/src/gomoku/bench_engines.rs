//! `retro gomoku bench-engines`: the search on the forced-win positions (time to each win),
//! its speed in nodes per second, and optionally the 10-game match of search against eval
//! (`gomoku_engines::forcing::bench` and `gomoku_engines::duel`).

use crate::CliResult;
use gomoku::Rule;
use gomoku_engines::duel::search_against_eval;
use gomoku_engines::forcing::bench;
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
    outln!("{}", bench(a.rule, a.nodes).report(a.rule))?;
    if let Some(n) = a.r#match {
        errln!("playing the 10-game match, {n} nodes a move; each game is printed as it ends ...");
        let mut failed = None;
        let summary = search_against_eval(a.rule, n, |l| {
            if let Err(e) = outln!("{l}") {
                failed.get_or_insert(e);
            }
        });
        if let Some(e) = failed {
            return Err(e.into());
        }
        outln!("{summary}")?;
    }
    Ok(ExitCode::SUCCESS)
}
