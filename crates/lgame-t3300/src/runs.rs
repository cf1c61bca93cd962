//! The runs of `retro lgame classify|play|step` on the T3300-R: the classifier with its
//! progress and report, LGM at the terminal's typewriter, and the classifier in the debugger.
//!
//! Notes:
//!
//! 1. [`classify`] writes a progress line per level as the emulated run reaches it, then the
//!    typewriter's paper, the machine time and cycles of every extension pass beside the
//!    paper's "about 20-30 minutes", the table of §9 beside the printed one, and the comparison
//!    of every l-type with the native classifier ([`report`](crate::report)); it returns
//!    whether they agree (a difference fails the command).
//! 2. [`play`] first runs the classifier (its punched tape is LGM's classification), then LGM
//!    with the typewriter on the terminal. The opening answers (`second`, `watch`, `start`)
//!    are typed for the operator; everything else is asked by LGM itself. An operator beside
//!    the typewriter takes HELP before and after a game, and QUIT.
//! 3. [`step`] runs the guided tour, a script, or the commands typed, at the T3300-R's `sim>`
//!    console with the classifier loaded; the typewriter prints to the terminal.
//! 4. The host is the caller's: the keys typed (`teletype::TypeAhead`, filled by the host's
//!    reader of the keyboard), the operator a console is held from
//!    (`machine_core::prompt::Operator`), the file the punched tape goes to (made by the
//!    caller before the run, written through [`classify`]'s `tape_out`).

use crate::{classifier, lgm, report, step as stepper};
use lgame::Position;
use machine_core::prompt::{Lines, Operator};
use std::io::Write;
use std::path::Path;
use teletype::{Scripted, Terminal, TypeAhead};

/// A host error (an unwritable output, a program that does not assemble), named.
pub type Error = Box<dyn std::error::Error>;

/// What the punched tape is given to after the run (note 4).
pub type TapeOut<'a> = &'a mut dyn FnMut(&[u8]) -> Result<(), Error>;

/// The emulated classification, written to `out` as it runs (note 1): whether it agrees with
/// the native classifier. With `tape_out` the punched tape is given to it before the report;
/// with `list` every l-type's class and level follows the report.
///
/// # Errors
/// A cycle time that is not a positive number of microseconds, an unwritable tape or output,
/// a run that did not finish.
pub fn classify(
    out: &mut dyn Write,
    cycle_us: f64,
    tape_out: Option<TapeOut>,
    direct: bool,
    list: bool,
) -> Result<bool, Error> {
    if !(cycle_us.is_finite() && cycle_us > 0.0 && cycle_us < 1e6) {
        return Err("--cycle-us must be a positive number of microseconds".into());
    }
    let opts = classifier::Options {
        cycle_ns: ((cycle_us * 1000.0).round() as u64).max(1),
        fast_io: false,
        direct,
    };
    writeln!(out, "{}", report::header(cycle_us, direct))?;
    let mut progress = report::Progress::default();
    let mut printed: std::io::Result<()> = Ok(());
    let run = classifier::run(Scripted::new(), opts, |p| {
        if let Some(line) = progress.pass(p) {
            if printed.is_ok() {
                printed = writeln!(out, "{line}");
            }
        }
    })?;
    printed?;
    if let Some(line) = progress.finish() {
        writeln!(out, "{line}")?;
    }
    if let Some(write) = tape_out {
        write(&run.tape)?;
    }
    let (mut text, agrees) = report::after_run(&run, cycle_us)?;
    if list {
        text.push('\n');
        text.push_str(&lgame::listing::listing(&run.classification()?));
    }
    out.write_all(text.as_bytes())?;
    Ok(agrees)
}

/// How a game with LGM ended.
#[derive(Debug, PartialEq, Eq)]
pub enum Ended {
    /// LGM halted at its end (the operator answered that the session is over, or QUIT).
    Halted,
    /// The keyboard's input ran out while LGM waited for a key.
    InputExhausted,
}

/// LGM on the T3300-R with the terminal as its typewriter, its keys those of `keys` (note 2);
/// `notes` hears what the operator is told beside the paper.
///
/// # Errors
/// A program that does not assemble or run to its tape, LGM stopping otherwise than at its
/// end.
pub fn play(
    notes: &mut dyn Write,
    second: bool,
    watch: bool,
    start: Option<Position>,
    realtime: bool,
    keys: Option<TypeAhead>,
) -> Result<Ended, Error> {
    writeln!(
        notes,
        "retro: running {} on the T3300-R for LGM's classification tape ...",
        classifier::SOURCE_NAME
    )?;
    let run = classifier::run_quietly(classifier::Options {
        fast_io: true,
        ..Default::default()
    })?;
    let answers = lgm::opening_answers(second, watch, start.as_ref());
    let live = std::io::IsTerminal::is_terminal(&std::io::stdin());
    let side = teletype::OperatorSide::new(
        Terminal::new(Box::new(std::io::stdout()), keys, realtime),
        lgame::briefing::LGM,
        live,
    );
    let host = lgm::Prefilled::new(&answers, side);
    let mut m = lgm::Lgm::new(run.tape, host, t3300::Config::default())?;
    match m.run() {
        t3300::Stop::Halt { code: 0o7777, .. } => Ok(Ended::Halted),
        t3300::Stop::InputExhausted { .. } => Ok(Ended::InputExhausted),
        other => Err(format!("LGM stopped: {other}").into()),
    }
}

/// The classifier at the T3300-R's `sim>` console (`t3300::prompt::hold`: SIMH's commands,
/// the debugger's, the operator's stop keys), held from `operator`, the session on `out`
/// (note 3).
///
/// # Errors
/// `tour` and `script` both given, an unreadable script, `out` failing.
pub fn step(
    out: &mut dyn Write,
    tour: bool,
    script: Option<&Path>,
    fast_io: bool,
    operator: &mut dyn Operator,
) -> Result<(), Error> {
    let config = t3300::Config {
        fast_typewriter: fast_io,
        fast_tape: fast_io,
        key_wait_limit: Some(0),
        ..t3300::Config::default()
    };
    let first = match (tour, script) {
        (true, Some(_)) => return Err("give --tour or --script, not both".into()),
        (true, None) => Lines::script(stepper::TOUR),
        (false, Some(p)) => {
            Lines::script(&machine_core::text::read_text(p).map_err(|e| e.to_string())?)
        }
        (false, None) => {
            writeln!(
                out,
                "The L-game classifier {} on the T3300-R, at its console (help lists the \
                 commands; retro lgame step --tour shows a guided tour).",
                classifier::SOURCE_NAME
            )?;
            Lines::typed()
        }
    };
    let mut d = stepper::debugger(
        Terminal::new_output_only(Box::new(std::io::stdout()), false),
        config,
    )?;
    let mut own = t3300::console::Commands::with_loader(t3300_asm::files::program_and_labels);
    t3300::prompt::hold(&mut { out }, &mut d, &mut own, first, operator, None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use machine_core::prompt::Typist;

    #[test]
    fn a_bad_cycle_time_or_two_scripts_are_refused() {
        let mut out = Vec::new();
        assert!(classify(&mut out, 0.0, None, false, false).is_err());
        assert!(out.is_empty());
        let op = &mut Typist::default();
        assert!(step(&mut out, true, Some(Path::new("x")), true, op).is_err());
        assert!(step(
            &mut out,
            false,
            Some(Path::new("/no/such/script")),
            true,
            op
        )
        .is_err());
    }

    #[test]
    fn the_operator_s_lines_reach_the_classifier_s_console() {
        let mut out = Vec::new();
        let op = &mut Typist::new("x +form+ 1\nquit");
        step(&mut out, false, None, true, op).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("sim> x +form+ 1\n"), "{text}");
        assert!(text.contains("+form+"), "{text}");
    }

    #[test]
    fn a_step_script_runs_in_the_debugger() {
        let p = std::env::temp_dir().join(format!("lgame-step-{}.txt", std::process::id()));
        std::fs::write(&p, "regs\n").unwrap();
        let mut out = Vec::new();
        step(&mut out, false, Some(&p), true, &mut Typist::default()).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("sim> regs\nP "), "{text}");
        std::fs::remove_file(&p).unwrap();
    }
}
