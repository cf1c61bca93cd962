//! A command's teletype on the terminal and the operator's files (every command that runs a
//! program on one: HP 2100A tapes, T3300-R images, NHEX, BASIC, the native games): the lines
//! of `--input` read, the `--transcript` file made, the paper shown on standard output, made
//! into the machine-neutral operator's host (`teletype::OperatorHost`):
//!
//! * without `--input` the keyboard (the keys typed ahead, which the one reader of standard
//!   input fills, [`crate::keyboard`]) and the terminal are the teletype;
//! * with `--input FILE` its lines are typed one per prompt while the paper is still printed
//!   on the terminal as it comes;
//! * `--transcript FILE` receives what the paper roll shows: the file is made here, before the
//!   run, so that a bad path is reported at once; each line is written when it is finished
//!   (`teletype::OperatorHost::finish` adds the last one);
//! * `--realtime` paces the terminal at the ASR-33's ten characters a second of wall time.
//!
//! The paper goes to standard output through [`crate::stdout::Out`], so a failed write names
//! standard output; the printer runs on with its paper torn off, and the command reports the
//! first error at its end (`teletype::take_output_error`).

use crate::stdout::Out;
use std::fs::File;
use std::io::IsTerminal;
use std::path::Path;
use teletype::operator_host::Parts;
use teletype::{Briefing, OperatorError, OperatorHost, TypeAhead};

/// The operator's host of a command's `--input`, `--transcript` and `--realtime`: without
/// `input` the keys are those of `keys` (none without it); with `briefing`, an operator
/// beside the keyboard who takes `HELP` and `QUIT` (`teletype::OperatorSide`), the paper roll
/// and the transcript keeping the program's dialogue alone.
///
/// # Errors
/// An unreadable input file or an unmakeable transcript, named, before anything runs.
pub fn host(
    input: Option<&Path>,
    transcript: Option<&Path>,
    realtime: bool,
    briefing: Option<Briefing>,
    keys: Option<TypeAhead>,
) -> Result<OperatorHost, OperatorError> {
    let lines = input
        .map(|p| {
            std::fs::read_to_string(p).map_err(|source| OperatorError::Read {
                path: p.to_path_buf(),
                source,
            })
        })
        .transpose()?;
    let transcript = match transcript {
        Some(p) => {
            let file = File::create(p).map_err(|source| OperatorError::Write {
                path: p.to_path_buf(),
                source,
            })?;
            Some((p.to_path_buf(), Box::new(file) as Box<dyn std::io::Write>))
        }
        None => None,
    };
    // Keys held until RETURN are echoed by the operator only at a live keyboard.
    let live = input.is_none() && std::io::stdin().is_terminal();
    Ok(OperatorHost::new(Parts {
        lines,
        keys: keys.filter(|_| input.is_none()),
        printer: Box::new(Out),
        realtime,
        transcript,
        briefing: briefing.map(|b| (b, live)),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use teletype::Teletype;

    #[test]
    fn the_input_file_is_typed_and_the_transcript_file_written() {
        let dir = std::env::temp_dir().join(format!("host-teletype-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (input, paper) = (dir.join("in.txt"), dir.join("paper.txt"));
        std::fs::write(&input, "12\n").unwrap();
        let mut h = host(Some(&input), Some(&paper), false, None, None).unwrap();
        assert!(h.scripted());
        let mut c = Teletype::new(&mut h);
        c.print("?\r\n");
        assert_eq!(c.read_line().as_deref(), Some("12"));
        assert_eq!(c.read_line(), None);
        // The finished lines are on the file before the end.
        assert_eq!(std::fs::read_to_string(&paper).unwrap(), "?\n");
        h.finish().unwrap();
        assert_eq!(std::fs::read_to_string(&paper).unwrap(), "?\n12");
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn a_missing_input_or_an_unmakeable_transcript_is_named_before_the_run() {
        let dir = std::env::temp_dir().join(format!("host-teletype-bad-{}", std::process::id()));
        let e = host(Some(&dir.join("missing")), None, false, None, None).err();
        assert!(e.unwrap().to_string().starts_with("cannot read "));
        let e = host(
            None,
            Some(&dir.join("no/such/paper.txt")),
            false,
            None,
            None,
        )
        .err();
        assert!(e.unwrap().to_string().starts_with("cannot write "));
    }
}
