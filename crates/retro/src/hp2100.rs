//! `retro hp2100`: the HP 2100A's console (interactive, or a script), the operator's boot and
//! run of a tape, the assembler, the disassembler, the debugger and the speed benchmark. The
//! commands are `hp2100::scp::prompt`, `hp2100::tape_run`, `hp2100_asm::files` and
//! `hp2100::bench`, the console and the runs held from the terminal
//! (`host_terminal::TerminalOperator`); this file turns the arguments into their options and
//! prints their results.

use crate::out::Out;
use crate::CliResult;
use clap::{Args, Subcommand};
use host_terminal::TerminalOperator;
use hp2100::panel::Limit;
use hp2100::scp::prompt::{self, DebugOptions};
use hp2100::tape_run::{self, RunOptions};
use hp2100_asm::files;
use machine_core::Unit;
use std::path::PathBuf;
use std::process::ExitCode;

/// `retro hp2100` alone opens the console, as SIMH's `hp2100` does.
#[derive(Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Hp2100 {
    #[command(subcommand)]
    cmd: Option<Cmd>,
}

#[derive(Subcommand)]
pub enum Cmd {
    /// The console at a `sim>` prompt: the script commands typed one by one, with line
    /// editing and history; without a terminal, commands are read from standard input
    #[command(
        after_help = "Examples:\n  retro hp2100 console                        # the sim> prompt; help lists the commands"
    )]
    Console {
        /// A script to run first (`do FILE ARGS...`), then the prompt
        file: Option<PathBuf>,
        /// Arguments, %1..%9 in the script
        args: Vec<String>,
    },
    /// Run a console script (SIMH-style commands: attach, boot, deposit, examine, go, expect ...)
    #[command(
        after_help = "Examples:\n  retro hp2100 script tests/hp2100/nhex.do   # NHEX booted, one move played"
    )]
    Script {
        /// The script file
        file: PathBuf,
        /// Arguments, %1..%9 in the script
        args: Vec<String>,
    },
    /// Boot a tape as an operator does (BBL from the photoreader), then run it on the teletype
    #[command(
        after_help = "Examples:\n  retro hp2100 run roms/nhex.abs --transcript paper.txt   # NHEX at the teletype\n  retro hp2100 run roms/nhex.abs --runlimit 60"
    )]
    Run(RunArgs),
    /// Assemble HP 2100 sources into a tape: absolute, or relocatable under HP's control
    /// statement `ASMB,R` (HP's Extended Assembler's language: docs/hp2100-software.md)
    #[command(
        after_help = "Examples:\n  retro hp2100 asm asm/hp2100/echo.asm -o echo.abs --listing echo.lst"
    )]
    Asm(AsmArgs),
    /// Disassemble a tape or octal words; list a relocatable tape's records
    #[command(
        after_help = "Examples:\n  retro hp2100 disasm roms/bbl.abs --listing roms/bbl.lst\n  retro hp2100 disasm --addr 100 102077 2400"
    )]
    Disasm(DisasmArgs),
    /// Boot a tape, then the console with the listing's symbols and the debugger's extras
    /// (back, finish, until, watch, nowatch, print, x, regs, trace)
    #[command(
        after_help = "Examples:\n  retro hp2100 debug roms/nhex.abs --listing roms/nhex.lst --limit 100000"
    )]
    Debug(DebugArgs),
    /// HP BASIC at the teletype: configured by HP's Prepare on the 2100A, booted to READY
    /// (HP's tapes from --software, $HP2100_SOFTWARE_DIR or ../shared/hp2100-software)
    #[command(after_long_help = crate::basic::HELP)]
    Basic(crate::basic::BasicArgs),
    /// Measure emulated instructions per second and 2100A seconds per wall second
    #[command(after_help = "Examples:\n  retro hp2100 bench --millions 5")]
    Bench {
        /// Instructions per measurement (in millions)
        #[arg(long, default_value_t = 500)]
        millions: u64,
    },
}

#[derive(Args)]
pub struct RunArgs {
    /// Absolute binary tape to boot
    pub tape: PathBuf,
    /// Start address after the load (octal)
    #[arg(long, default_value = "2", value_parser = hp2100_isa::octal_address)]
    pub start: u16,
    #[command(flatten)]
    pub operator: crate::teletype_args::OperatorArgs,
    /// Stop after this many seconds of emulated 2100A time (`off`: never). Without a
    /// terminal the default is an hour; at a terminal there is none (Ctrl-C stops the run)
    #[arg(long, value_parser = parse_runlimit)]
    pub runlimit: Option<Limit>,
}

fn parse_runlimit(s: &str) -> Result<Limit, String> {
    Limit::parse(s, Unit::Seconds)
}

/// Assemble HP 2100 source into a tape (absolute, or relocatable under `ASMB,R`).
#[derive(clap::Args, Debug)]
pub struct AsmArgs {
    /// Source files, assembled as one program in the order given
    #[arg(required = true)]
    pub src: Vec<PathBuf>,
    /// The tape to write (an absolute binary tape, or HP's relocatable records)
    #[arg(short, long)]
    pub output: PathBuf,
    /// Also write the listing (line, location, words, source; symbol table with references)
    #[arg(long)]
    pub listing: Option<PathBuf>,
}

/// Disassemble an absolute binary tape, or words given on the command line.
#[derive(clap::Args, Debug)]
pub struct DisasmArgs {
    /// An absolute binary tape or a relocatable tape; with --addr, octal words instead
    #[arg(required = true)]
    pub input: Vec<String>,
    /// Disassemble the given octal words as memory starting at this octal address
    #[arg(long)]
    pub addr: Option<String>,
    /// Name addresses with the symbol table of this listing
    #[arg(long)]
    pub listing: Option<PathBuf>,
}

/// Step through a program on the emulated 2100A.
#[derive(clap::Args, Debug)]
pub struct DebugArgs {
    /// The absolute binary tape, booted through the Basic Binary Loader as an operator does
    pub tape: PathBuf,
    /// The program's listing: symbols for addresses and commands, and its start address
    #[arg(long)]
    pub listing: Option<PathBuf>,
    /// Start address, octal (default: the listing's START ADDRESS, else 2 as for `hp2100 run`)
    #[arg(long)]
    pub start: Option<String>,
    /// Read console commands from this file, each echoed after the prompt, instead of the
    /// terminal
    #[arg(long)]
    pub script: Option<PathBuf>,
    /// Teletype keyboard: lines typed one per prompt (without it, no keys are typed)
    #[arg(long)]
    pub input: Option<PathBuf>,
    /// Stop runs (`go`, `cont`, `next`, `finish`) after this many instructions (default: none
    /// at a terminal, where Ctrl-C stops them; an hour of 2100A time otherwise)
    #[arg(long)]
    pub limit: Option<u64>,
}

pub fn run(a: Hp2100) -> CliResult {
    let cmd = a.cmd.unwrap_or(Cmd::Console {
        file: None,
        args: Vec::new(),
    });
    let status = match cmd {
        Cmd::Console { file, args } => {
            prompt::console(Out, file.as_deref(), &args, &mut TerminalOperator::new())?
        }
        Cmd::Script { file, args } => {
            prompt::script(Out, &file, &args, &mut TerminalOperator::without_keyboard())?
        }
        Cmd::Run(a) => {
            let o = RunOptions {
                runlimit: a.runlimit,
            };
            let mut operator = TerminalOperator::for_run();
            // The operator's files are checked before the boot.
            let host = a.operator.host_for(&operator)?;
            let r = tape_run::run_tape(&a.tape, a.start, host, &o, &mut operator)?;
            errln!("\n{}", r.summary);
            r.status
        }
        Cmd::Basic(a) => return crate::basic::run(a),
        Cmd::Bench { millions } => {
            outln!("{}", hp2100::bench::report(millions)?)?;
            0
        }
        Cmd::Asm(a) => {
            let said = files::assemble_files(&a.src, &a.output, a.listing.as_deref())?;
            errln!("{}", said.as_ref().unwrap_or_else(|report| report));
            u8::from(said.is_err())
        }
        Cmd::Disasm(a) => {
            let listing = a.listing.as_deref();
            out!(
                "{}",
                files::disassembly(&a.input, a.addr.as_deref(), listing)?
            )?;
            0
        }
        Cmd::Debug(a) => {
            let (symbols, start) = files::debug_symbols(a.listing.as_deref(), a.start.as_deref())?;
            let (script, input, limit) = (a.script, a.input, a.limit);
            let o = DebugOptions {
                symbols,
                start,
                script,
                input,
                limit,
            };
            // With a script the commands are its lines: the keyboard is not read.
            let mut operator = match o.script {
                Some(_) => TerminalOperator::without_keyboard(),
                None => TerminalOperator::new(),
            };
            prompt::debug(Out, &a.tape, o, &mut operator)?
        }
    };
    Ok(ExitCode::from(status))
}
