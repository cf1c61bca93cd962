//! `retro t3300`: the TOSBAC-3300 reconstruction (T3300-R): assemble SMAP II-style source,
//! run absolute images with the console typewriter on the terminal, disassemble, step through
//! a program in the debugger, the console, and time the emulator. The commands are
//! `t3300_asm::files` (asm, disasm, and the programs the others read), `t3300::image_run`
//! (run), `t3300::prompt` (debug, console) and `t3300::bench`, held from the terminal
//! (`host_terminal::TerminalOperator`); this file turns the arguments into their options and
//! prints what they return.

use crate::CliResult;
use clap::Subcommand;
use host_terminal::{command_host, outfile, TerminalOperator};
use machine_core::prompt::Operator;
use machine_core::{Limit, Unit};
use std::path::PathBuf;
use std::process::ExitCode;
use t3300::image_run::{self, RunOptions};
use t3300::prompt::{self, ConsoleOptions};
use t3300_asm::files;

#[derive(Subcommand)]
pub enum Cmd {
    /// Assemble T3300-R (TOSBAC-3300 reconstruction) source into an absolute image
    #[command(
        after_help = "Examples:\n  retro t3300 asm asm/t3300/print.asm -o print.img --listing print.lst"
    )]
    Asm {
        /// SMAP II-style source file
        src: PathBuf,
        /// The image to write
        #[arg(short, long)]
        output: PathBuf,
        /// Also write the listing (octal, with the symbol table)
        #[arg(long)]
        listing: Option<PathBuf>,
    },
    /// Run a T3300-R image (or a .asm source) to its halt, the typewriter on the terminal
    #[command(
        after_help = "Examples:\n  retro t3300 run asm/t3300/print.asm               # a source is assembled first\n  retro t3300 run asm/t3300/print.asm --fast-io --transcript paper.txt"
    )]
    Run {
        /// An image from `retro t3300 asm`, or a source file ending in .asm
        image: PathBuf,
        /// Keyboard input: lines typed one per prompt instead of the keyboard
        #[arg(long)]
        input: Option<PathBuf>,
        /// Write what the typewriter's paper shows to this file
        #[arg(long)]
        transcript: Option<PathBuf>,
        /// Paper tape to mount in the reader (a file of 8-bit frames)
        #[arg(long)]
        tape_in: Option<PathBuf>,
        /// Write what the punch punched to this file
        #[arg(long)]
        tape_out: Option<PathBuf>,
        /// Installed memory in K words: 8, 16 or 32
        #[arg(long, default_value_t = 32)]
        memory: u32,
        /// Memory cycle time in microseconds (the T3300-R default is 2.0)
        #[arg(long, default_value_t = 2.0)]
        cycle_us: f64,
        /// Stop after this many memory cycles
        #[arg(long)]
        max_cycles: Option<u64>,
        /// Stop after this many seconds of machine time (`off`: never). Without a terminal
        /// the default is an hour; at a terminal there is none (Ctrl-C stops the run)
        #[arg(long, value_parser = parse_runlimit)]
        runlimit: Option<Limit>,
        /// Do not charge device time (typewriter 100 ms a character, tape frames)
        #[arg(long)]
        fast_io: bool,
        /// Pace the terminal at 10 characters a second of wall time
        #[arg(long)]
        realtime: bool,
    },
    /// Disassemble an image, with +label+ names from a listing
    #[command(after_help = "Examples:\n  retro t3300 disasm asm/t3300/print.asm")]
    Disasm {
        image: PathBuf,
        /// The listing of the image (for its symbol table)
        #[arg(long)]
        listing: Option<PathBuf>,
    },
    /// The console with a program loaded, and the debugger's extras: breakpoints, watches,
    /// examine, deposit, step back
    #[command(
        after_help = "Examples:\n  retro t3300 debug asm/t3300/print.asm --fast-io   # type help at the sim> prompt"
    )]
    Debug {
        /// An image from `retro t3300 asm`, or a source file ending in .asm (its labels are used)
        image: PathBuf,
        /// The listing of the image: +label+ names for addresses, in commands and disassembly
        #[arg(long)]
        listing: Option<PathBuf>,
        /// Read console commands from this file, each echoed after the prompt, instead of the
        /// terminal
        #[arg(long)]
        script: Option<PathBuf>,
        /// Keyboard input: lines typed one per prompt (without it, no keys are typed)
        #[arg(long)]
        input: Option<PathBuf>,
        /// Stop `continue` and `next` after this many instructions (default: none at a
        /// terminal, where Ctrl-C stops them; an hour of machine time otherwise)
        #[arg(long)]
        limit: Option<u64>,
        /// Do not charge device time (typewriter 100 ms a character, tape frames)
        #[arg(long)]
        fast_io: bool,
    },
    /// The T3300-R at a `sim>` prompt: load, attach, examine, deposit, go, step, breakpoints,
    /// do, quit, and the debugger's extras (`help` lists them); commands from standard input
    /// when it is not a terminal
    #[command(after_help = "Examples:\n  retro t3300 console asm/t3300/print.asm")]
    Console {
        /// An image or .asm source to load first
        image: Option<PathBuf>,
        /// The listing of the image: +label+ names for addresses
        #[arg(long)]
        listing: Option<PathBuf>,
        /// Keyboard input: lines typed one per prompt (without it, no keys are typed)
        #[arg(long)]
        input: Option<PathBuf>,
        /// Do not charge device time (typewriter 100 ms a character, tape frames)
        #[arg(long)]
        fast_io: bool,
    },
    /// Measure the emulator's speed on the benchmark loop (asm/t3300/bench.asm) or a program
    #[command(after_help = "Examples:\n  retro t3300 bench --seconds 0.5")]
    Bench {
        /// Seconds of wall time to run for
        #[arg(long, default_value_t = 3.0)]
        seconds: f64,
        /// Time this program instead (it is restarted each time it halts)
        #[arg(long)]
        program: Option<PathBuf>,
    },
}

pub fn run(cmd: Cmd) -> CliResult {
    let out = &mut crate::out::Out;
    match cmd {
        Cmd::Asm {
            src,
            output,
            listing,
        } => match files::assemble_file(&src, &output, listing.as_deref())? {
            Ok(said) => {
                errln!("{said}");
                Ok(ExitCode::SUCCESS)
            }
            Err(diagnostics) => {
                errln!("{diagnostics}");
                Ok(ExitCode::FAILURE)
            }
        },
        Cmd::Run {
            image,
            input,
            transcript,
            tape_in,
            tape_out,
            memory,
            cycle_us,
            max_cycles,
            runlimit,
            fast_io,
            realtime,
        } => {
            let typed = input.is_some();
            let (config, limit) =
                image_run::run_config(memory, cycle_us, max_cycles, runlimit, fast_io, typed)?;
            let opts = RunOptions { tape_in, limit };
            let program = files::load_program(&image)?;
            // The punch's file is made before the run, so that a bad path is named at once.
            let tape_file = tape_out.as_deref().map(outfile::create).transpose()?;
            let mut operator = TerminalOperator::for_run();
            let keys = if input.is_none() {
                operator.keys()
            } else {
                None
            };
            let host = command_host::host(
                input.as_deref(),
                transcript.as_deref(),
                realtime,
                None,
                keys,
            )?;
            let report = image_run::run_image(&image, program, config, host, &opts, &mut operator)?;
            if let (Some(f), Some(t)) = (tape_file, &tape_out) {
                outfile::finish(f, t, &report.punched)?;
            }
            errln!("{}", report.summary);
            Ok(ExitCode::from(u8::from(!report.halted())))
        }
        Cmd::Disasm { image, listing } => {
            // A closed pipe (`| head`) ends the listing quietly, a full disk with status 2.
            let text = files::disassembly(&image, listing.as_deref())?;
            std::io::Write::write_all(out, text.as_bytes())?;
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Bench { seconds, program } => {
            let program = match program {
                Some(p) => t3300::bench::Program {
                    name: p.display().to_string(),
                    image: files::load_program(&p)?.0,
                    passes: None,
                },
                None => {
                    let (image, passes) = files::bench_loop()?;
                    t3300::bench::Program {
                        name: files::BENCH_NAME.to_string(),
                        image,
                        passes: Some(passes),
                    }
                }
            };
            outln!("{}", t3300::bench::run(&program, seconds)?)?;
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Debug {
            image,
            listing,
            script,
            input,
            limit,
            fast_io,
        } => {
            let image = Some(image);
            let o = ConsoleOptions {
                image,
                listing,
                script,
                input,
                limit,
                fast_io,
            };
            // With a script the commands are its lines: the keyboard is not read.
            let mut operator = match o.script {
                Some(_) => TerminalOperator::without_keyboard(),
                None => TerminalOperator::new(),
            };
            prompt::run_console(out, &o, files::program_and_labels, &mut operator)?;
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Console {
            image,
            listing,
            input,
            fast_io,
        } => {
            let o = ConsoleOptions {
                image,
                listing,
                input,
                fast_io,
                ..Default::default()
            };
            let mut operator = TerminalOperator::new();
            prompt::run_console(out, &o, files::program_and_labels, &mut operator)?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn parse_runlimit(s: &str) -> Result<Limit, String> {
    Limit::parse(s, Unit::Seconds)
}
