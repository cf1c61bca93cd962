//! `reset`, as SIMH's console gives it:
//!
//! ```text
//! reset | reset all     PRESET: every card's flag set and control cleared, interrupts off
//! reset -p [all]        power-on reset: the registers as at power on (A, B, P, S and T
//!                       cleared, E set), then PRESET; core keeps its contents
//! reset DEV             PRESET to one card (POPIO, then CRS), as SIMH's device reset
//! reset cpu             the CPU's part: PRESET
//! ```
//!
//! Sources: the 2100A's PRESET switch and power-on (`panel.rs`); SIMH's `reset -p`, which
//! HP's DOS-M procedure needs to boot a system generated in the same run
//! (`../shared/hp2100-software/README.md`), run on Open SIMH 4 (`tests/simh4/reset.do`).

use super::{split_word, CmdResult, Console, Next};
use crate::Machine;
use std::io::Write;

impl<W: Write + 'static> Console<W> {
    /// `reset [-p] [ALL|CPU|DEV]`.
    pub(super) fn reset(&mut self, rest: &str) -> CmdResult {
        let (sw, rest) = machine_core::scp::dofile::switches(rest);
        if let Some(c) = sw.chars().find(|&c| c != 'P') {
            return Err(format!("Invalid switch: -{c} (reset takes -p)"));
        }
        let power_on = sw.contains('P');
        let (dev, tail) = split_word(rest);
        if !tail.trim().is_empty() {
            return Err("Too many arguments: reset [-p] [DEVICE|ALL]".into());
        }
        if dev.is_empty() || dev.eq_ignore_ascii_case("all") {
            if power_on {
                self.machine.power_on();
            } else {
                self.machine.preset();
            }
            return Ok(Next::Continue);
        }
        if dev.eq_ignore_ascii_case("cpu") {
            self.machine.preset();
            return Ok(Next::Continue);
        }
        let slot = Machine::slot(dev)
            .ok_or_else(|| format!("Non-existent device: {}", dev.to_ascii_uppercase()))?;
        let (sc, present) = self.machine.select_code(slot);
        if present {
            if let Some(card) = self.machine.card(sc) {
                card.popio();
                card.crs();
            }
            self.machine.io_changed();
        }
        Ok(Next::Continue)
    }
}
