//! What `retro hex play|replay` do besides booting NHEX: the native reference (crate `nhex`)
//! at the operator's teletype, and the 1975 logs replayed into NHEX on the 2100A or into the
//! native reference, with the report of `nhex::report`.
//!
//! Notes:
//!
//! 1. `--board` draws on standard error, so that the paper on standard output stays as the
//!    teletype printed it.
//! 2. An `--svg` path that ends in `/` names a folder, which must exist; the folder of any
//!    other is checked by the caller before the first log is replayed (the command line's
//!    `host_terminal::outfile::check_folder`).

use crate::MachineEngine;
use nhex::board_view::BoardView;
use nhex::dialogue::Dialogue;
use nhex::engine::Engine;
use nhex::replay::Mover;
use nhex::report;
use std::io::Write;
use std::path::{Path, PathBuf};
use teletype::{OperatorError, OperatorHost};

/// How a game is played, for `retro hex play --help`.
pub const PLAY_HELP: &str = "\
The board is a rhombus of 8x8 hexagonal cells. A cell is typed as uuvv: two digits of its
column u, then two of its row v, each from 01 to 08 (0405 is column 4, row 5; 0101 is the top
left corner). NHEX joins the top and bottom rows (v = 01 and v = 08); you join the left and
right sides (u = 01 and u = 08), whoever moves first.

The dialogue is the 1975 program's, in romanised Japanese:
  2-KETA NO KAZU O KEY-IN SEYO      type any two digits (the session number)
  SENTE WA? ANATA=00 WATASHI=99     00: you move first; 99: NHEX does
  ANATA NO TE WA?                   your move, uuvv
  WATASHI NO TE uuvv                NHEX's move
  MOICHIDO TADASHIKU KEY-IN SEYO    not a move on the board: type it again
  SOKO WA SUDENI UTARETE IMAS       that cell is taken
  WATASHI NO KACHI! / ?ANATA NO KACHI   NHEX wins / you win
  MOICHIDO SURU=00 SHINAI=99        00: play again; 99: end

HELP at any question, typed on the operator's side of the teletype, explains it there; QUIT
stops the machine at once. Neither reaches NHEX, so the paper keeps the 1975 dialogue.
The paper (and --transcript) is what the teletype printed; --board draws the position after
each move on standard error, beside it. Ctrl-D, or the end of --input, ends the session. A
transcript replays with `retro hex replay`.

With --dos the 2100A boots DOS-M from its 12557A/2870 disc and the operator types :DATE,
:JOB and :RUN,TAM: NHEX is DOS-M program TAM, as the 1975 logs begin. The disc is generated
from HP's tapes on first use (about a minute) and kept (--image; docs/dos-m.md).

Examples:
  retro hex play                       # the HP 2100A program; type 12, then 00 to move first
  retro hex play --dos                 # the same under DOS-M: :RUN,TAM
  retro hex play --native --board --transcript paper.txt";

/// A host error, named.
pub type Error = Box<dyn std::error::Error>;

/// Where `--board` draws (note 1), if asked.
pub fn board_out(board: bool) -> Option<Box<dyn Write>> {
    board.then(|| Box::new(std::io::stderr()) as Box<dyn Write>)
}

/// The native reference at the operator's teletype (`host`), the paper written as it is
/// printed, the board drawn after each move when `board` is given.
///
/// # Errors
/// A transcript that could not be written.
pub fn play_native(host: OperatorHost, board: bool) -> Result<(), OperatorError> {
    let view = BoardView::new(host, board_out(board));
    let mut d = Dialogue::new(view, Engine::default());
    d.run();
    d.teletype.host().inner().finish()
}

/// Replay the logs `files` into NHEX (on the 2100A with `machine`, else the native
/// reference): the report on `out`, the errors on `err`; whether a file could not be read, a
/// log has no game or is not a legal game, or no game was replayed at all.
///
/// # Errors
/// An `--svg` folder named with `/` that is not there (note 2), the machine or an output
/// failing.
pub fn replay(
    files: &[PathBuf],
    svg: Option<&Path>,
    gpcc: bool,
    machine: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<bool, Error> {
    if let Some(p) = svg {
        if p.as_os_str().to_string_lossy().ends_with('/') && !p.is_dir() {
            return Err(format!("cannot write {}: no folder {}", p.display(), p.display()).into());
        }
    }
    let opts = report::Options { svg, gpcc };
    let failed = if machine {
        replay_with(files, opts, &mut MachineEngine::new()?, out, err)?
    } else {
        replay_with(files, opts, &mut &Engine::default(), out, err)?
    };
    Ok(failed)
}

fn replay_with<M: Mover>(
    files: &[PathBuf],
    opts: report::Options,
    mover: &mut M,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<bool, Error> {
    Ok(report::replay_files(files, opts, mover, out, err)?.failed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_svg_folder_that_is_not_there_is_refused_before_the_replay() {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let files = [PathBuf::from("no/such/log.txt")];
        let e = replay(
            &files,
            Some(Path::new("no/such/dir/")),
            false,
            false,
            &mut out,
            &mut err,
        )
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "cannot write no/such/dir/: no folder no/such/dir/"
        );
        assert!(out.is_empty() && err.is_empty());
        assert!(board_out(false).is_none() && board_out(true).is_some());
    }

    #[test]
    fn an_unreadable_log_fails_the_replay() {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let files = [PathBuf::from("/no/such/log.txt")];
        assert!(replay(&files, None, false, false, &mut out, &mut err).unwrap());
        assert!(String::from_utf8_lossy(&err).contains("/no/such/log.txt"));
    }
}
