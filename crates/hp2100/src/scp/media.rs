//! The console's `attach`, `detach`, `boot` and `load DEV`, for any card that declares a medium
//! (`io/media.rs`: the paper-tape reader and punch, the disc's drives): the device the
//! operator names finds the card's [`crate::io::Media`] in the registry (`Machine::MEDIA`),
//! which is handed the command as the console read it; the console says what the card says and reports
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
//!    card is given the unit, the file's path and the switches (`io::media::Attach`), each
//!    switch first checked against the letters the card declares; no card reads the
//!    command's text, and a path is never made into command text again.
//! 2. A tape for the reader that does not exist is made, empty, and attached, as SIMH does
//!    ("creating new file"); `-e` refuses it instead (`io/ptr.rs`).

use super::{CmdResult, Console, Next};
use crate::io::media::Attach;
use crate::Machine;
use machine_core::scp::dofile::split_args;
use std::io::Write;

impl<W: Write + 'static> Console<W> {
    /// `attach [SWITCHES] DEV [SWITCHES] FILE`: read once here (note 1), then handed to the
    /// device's card as its unit, the file's path and the switches.
    pub(super) fn attach(&mut self, rest: &str) -> CmdResult {
        let parsed = parse_attach(rest);
        if parsed.device.is_empty() {
            return Err("attach: Too few arguments: attach DEV FILE".into());
        }
        let Some((media, unit)) = Machine::medium(&parsed.device) else {
            if parsed.file.is_empty() {
                return Err("attach: missing file name".into());
            }
            return Err(format!(
                "attach: unknown device {} (ptr, ptp)",
                parsed.device
            ));
        };
        check_switches(&parsed.switches, media.switches, "attach")?;
        if parsed.file.is_empty() {
            return Err("attach: missing file name".into());
        }
        let path = super::resolve_in(&self.engine.dir, &parsed.file);
        let attach = Attach {
            unit,
            path,
            switches: parsed.switches,
        };
        let said = (media.attach)(&mut self.machine, &attach)?;
        for line in said {
            self.say(&line);
        }
        Ok(Next::Continue)
    }

    /// `detach [-q] DEV|ALL`.
    pub(super) fn detach(&mut self, rest: &str) -> CmdResult {
        let parsed = parse_attach(rest);
        check_switches(&parsed.switches, "q", "detach")?;
        if parsed.device.is_empty() || !parsed.file.is_empty() {
            return Err("detach: one device: detach ptr, ptp or all".into());
        }
        if parsed.device.eq_ignore_ascii_case("all") {
            for media in Machine::MEDIA.iter().filter(|m| m.in_detach_all) {
                (media.detach)(&mut self.machine, 0);
            }
            return Ok(Next::Continue);
        }
        match Machine::medium(&parsed.device) {
            Some((media, unit)) => {
                (media.detach)(&mut self.machine, unit);
                Ok(Next::Continue)
            }
            None => Err(format!(
                "detach: unknown device {} (ptr, ptp, all)",
                parsed.device
            )),
        }
    }

    /// `boot [SWITCHES] DEV`: the card's boot, then where it stopped.
    pub(super) fn boot(&mut self, rest: &str) -> CmdResult {
        let parsed = parse_attach(rest);
        let found = Machine::medium(&parsed.device)
            .filter(|_| parsed.file.is_empty())
            .and_then(|(media, unit)| media.boot.map(|boot| (media, unit, boot)));
        let Some((media, unit, boot)) = found else {
            return Err(format!(
                "boot: only the photoreader can be booted, not {}",
                rest.trim()
            ));
        };
        check_switches(&parsed.switches, media.boot_switches, "boot")?;
        // A select-code conflict: the loader is installed, and nothing runs (`running.rs`
        // note 3).
        if self.machine.select_code_conflict().is_some() {
            if let Some(install) = media.loader {
                let _ = install(&mut self.machine);
            }
            self.conflicted();
            return Ok(Next::Continue);
        }
        let booted = boot(&mut self.machine, unit, &parsed.switches, self.limit)?;
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

/// An `attach`, `detach` or `boot` command's words (note 1).
#[derive(Debug, PartialEq, Eq)]
struct Parsed {
    /// The switch letters, lower case.
    switches: String,
    device: String,
    file: String,
}

/// Every letter of `given` one of `allowed`, or SIMH's refusal naming the command `cmd`.
fn check_switches(given: &str, allowed: &str, cmd: &str) -> Result<(), String> {
    match given.chars().find(|&c| !allowed.contains(c)) {
        None => Ok(()),
        Some(c) if allowed.is_empty() => Err(format!("{cmd}: Invalid switch -{c}")),
        Some(c) => {
            let list: Vec<String> = allowed.chars().map(|a| format!("-{a}")).collect();
            Err(format!("{cmd}: Invalid switch -{c} ({})", list.join(", ")))
        }
    }
}

/// `attach`'s words: switches anywhere, the device, the file (note 1).
fn parse_attach(rest: &str) -> Parsed {
    let mut a = Parsed {
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
        let a = parse_attach("-q ptr \"my tape -n.abs\" -e");
        assert_eq!(
            (a.switches.as_str(), a.device.as_str(), a.file.as_str()),
            ("qe", "ptr", "my tape -n.abs")
        );
        assert_eq!(parse_attach("-nq ptp x").switches, "nq");
    }

    #[test]
    fn a_card_is_handed_only_the_switches_it_declares() {
        assert_eq!(check_switches("nq", "nqe", "attach"), Ok(()));
        assert_eq!(
            check_switches("r", "nqe", "attach").unwrap_err(),
            "attach: Invalid switch -r (-n, -q, -e)"
        );
        assert_eq!(
            check_switches("q", "", "boot").unwrap_err(),
            "boot: Invalid switch -q"
        );
        let mut c = Console::new(Vec::new());
        let e = c.command("t", 1, "attach -r ptr t.abs").unwrap_err();
        assert!(e.msg.contains("Invalid switch -r"), "{e}");
        let e = c.command("t", 2, "boot -q ptr").unwrap_err();
        assert!(e.msg.contains("Invalid switch -q"), "{e}");
    }

    #[test]
    fn a_path_with_blanks_and_a_dash_reaches_the_card_whole() {
        let dir = std::env::temp_dir().join(format!("retro-attach-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let f = dir.join("a tape -q.abs");
        std::fs::write(&f, [1, 2, 3]).unwrap();
        let mut c = Console::new(Vec::new());
        c.command("t", 1, &format!("attach ptr \"{}\"", f.display()))
            .unwrap();
        assert_eq!(c.machine.cards.ptr.file.as_deref(), Some(f.as_path()));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
