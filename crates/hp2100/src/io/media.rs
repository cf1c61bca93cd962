//! What a card with a medium (a paper tape, a disc image) declares for the console's
//! `attach`, `detach` and `boot`: its [`Media`], named on the card's line of the registry
//! (`io/mod.rs`) beside its slots. The console (`scp::media`) reads the command once, finds
//! the card by the device name the operator typed and hands it an [`Attach`] (the unit, the
//! file's path, the switches) or, for a boot, the unit and switches; it knows no card by
//! name, and no card reads command text.
//!
//! Sources: SIMH's user's guide ("Attaching and detaching devices", "Booting"), whose
//! switches each card reads as SIMH's device does (`-n` a new file, `-e` it must exist, `-q`
//! quiet; the disc's `-r` read only).
//!
//! Implementation notes:
//!
//! 1. A card declares the switch letters it takes ([`Media::switches`]); the console refuses
//!    any other in SIMH's words before the card is reached, so a card sees only its own.
//! 2. `detach all` takes out the media whose [`Media::in_detach_all`] is set: the paper
//!    tapes, as the console always has; the disc keeps its images (`detach dpcN` takes one
//!    out).

use crate::Machine;
use machine_core::Limit;
use machine_core::Stop;
use std::path::PathBuf;

/// An `attach` as the console read it.
pub struct Attach {
    /// The unit the device name means.
    pub unit: usize,
    /// The file, found from the current directory, then the script's.
    pub path: PathBuf,
    /// The switch letters given, lower case, each one of the card's [`Media::switches`].
    pub switches: String,
}

impl Attach {
    /// Whether switch `c` was given.
    pub fn has(&self, c: char) -> bool {
        self.switches.contains(c)
    }
}

/// What a boot did: where the machine stopped, and what the console says after the stop
/// (the loader's halt in words).
pub struct Booted {
    pub stop: Stop,
    pub words: Option<String>,
}

/// `boot [SWITCHES] DEV` of a unit, the switch letters given (lower case), under the
/// console's run limit: where it stopped.
pub type Boot = fn(&mut Machine, usize, &str, Limit) -> Result<Booted, String>;

/// `load DEV`: a card's loader installed (see [`Media::loader`]).
pub type Loader = fn(&mut Machine) -> Result<(), String>;

/// A card's medium, as its registry line declares it.
pub struct Media {
    /// The unit a device name means (`PTR`: 0; `DPC`, `DPC0`..`DPC3`), `None` for another
    /// device.
    pub unit: fn(&str) -> Option<usize>,
    /// The switch letters `attach` takes for this card (note 1).
    pub switches: &'static str,
    /// The switch letters `boot` takes for this card.
    pub boot_switches: &'static str,
    /// `attach`: the lines to say, or what is wrong.
    pub attach: fn(&mut Machine, &Attach) -> Result<Vec<String>, String>,
    /// `detach` of a unit.
    pub detach: fn(&mut Machine, usize),
    /// `boot` of a unit, for a card the operator can boot from.
    pub boot: Option<Boot>,
    /// `load DEV`: the card's loader into the protected top 64 words, configured for its
    /// select code, P at its first word and LOADER ENABLE on; nothing runs (SIMH's `load`
    /// of a bootable device).
    pub loader: Option<Loader>,
    /// `detach all` takes it out (note 2).
    pub in_detach_all: bool,
}

impl Machine {
    /// The medium and unit a device name means, if a card declares one.
    pub fn medium(dev: &str) -> Option<(&'static Media, usize)> {
        Self::MEDIA
            .iter()
            .find_map(|m| (m.unit)(dev).map(|u| (*m, u)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_device_name_finds_its_medium_and_unit() {
        assert_eq!(Machine::medium("ptr").map(|(_, u)| u), Some(0));
        assert_eq!(Machine::medium("DPC3").map(|(_, u)| u), Some(3));
        assert!(Machine::medium("lpt").is_none());
    }
}
