//! `retro hp2100 basic`: HP BASIC at the teletype, configured by HP's Prepare on the emulated
//! 2100A and booted to `READY` (crate `hp2100-software`); HP's tapes come from the folder of
//! `--software`, `$HP2100_SOFTWARE_DIR` or `../shared/hp2100-software`. This file turns the
//! arguments into the session's parts and reports its end.

use crate::teletype_args::OperatorArgs;
use crate::CliResult;
use host_terminal::stop_keys::StopKeys;
use hp2100::panel::Limit;
use hp2100_software::basic::{self, program_tape};
use hp2100_software::briefing::{BRIEFING, FIRST_WORDS};
use hp2100_software::keyboard::Keyboard;
use hp2100_software::Folder;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

/// How a session goes, for `retro hp2100 basic --help`.
pub const HELP: &str = "\
HP BASIC (20392, 1970) is configured for this 2100A by HP's own Prepare program (16K words,
teleprinter 11, photoreader 10, punch 12), which punches the configured BASIC on the punch;
that tape is booted through the Basic Binary Loader and started at 100: READY. Preparing
takes about four minutes of 2100A time and a fraction of a second on the host, once a run.

At READY type numbered program lines, then RUN; LIST, SCRATCH, PTAPE, BYE. Every program
needs an END. A key struck while a program runs stops it, as on the machine.
--load FILE puts a BASIC program in the photoreader and types PTAPE at the first READY; the
file's lines may end with LF or CR LF (each becomes CR LF, as a teleprinter punched it; the
reader needs the CR), and 40 blank frames of trailer follow, as SIMH's reader adds.
With --input, a line is typed only when BASIC asks for one (READY, an INPUT's ?, or after a
program line), so typed answers never stop a running program.

HELP at any question, typed on the operator's side of the teletype, explains it there; QUIT
stops the machine. Neither reaches BASIC. Ctrl-D, or the end of --input, ends the session.

HP's tapes are not part of retro: --software DIR, else $HP2100_SOFTWARE_DIR, else
../shared/hp2100-software names the folder that holds basic/prepare.abs and
basic/hpbasic.abs (when ../shared/hp2100-software is not there, the same folder beside the
checkout retro was built from is tried).

A program of the period, from the repository's root beside the shared material:
  retro hp2100 basic --load ../shared/hp2100-software/basic/programs/GOLFPT.txt

Examples:
  retro hp2100 basic                   # READY; type 10 PRINT SQR(2), 20 END, RUN";

/// `retro hp2100 basic`'s arguments.
#[derive(clap::Args)]
pub struct BasicArgs {
    /// A BASIC program read through the photoreader (PTAPE) at the first READY
    #[arg(long, value_name = "FILE")]
    pub load: Option<PathBuf>,
    /// The folder of HP's software (default: $HP2100_SOFTWARE_DIR, else
    /// ../shared/hp2100-software)
    #[arg(long, value_name = "DIR")]
    pub software: Option<PathBuf>,
    #[command(flatten)]
    pub operator: OperatorArgs,
}

pub fn run(a: BasicArgs) -> CliResult {
    let program = match &a.load {
        Some(p) => Some(program_tape(
            &std::fs::read(p).map_err(|e| format!("cannot read {}: {e}", p.display()))?,
        )),
        None => None,
    };
    let folder = Folder::find(a.software.as_deref());
    let tape = basic::configured(&folder)?;
    errln!("{FIRST_WORDS}");
    let host = a.operator.host_with(BRIEFING)?;
    let hold = host.scripted();
    let keys = Keyboard::new(host, hold, program.is_some());
    let mut m = basic::boot(&tape)?;
    let _stop_keys = StopKeys::install(&m.halt_switch())?;
    let limit = Limit::for_run(None, std::io::stdin().is_terminal());
    let (session, keys) = basic::session_on(&mut m, program, keys, limit);
    keys.into_inner().finish()?;
    if session.ended_well(basic::HALT_BYE) {
        return Ok(ExitCode::SUCCESS);
    }
    errln!(
        "\nBASIC stopped: {} at P: {:05o}; {:.1} s of 2100A time",
        session.stop,
        m.p,
        session.seconds
    );
    Ok(ExitCode::from(1))
}
