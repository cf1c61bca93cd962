//! `retro hex play`: NHEX as the HP 2100 assembly program
//! (`asm/hp2100/nhex*.asm`, tape `roms/nhex.abs`) running on the emulated 2100A (crate
//! `nhex-hp2100`).
//!
//! * [`play`] boots the machine as an operator does (our Basic Binary Loader, the NHEX tape in
//!   the photoreader, LOAD, RUN at address 2) and connects its 12531C teletype to the terminal
//!   or to a scripted opponent. With `stats`, every NHEX reply is timed in emulated 2100A time
//!   from the operator's RETURN to the reply's first character (`nhex_hp2100::stats`).

use crate::operator::OperatorArgs;
use crate::CliResult;
use hp2100::panel::Limit;
use machine_core::Stop;
use nhex::board_view::BoardView;
use nhex_hp2100::MoveClock;
use std::process::ExitCode;

/// Play NHEX on the emulated 2100A at the teletype.
///
/// * `op`: the operator's `--input`, `--transcript` and `--realtime`;
/// * `board`: draw the board after each move on standard error;
/// * `stats`: after the session, the emulated 2100A seconds and cycles of each NHEX reply.
pub fn play(op: &OperatorArgs, board: bool, stats: bool) -> CliResult {
    errln!("{}", nhex::briefing::FIRST_WORDS);
    let host = MoveClock::new(BoardView::new(
        op.host_with(nhex::briefing::BRIEFING)?,
        crate::hex::board_out(board),
    ));
    let (session, h) = nhex_hp2100::play(host, Limit::NONE)?;
    h.inner().inner().finish()?;
    if stats {
        out!("{}", nhex_hp2100::stats::report(h.moves(), &session))?;
    }
    if session.clean() {
        Ok(ExitCode::SUCCESS)
    } else {
        errln!(
            "\nNHEX stopped: {}{}",
            session.stop,
            match session.stop {
                Stop::RunLimit { .. } => " (run limit)",
                _ => "",
            }
        );
        Ok(ExitCode::from(1))
    }
}
