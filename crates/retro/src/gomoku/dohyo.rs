//! `retro gomoku dohyo|tournament|crosstable|engine`: the 1993 referee program and our engines
//! as programs for it (crate `dohyo`). This file only parses arguments.

use crate::CliResult;
use clap::Args;
use dohyo::bout::MatchConfig;
use dohyo::engine::{serve_engine, EngineBrain};
use dohyo::protocol::Settings;
use dohyo::screen::Live;
use dohyo::spec::{ProgramSpec, Protocol};
use dohyo::tournament::{self, TournamentConfig};
use gomoku::Rule;
use gomoku_engines::EngineKind;
use slurm::handover::hand_over_this_run;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// What a match and a tournament share.
#[derive(Args, Clone)]
pub struct Common {
    /// Seed of the openings (the same seed replays the same openings)
    #[arg(long, default_value_t = 1993)]
    seed: u64,
    /// Black's forbidden moves: `1993` (the guide's, the default of everything that plays
    /// by the 1993 tournament's rules) or `renju`
    #[arg(long, default_value = "1993")]
    rule: Rule,
    /// A game not decided when this many moves are on the board is drawn (guide §1.2: 200)
    #[arg(long, default_value_t = 200)]
    draw_after: usize,
    /// Seconds a program has for one move; a program over it is killed and loses the match
    /// 10-0. The default is the 1993 guide's 60 s; our `search` engine over pbrain without
    /// --nodes thinks for 90% of the time announced (~54 s a move), so a game takes most of
    /// an hour and a tournament of several engines a day or more: --move-time 1 for a quick
    /// look, or give the engines --nodes
    #[arg(long, default_value_t = 60.0)]
    move_time: f64,
    /// Seconds per move announced to pbrain programs (INFO timeout_turn); default --move-time
    #[arg(long)]
    turn_time: Option<f64>,
    /// Folder for the logs, the game records and the programs' working folders
    #[arg(long, default_value = "dohyo-out")]
    out: PathBuf,
    /// Also write every game as a JSON line to this file
    #[arg(long)]
    results: Option<PathBuf>,
    /// Go on with the logs already in --out instead of refusing to overwrite them
    #[arg(long)]
    resume: bool,
    /// Show nothing while playing
    #[arg(long, short)]
    quiet: bool,
    /// Show pbrain MESSAGE/DEBUG lines, the lines sent, and the programs' standard error
    #[arg(long, short)]
    verbose: bool,
}

impl Common {
    fn settings(&self) -> Result<Settings, String> {
        Settings::from_seconds(self.move_time, self.turn_time, self.verbose)
    }
}

#[derive(Args)]
pub struct MatchArgs {
    /// Program A, e.g. `file:./prog`, `cmdline:./prog`, `pbrain:pbrain-figrid`
    a: ProgramSpec,
    /// Program B
    b: ProgramSpec,
    #[command(flatten)]
    common: Common,
}

pub fn run_match(args: MatchArgs) -> CliResult {
    let c = &args.common;
    let cfg = MatchConfig {
        number: 1,
        seed: c.seed,
        rule: c.rule,
        draw_after: c.draw_after,
        settings: c.settings()?,
        specs: [args.a, args.b],
        entrants: [1, 2],
        out: c.out.clone(),
        resume: c.resume,
    };
    let screen = Live::default();
    let line = screen.run_match(&cfg, c.results.as_deref(), c.quiet)?;
    if let Some(e) = screen.take_error() {
        return Err(crate::out::stdout_error(e).into());
    }
    outln!("{line}")?;
    Ok(ExitCode::SUCCESS)
}

#[derive(Args)]
pub struct TournamentArgs {
    /// The programs, two or more (specs as for `dohyo`)
    #[arg(required = true, num_args = 2..)]
    programs: Vec<ProgramSpec>,
    /// Matches played at once (default: the number of cores)
    #[arg(long)]
    jobs: Option<usize>,
    /// Play only share K of N of the pairings (e.g. 2/3); `crosstable` merges the shares' logs
    #[arg(long, default_value = "1/1")]
    share: longrun::Share,
    #[command(flatten)]
    common: Common,
    #[command(flatten)]
    slurm: crate::slurm::SlurmArgs,
}

pub fn run_tournament(args: TournamentArgs) -> CliResult {
    let c = &args.common;
    if let Some(n) = args.slurm.slurm {
        let h = args.slurm.handover(n, "tournament");
        let said = hand_over_this_run(&h, &["gomoku", "crosstable"], &c.out)?;
        outln!("{said}")?;
        return Ok(ExitCode::SUCCESS);
    }
    let cfg = TournamentConfig {
        specs: args.programs,
        seed: c.seed,
        rule: c.rule,
        draw_after: c.draw_after,
        settings: c.settings()?,
        out: c.out.clone(),
        jobs: longrun::runner::jobs(args.jobs),
        share: args.share,
        resume: c.resume,
        progress: !c.quiet,
        results: c.results.clone(),
    };
    let table = tournament::run_tournament(&cfg)?;
    out!("{}", tournament::outcome_text(&cfg, table.as_ref()))?;
    Ok(ExitCode::SUCCESS)
}

#[derive(Args)]
pub struct CrosstableArgs {
    /// Match logs (`match-NNN.log`) of one tournament, from any number of shares; or the one
    /// folder the shares wrote into, which must then hold every match, finished
    #[arg(required = true)]
    logs: Vec<PathBuf>,
    /// text (appendix B), csv or json
    #[arg(long, default_value = "text")]
    format: String,
    /// Also write crosstable.txt, .csv and .json into this folder
    #[arg(long)]
    out: Option<PathBuf>,
}

pub fn run_crosstable(args: CrosstableArgs) -> CliResult {
    let text = tournament::crosstable_text(&args.logs, args.out.as_deref(), &args.format)?;
    out!("{text}")?;
    Ok(ExitCode::SUCCESS)
}

#[derive(Args)]
pub struct EngineArgs {
    /// file (5moku.ban/5moku.res in the current folder), cmdline (appendix G) or pbrain
    #[arg(long)]
    protocol: Protocol,
    /// eval or search
    #[arg(long, default_value = "search")]
    engine: EngineKind,
    /// Black's forbidden moves: `1993` or `renju`
    #[arg(long, default_value = "1993")]
    rule: Rule,
    /// Milliseconds per move (default: a pbrain manager's timeout_turn, else a node budget)
    #[arg(long)]
    time_ms: Option<u64>,
    /// Nodes per move
    #[arg(long)]
    nodes: Option<u64>,
    /// Seed for breaking ties
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// The referee's words (command-line protocol: `S 4 0808 0807 0806` or `g6 0907`)
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    words: Vec<String>,
}

pub fn run_engine(args: EngineArgs) -> CliResult {
    let mut brain = EngineBrain::new(
        args.engine,
        args.rule,
        args.time_ms.map(Duration::from_millis),
        args.nodes,
        args.seed,
    );
    match serve_engine(args.protocol, &args.words, &mut brain) {
        // In pbrain the protocol is standard input and output: a closed pipe or a full disk
        // there ends the engine as it ends every command (`out`).
        Err(dohyo::protocol::file::ServeError::Io(e)) if args.protocol == Protocol::Pbrain => {
            Err(crate::out::stdout_error(e).into())
        }
        r => r.map(|()| ExitCode::SUCCESS).map_err(Into::into),
    }
}
