//! `retro lgame`: the L-game of M. Sato's TOSBAC-3300 paper: the classification of its
//! 2296 essentially different positions, a game against the perfect player, the tables as
//! T3300-R assembler data, and the benchmarks of the native and the emulated classifier.
//!
//! By default `classify`, `play` and `step` run the paper's programs on the T3300-R emulator
//! (crate `lgame-t3300`, module `runs`: `asm/t3300/lgame.asm` and `asm/t3300/lgm.asm`);
//! `--native` runs the native reference (crate `lgame`) instead; `lgame_t3300::commands`
//! chooses between them. This file turns the arguments into their options and prints what
//! they return.

use crate::out::Out;
use crate::CliResult;
use clap::Subcommand;
use host_terminal::{outfile, TerminalOperator};
use lgame_t3300::commands::{self, PlayChoices};
use lgame_t3300::runs;
use std::io::Write;
use std::process::ExitCode;

#[derive(Subcommand)]
pub enum Cmd {
    /// Classify the 2296 positions of M into B, F, U by level on the T3300-R (TOSBAC-3300
    /// reconstruction) running asm/t3300/lgame.asm; print the table of §9, B0, and the
    /// machine time of each extension pass
    #[command(
        after_help = "Examples:\n  retro lgame classify                     # on the T3300-R, with the machine time\n  retro lgame classify --native --list"
    )]
    Classify {
        /// Use the native classifier instead of the emulated program
        #[arg(long)]
        native: bool,
        /// Also list the class and level of every l-type (one line each)
        #[arg(long)]
        list: bool,
        /// Memory cycle time of the T3300-R in microseconds
        #[arg(long, default_value_t = 2.0)]
        cycle_us: f64,
        /// Write the result tape the program punches (one frame per l-type) to this file
        #[arg(long, value_name = "FILE")]
        tape_out: Option<std::path::PathBuf>,
        /// Compute every extension from h directly instead of through phi over f (section 8),
        /// to compare the cost of the two methods
        #[arg(long)]
        direct: bool,
    },
    /// Play the L-game against LGM on the T3300-R (TOSBAC-3300 reconstruction). A move is the
    /// four cells of your L (row and column 1-4 each, e.g. 21 31 41 42), optionally followed by
    /// a neutral's cell and the empty cell it moves to (e.g. 11-14). HELP at any question
    /// explains it (LGM's own help in a game, the operator's before and after one); QUIT stops
    /// the machine at once
    #[command(
        after_help = "Examples:\n  retro lgame play                         # LGM on the T3300-R; HELP at any question\n  retro lgame play --native --hints"
    )]
    Play {
        /// Play against the native perfect player instead of LGM
        #[arg(long)]
        native: bool,
        /// Play blue; the computer plays red and moves first
        #[arg(long)]
        second: bool,
        /// Let the computer play both sides (LGM only)
        #[arg(long)]
        watch: bool,
        /// Play against the random player instead of the perfect one (--native only)
        #[arg(long)]
        random: bool,
        /// Seed for the computer's choice among equally good moves
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Start from this board instead of §4's, red to move (rows of r b n o, e.g.
        /// nbbo/orbo/orbo/orrn)
        #[arg(long, value_name = "ROWS")]
        start: Option<String>,
        /// Show the class (B, F, U and level) of every position (--native only)
        #[arg(long)]
        hints: bool,
        /// Print at the teletype's 10 characters per second
        #[arg(long)]
        realtime: bool,
    },
    /// Open the classifier (asm/t3300/lgame.asm) at the T3300-R's sim> console (the stepping
    /// debugger), with its +labels+; type help for the commands. --tour runs the guided tour of docs/lgame.md
    #[command(after_help = "Examples:\n  retro lgame step --tour --fast-io")]
    Step {
        /// Run the guided tour (the commands are shown as they run)
        #[arg(long)]
        tour: bool,
        /// Read console commands from this file, showing them, instead of the terminal
        #[arg(long, value_name = "FILE")]
        script: Option<std::path::PathBuf>,
        /// Do not charge the typewriter's time (100 ms a character)
        #[arg(long)]
        fast_io: bool,
    },
    /// Time the native classification (graph of moves, then the extensions of §8), or with
    /// --emulated the classifier's whole run on the T3300-R
    #[command(after_help = "Examples:\n  retro lgame bench --runs 5")]
    Bench {
        /// How many classifications to time (default 50, or 3 with --emulated)
        #[arg(long)]
        runs: Option<usize>,
        /// Time asm/t3300/lgame.asm on the T3300-R instead of the native classifier
        #[arg(long)]
        emulated: bool,
    },
    /// Print +fred+, +form+, +ti+, +mt+ and +bo+ as T3300-R assembler data (oct./fix.)
    #[command(after_help = "Examples:\n  retro lgame tables")]
    Tables,
}

pub fn run(cmd: Cmd) -> CliResult {
    match cmd {
        Cmd::Classify {
            native: false,
            list,
            cycle_us,
            tape_out,
            direct,
        } => {
            // The tape's file is made before the run, so that a bad path is named at once.
            let tape_file = tape_out.as_deref().map(outfile::create).transpose()?;
            let mut file = tape_file.zip(tape_out.as_deref());
            let mut write_tape = |tape: &[u8]| -> Result<(), runs::Error> {
                if let Some((f, path)) = file.take() {
                    outfile::finish(f, path, tape)?;
                }
                Ok(())
            };
            let tape = tape_out
                .is_some()
                .then_some(&mut write_tape as runs::TapeOut);
            let agrees = runs::classify(&mut Out, cycle_us, tape, direct, list)?;
            Ok(ExitCode::from(u8::from(!agrees)))
        }
        Cmd::Classify { list, direct, .. } => out(&commands::native_classification(list, direct)?),
        Cmd::Play {
            native,
            second,
            watch,
            random,
            seed,
            start,
            hints,
            realtime,
        } => {
            let o = PlayChoices {
                native,
                second,
                watch,
                random,
                seed,
                start,
                hints,
                realtime,
            };
            let keys = Some(host_terminal::Keyboard::stdin().keys());
            if commands::play(&mut std::io::stderr(), &o, keys)? {
                errln!("\nretro: end of input; LGM stopped waiting for a key");
            }
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Step {
            tour,
            script,
            fast_io,
        } => {
            // A reader that stops early (`| head`) is not an error (`out::exit_for`).
            // With the tour or a script the commands are its lines: the keyboard is not read.
            let mut operator = if tour || script.is_some() {
                TerminalOperator::without_keyboard()
            } else {
                TerminalOperator::new()
            };
            runs::step(&mut Out, tour, script.as_deref(), fast_io, &mut operator)?;
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Bench {
            runs,
            emulated: false,
        } => out(&lgame::bench::run(runs.unwrap_or(50))?.to_string()),
        Cmd::Bench {
            runs,
            emulated: true,
        } => out(&lgame_t3300::bench::run(runs.unwrap_or(3))?.to_string()),
        Cmd::Tables => out(&commands::tables()),
    }
}

/// Write to standard output; a reader that stops early (`| head`) is not an error
/// (`out::exit_for`).
fn out(text: &str) -> CliResult {
    Out.write_all(text.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}
