//! `retro hex play`: NHEX as the HP 2100 assembly program
//! (`asm/hp2100/nhex*.asm`, tape `roms/nhex.abs`) running on the emulated 2100A (crate
//! `nhex-hp2100`).
//!
//! * [`play`] boots the machine as an operator does (our Basic Binary Loader, the NHEX tape in
//!   the photoreader, LOAD, RUN at address 2) and connects its 12531C teletype to the terminal
//!   or to a scripted opponent. With `stats`, every NHEX reply is timed in emulated 2100A time
//!   from the operator's RETURN to the reply's first character (`nhex_hp2100::stats`).

use crate::CliResult;
use hp2100::panel::Limit;
use machine_core::Stop;
use nhex_hp2100::MoveClock;
use std::path::Path;
use std::process::ExitCode;

/// Play NHEX on the emulated 2100A at the teletype.
///
/// * `input`: the opponent's typed lines, one per prompt (otherwise the keyboard);
/// * `transcript`: write what the paper roll shows to this file;
/// * `realtime`: print at the ASR-33's 10 characters per second;
/// * `stats`: after the session, the emulated 2100A seconds and cycles of each NHEX reply.
pub fn play(
    input: Option<&Path>,
    transcript: Option<&Path>,
    realtime: bool,
    stats: bool,
) -> CliResult {
    let host = MoveClock::new(teletype::operator::host(input, transcript, realtime)?);
    let (session, h) = nhex_hp2100::play(host, Limit::NONE)?;
    h.inner().finish()?;
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
