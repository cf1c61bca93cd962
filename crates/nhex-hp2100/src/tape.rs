//! NHEX from its paper tape (the other form, DOS-M's program TAM, is `crate::dos`): the NHEX
//! tape booted through the Basic Binary Loader, the program started at address 2, and a
//! session played over the teletype host it is given (the command line's, a test's script).
//!
//! The boot is the one of `docs/hp2100a.md` §4.3 (`hp2100::boot_ptr`): the tape in the
//! photoreader, S = 037700, LOAD ADDRESS, LOADER ENABLE, PRESET, RUN; the loader halts with
//! 102077. The operator then sets S = 2, presses LOAD ADDRESS, PRESET and RUN.

use crate::rom;
use hp2100::panel::Limit;
use hp2100::{Config, Machine, Stop};
use teletype::TtyHost;

/// Why NHEX could not be run.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error(transparent)]
    Config(#[from] hp2100::ConfigError),
    #[error(transparent)]
    Boot(#[from] hp2100::BootError),
    #[error("the loader stopped with {0} instead of HALT 102077")]
    Loader(Stop),
    #[error("NHEX started at {entry:05o} stopped with {stop}")]
    Entry { entry: u16, stop: Stop },
    #[error("symbol {0} is missing from roms/nhex.lst")]
    Symbol(&'static str),
}

/// The program's start address (the project's convention for tapes).
pub const START: u16 = 0o2;

/// Halt of the program when the operator answers 99 to MOICHIDO SURU.
pub const HALT_DONE: u32 = 0o102077;

/// Limit of the loader's run (the tape takes a few emulated seconds).
const BOOT_LIMIT: f64 = 600.0;

/// A 16K 2100A with the NHEX tape loaded by the Basic Binary Loader.
pub fn boot() -> Result<Machine, Error> {
    let mut m = Machine::new(Config::default())?;
    m.cards.ptr.load(rom::TAPE.to_vec());
    let stop = hp2100::boot_ptr(&mut m, Limit::seconds(BOOT_LIMIT))?;
    if stop.halt_code() != Some(0o102077) {
        return Err(Error::Loader(stop));
    }
    Ok(m)
}

/// Set S to `addr`, LOAD ADDRESS, PRESET (the operator's start; RUN is [`Machine::run`]).
pub fn start_at(m: &mut Machine, addr: u16) {
    m.s = addr;
    m.load_address();
    m.preset();
}

/// The end of a session: the panel's, NHEX's end being [`HALT_DONE`] (after 99).
pub use hp2100::panel::Session;

/// `retro hex play`: NHEX booted as an operator does (our Basic Binary Loader, the NHEX tape in
/// the photoreader, LOAD, RUN at address 2), its teletype the operator's `host`, the board
/// drawn after each move on `board` when given; the session, and every NHEX reply timed in
/// emulated 2100A time from the operator's RETURN to the reply's first character
/// ([`crate::stats`]).
///
/// # Errors
/// A boot that failed, the operator's transcript that could not be written.
pub fn at_teletype(
    host: teletype::OperatorHost,
    board: Option<Box<dyn std::io::Write>>,
) -> Result<(Session, Vec<crate::MoveTime>), Box<dyn std::error::Error>> {
    let host = crate::MoveClock::new(nhex::board_view::BoardView::new(host, board));
    let (session, h) = play(host, Limit::NONE)?;
    h.inner().inner().finish()?;
    Ok((session, h.moves().to_vec()))
}

/// Boot NHEX and play a session over `host` until the program halts, the input ends or
/// `limit` is reached; the host comes back with the session, to read what it recorded.
pub fn play<H: TtyHost + 'static>(host: H, limit: Limit) -> Result<(Session, H), Error> {
    Ok(Loaded::boot()?.play(host, limit))
}

/// NHEX loaded once and started again at 2 for every session, as an operator starts a program
/// already in core again without reading its tape: the program's start expands its tables
/// afresh and clears the board (`START` in `asm/hp2100/nhex.asm`), and PRESET clears the
/// teleprinter interface, so each session is the one [`play`] would give.
pub struct Loaded {
    m: Machine,
}

impl Loaded {
    /// Boot the tape ([`boot`]).
    pub fn boot() -> Result<Loaded, Error> {
        Ok(Loaded { m: boot()? })
    }

    /// One session over `host`, as [`play`].
    pub fn play<H: TtyHost + 'static>(&mut self, host: H, limit: Limit) -> (Session, H) {
        let m = &mut self.m;
        m.cards.tty.attach(host);
        start_at(m, START);
        let session = m.run_session(limit);
        let host = m.cards.tty.detach().expect("the host attached above");
        (session, host)
    }
}

#[cfg(test)]
mod session_tests {
    use super::*;

    fn session(stop: Stop) -> Session {
        Session {
            stop,
            cycles: 0,
            seconds: 0.0,
            wall: std::time::Duration::ZERO,
        }
    }

    #[test]
    fn only_an_unclean_stop_is_noted() {
        let done = Stop::Halt {
            code: HALT_DONE,
            at: 0o100,
            p: 0o101,
        };
        assert_eq!(session(done).stop_note("NHEX", HALT_DONE), None);
        let limit = session(Stop::RunLimit { cycles: 10 })
            .stop_note("NHEX", HALT_DONE)
            .unwrap();
        assert!(limit.starts_with("NHEX stopped: ") && limit.ends_with(" (run limit)"));
    }

    #[test]
    fn the_wait_loop_pass_leaves_a_session_as_the_turns_one_by_one() {
        // A key, the first move and a reply: waits on the keyboard and on the printer.
        let input = "12\n00\n0505\n";
        let mut both = Vec::new();
        for skipping in [false, true] {
            let mut loaded = Loaded::boot().unwrap();
            loaded.m.set_wait_skipping(skipping);
            let host = teletype::Transcript::new(teletype::Scripted::from_lines(input));
            let (s, host) = loaded.play(host, Limit::seconds(3600.0));
            both.push((s.stop, s.cycles, host.paper(), loaded.m.save_state()));
        }
        assert!(both[1].2.contains("WATASHI NO TE"), "{}", both[1].2);
        assert_eq!(both[0], both[1]);
    }
}
