//! `retro hex play` and `retro hex replay --machine`: NHEX as the HP 2100 assembly program
//! (`asm/hp2100/nhex*.asm`, tape `roms/nhex.abs`) running on the emulated 2100A (crate
//! `nhex-hp2100`).
//!
//! * [`play`] boots the machine as an operator does (our Basic Binary Loader, the NHEX tape in
//!   the photoreader, LOAD, RUN at address 2) and connects its 12531C teletype to the terminal
//!   or to a scripted opponent. With `stats`, every NHEX reply is timed in emulated 2100A time
//!   from the operator's RETURN to the reply's first character (`nhex_hp2100::stats`).
//! * [`replay`] replays teletype logs with NHEX's moves computed by the program on the machine,
//!   and prints the same table and final line as the native `retro hex replay`.

use crate::CliResult;
use hp2100::panel::Limit;
use machine_core::Stop;
use nhex::board::{Board, Side};
use nhex::log::LoggedGame;
use nhex::replay::GameReplay;
use nhex_hp2100::replay::replay_game;
use nhex_hp2100::{MachineEngine, MoveClock};
use std::path::{Path, PathBuf};
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
        print_stats(h.moves(), &session);
    }
    if session.clean() {
        Ok(ExitCode::SUCCESS)
    } else {
        eprintln!(
            "\nNHEX stopped: {}{}",
            session.stop,
            match session.stop {
                Stop::RunLimit => " (run limit)",
                _ => "",
            }
        );
        Ok(ExitCode::from(1))
    }
}

fn print_stats(moves: &[nhex_hp2100::MoveTime], s: &nhex_hp2100::Session) {
    println!();
    println!("NHEX's replies: emulated 2100A time from the RETURN to the reply's first character");
    println!("   #  move   2100A s      cycles   wall ms");
    for (i, m) in moves.iter().enumerate() {
        println!(
            "{:>4}  {}  {:>8.3}  {:>10}  {:>8.2}",
            i + 1,
            m.cell,
            m.seconds(),
            m.cycles(),
            m.wall.as_secs_f64() * 1000.0
        );
    }
    let t: Vec<u64> = moves.iter().map(|m| m.nanos).collect();
    if let Some((med, max)) = nhex_hp2100::stats::median_max(t) {
        println!(
            "{} replies: median {:.3} s, maximum {:.3} s of 2100A time",
            moves.len(),
            med as f64 / 1e9,
            max as f64 / 1e9
        );
    }
    println!(
        "session: {:.1} s of 2100A time ({} cycles) in {:.0} ms",
        s.seconds,
        s.cycles,
        s.wall.as_secs_f64() * 1000.0
    );
}

/// Replay teletype logs with NHEX's moves from the program on the emulated 2100A. The output
/// is the native `retro hex replay`'s and ends with `agreement: K/N NHEX moves (P%)`.
pub fn replay(files: &[PathBuf], svg: Option<&Path>, gpcc: bool) -> CliResult {
    let mut hp = MachineEngine::new()?;
    crate::hex::replay_with(files, svg, gpcc, &mut hp)
}

impl crate::hex::ReplayEngine for MachineEngine {
    fn replay(
        &mut self,
        g: &LoggedGame,
    ) -> Result<Result<GameReplay, String>, Box<dyn std::error::Error>> {
        match replay_game(g, self) {
            Ok(r) => Ok(Ok(r)),
            Err(nhex_hp2100::replay::ReplayError::Log(e)) => Ok(Err(e.to_string())),
            Err(e) => Err(e.into()),
        }
    }

    fn has_won(&mut self, b: &Board, s: Side) -> Result<bool, Box<dyn std::error::Error>> {
        Ok(MachineEngine::has_won(self, b, s)?)
    }
}
