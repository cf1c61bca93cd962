//! `retro quoridor`: the Quoridor of Akiyama and Kotani's dynamic-threshold paper.

use crate::CliResult;
use clap::Subcommand;

mod lab;

#[derive(Subcommand)]
pub enum Cmd {
    /// Play a match of two players: seeded, on all cores, resumable; the result table with its
    /// 95% interval and every game's record
    Match(lab::MatchArgs),
    /// Run the paper's Table 1 or Table 2 sweep (or one share of it): tables, plots, games
    Experiment(lab::ExperimentArgs),
    /// Merge the shares of an experiment into its tables and plots
    Merge(lab::MergeArgs),
}

pub fn run(cmd: Cmd) -> CliResult {
    match cmd {
        Cmd::Match(a) => lab::run_match(a),
        Cmd::Experiment(a) => lab::run_experiment(a),
        Cmd::Merge(a) => lab::run_merge(a),
    }
}
