//! `retro tosbac`: the TOSBAC-3300 reconstruction (T3300-R): assemble SMAP II-style source,
//! run absolute images with the console typewriter on the terminal, disassemble, step through
//! a program in the debugger, and time the emulator. The machine is `t3300`, its sessions
//! (loading with labels, the watched run, the stop summary, the console's own commands)
//! `t3300::session`, the assembler `t3300-asm`, the instruction table `t3300-isa`, the
//! debugger `machine_core::Debugger` (the one the HP 2100A's `retro hp2100 debug` uses).
//!
//! A run no operator watches (standard input is not a terminal) stops at the batch run limit,
//! `machine_core::Limit::BATCH`, unless given one; at a terminal Ctrl-C or Ctrl-E stops it
//! (`stop_keys` press the machine's HALT switch, `t3300::Machine::halt_switch`).

use crate::stop_keys::StopKeys;
use crate::CliResult;
use clap::Subcommand;
use machine_core::scp::keyboard::Keyboard;
use machine_core::{Debugger, Limit, Unit};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;
use t3300::session::{self, load, load_program, program_and_labels, summary};
use t3300::{Config, Machine, MemorySize, Stop};
use teletype::OperatorHost;

#[derive(Subcommand)]
pub enum Cmd {
    /// Assemble T3300-R (TOSBAC-3300 reconstruction) source into an absolute image
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
    Run {
        /// An image from `retro tosbac asm`, or a source file ending in .asm
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
    Disasm {
        image: PathBuf,
        /// The listing of the image (for its symbol table)
        #[arg(long)]
        listing: Option<PathBuf>,
    },
    /// Step through a T3300-R program: breakpoints, watches, examine, deposit, step back
    Debug {
        /// An image from `retro tosbac asm`, or a source file ending in .asm (its labels are used)
        image: PathBuf,
        /// The listing of the image: +label+ names for addresses, in commands and disassembly
        #[arg(long)]
        listing: Option<PathBuf>,
        /// Read debugger commands from this file, echoing them, instead of the terminal
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
    /// The T3300-R at a `sim>` prompt: load, examine, deposit, go, step, breakpoints, do,
    /// quit (the debugger's commands, `help` lists them); commands from standard input when it
    /// is not a terminal
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
    /// Measure the emulator's speed on the benchmark loop (asm/tosbac/bench.asm) or a program
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
    match cmd {
        Cmd::Asm {
            src,
            output,
            listing,
        } => asm(&src, &output, listing.as_deref()),
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
            let memory = MemorySize::from_k(memory).ok_or("--memory must be 8, 16 or 32")?;
            if !(cycle_us.is_finite() && cycle_us > 0.0 && cycle_us < 1e6) {
                return Err("--cycle-us must be a positive number of microseconds".into());
            }
            let cycle_ns = ((cycle_us * 1000.0).round() as u64).max(1);
            let limit = match (max_cycles, runlimit) {
                (Some(c), Some(l)) => Some(Limit {
                    cycles: Some(c),
                    ..l
                }),
                (Some(c), None) => Some(Limit::cycles(c)),
                (None, l) => l,
            };
            let opts = RunOpts {
                input,
                transcript,
                tape_in,
                tape_out,
                limit,
                realtime,
            };
            let config = Config {
                memory,
                cycle_ns,
                fast_typewriter: fast_io,
                fast_tape: fast_io,
                key_wait_limit: opts.input.as_ref().map(|_| 600),
            };
            run_image(&image, config, opts)
        }
        Cmd::Disasm { image, listing } => disasm(&image, listing.as_deref()),
        Cmd::Bench { seconds, program } => bench(seconds, program.as_deref()),
        Cmd::Debug {
            image,
            listing,
            script,
            input,
            limit,
            fast_io,
        } => {
            let keyboard = script.is_none().then(Keyboard::terminal).flatten();
            let keys = keyboard.as_ref().map(Keyboard::keys);
            let mut d = Debugger::new(session::machine(input.as_deref(), fast_io, keys)?);
            load(&mut d, &image, listing.as_deref())?;
            let limit = limit.map(Limit::instructions);
            crate::prompt::debug(
                &mut d,
                script.as_deref(),
                "> ",
                limit,
                keyboard,
                &mut machine_core::scp::debugger_command,
            )?;
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Console {
            image,
            listing,
            input,
            fast_io,
        } => {
            let keyboard = Keyboard::terminal();
            let keys = keyboard.as_ref().map(Keyboard::keys);
            let mut d = Debugger::new(session::machine(input.as_deref(), fast_io, keys)?);
            if let Some(i) = &image {
                errln!("{}", load(&mut d, i, listing.as_deref())?);
            }
            crate::prompt::say(&machine_core::scp::banner("T3300-R"))?;
            let commands = &mut session::console_command;
            crate::prompt::debug(&mut d, None, "sim> ", None, keyboard, commands)?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn parse_runlimit(s: &str) -> Result<Limit, String> {
    Limit::parse(s, Unit::Seconds)
}

/// A text file: a byte that is not UTF-8 is named by line and column.
fn read(p: &Path) -> Result<String, String> {
    machine_core::text::read_text(p).map_err(|e| e.to_string())
}

fn write(p: &Path, data: impl AsRef<[u8]>) -> Result<(), String> {
    std::fs::write(p, data).map_err(|e| format!("{}: {e}", p.display()))
}

fn asm(src: &Path, output: &Path, listing: Option<&Path>) -> CliResult {
    let text = read(src)?;
    let a = match t3300_asm::assemble(&src.display().to_string(), &text) {
        Ok(a) => a,
        Err(e) => {
            errln!("{e}");
            return Ok(ExitCode::FAILURE);
        }
    };
    write(output, a.image.to_text())?;
    if let Some(l) = listing {
        write(l, &a.listing)?;
    }
    errln!(
        "T3300-R: {} words, start {:05o}, {} symbols -> {}",
        a.image.words.len(),
        a.image.start,
        a.symbols.len(),
        output.display()
    );
    Ok(ExitCode::SUCCESS)
}

struct RunOpts {
    input: Option<PathBuf>,
    transcript: Option<PathBuf>,
    tape_in: Option<PathBuf>,
    tape_out: Option<PathBuf>,
    /// The run's limit, if given (else the batch default without a terminal).
    limit: Option<Limit>,
    realtime: bool,
}

fn run_image(path: &Path, config: Config, o: RunOpts) -> CliResult {
    let mut m = Machine::new(config, teletype::Offline);
    // Installed before the terminal's host, so that the terminal's modes nest and are restored.
    let _keys = StopKeys::install(&m.halt_switch())?;
    let (image, labels) = load_program(path)?;
    m.attach(teletype::operator::host(
        o.input.as_deref(),
        o.transcript.as_deref(),
        o.realtime,
    )?);
    m.set_trace_symbols(labels);
    m.load(&image)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    if let Some(t) = &o.tape_in {
        m.mount_tape(std::fs::read(t).map_err(|e| format!("{}: {e}", t.display()))?);
    }
    let tape_file = o
        .tape_out
        .as_deref()
        .map(crate::outfile::create)
        .transpose()?;
    let started = Instant::now();
    let limit = Limit::for_run(o.limit, std::io::stdin().is_terminal());
    let stop = m.run(limit);
    let wall = started.elapsed();
    if let Some(host) = m.detach::<OperatorHost>() {
        host.finish()?;
    }
    if let (Some(f), Some(t)) = (tape_file, &o.tape_out) {
        crate::outfile::finish(f, t, m.punched())?;
    }
    errln!("{}", summary(&m, &stop, wall.as_secs_f64()));
    if matches!(stop, Stop::RunLimit { .. }) && o.limit.is_none() {
        errln!(
            "  a run without a terminal stops after {} s of machine time; raise it with --runlimit SECONDS, --max-cycles N, or --runlimit off",
            machine_core::BATCH_SECONDS
        );
    }
    Ok(if matches!(stop, Stop::Halt { .. }) {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

fn disasm(path: &Path, listing: Option<&Path>) -> CliResult {
    let (image, syms) = program_and_labels(path, listing)?;
    let mut out = format!(
        "T3300-R (TOSBAC-3300 reconstruction) disassembly of {}; start {:05o}\n",
        path.display(),
        image.start
    );
    for (&a, &w) in &image.words {
        let label = syms
            .label_at(u32::from(a))
            .map(|n| format!("+{n}+"))
            .unwrap_or_default();
        out.push_str(&format!(
            "{a:05o} {w}  {label:<8} {}\n",
            t3300_isa::disassemble(w, &syms)
        ));
    }
    // A closed pipe (`| head`) ends the listing quietly, a full disk with status 2 (`out`).
    std::io::Write::write_all(&mut crate::out::Out, out.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

fn bench(seconds: f64, program: Option<&Path>) -> CliResult {
    if !(seconds.is_finite() && seconds > 0.0 && seconds <= 86_400.0) {
        return Err(format!(
            "--seconds must be a number of seconds from 0 to 86400, not {seconds}"
        )
        .into());
    }
    let program = match program {
        Some(p) => t3300::bench::Program {
            name: p.display().to_string(),
            image: load_program(p)?.0,
            passes: None,
        },
        None => t3300::bench::Program::bench_loop()?,
    };
    outln!("{}", t3300::bench::measure(&program, seconds)?)?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{BufRead, Write};
    use teletype::{Scripted, TtyHost};

    /// A debugger on a loaded program (see [`load`]).
    fn debugger<H: TtyHost + 'static>(
        path: &Path,
        listing: Option<&Path>,
        config: Config,
        host: H,
    ) -> Result<Debugger<Machine>, Box<dyn std::error::Error>> {
        let mut d = Debugger::new(Machine::new(config, host));
        load(&mut d, path, listing)?;
        Ok(d)
    }

    /// Run debugger commands from `commands`, echoed, writing the session to `out`.
    fn debug_script<R: BufRead, W: Write>(
        d: &mut Debugger<Machine>,
        commands: R,
        out: W,
    ) -> std::io::Result<()> {
        d.run(commands, out, true)
    }

    fn tmp(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("retro-tosbac-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        d.join(name)
    }

    fn source(name: &str) -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../asm/tosbac")
            .join(name)
    }

    fn opts(input: Option<PathBuf>, transcript: Option<PathBuf>) -> RunOpts {
        RunOpts {
            input,
            transcript,
            tape_in: None,
            tape_out: None,
            limit: Some(Limit::cycles(10_000_000)),
            realtime: false,
        }
    }

    #[test]
    fn assemble_then_run_an_image() {
        let (img, lst, paper) = (tmp("print.img"), tmp("print.lst"), tmp("print.paper"));
        assert_eq!(
            asm(&source("print.asm"), &img, Some(&lst)).unwrap(),
            ExitCode::SUCCESS
        );
        assert!(read(&lst)
            .unwrap()
            .starts_with("T3300-R (TOSBAC-3300 reconstruction"));
        let input = tmp("none.txt");
        write(&input, "").unwrap();
        let code = run_image(
            &img,
            Config::default(),
            opts(Some(input), Some(paper.clone())),
        )
        .unwrap();
        assert_eq!(code, ExitCode::SUCCESS);
        assert_eq!(read(&paper).unwrap(), "82 X 28 = 2296\n");
    }

    #[test]
    fn run_a_source_with_typed_input() {
        let (input, paper) = (tmp("echo.in"), tmp("echo.paper"));
        write(&input, "hello\n").unwrap();
        let cfg = Config {
            key_wait_limit: Some(10),
            ..Config::default()
        };
        let code = run_image(
            &source("echo.asm"),
            cfg,
            opts(Some(input), Some(paper.clone())),
        )
        .unwrap();
        assert_eq!(code, ExitCode::SUCCESS);
        assert_eq!(read(&paper).unwrap(), "? HELLO\nOLLEH\n");
    }

    #[test]
    fn bad_source_fails_without_output() {
        let (bad, img) = (tmp("bad.asm"), tmp("bad.img"));
        write(&bad, " lda +nowhere+\n").unwrap();
        assert_eq!(asm(&bad, &img, None).unwrap(), ExitCode::FAILURE);
        assert!(!img.exists());
        assert!(run_image(&bad, Config::default(), opts(None, None)).is_err());
        let not_image = tmp("not.img");
        write(&not_image, "hello").unwrap();
        let e = run_image(&not_image, Config::default(), opts(None, None)).unwrap_err();
        assert!(e.to_string().contains("not a T3300-R image"), "{e}");
    }

    #[test]
    fn debug_a_listed_image() {
        let (img, lst) = (tmp("dbg.img"), tmp("dbg.lst"));
        asm(&source("print.asm"), &img, Some(&lst)).unwrap();
        let config = Config {
            fast_typewriter: true,
            ..Config::default()
        };
        let mut d = debugger(&img, Some(&lst), config, Scripted::new()).unwrap();
        let mut out = Vec::new();
        let script = "break +pd1+\ncontinue\nx +k82+\nwatch +dbuf++1\ndelete +pd1+\ncontinue\nback\nregs\nbreak 99999\ndelete\ncontinue\n";
        debug_script(&mut d, script.as_bytes(), &mut out).unwrap();
        let got = String::from_utf8(out).unwrap();
        let want_parts = [
            "=> 01000  10001062           +go+   lda   +k82+\n",
            "> break +pd1+\nbreakpoint at 01024 (+pd1+)\n",
            "> continue\nbreakpoint at 01024 (+pd1+)\n=> 01024  70000001           +pd1+  cla\n",
            "> x +k82+\n01062  00000122           +k82+  hlt   0122\n",
            "> watch +dbuf++1\nwatch 01065 = 00000000\n",
            "> continue\nwatch 01065: 00000000 -> 00000062\n=> 01031  ",
            "> back\nback 1\n=> 01030  12201064                  sta   +dbuf+,2\n",
            "> regs\nP 01030  A 00000062  Q 00000010  X1 00000  X2 00001  X3 00000  OV 0\n",
            "? 99999 is neither a symbol nor a number",
            "> continue\nHALT 00007777 at P: 01021\n",
        ];
        for w in want_parts {
            assert!(got.contains(w), "{w:?} missing from\n{got}");
        }
        assert_eq!(
            d.machine().host::<Scripted>().unwrap().paper(),
            "82 X 28 = 2296\n"
        );
        // A source file gives its labels without a listing.
        let d = debugger(&source("print.asm"), None, config, Scripted::new()).unwrap();
        let mut out = Vec::new();
        let mut d = d;
        debug_script(&mut d, "x +go+\n".as_bytes(), &mut out).unwrap();
        assert!(String::from_utf8(out)
            .unwrap()
            .contains("+go+   lda   +k82+"));
        assert!(debugger(&tmp("missing.img"), None, config, Scripted::new()).is_err());
    }
}
