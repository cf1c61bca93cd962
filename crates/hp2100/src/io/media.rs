//! What a card with a medium (a paper tape, a disc image) declares for the console's
//! `attach`, `detach` and `boot`: its [`Media`], named on the card's line of the registry
//! (`io/mod.rs`) beside its slots. The console (`scp::media`) finds the card by the device
//! name the operator typed and hands it the rest of the command; it knows no card by name.
//!
//! Sources: SIMH's user's guide ("Attaching and detaching devices", "Booting"), whose
//! switches each card reads as SIMH's device does (`-n` a new file, `-e` it must exist, `-q`
//! quiet; the disc's `-r` read only).
//!
//! Implementation notes:
//!
//! 1. A card reads its own switches and file name from the command's words, since the
//!    devices differ in what they take (the tapes take switches before or after the device,
//!    the disc before it, as the console always has).
//! 2. `detach all` takes out the media whose [`Media::in_detach_all`] is set: the paper
//!    tapes, as the console always has; the disc keeps its images (`detach dpcN` takes one
//!    out).

use crate::Machine;
use machine_core::Limit;
use machine_core::Stop;
use std::path::PathBuf;

/// A file name as the console finds it (from the current directory, then the script's).
pub type Resolve<'a> = &'a dyn Fn(&str) -> PathBuf;

/// What a boot did: where the machine stopped, and what the console says after the stop
/// (the loader's halt in words).
pub struct Booted {
    pub stop: Stop,
    pub words: Option<String>,
}

/// `boot ARGS` (the words after `boot`) under the console's run limit: where it stopped.
pub type Boot = fn(&mut Machine, &str, Limit) -> Result<Booted, String>;

/// `load DEV`: a card's loader installed (see [`Media::loader`]).
pub type Loader = fn(&mut Machine) -> Result<(), String>;

/// A card's medium, as its registry line declares it.
pub struct Media {
    /// The unit a device name means (`PTR`: 0; `DPC`, `DPC0`..`DPC3`), `None` for another
    /// device.
    pub unit: fn(&str) -> Option<usize>,
    /// `attach ARGS` (the words after `attach`: switches, device and file): the lines to
    /// say, or what is wrong.
    pub attach: fn(&mut Machine, &str, Resolve) -> Result<Vec<String>, String>,
    /// `detach` of a unit.
    pub detach: fn(&mut Machine, usize),
    /// `boot ARGS` (the words after `boot`), for a card the operator can boot from.
    pub boot: Option<Boot>,
    /// `load DEV`: the card's loader into the protected top 64 words, configured for its
    /// select code, P at its first word and LOADER ENABLE on; nothing runs (SIMH's `load`
    /// of a bootable device).
    pub loader: Option<Loader>,
    /// `detach all` takes it out (note 2).
    pub in_detach_all: bool,
}

/// SIMH's switches (`-n`, `-nq`) anywhere among the first words of `rest`, each one of
/// `allowed`; the letters and the other words.
///
/// # Errors
/// A switch not in `allowed`, named with the command `cmd`.
pub fn switches(rest: &str, allowed: &str, cmd: &str) -> Result<(String, Vec<String>), String> {
    let mut letters = String::new();
    let mut words = Vec::new();
    for w in rest.split_whitespace() {
        match w.strip_prefix('-') {
            Some(sw) if !sw.is_empty() && words.len() < 2 => {
                for c in sw.chars().map(|c| c.to_ascii_lowercase()) {
                    if !allowed.contains(c) {
                        let list: Vec<String> = allowed.chars().map(|a| format!("-{a}")).collect();
                        return Err(format!("{cmd}: Invalid switch -{c} ({})", list.join(", ")));
                    }
                    letters.push(c);
                }
            }
            _ => words.push(w.to_string()),
        }
    }
    Ok((letters, words))
}

/// A file name in quotes, unquoted.
pub fn unquote(s: &str) -> String {
    let s = s.trim();
    if s.len() >= 2
        && (s.starts_with('"') && s.ends_with('"') || s.starts_with('\'') && s.ends_with('\''))
    {
        s[1..s.len() - 1].to_string()
    } else {
        s.to_string()
    }
}

/// The device a command's words name: the first word that is not a switch.
pub fn device(rest: &str) -> Option<&str> {
    rest.split_whitespace().find(|w| !w.starts_with('-'))
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
    fn switches_are_read_before_or_after_the_device() {
        let (sw, words) = switches("-n ptr -q f", "nqe", "attach").unwrap();
        assert_eq!((sw.as_str(), words), ("nq", vec!["ptr".into(), "f".into()]));
        let e = switches("-x ptr f", "nqe", "attach").unwrap_err();
        assert_eq!(e, "attach: Invalid switch -x (-n, -q, -e)");
        assert_eq!(device("-n -q dpc1 f"), Some("dpc1"));
        assert_eq!(unquote("'a b'"), "a b");
        assert!(Machine::medium("ptr").is_some() && Machine::medium("dpc3").is_some());
        assert!(Machine::medium("lpt").is_none());
    }
}
