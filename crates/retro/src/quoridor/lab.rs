//! `retro quoridor match|experiment|merge`: the command lines of crate `quoridor-lab` (matches
//! and the paper's Tables 1 and 2). Only argument parsing and printing live here.

use crate::CliResult;
use clap::Args;
use quoridor::players::{Formula, Reversal, Start, Tie};
use quoridor::playout::Cut;
use quoridor::policy::Policy;
use quoridor_lab::{merge, sweep, ExperimentConfig, MatchConfig, Share, Sweep, Table};
use slurm::handover::hand_over_this_run;
use std::path::PathBuf;
use std::process::ExitCode;

/// Settings every game of a match or an experiment shares.
#[derive(Args, Debug)]
pub struct GameArgs {
    /// Random moves each side plays first (the paper: 3)
    #[arg(long, default_value_t = 3)]
    random_opening: u32,
    /// What the random opening moves are drawn from: legal (every legal move alike, walls
    /// included), kind (a pawn move or a wall with probability 1/2, then uniform), pawn
    #[arg(long, default_value = "legal", value_name = "KIND")]
    opening: quoridor_lab::opening::Opening,
    /// Plies after which an unfinished game is a draw worth 0.5 to each (the paper: 300)
    #[arg(long, default_value_t = 300)]
    max_moves: u32,
    /// Seed of the run: game k is the same game for the same seed, whatever else changes
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once (default: the number of cores); results do not depend on it
    #[arg(long)]
    jobs: Option<usize>,
    /// Continue the results already in the files instead of refusing to overwrite them
    #[arg(long)]
    resume: bool,
    /// No progress bar or progress lines
    #[arg(long, short)]
    quiet: bool,
}

#[derive(Args, Debug)]
pub struct MatchArgs {
    /// Player A, e.g. `ucb-dt:d=0.005,n=10,playouts=50000`, `ucb:playouts=5000,policy=path:0.5:0.25`,
    /// `ab2`, `random` (`retro quoridor play --help` lists every parameter)
    a: String,
    /// Player B, as A
    b: String,
    /// Games, half with each side first (A first in even-numbered games)
    #[arg(long, default_value_t = 1000)]
    games: u64,
    #[command(flatten)]
    common: GameArgs,
    /// Write each game as a JSON line to FILE as it finishes (needed by --resume)
    #[arg(long, value_name = "FILE")]
    results: Option<PathBuf>,
    /// Write the records (one game a line, the paper's notation) to FILE instead of the output
    #[arg(long, value_name = "FILE")]
    records: Option<PathBuf>,
}

/// The most games a match plays: the game numbers of a run are listed before it starts.
const MAX_GAMES: u64 = 10_000_000;

pub fn run_match(m: MatchArgs) -> CliResult {
    if m.games > MAX_GAMES {
        return Err(format!("--games {}: at most {MAX_GAMES}", m.games).into());
    }
    // The records file is made before the match, so that a bad path is reported at once.
    let records = match &m.records {
        Some(path) => Some((host_terminal::outfile::create(path)?, path.clone())),
        None => None,
    };
    let cfg = MatchConfig {
        a: quoridor_lab::players::parse(&m.a)?,
        b: quoridor_lab::players::parse(&m.b)?,
        games: m.games,
        seed: m.common.seed,
        random_opening: m.common.random_opening,
        opening: m.common.opening,
        max_moves: m.common.max_moves,
        jobs: longrun::runner::jobs(m.common.jobs),
        results: m.results,
        resume: m.common.resume,
        quiet: m.common.quiet,
    };
    let report = quoridor_lab::run_match(&cfg)?;
    if let Some((file, path)) = records {
        host_terminal::outfile::finish(file, &path, report.records_text().as_bytes())?;
    }
    out!("{}", report.text(m.records.as_deref()))?;
    Ok(ExitCode::SUCCESS)
}

#[derive(Args, Debug)]
pub struct ExperimentArgs {
    /// table1 (each d and plain UCB against ab2) or table2 (each d against plain UCB)
    table: Table,
    /// Playouts a move of every UCB player (the paper: 50000)
    #[arg(long, default_value_t = 50_000)]
    playouts: u64,
    /// Games a cell, half with each side first (the paper: 1000)
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// The values of d, comma-separated (default: the paper's)
    #[arg(long, value_name = "LIST")]
    d: Option<String>,
    /// The dynamic threshold's n (the paper: 10)
    #[arg(long, default_value_t = 10)]
    n: u32,
    /// The UCB players' playout policy: uniform, respall or path:P:W (default: the calibrated
    /// one, `docs/quoridor-experiments.md`)
    #[arg(long, value_name = "POLICY")]
    policy: Option<Policy>,
    /// Where playouts stop without a winner: a ply (the paper's game rule: 300) or none
    #[arg(long, default_value = "300", value_name = "PLY|none")]
    cut: Cut,
    /// The UCB formula: ucb1 (with the logarithm, Auer et al.) or printed (the paper's §2.2)
    #[arg(long, default_value = "ucb1")]
    formula: Formula,
    /// Where the threshold's walk starts at each move: zero, or carry (where the last ended)
    #[arg(long, default_value = "zero")]
    start: Start,
    /// A score equal to the threshold counts as: half, loss or win
    #[arg(long, default_value = "half")]
    tie: Tie,
    /// A walk that would turn back ends where it is (stay) or one step back (back)
    #[arg(long, default_value = "stay")]
    reversal: Reversal,
    /// Folder of the per-cell results files, the table (TABLE.md) and the plot (TABLE.svg)
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// Run only the K-th of N shares of all cells' games (merge them with `retro quoridor merge`)
    #[arg(long, value_name = "K/N")]
    share: Option<Share>,
    #[command(flatten)]
    common: GameArgs,
    #[command(flatten)]
    slurm: crate::slurm::SlurmArgs,
}

pub fn run_experiment(e: ExperimentArgs) -> CliResult {
    let table = e.table;
    if let Some(n) = e.slurm.slurm {
        let h = e.slurm.handover(n, &table.to_string());
        let said = hand_over_this_run(&h, &["quoridor", "merge"], &e.out)?;
        outln!("{said}")?;
        return Ok(ExitCode::SUCCESS);
    }
    if e.games > MAX_GAMES {
        return Err(format!("--games {}: at most {MAX_GAMES} a cell", e.games).into());
    }
    let mut config = ExperimentConfig::paper(table);
    if let Some(p) = e.policy {
        config.policy = p;
    }
    if let Some(d) = &e.d {
        config.d = quoridor_lab::experiment::parse_d_list(d)?;
    }
    let config = ExperimentConfig {
        playouts: e.playouts,
        games: e.games,
        n: e.n,
        seed: e.common.seed,
        random_opening: e.common.random_opening,
        max_moves: e.common.max_moves,
        opening: e.common.opening,
        cut: e.cut,
        formula: e.formula,
        start: e.start,
        tie: e.tie,
        reversal: e.reversal,
        ..config
    };
    let run = Sweep {
        config,
        share: e.share.unwrap_or(Share::WHOLE),
        out: e.out,
        jobs: longrun::runner::jobs(e.common.jobs),
        resume: e.common.resume,
        quiet: e.common.quiet,
    };
    outln!("budget: {}", run.config.budget())?;
    out!("{}", sweep::run(&run)?.summary(&run))?;
    Ok(ExitCode::SUCCESS)
}

#[derive(Args, Debug)]
pub struct MergeArgs {
    /// Folders holding the shares' results files
    #[arg(required = true, value_name = "DIR")]
    dirs: Vec<PathBuf>,
    /// Folder for the table, the plot and each cell's merged games (games/)
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// Write the table and the plot even when shares are missing or incomplete
    #[arg(long)]
    partial: bool,
}

pub fn run_merge(m: MergeArgs) -> CliResult {
    let merged = merge::merge_into(&m.dirs, &m.out, m.partial)?;
    for p in &merged.problems {
        errln!("retro: {p}");
    }
    merged.check(m.partial)?;
    out!("{}", merged.text)?;
    Ok(ExitCode::from(if merged.complete { 0 } else { 1 }))
}
