//! The console's `attach`, `detach`, `boot` and `load DEV`, for any card that declares a medium
//! (`io/media.rs`: the paper-tape reader and punch, the disc's drives): the device the
//! operator names finds the card's [`crate::io::Media`] in the registry (`Machine::MEDIA`),
//! which reads the rest of the command; the console says what the card says and reports
//! where a boot stopped.
//!
//! ```text
//! attach [-n|-e|-q] ptr|ptp FILE   a tape (`io/ptr.rs`, `io/ptp.rs`)
//! attach [-n|-r|-e|-q] dpc[N] FILE a disc image (`io/dp.rs`, `disc.rs`)
//! detach [-q] DEV | detach all     a medium out; `all`: the tapes
//! boot ptr | boot [-r] dpc         the operator's boot from the device
//! load ptr | load dpc              the device's loader installed, P at it, not run (SIMH 4)
//! ```
//!
//! Implementation notes:
//!
//! 1. `attach` is read once, here, as SIMH reads it: switches anywhere on the line
//!    (`attach dpc -n disk.dsk`), the device, then the file (in quotes if it has blanks). The
//!    cards are given it in one form, `-SWITCHES DEVICE FILE`.
//! 2. A tape for the reader that does not exist is made, empty, and attached, as SIMH does
//!    ("creating new file"); `-e` refuses it instead.

use super::{CmdResult, Console, Next};
use crate::io::media::{device, switches};
use crate::Machine;
use machine_core::scp::dofile::split_args;
use std::io::Write;

impl<W: Write + 'static> Console<W> {
    /// `attach [SWITCHES] DEV [SWITCHES] FILE`: read once here (note 1), then handed to the
    /// device's card.
    pub(super) fn attach(&mut self, rest: &str) -> CmdResult {
        let dir = self.engine.dir.clone();
        let resolve = move |f: &str| super::resolve_in(&dir, f);
        let parsed = parse_attach(rest);
        let rest = &parsed.canonical();
        // A reader's tape that is not there is made, empty, as SIMH makes it (note 2).
        if parsed.device.eq_ignore_ascii_case("ptr")
            && parsed.switches.chars().all(|c| c == 'q')
            && !parsed.file.is_empty()
            && !resolve(&parsed.file).exists()
        {
            let path = resolve(&parsed.file);
            std::fs::write(&path, []).map_err(|e| {
                format!("File open error: PTR: cannot make {}: {e}", path.display())
            })?;
            if !parsed.switches.contains('q') {
                self.say(&format!("PTR: creating new file {}", path.display()));
            }
        }
        let Some((media, _)) = device(rest).and_then(Machine::medium) else {
            // No card has the device: the command's form first, then the device.
            let (_, words) = switches(rest, "nqe", "attach")?;
            let dev = words
                .first()
                .ok_or("attach: Too few arguments: attach DEV FILE")?;
            if words.len() < 2 {
                return Err("attach: missing file name".into());
            }
            return Err(format!("attach: unknown device {dev} (ptr, ptp)"));
        };
        let said = (media.attach)(&mut self.machine, rest, &resolve)?;
        for line in said {
            self.say(&line);
        }
        Ok(Next::Continue)
    }

    /// `detach [-q] DEV|ALL`.
    pub(super) fn detach(&mut self, rest: &str) -> CmdResult {
        if let Some((media, unit)) = Machine::medium(rest.trim()) {
            (media.detach)(&mut self.machine, unit);
            return Ok(Next::Continue);
        }
        let (_, words) = switches(rest, "q", "detach")?;
        let [dev] = words.as_slice() else {
            return Err("detach: one device: detach ptr, ptp or all".into());
        };
        if dev.eq_ignore_ascii_case("all") {
            for media in Machine::MEDIA.iter().filter(|m| m.in_detach_all) {
                (media.detach)(&mut self.machine, 0);
            }
            return Ok(Next::Continue);
        }
        match Machine::medium(dev) {
            Some((media, unit)) => {
                (media.detach)(&mut self.machine, unit);
                Ok(Next::Continue)
            }
            None => Err(format!("detach: unknown device {dev} (ptr, ptp, all)")),
        }
    }

    /// `boot [SWITCHES] DEV`: the card's boot, then where it stopped.
    pub(super) fn boot(&mut self, rest: &str) -> CmdResult {
        let boot = device(rest)
            .and_then(Machine::medium)
            .and_then(|(media, _)| media.boot);
        let Some(boot) = boot else {
            return Err(format!(
                "boot: only the photoreader can be booted, not {rest}"
            ));
        };
        // A select-code conflict: the loader is installed, and nothing runs (`running.rs`
        // note 3).
        if self.machine.select_code_conflict().is_some() {
            let loader = device(rest)
                .and_then(Machine::medium)
                .and_then(|(m, _)| m.loader);
            if let Some(install) = loader {
                let _ = install(&mut self.machine);
            }
            self.conflicted();
            return Ok(Next::Continue);
        }
        let booted = boot(&mut self.machine, rest, self.limit)?;
        self.report(booted.stop)?;
        if let Some(w) = booted.words {
            self.say(&w);
        }
        Ok(Next::Continue)
    }

    /// `load DEV`: the device's loader installed, not run (SIMH's `load ptr`, `load dpc`);
    /// `None` when the word after `load` names no device, for `load FILE` (`files.rs`).
    pub(super) fn load_device(&mut self, rest: &str) -> Option<CmdResult> {
        let (dev, after) = super::split_word(rest);
        let media = Machine::medium(dev).map(|(media, _)| media.loader);
        if media.is_none() && Machine::slot(dev).is_none() {
            return None;
        }
        let name = dev.to_ascii_uppercase();
        Some(if !after.trim().is_empty() {
            Err(format!(
                "Too many arguments: load {name} takes nothing after the device"
            ))
        } else if let Some(Some(install)) = media {
            install(&mut self.machine)
                .map(|()| Next::Continue)
                .map_err(|e| format!("load {name}: {e}"))
        } else {
            Err(format!(
                "Command not allowed: {name} has no loader (load ptr, load dpc)"
            ))
        })
    }

    /// A punch write error since the last command, naming the file.
    pub(super) fn punch_status(&mut self) -> Result<(), String> {
        let m = &mut self.machine.cards.ptp;
        match (m.take_error(), &m.file) {
            (Some(e), Some(p)) => Err(format!("PTP: cannot write {}: {e}", p.display())),
            _ => Ok(()),
        }
    }
}

/// An `attach` command's parts.
#[derive(Debug, PartialEq, Eq)]
struct Attach {
    /// The switch letters, lower case.
    switches: String,
    device: String,
    file: String,
}

impl Attach {
    /// The form every card reads.
    fn canonical(&self) -> String {
        let sw = if self.switches.is_empty() {
            String::new()
        } else {
            format!(
                "-{} ",
                self.switches
                    .chars()
                    .map(|c| format!("{c}"))
                    .collect::<Vec<_>>()
                    .join(" -")
            )
        };
        format!("{sw}{} {}", self.device, self.file)
            .trim()
            .to_string()
    }
}

/// `attach`'s words: switches anywhere, the device, the file (note 1).
fn parse_attach(rest: &str) -> Attach {
    let mut a = Attach {
        switches: String::new(),
        device: String::new(),
        file: String::new(),
    };
    let mut words = Vec::new();
    for w in split_args(rest) {
        match w.strip_prefix('-') {
            Some(sw) if !sw.is_empty() && sw.chars().all(|c| c.is_ascii_alphabetic()) => {
                a.switches.push_str(&sw.to_ascii_lowercase());
            }
            _ => words.push(w),
        }
    }
    let mut words = words.into_iter();
    a.device = words.next().unwrap_or_default();
    a.file = words.collect::<Vec<_>>().join(" ");
    a
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn load_dpc_installs_the_disc_loader_for_its_select_code_and_runs_nothing() {
        let mut c = Console::new(Vec::new());
        let e = c.command("t", 1, "load dpc").unwrap_err();
        assert!(e.msg.contains("set dpc enabled"), "{e}");
        c.run_text(
            "t",
            "set cpu 32K\nset dpc enabled\nset dpc sc=30\nload dpc\n",
        )
        .unwrap();
        let m = &c.machine;
        assert_eq!((m.p, m.loader_enabled()), (0o77700, true));
        let words: Vec<u16> = (0o77700..=0o77777).map(|a| m.peek_core(a)).collect();
        assert_eq!(words, crate::io::dp::loader::loader_words(0o30, false));
        assert_eq!(c.last_stop, None, "nothing ran");
        // A file of that name is no device: `load FILE` reads it.
        let e = c.command("t", 2, "load dpcx").unwrap_err();
        assert!(e.msg.starts_with("load: cannot read"), "{e}");
    }

    #[test]
    fn switches_are_read_anywhere_on_the_line() {
        let a = parse_attach("dpc -n disk.dsk");
        assert_eq!(
            (a.switches.as_str(), a.device.as_str(), a.file.as_str()),
            ("n", "dpc", "disk.dsk")
        );
        assert_eq!(a.canonical(), "-n dpc disk.dsk");
        let a = parse_attach("-q ptr \"my tape.abs\" -e");
        assert_eq!(a.canonical(), "-q -e ptr my tape.abs");
        assert_eq!(parse_attach("-nq ptp x").canonical(), "-n -q ptp x");
    }
}
