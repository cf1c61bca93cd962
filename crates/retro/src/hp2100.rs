//! `retro hp2100`: the HP 2100A's scriptable console, the operator's boot and run of a tape,
//! and the speed benchmark.

use crate::CliResult;
use clap::{Args, Subcommand};
use hp2100::panel::Limit;
use hp2100::scp::Console;
use hp2100::{Config, Machine, Stop};
use std::path::PathBuf;
use std::process::ExitCode;
use teletype::OperatorHost;

#[derive(Subcommand)]
pub enum Cmd {
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
    /// Stop after this many seconds of emulated 2100A time
    #[arg(long)]
    pub runlimit: Option<f64>,
}

fn parse_octal(s: &str) -> Result<u16, String> {
    hp2100::parse_octal(s)
        .filter(|&v| v <= 0o77777)
        .ok_or_else(|| format!("not an octal address: {s}"))
}

pub fn run(cmd: Cmd) -> CliResult {
    match cmd {
        Cmd::Script { file, args } => script(&file, &args),
        Cmd::Run(a) => run_tape(a),
        Cmd::Bench { millions } => bench(millions),
        Cmd::Asm(a) => crate::hp2100_tools::asm(a),
        Cmd::Disasm(a) => crate::hp2100_tools::disasm(a),
        Cmd::Debug(a) => crate::hp2100_tools::debug(a),
    }
}

fn script(file: &std::path::Path, args: &[String]) -> CliResult {
    let mut c = Console::new(crate::out::Out);
    let status = c.run_file(file, args)?;
    Ok(ExitCode::from(status.clamp(0, 255) as u8))
}

fn run_tape(a: RunArgs) -> CliResult {
    let tape =
        std::fs::read(&a.tape).map_err(|e| format!("cannot read {}: {e}", a.tape.display()))?;
    // The operator's files are checked before the boot.
    let host = teletype::operator::host(a.input.as_deref(), a.transcript.as_deref(), a.realtime)?;
    let mut m = Machine::new(Config::default())?;
    m.ptr.load(tape.clone());
    // The operator's boot: the loader reads the tape and halts with 102077.
    let stop = hp2100::boot_ptr(&mut m, Limit::seconds(3600.0))?;
    if stop.halt_code() != Some(0o102077) {
        let mut msg = format!("the loader stopped with {stop}");
        if let Err(e) = hp2100_isa::tape::parse(&tape) {
            msg.push_str(&format!("; {}: {e}", a.tape.display()));
        }
        return Err(msg.into());
    }
    m.tty.attach(host);
    m.s = a.start;
    m.load_address();
    m.preset();
    let limit = a.runlimit.map_or(Limit::NONE, Limit::seconds);
    let stop = m.run(limit);
    if let Some(host) = m.tty.detach::<OperatorHost>() {
        host.finish()?;
    }
    let status = match stop {
        Stop::Halt { .. } | Stop::InputExhausted { .. } => 0,
        _ => 1,
    };
    let what = match stop {
        Stop::RunLimit { .. } => format!("run limit reached at P: {:05o}", m.p),
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
