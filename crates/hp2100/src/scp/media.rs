//! The console's `attach`, `detach` and `boot`, for any card that declares a medium
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
//! ```

use super::{CmdResult, Console, Next};
use crate::io::media::{device, switches};
use crate::Machine;
use std::io::Write;

impl<W: Write + 'static> Console<W> {
    /// `attach [SWITCHES] DEV [SWITCHES] FILE`.
    pub(super) fn attach(&mut self, rest: &str) -> CmdResult {
        let dir = self.engine.dir.clone();
        let resolve = move |f: &str| super::resolve_in(&dir, f);
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
        let booted = boot(&mut self.machine, rest, self.limit)?;
        self.report(booted.stop)?;
        if let Some(w) = booted.words {
            self.say(&w);
        }
        Ok(Next::Continue)
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
