//! The console's `set`: the CPU (`set cpu 2100|eau|16K`, SIMH's other models and options
//! answered in its words, module note 3), the run limit, the teletype's `autolf`, and the
//! cards' settings (`cards.rs`, `disc.rs`).

use super::{cards, split_word, CmdResult, Console, Next};
use crate::panel::Limit;
use machine_core::Unit;
use std::io::Write;

/// SIMH's `hp2100` CPU options this 2100A does not have (module note 3).
const CPU_OPTIONS: &[&str] = &[
    "FP", "IOP", "DMS", "FFP", "DBI", "EMA", "VMA", "VIS", "SIGNAL", "DMA", "LOADER",
];

impl<W: Write + 'static> Console<W> {
    pub(super) fn set(&mut self, rest: &str) -> CmdResult {
        let (what, value) = split_word(rest);
        let value = value.trim();
        if let Some(r) = self.set_disc(what, value) {
            return r;
        }
        match what.to_ascii_lowercase().as_str() {
            "cpu" => self.set_cpu(value),
            "tty" if matches!(value.to_ascii_lowercase().as_str(), "autolf" | "noautolf") => {
                self.tty_mut().host.inner_mut().autolf = value.eq_ignore_ascii_case("autolf");
                Ok(Next::Continue)
            }
            "runlimit" => {
                let limit = Limit::parse(value, Unit::Instructions)
                    .map_err(|e| format!("set runlimit: {e}"))?;
                self.set_limit(limit);
                Ok(Next::Continue)
            }
            card => match self.set_card(card, value) {
                Some(r) => r.map(|()| Next::Continue),
                None if cards::NOT_MODELLED.contains(&card) => Err(format!(
                    "set {what}: this 2100A has no {}: it is not modelled",
                    what.to_ascii_uppercase()
                )),
                None => Err(format!("set: unknown setting {what}")),
            },
        }
    }

    /// `set cpu 2100|eau|noeau|SIZE`, and SIMH's other models and options answered in its
    /// words (note 3).
    pub(super) fn set_cpu(&mut self, value: &str) -> CmdResult {
        let v = value.to_ascii_uppercase();
        match v.as_str() {
            "2100" | "EAU" => return Ok(Next::Continue),
            "NOEAU" => {
                return Err(
                    "set cpu noeau: Command not allowed: the EAU is standard on the 2100A".into(),
                )
            }
            "2114" | "2115" | "2116" | "1000-M" | "1000-E" | "1000-F" => {
                return Err(format!(
                    "set cpu {value}: Invalid argument: this simulator is the 2100A only; the {v} is not built"
                ))
            }
            _ => {}
        }
        if let Some(opt) = v.strip_prefix("NO").filter(|o| CPU_OPTIONS.contains(o)) {
            return Err(format!(
                "set cpu {value}: the 2100A here has no {opt} to remove"
            ));
        }
        if CPU_OPTIONS.contains(&v.as_str()) {
            return Err(format!(
                "set cpu {value}: Invalid argument: the {v} option is not built"
            ));
        }
        let k: u32 = v
            .strip_suffix('K')
            .and_then(|n| n.parse().ok())
            .ok_or_else(|| {
                format!(
                    "set cpu: Invalid argument: {value} (2100, eau or a memory size such as 16K)"
                )
            })?;
        let words = k
            .checked_mul(1024)
            .ok_or_else(|| format!("set cpu: no such memory size: {value}"))?;
        self.machine
            .set_memory_size(words)
            .map_err(|e| e.to_string())?;
        Ok(Next::Continue)
    }
}
