//! The operator's hands at the front panel for HP's tapes: boot a tape through the Basic Binary
//! Loader (`hp2100::boot_ptr`, `docs/hp2100a.md` §4.3: S = 037700, LOAD ADDRESS, LOADER
//! ENABLE, PRESET, RUN; the loader halts 102077 at the tape's end), set S, start at an address.
//!
//! Notes:
//!
//! 1. A loader stop other than 102077 is an error naming the tape and what the halt means
//!    (`hp2100::bbl_halt`): a damaged tape is refused, not run.
//! 2. Each run of HP's programs here has a limit in 2100A time (the `Limit` given), so a
//!    program that waits for ever (a reader that ran dry, a question nobody answers) ends the
//!    run instead of hanging the host.

use hp2100::panel::Limit;
use hp2100::{Machine, Stop};

/// Why HP's software could not be run on the machine.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error(transparent)]
    Missing(#[from] crate::folder::Missing),
    #[error(transparent)]
    Config(#[from] hp2100::ConfigError),
    #[error("{tape}: {source}")]
    Boot {
        tape: String,
        source: hp2100::BootError,
    },
    #[error("{tape}: the loader stopped with {stop}{meaning}")]
    Loader {
        tape: String,
        stop: Stop,
        meaning: String,
    },
    #[error("{what} stopped with {stop}; the teletype shows:\n{paper}")]
    Run {
        what: String,
        stop: Stop,
        paper: String,
    },
    #[error("cannot move {card} to select code {sc:o}: {msg}")]
    Card { card: String, sc: u8, msg: String },
    #[error("{0}")]
    Io(String),
}

/// Limit of a loader's run: a full 16K tape takes under a minute of 2100A time.
const BOOT_LIMIT: f64 = 600.0;

/// Boot `tape` (named `name` for the operator) through the Basic Binary Loader (note 1).
///
/// # Errors
/// No loader for the machine's size, or a loader stop other than its end of tape.
pub fn boot(m: &mut Machine, tape: &[u8], name: &str) -> Result<(), Error> {
    m.cards.ptr.load(tape.to_vec());
    let stop = hp2100::boot_ptr(m, Limit::seconds(BOOT_LIMIT)).map_err(|source| Error::Boot {
        tape: name.to_string(),
        source,
    })?;
    m.cards.ptr.unload();
    if stop.halt_code() != Some(0o102077) {
        let meaning = hp2100::bbl_halt::words(stop, m)
            .map(|w| format!(": {w}"))
            .unwrap_or_default();
        return Err(Error::Loader {
            tape: name.to_string(),
            stop,
            meaning,
        });
    }
    Ok(())
}

/// S = `s`, then the start: S = `addr`'s LOAD ADDRESS would overwrite S, so P is set from
/// `addr` as LOAD ADDRESS sets it, and S is left holding `s` (the operator sets the switches
/// to the address, presses LOAD ADDRESS, then sets them to the program's option word).
pub fn start(m: &mut Machine, addr: u16, s: u16) {
    m.s = addr;
    m.load_address();
    m.s = s;
    m.preset();
}

/// Move a card to another select code, as the operator would set the card's jumpers.
///
/// # Errors
/// A select code another card holds.
pub fn move_card(m: &mut Machine, name: &str, sc: u8) -> Result<(), Error> {
    let slot = Machine::slot(name).ok_or_else(|| Error::Card {
        card: name.to_string(),
        sc,
        msg: "no such card".into(),
    })?;
    m.move_card(slot, sc).map_err(|msg| Error::Card {
        card: name.to_string(),
        sc,
        msg,
    })
}
