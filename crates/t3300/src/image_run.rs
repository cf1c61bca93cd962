//! An image run from the command line (`retro t3300 run`): a program, read by the caller
//! (the assembler's files read images and sources), run to its stop with the typewriter on
//! the terminal or on the operator's files, and the console's summary of the stop.
//!
//! Implementation notes:
//!
//! 1. A run no operator watches (standard input is not a terminal) stops at the batch run
//!    limit, `machine_core::Limit::BATCH`, unless given one; the operator's stop keys (Ctrl-C
//!    or Ctrl-E at the command line) press the machine's HALT switch
//!    (`Machine::halt_switch`). The host the run is held from
//!    (`machine_core::prompt::Operator`) gives the keys and the stop keys; the stop keys are
//!    installed after the host has put its terminal in its modes, so that the modes nest.
//! 2. The punch's frames come back with the report ([`RunReport::punched`]), for the caller
//!    to write to the file it made before the run.
//! 3. The typewriter's host is the caller's (`teletype::OperatorHost`: the command line makes
//!    it of the terminal and the operator's `--input` and `--transcript` files, before the
//!    run); the run finishes its transcript.

use crate::console::summary;
use crate::{Config, Machine, Stop};
use machine_core::prompt::Operator;
use machine_core::Limit;
use std::path::{Path, PathBuf};
use std::time::Instant;
use t3300_isa::{Image, Symbols};
use teletype::OperatorHost;

/// A host error of a command (an unreadable file, a terminal that failed), named.
pub type Error = Box<dyn std::error::Error>;

/// The operator's files and limits of a run beyond the typewriter's (note 3).
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// A paper tape for the reader.
    pub tape_in: Option<PathBuf>,
    /// The run's limit, if given (else the batch default without a terminal, note 1).
    pub limit: Option<Limit>,
}

/// The machine and the limit of `retro t3300 run` from the operator's words: memory in K
/// words (8, 16 or 32), the cycle time in microseconds, a cycle count and a run limit (the
/// run stops at whichever comes first), no device time with `fast_io`; a `tyi` waits 600
/// polls for a key when the keys come from an input file (`typed`).
///
/// # Errors
/// A memory size or cycle time the T3300-R cannot have.
pub fn run_config(
    memory_k: u32,
    cycle_us: f64,
    max_cycles: Option<u64>,
    runlimit: Option<Limit>,
    fast_io: bool,
    typed: bool,
) -> Result<(Config, Option<Limit>), String> {
    let memory = crate::MemorySize::from_k(memory_k).ok_or("--memory must be 8, 16 or 32")?;
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
    let config = Config {
        memory,
        cycle_ns,
        fast_typewriter: fast_io,
        fast_tape: fast_io,
        key_wait_limit: typed.then_some(600),
    };
    Ok((config, limit))
}

/// How a run ended: the stop, and the console's summary of it.
#[derive(Debug)]
pub struct RunReport {
    pub stop: Stop,
    /// The frames the punch punched (note 2).
    pub punched: Vec<u8>,
    /// The stop, registers, cycles and machine time, and how to raise the batch limit when
    /// that stopped the run.
    pub summary: String,
}

impl RunReport {
    /// Whether the program halted (the command's success).
    pub fn halted(&self) -> bool {
        matches!(self.stop, Stop::Halt { .. })
    }
}

/// Run the program read from `path` (its image and labels) to its stop on the typewriter's
/// `host`, held from `operator` (notes 1-3).
///
/// # Errors
/// An image that does not fit the memory, an unreadable tape, an unwritable transcript, stop
/// keys that could not be installed.
pub fn run_image(
    path: &Path,
    (image, labels): (Image, Symbols),
    config: Config,
    host: OperatorHost,
    o: &RunOptions,
    operator: &mut dyn Operator,
) -> Result<RunReport, Error> {
    let mut m = Machine::new(config, teletype::Offline);
    m.attach(host);
    let _keys = operator.stop_keys(&m.halt_switch())?;
    m.set_trace_symbols(labels);
    m.load(&image)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    if let Some(t) = &o.tape_in {
        m.mount_tape(std::fs::read(t).map_err(|e| format!("{}: {e}", t.display()))?);
    }
    let started = Instant::now();
    let stop = m.run(Limit::for_run(o.limit, operator.watched()));
    let wall = started.elapsed();
    if let Some(host) = m.detach::<OperatorHost>() {
        host.finish()?;
    }
    let mut text = summary(&m, &stop, wall.as_secs_f64());
    if matches!(stop, Stop::RunLimit { .. }) && o.limit.is_none() {
        text.push_str(&format!(
            "\n  a run without a terminal stops after {} s of machine time; raise it with --runlimit SECONDS, --max-cycles N, or --runlimit off",
            machine_core::BATCH_SECONDS
        ));
    }
    Ok(RunReport {
        stop,
        punched: m.punched().to_vec(),
        summary: text,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::console::load;
    use machine_core::prompt::Typist;
    use machine_core::Debugger;
    use t3300_asm::files::{assemble_file, disassembly, program_and_labels};
    use teletype::operator_host::Parts;
    use teletype::{Scripted, TtyHost};

    fn read(p: &Path) -> String {
        machine_core::text::read_text(p).unwrap()
    }

    fn write(p: &Path, data: &str) -> std::io::Result<()> {
        std::fs::write(p, data)
    }

    /// The program at `path` (an image or a source) run with no operator at a terminal, the
    /// lines of `o`'s input typed and its paper written to `o`'s transcript.
    fn run(path: &Path, config: Config, o: &Opts) -> Result<RunReport, Error> {
        let program = program_and_labels(path, None)?;
        let transcript = o.transcript.as_ref().map(|p| {
            let file = std::fs::File::create(p).unwrap();
            (p.clone(), Box::new(file) as Box<dyn std::io::Write>)
        });
        let host = OperatorHost::new(Parts {
            lines: o.input.as_deref().map(read),
            transcript,
            ..Parts::new(None, Box::new(std::io::sink()))
        });
        run_image(path, program, config, host, &o.run, &mut Typist::default())
    }

    /// A test run's files and options.
    #[derive(Default)]
    struct Opts {
        input: Option<PathBuf>,
        transcript: Option<PathBuf>,
        run: RunOptions,
    }

    /// A debugger on a loaded program (see [`load`]).
    fn debugger<H: TtyHost + 'static>(
        path: &Path,
        listing: Option<&Path>,
        config: Config,
        host: H,
    ) -> Result<Debugger<Machine>, String> {
        let mut d = Debugger::new(Machine::new(config, host));
        load(&mut d, program_and_labels, path, listing)?;
        Ok(d)
    }

    fn tmp(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("t3300-image-run-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        d.join(name)
    }

    fn source(name: &str) -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../asm/t3300")
            .join(name)
    }

    fn opts(input: Option<PathBuf>, transcript: Option<PathBuf>) -> Opts {
        Opts {
            input,
            transcript,
            run: RunOptions {
                limit: Some(Limit::cycles(10_000_000)),
                ..RunOptions::default()
            },
        }
    }

    #[test]
    fn assemble_then_run_an_image() {
        let (img, lst, paper) = (tmp("print.img"), tmp("print.lst"), tmp("print.paper"));
        let said = assemble_file(&source("print.asm"), &img, Some(&lst)).unwrap();
        assert!(said.unwrap().starts_with("T3300-R: "));
        assert!(read(&lst).starts_with("T3300-R (TOSBAC-3300 reconstruction"));
        let input = tmp("none.txt");
        write(&input, "").unwrap();
        let r = run(
            &img,
            Config::default(),
            &opts(Some(input), Some(paper.clone())),
        );
        assert!(r.unwrap().halted());
        assert_eq!(read(&paper), "82 X 28 = 2296\n");
        let listed = disassembly(&img, Some(&lst)).unwrap();
        assert!(
            listed.contains("01000 10001062  +go+     lda   +k82+\n"),
            "{listed}"
        );
    }

    #[test]
    fn run_a_source_with_typed_input() {
        let (input, paper) = (tmp("echo.in"), tmp("echo.paper"));
        write(&input, "hello\n").unwrap();
        let cfg = Config {
            key_wait_limit: Some(10),
            ..Config::default()
        };
        let r = run(
            &source("echo.asm"),
            cfg,
            &opts(Some(input), Some(paper.clone())),
        );
        assert!(r.unwrap().halted());
        assert_eq!(read(&paper), "? HELLO\nOLLEH\n");
    }

    #[test]
    fn a_run_stopped_by_its_limit_is_not_a_halt() {
        let mut o = opts(None, None);
        o.run.limit = Some(Limit::cycles(10));
        let r = run(&source("print.asm"), Config::default(), &o).unwrap();
        assert!(!r.halted());
        assert!(r.summary.starts_with("T3300-R stopped: "), "{}", r.summary);
    }

    #[test]
    fn bad_source_fails_without_output() {
        let (bad, img) = (tmp("bad.asm"), tmp("bad.img"));
        write(&bad, " lda +nowhere+\n").unwrap();
        assert!(assemble_file(&bad, &img, None).unwrap().is_err());
        assert!(!img.exists());
        assert!(run(&bad, Config::default(), &opts(None, None)).is_err());
        let not_image = tmp("not.img");
        write(&not_image, "hello").unwrap();
        let e = run(&not_image, Config::default(), &opts(None, None)).unwrap_err();
        assert!(e.to_string().contains("not a T3300-R image"), "{e}");
    }

    #[test]
    fn debug_a_listed_image() {
        let (img, lst) = (tmp("dbg.img"), tmp("dbg.lst"));
        assemble_file(&source("print.asm"), &img, Some(&lst))
            .unwrap()
            .unwrap();
        let config = Config {
            fast_typewriter: true,
            ..Config::default()
        };
        let mut d = debugger(&img, Some(&lst), config, Scripted::new()).unwrap();
        let mut out = Vec::new();
        let script = "break +pd1+\ncontinue\nx +k82+\nwatch +dbuf++1\ndelete +pd1+\ncontinue\nback\nregs\nbreak 99999\ndelete\ncontinue\n";
        d.script(script.as_bytes(), &mut out).unwrap();
        let got = String::from_utf8(out).unwrap();
        let want_parts = [
            "=> 01000  10001062           +go+   lda   +k82+\n",
            "> break +pd1+\n> continue\n",
            "> continue\nbreakpoint at 01024 (+pd1+)\n=> 01024  70000001           +pd1+  cla\n",
            "> x +k82+\n01062  00000122           +k82+  hlt   0122\n",
            "> watch +dbuf++1\nwatch 01065 = 00000000\n",
            "> continue\nwatch 01065: 00000000 -> 00000062\n=> 01031  ",
            "> back\nback 1\n=> 01030  12201064                  sta   +dbuf+,2\n",
            "> regs\nP 01030  A 00000062  Q 00000010  X1 00000  X2 00001  X3 00000  OV 0\n",
            "> break 99999\n? Invalid argument: 99999 is neither a register nor an address\n",
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
        let mut d = debugger(&source("print.asm"), None, config, Scripted::new()).unwrap();
        let mut out = Vec::new();
        d.script("x +go+\n".as_bytes(), &mut out).unwrap();
        assert!(String::from_utf8(out)
            .unwrap()
            .contains("+go+   lda   +k82+"));
        assert!(debugger(&tmp("missing.img"), None, config, Scripted::new()).is_err());
    }

    #[test]
    fn the_operator_s_words_make_the_machine_and_its_limit() {
        let (c, l) = run_config(16, 1.5, Some(100), None, true, true).unwrap();
        assert_eq!(
            (c.memory, c.cycle_ns, c.key_wait_limit),
            (crate::MemorySize::K16, 1500, Some(600))
        );
        assert!(c.fast_typewriter && c.fast_tape);
        assert_eq!(l, Some(Limit::cycles(100)));
        let (_, l) = run_config(32, 2.0, Some(7), Some(Limit::seconds(2.0)), false, false).unwrap();
        assert_eq!(l.unwrap().cycles, Some(7));
        assert_eq!(
            run_config(12, 2.0, None, None, false, false).unwrap_err(),
            "--memory must be 8, 16 or 32"
        );
        assert!(run_config(32, -1.0, None, None, false, false).is_err());
        assert!(run_config(32, f64::NAN, None, None, false, false).is_err());
    }
}
