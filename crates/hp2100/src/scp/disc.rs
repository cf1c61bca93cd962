//! The console's disc commands, for the 12557A interface with its 2870A drives (`io/dp.rs`),
//! in SIMH's words (its HP 2100 user's guide §5.1):
//!
//! ```text
//! attach [-n|-r|-e|-q] dpc[N] FILE  a disc image on drive N (0-3): -n a new, full-size
//!                                 image, -r read only, -e the file must exist, -q quiet
//! detach dpc[N]                   the image out: the drive's heads unload
//! boot [-r] dpc                   the disc loader reads cylinder 0 of drive 0 (the fixed
//!                                 disc; -r: the cartridge) into 2011 and runs it
//! set dpc enabled|disabled|sc=N   both cards together; sc=N puts the data channel at N
//!                                 and the command channel at N+1 (either name, as SIMH)
//! set dpc 12557A                  accepted: the only interface modelled
//! show dpc                        the interface and what each drive holds
//! ```
//!
//! Implementation notes:
//!
//! 1. `attach dpc` puts the interface into the machine if it is out (`io/dp.rs` note 4), and
//!    says so, so that a SIMH do-file's `attach dpc` works here as there.
//! 2. An error the disc met while the machine ran (a host write error, a write refused by a
//!    read-only drive) is reported after the command that ran it.

use super::{split_word, CmdResult, Console, Next};
use crate::io::AttachMode;
use crate::Machine;
use std::io::Write;

/// The drive a device name means: `dpc` and `dpc0` drive 0, `dpc1`..`dpc3` the others.
fn drive(dev: &str) -> Option<usize> {
    let d = dev.to_ascii_lowercase();
    let n = d.strip_prefix("dpc")?;
    match n {
        "" => Some(0),
        _ => n
            .parse()
            .ok()
            .filter(|&n: &usize| n < crate::io::dp::DRIVES),
    }
}

impl<W: Write + 'static> Console<W> {
    /// Put both disc cards in (or out), keeping them as a pair.
    fn install_disc(&mut self, present: bool) -> Result<(), String> {
        for name in ["DPD", "DPC"] {
            let slot = Machine::slot(name).expect("the registry has the disc's cards");
            self.machine.install(slot, present)?;
        }
        Ok(())
    }

    /// `attach [-n|-r|-e|-q] dpc[N] FILE`, if the device is a disc drive.
    pub(super) fn attach_disc(&mut self, rest: &str) -> Option<CmdResult> {
        let (mut dev, mut file) = split_word(rest);
        let mut mode = AttachMode::default();
        let mut switches = Vec::new();
        while let Some(sw) = dev.strip_prefix('-') {
            switches.push(sw);
            (dev, file) = split_word(file);
        }
        let unit = drive(dev)?;
        let mut quiet = false;
        for sw in switches {
            match sw {
                "n" | "N" => mode.new = true,
                "r" | "R" => mode.read_only = true,
                "e" | "E" => mode.existing = true,
                "q" | "Q" => quiet = true,
                _ => {
                    return Some(Err(format!(
                        "attach: unknown switch -{sw} (-n, -r, -e, -q)"
                    )))
                }
            }
        }
        let file = file.trim();
        if file.is_empty() {
            return Some(Err("attach: missing file name".into()));
        }
        let path = self.resolve(file);
        Some(self.attach_image(unit, &path, mode, quiet))
    }

    /// Attach; `quiet` (SIMH's `-q`) leaves out the message that the card went in.
    fn attach_image(
        &mut self,
        unit: usize,
        path: &std::path::Path,
        mode: AttachMode,
        quiet: bool,
    ) -> CmdResult {
        let dpc = Machine::slot("DPC").expect("the registry has DPC");
        if !self.machine.select_code(dpc).1 {
            self.install_disc(true)
                .map_err(|e| format!("attach dpc: {e}"))?;
            let (sc, _) = self.machine.select_code(Machine::slot("DPD").expect("DPD"));
            if !quiet {
                self.say(&format!(
                "DPC: the 12557A disc interface is in the machine at select codes {sc:o} and {:o}",
                sc + 1
                ));
            }
        }
        self.machine
            .cards
            .dp
            .attach(unit, path, mode)
            .map_err(|e| format!("attach dpc{unit}: {e}"))?;
        self.machine.io_changed();
        Ok(Next::Continue)
    }

    /// `detach dpc[N]`, if the device is a disc drive.
    pub(super) fn detach_disc(&mut self, rest: &str) -> Option<CmdResult> {
        let unit = drive(rest.trim())?;
        self.machine.cards.dp.detach(unit);
        self.machine.io_changed();
        Some(Ok(Next::Continue))
    }

    /// `boot [-r] dpc`, if the device is the disc.
    pub(super) fn boot_disc(&mut self, rest: &str) -> Option<CmdResult> {
        let (first, after) = split_word(rest);
        let (removable, dev) = match first {
            "-r" | "-R" => (true, after.trim()),
            _ => (false, rest.trim()),
        };
        if drive(dev)? != 0 {
            return Some(Err(format!(
                "boot: the disc loader reads drive 0, not {dev}"
            )));
        }
        Some((|| {
            let stop = self
                .machine
                .boot_disc(removable, self.limit)
                .map_err(|e| format!("boot dpc: {e}"))?;
            self.disc_status()?;
            self.report(stop)?;
            Ok(Next::Continue)
        })())
    }

    /// `set dpc|dpd enabled|disabled|sc=N`, if the card is the disc's; other words go to the
    /// card (`12557A`).
    pub(super) fn set_disc(&mut self, card: &str, value: &str) -> Option<CmdResult> {
        if !["dpc", "dpd"].contains(&card.to_ascii_lowercase().as_str()) {
            return None;
        }
        let v = value.to_ascii_lowercase();
        let r = match v.as_str() {
            "enabled" | "enable" => self.install_disc(true),
            "disabled" | "disable" => self.install_disc(false),
            _ => match v.strip_prefix("sc=").or_else(|| v.strip_prefix("devno=")) {
                Some(sc) => match u8::from_str_radix(sc.trim(), 8) {
                    Ok(sc) if (0o10..0o77).contains(&sc) => self.move_disc(sc),
                    _ => Err(format!("set {card}: bad select code {sc} (10-76)")),
                },
                None => return None,
            },
        };
        Some(r.map(|()| Next::Continue))
    }

    /// Both cards to `sc` and `sc + 1`: out of the machine, moved, and back if they were in.
    fn move_disc(&mut self, sc: u8) -> Result<(), String> {
        let dpd = Machine::slot("DPD").expect("DPD");
        let dpc = Machine::slot("DPC").expect("DPC");
        let (old, present) = self.machine.select_code(dpd);
        self.install_disc(false)?;
        self.machine.move_card(dpd, sc)?;
        self.machine.move_card(dpc, sc + 1)?;
        if present {
            if let Err(e) = self.install_disc(true) {
                // Back where they were.
                self.install_disc(false)?;
                self.machine.move_card(dpd, old)?;
                self.machine.move_card(dpc, old + 1)?;
                self.install_disc(true)?;
                return Err(e);
            }
        }
        Ok(())
    }

    /// An error the disc met while the machine ran (note 2).
    pub(super) fn disc_status(&mut self) -> Result<(), String> {
        match self.machine.cards.dp.take_error() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}
