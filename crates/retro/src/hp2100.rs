//! `retro hp2100`: the HP 2100A's console (interactive, or a script), the operator's boot and
//! run of a tape, and the speed benchmark.
//!
//! Runs no operator watches (standard input is not a terminal) stop at the batch run limit,
//! `machine_core::Limit::BATCH`, unless given one; at a terminal Ctrl-C or Ctrl-E stops a run
//! instead (`stop_keys`).

use crate::prompt::Prompt;
use crate::stop_keys::StopKeys;
use crate::CliResult;
use clap::{Args, Subcommand};
use hp2100::panel::Limit;
use hp2100::scp::{Console, Next};
use hp2100::{Config, Machine, Stop};
use machine_core::scp::keyboard::Keyboard;
use machine_core::scp::Simulator;
use machine_core::Unit;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use teletype::OperatorHost;

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
    Console {
        /// A script to run first (`do FILE ARGS...`), then the prompt
        file: Option<PathBuf>,
        /// Arguments, %1..%9 in the script
        args: Vec<String>,
    },
    /// Run a console script (SIMH-style commands: attach, boot, deposit, examine, go, expect ...)
    Script {
        /// The script file
        file: PathBuf,
        /// Arguments, %1..%9 in the script
        args: Vec<String>,
    },
    /// Boot a tape as an operator does (BBL from the photoreader), then run it on the teletype
    Run(RunArgs),
    /// Assemble HP 2100 sources into an absolute binary tape
    Asm(crate::hp2100_tools::AsmArgs),
    /// Disassemble a tape or octal words
    Disasm(crate::hp2100_tools::DisasmArgs),
    /// Boot a tape and step it in the debugger
    Debug(crate::hp2100_tools::DebugArgs),
    /// Measure emulated instructions per second and 2100A seconds per wall second
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
    #[arg(long, default_value = "2", value_parser = parse_octal)]
    pub start: u16,
    /// Operator's input, one line per prompt, instead of the keyboard
    #[arg(long)]
    pub input: Option<PathBuf>,
    /// Write what the paper roll shows to this file
    #[arg(long)]
    pub transcript: Option<PathBuf>,
    /// Print at the ASR-33's real 10 characters per second
    #[arg(long)]
    pub realtime: bool,
    /// Stop after this many seconds of emulated 2100A time (`off`: never). Without a
    /// terminal the default is an hour; at a terminal there is none (Ctrl-C stops the run)
    #[arg(long, value_parser = parse_runlimit)]
    pub runlimit: Option<Limit>,
}

fn parse_runlimit(s: &str) -> Result<Limit, String> {
    Limit::parse(s, Unit::Seconds)
}

fn parse_octal(s: &str) -> Result<u16, String> {
    hp2100::parse_octal(s)
        .filter(|&v| v <= 0o77777)
        .ok_or_else(|| format!("not an octal address: {s}"))
}

pub fn run(a: Hp2100) -> CliResult {
    match a.cmd.unwrap_or(Cmd::Console {
        file: None,
        args: Vec::new(),
    }) {
        Cmd::Console { file, args } => console(file.as_deref(), &args),
        Cmd::Script { file, args } => script(&file, &args),
        Cmd::Run(a) => run_tape(a),
        Cmd::Bench { millions } => bench(millions),
        Cmd::Asm(a) => crate::hp2100_tools::asm(a),
        Cmd::Disasm(a) => crate::hp2100_tools::disasm(a),
        Cmd::Debug(a) => crate::hp2100_tools::debug(a),
    }
}

fn script(file: &Path, args: &[String]) -> CliResult {
    let mut c = Console::new(crate::out::Out);
    let _keys = StopKeys::install(&c.machine.halt_switch())?;
    if !std::io::stdin().is_terminal() {
        c.set_default_limit(Limit::BATCH);
    }
    let status = c.run_file(file, args)?;
    Ok(ExitCode::from(status.clamp(0, 255) as u8))
}

/// The interactive console: each line as a script line; an error is reported and the prompt
/// comes back. `exit` (or the end of input) ends it. At a terminal one reader takes the
/// keyboard for the prompt and, while the machine runs, for the teletype
/// (`machine_core::scp::keyboard`), so lines typed ahead are kept; otherwise the lines of
/// standard input are the commands.
fn console(file: Option<&Path>, args: &[String]) -> CliResult {
    let mut c = Console::new(crate::out::Out);
    let _keys = StopKeys::install(&c.machine.halt_switch())?;
    let mut keyboard = Keyboard::terminal();
    let mut prompt = Prompt::new();
    match &keyboard {
        Some(k) => c.set_keyboard(Some(k.keys())),
        None => c.set_default_limit(Limit::BATCH),
    }
    crate::prompt::say(&machine_core::scp::banner(c.machine.sim_name()))?;
    let first = file.map(|f| {
        let words: Vec<String> = std::iter::once(f.display().to_string())
            .chain(args.iter().cloned())
            .collect();
        format!("do {}", words.join(" "))
    });
    let mut typed = 0;
    loop {
        let line = match (typed, &first, &mut keyboard) {
            (0, Some(l), _) => l.clone(),
            (_, _, Some(k)) => match k.read_line("sim> ", &mut crate::out::Out)? {
                Some(l) => l,
                None => break,
            },
            _ => match prompt.read("sim> ")? {
                Some(l) => l,
                None => break,
            },
        };
        typed += 1;
        let r = c.command("console", typed, &line);
        c.flush();
        match r {
            Ok(Next::Continue) => {}
            Ok(Next::Exit(code)) => return Ok(ExitCode::from(code.clamp(0, 255) as u8)),
            // A typed line needs no file and line number; a `do` script's does.
            Err(e) if e.file == "console" => crate::prompt::say(&e.msg)?,
            Err(e) => crate::prompt::say(&e.to_string())?,
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn run_tape(a: RunArgs) -> CliResult {
    let tape =
        std::fs::read(&a.tape).map_err(|e| format!("cannot read {}: {e}", a.tape.display()))?;
    let mut m = Machine::new(Config::default())?;
    // Installed before the terminal's host, so that the terminal's modes nest and are restored.
    let _keys = StopKeys::install(&m.halt_switch())?;
    // The operator's files are checked before the boot.
    let host = teletype::operator::host(a.input.as_deref(), a.transcript.as_deref(), a.realtime)?;
    m.cards.ptr.load(tape.clone());
    // The operator's boot: the loader reads the tape and halts with 102077.
    let stop = hp2100::boot_ptr(&mut m, Limit::seconds(3600.0))?;
    if stop.halt_code() != Some(0o102077) {
        let mut msg = format!("the loader stopped with {stop}");
        if let Some(w) = hp2100::bbl_halt::words(stop, &m) {
            msg.push_str(&format!("\n{}: {w}", a.tape.display()));
        }
        return Err(msg.into());
    }
    let at_terminal = std::io::stdin().is_terminal();
    m.cards.tty.attach(host);
    m.s = a.start;
    m.load_address();
    m.preset();
    let limit = Limit::for_run(a.runlimit, at_terminal);
    let stop = m.run(limit);
    if let Some(host) = m.cards.tty.detach::<OperatorHost>() {
        host.finish()?;
    }
    let status = match stop {
        Stop::Halt { .. } | Stop::InputExhausted { .. } => 0,
        _ => 1,
    };
    let what = match stop {
        Stop::RunLimit { .. } if a.runlimit.is_none() => format!(
            "run limit reached at P: {:05o}: a run without a terminal stops after {} s of 2100A time; raise it with --runlimit SECONDS, or --runlimit off",
            m.p,
            machine_core::BATCH_SECONDS
        ),
        Stop::RunLimit { .. } => format!("run limit reached at P: {:05o}", m.p),
        Stop::Operator { .. } => format!("stopped by the operator at P: {:05o}", m.p),
        s => s.to_string(),
    };
    errln!(
        "\n{what}; {} cycles, {:.3} s of 2100A time",
        m.cycles,
        m.seconds()
    );
    Ok(ExitCode::from(status))
}

fn bench(millions: u64) -> CliResult {
    let count = millions
        .checked_mul(1_000_000)
        .filter(|&n| n > 0)
        .ok_or_else(|| format!("--millions must be from 1 to {}", u64::MAX / 1_000_000))?;
    outln!(
        "HP 2100A emulator speed ({} million instructions per program)",
        millions
    )?;
    for p in [&hp2100::bench::SIMPLE, &hp2100::bench::MIX] {
        let r = hp2100::bench::measure(p, count);
        outln!(
            "{:<34} {:>8.1} million instructions/s  {:>7.1} s of 2100A time per second",
            p.name,
            r.mips(),
            r.speedup()
        )?;
    }
    Ok(ExitCode::SUCCESS)
}
