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
//! `attach`, `detach` and `boot` are the disc card's medium (`io/dp.rs` `MEDIA`, reached by
//! `media.rs`); the settings are here.
//!
//! Implementation notes:
//!
//! 1. `attach dpc` puts the interface into the machine if it is out (`io/dp.rs` note 4), and
//!    says so, so that a SIMH do-file's `attach dpc` works here as there.
//! 2. An error the disc met while the machine ran (a host write error, a write refused by a
//!    read-only drive) is reported after the command that ran it.

use super::{CmdResult, Console, Next};
use crate::Machine;
use std::io::Write;

impl<W: Write + 'static> Console<W> {
    /// Put both disc cards in (or out), keeping them as a pair.
    fn install_disc(&mut self, present: bool) -> Result<(), String> {
        crate::io::dp::install(&mut self.machine, present)
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
