//! `retro hex`: NHEX, the 1975 HEX program of the University of Electro-Communications
//! (crate `nhex`): play it at the teletype, replay the 1975 logs against it, write its tables
//! as HP 2100 assembly, and time it.

use crate::CliResult;
use clap::Subcommand;
use nhex::dialogue::Dialogue;
use nhex::engine::Engine;
use nhex::replay::Mover;
use nhex::report;
use nhex::table::Table;
use nhex_hp2100::MachineEngine;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use teletype::{Scripted, Terminal, Transcript, TtyHost};

#[derive(Subcommand)]
pub enum Cmd {
    /// Play NHEX at the teletype: the 1975 program booted on the emulated HP 2100A (you join
    /// left and right, NHEX top and bottom)
    Play {
        /// Run the native Rust reference engine instead of the HP 2100A program
        #[arg(long)]
        native: bool,
        /// The opponent's typed lines, one per prompt, for batch runs
        #[arg(long)]
        input: Option<PathBuf>,
        /// Write what the paper roll shows to this file
        #[arg(long)]
        transcript: Option<PathBuf>,
        /// Pace the live terminal at the ASR-33's 10 characters per second
        #[arg(long)]
        realtime: bool,
        /// After the session, print the 2100A seconds and cycles of every NHEX reply
        #[arg(long, conflicts_with = "native")]
        stats: bool,
    },
    /// Replay teletype logs: check them, compare every NHEX move with ours, score agreement
    Replay {
        /// Logs in the format of tests/nhex/*.txt (other text files are skipped with a note)
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Also write the final board as SVG (one file per game: NAME, NAME-2, ...)
        #[arg(long)]
        svg: Option<PathBuf>,
        /// Show GPCC (x,y) coordinates too (the Tokai match convention)
        #[arg(long)]
        gpcc: bool,
        /// Let NHEX's moves come from the HP 2100A program on the emulator
        #[arg(long)]
        machine: bool,
    },
    /// Write the pattern table and the other constant tables as HP 2100 assembly data
    GenTables {
        /// Output file, e.g. asm/hp2100/nhex-tables.asm
        #[arg(short, long)]
        output: PathBuf,
    },
    /// Time the engine: milliseconds per move on 8x8, from the empty to the full board
    Bench {
        /// Number of games to play (NHEX against a pseudo-random opponent)
        #[arg(long, default_value_t = 10)]
        games: usize,
    },
}

pub fn run(cmd: Cmd) -> CliResult {
    match cmd {
        Cmd::Play {
            native: false,
            input,
            transcript,
            realtime,
            stats,
        } => crate::hex_machine::play(input.as_deref(), transcript.as_deref(), realtime, stats),
        Cmd::Play {
            native: true,
            input,
            transcript,
            realtime,
            ..
        } => play(input, transcript, realtime),
        Cmd::Replay {
            files,
            svg,
            gpcc,
            machine: true,
        } => replay_with(&files, svg.as_deref(), gpcc, &mut MachineEngine::new()?),
        Cmd::Replay {
            files, svg, gpcc, ..
        } => replay(&files, svg.as_deref(), gpcc),
        Cmd::GenTables { output } => gen_tables(&output),
        Cmd::Bench { games } => bench(games),
    }
}

fn play(input: Option<PathBuf>, transcript: Option<PathBuf>, realtime: bool) -> CliResult {
    let scripted = input.is_some();
    let host: Box<dyn TtyHost> = match &input {
        Some(p) => {
            let text = std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()))?;
            Box::new(Scripted::from_lines(&text))
        }
        None => Box::new(Terminal::new(realtime)),
    };
    let saved = transcript
        .as_deref()
        .map(|t| crate::outfile::create(t).map(|f| (f, t)))
        .transpose()?;
    let mut d = Dialogue::new(Transcript::new(host), Engine::default());
    d.run();
    let paper = d.console.host().paper();
    if scripted {
        out!("{paper}")?;
    }
    if let Some((f, t)) = saved {
        crate::outfile::finish(f, t, paper.as_bytes())?;
    }
    Ok(ExitCode::SUCCESS)
}

fn replay(files: &[PathBuf], svg: Option<&Path>, gpcc: bool) -> CliResult {
    replay_with(files, svg, gpcc, &mut &Engine::default())
}

/// Print the replay report of `nhex::report` with NHEX's moves from `mover` (its errors on
/// standard error); the exit status is 1 when a file could not be read, a log has no game or
/// is not a legal game, or no game was replayed at all.
fn replay_with<M: Mover>(
    files: &[PathBuf],
    svg: Option<&Path>,
    gpcc: bool,
    mover: &mut M,
) -> CliResult {
    if let Some(p) = svg {
        crate::outfile::check_folder(p)?;
    }
    let opts = report::Options { svg, gpcc };
    let sum = report::replay_files(
        files,
        opts,
        mover,
        &mut crate::out::Out,
        &mut std::io::stderr(),
    )?;
    Ok(if sum.failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn gen_tables(output: &Path) -> CliResult {
    let t = Table::standard();
    let (src, words) = nhex::asm::tables_source(t);
    if let Some(dir) = output.parent() {
        if !dir.as_os_str().is_empty() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
    }
    std::fs::write(output, src).map_err(|e| format!("{}: {e}", output.display()))?;
    outln!(
        "{}: {} patterns, {words} words",
        output.display(),
        t.patterns.len()
    )?;
    Ok(ExitCode::SUCCESS)
}

fn bench(games: usize) -> CliResult {
    let t = nhex::bench::run(games).ok_or("engine found no move")?;
    out!("{t}")?;
    Ok(ExitCode::SUCCESS)
}
