//! The operator's runs of a tape from the command line (`retro hp2100 run`): the tape in the
//! photoreader, the Basic Binary Loader's boot, then the switch register set to the start
//! address, LOAD ADDRESS, PRESET, and RUN, with the teletype on the terminal or on the
//! operator's files. `retro hp2100 debug` boots so too, then gives the operator the console
//! (`scp::prompt::debug`). The host the run is held from (`machine_core::prompt::Operator`)
//! gives the keys and the stop keys.
//!
//! Implementation notes:
//!
//! 1. A run no operator watches (standard input is not a terminal) stops at the batch run
//!    limit, `machine_core::Limit::BATCH`, unless given one; the operator's stop keys (Ctrl-C
//!    or Ctrl-E at the command line) stop it. The stop keys are installed after the host has
//!    put its terminal in its modes and dropped before it restores them, so that the modes
//!    nest; the operator's files are checked before the boot.
//! 2. The loader must halt with 102077 (its end of tape); any other stop is an error that
//!    names the halt's meaning (`bbl_halt`) and the tape.
//! 3. A run ends well (status 0) at a halt or when the operator's input runs out, else with
//!    status 1.
//! 4. The teletype's host is the caller's (`teletype::OperatorHost`: the command line makes
//!    it of the terminal and the operator's `--input` and `--transcript` files), made before
//!    the boot so that a bad file is named first; the run finishes its transcript.

use crate::panel::Limit;
use crate::{boot_ptr, Config, Machine, Stop};
use machine_core::prompt::Operator;
use std::path::Path;
use teletype::OperatorHost;

/// A host error of a run (an unreadable tape, a terminal that failed), named.
pub type Error = Box<dyn std::error::Error>;

/// The operator's choices for `run` beyond the teletype's (note 4).
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// The run's limit, if given (note 1).
    pub runlimit: Option<Limit>,
}

/// How a run ended: its exit status (note 3) and what the console says of the stop.
#[derive(Debug)]
pub struct TapeRun {
    pub status: u8,
    pub summary: String,
}

/// Read `tape`, boot it through the loader (note 2), and leave the machine ready to run at
/// `start` (S = start, LOAD ADDRESS, PRESET).
pub fn boot(m: &mut Machine, tape: &Path, start: u16) -> Result<(), Error> {
    let bytes = std::fs::read(tape).map_err(|e| format!("cannot read {}: {e}", tape.display()))?;
    m.cards.ptr.load(bytes);
    let stop = boot_ptr(m, Limit::seconds(3600.0))?;
    if stop.halt_code() != Some(0o102077) {
        let mut msg = format!("the loader stopped with {stop}");
        if let Some(w) = crate::bbl_halt::words(stop, m) {
            msg.push_str(&format!("\n{}: {w}", tape.display()));
        }
        return Err(msg.into());
    }
    m.s = start;
    m.load_address();
    m.preset();
    Ok(())
}

/// Boot `tape` and run it from `start` on the teletype's `host` (notes 1-4).
///
/// # Errors
/// An unreadable tape, an unwritable transcript, a loader that did not finish, stop keys
/// that could not be installed.
pub fn run_tape(
    tape: &Path,
    start: u16,
    host: OperatorHost,
    o: &RunOptions,
    operator: &mut dyn Operator,
) -> Result<TapeRun, Error> {
    let mut m = Machine::new(Config::default())?;
    let _keys = operator.stop_keys(&m.halt_switch())?;
    boot(&mut m, tape, start)?;
    m.cards.tty.attach(host);
    let stop = m.run(Limit::for_run(o.runlimit, operator.watched()));
    if let Some(host) = m.cards.tty.detach::<OperatorHost>() {
        host.finish()?;
    }
    let status = match stop {
        Stop::Halt { .. } | Stop::InputExhausted { .. } => 0,
        _ => 1,
    };
    let what = match stop {
        Stop::RunLimit { .. } if o.runlimit.is_none() => format!(
            "run limit reached at P: {:05o}: a run without a terminal stops after {} s of 2100A time; raise it with --runlimit SECONDS, or --runlimit off",
            m.p,
            machine_core::BATCH_SECONDS
        ),
        Stop::RunLimit { .. } => format!("run limit reached at P: {:05o}", m.p),
        Stop::Operator { .. } => format!("stopped by the operator at P: {:05o}", m.p),
        s => s.to_string(),
    };
    let summary = format!(
        "{what}; {} cycles, {:.3} s of 2100A time",
        m.cycles,
        m.seconds()
    );
    Ok(TapeRun { status, summary })
}

#[cfg(test)]
mod tests {
    use super::*;
    use machine_core::prompt::Typist;
    use std::path::PathBuf;
    use teletype::operator_host::Parts;

    /// The teletype's host of a run: typed `lines` (none: no keys), the paper on no printer
    /// and written to `paper` if given.
    fn host(lines: Option<&str>, paper: Option<&Path>) -> OperatorHost {
        let transcript = paper.map(|p| {
            let file = std::fs::File::create(p).unwrap();
            (p.to_path_buf(), Box::new(file) as Box<dyn std::io::Write>)
        });
        OperatorHost::new(Parts {
            lines: lines.map(str::to_string),
            transcript,
            ..Parts::new(None, Box::new(std::io::sink()))
        })
    }

    fn root() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
    }

    #[test]
    fn a_tape_runs_on_the_operators_files() {
        let dir = std::env::temp_dir().join(format!("hp2100-operator-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let paper = dir.join("paper.txt");
        let o = RunOptions {
            runlimit: Some(Limit::seconds(600.0)),
        };
        let h = host(Some("12\n99\n"), Some(&paper));
        let r = run_tape(
            &root().join("roms/nhex.abs"),
            2,
            h,
            &o,
            &mut Typist::default(),
        );
        let r = r.unwrap();
        assert_eq!(r.status, 0, "{}", r.summary);
        let text = std::fs::read_to_string(&paper).unwrap();
        assert!(text.contains("WATASHI NO TE"), "{text}");
    }

    #[test]
    fn a_file_that_is_not_a_tape_is_named() {
        let op = &mut Typist::default();
        let no = RunOptions::default();
        let e = run_tape(&root().join("README.md"), 2, host(None, None), &no, op).unwrap_err();
        assert!(e.to_string().contains("the loader stopped with"), "{e}");
        let o = crate::scp::prompt::DebugOptions::default();
        let e = crate::scp::prompt::debug(Vec::new(), &root().join("README.md"), o, op);
        assert!(e.unwrap_err().to_string().contains("README.md"));
        assert!(run_tape(Path::new("/no/such.abs"), 2, host(None, None), &no, op).is_err());
    }
}
