//! Examining and depositing an I/O card's flip-flops, as SIMH's `examine tty`:
//!
//! ```text
//! examine TTY [CTL|FLG|FBF]        the card's control, flag and flag buffer (0 or 1)
//! deposit TTY CTL|FLG|FBF 0|1
//! examine DMA1 [CW1|CW2|CW3|CTL2|XFR] | deposit DMA1 CW3 177775   a card's registers (octal)
//! set MC1 enabled|disabled         put the card into the machine or take it out
//! set DMA1 enabled|disabled        both DMA channels together (one option, as SIMH pairs them)
//! set MC1 sc=45                    move it to another select code (octal; SIMH 3.8's devno=45 too)
//! set CARD WORD                    a word the card declares (`Card::options`, `set_option`):
//! set MC1 diagnostic|device        with or without the 1251-0332 test connector
//! set PTR diagnostic|reader       test connector (no tape) or tape loop; or the reader
//! set PTP diagnostic|punch        test connector in place of the punch; or the punch
//! set TBG w1a|w1b|w2a|w2b          the time base generator's jumpers
//! show io                          every card: select code, in or out, flip-flops
//! ```

use super::Console;
use crate::io::FlipFlops;
use crate::Machine;
use std::io::Write;

/// SIMH's HP 2100 devices that this machine does not have: `set` names them in its error.
pub(super) const NOT_MODELLED: &[&str] = &[
    "dcpc1", "dcpc2", "lpt", "lps", "mc2", "dpc", "dqc", "drc", "ds", "da", "baci", "mpx", "msc",
    "mux", "muxl", "muxc", "pif", "ipli", "iplo", "clk", "mtd", "mtc", "msd", "mem",
];

/// SIMH's `hp2100` devices this 2100A does not have, as its `show dev` names them (listed
/// there as disabled: `simulator.rs` note 2).
pub(super) const NOT_MODELLED_DEVICES: &[&str] = &[
    "MEM", "BACI", "DA", "DC", "DQC", "DQD", "DRC", "DRD", "DS", "IPLI", "IPLO", "LPS", "LPT",
    "MC2", "MPX", "MSC", "MSD", "MTC", "MTD", "MUX", "MUXL", "MUXC", "PIF",
];

/// A register's value in octal, as many digits as its bits need (SIMH's width).
fn octal(v: u16, bits: u32) -> String {
    format!("{v:0width$o}", width = bits.div_ceil(3) as usize)
}

/// Put a card into the machine or take it out; the two DMA channels go together, as SIMH
/// keeps them (one option on the 2100).
fn install(m: &mut Machine, slot: &crate::io::Slot, present: bool) -> Result<(), String> {
    if slot.name.starts_with("DMA") {
        for name in ["DMA1", "DMA2"] {
            m.install(Machine::slot(name).expect("a DMA slot"), present)?;
        }
        return Ok(());
    }
    m.install(slot, present)
}

impl<W: Write + 'static> Console<W> {
    /// `show io`: each card, where it is, its flip-flops and its other registers.
    pub(super) fn io_table(&self) -> String {
        let m = &self.machine;
        let mut t = String::from("card  SC  in   CTL FLG FBF");
        for slot in Machine::SLOTS {
            let (sc, present) = m.select_code(slot);
            let f = m.flip_flops(slot);
            t.push_str(&format!(
                "\n{:<5} {:02o}  {:<4} {}   {}   {}",
                slot.name,
                sc,
                if present { "yes" } else { "no" },
                u8::from(f.control),
                u8::from(f.flag),
                u8::from(f.flag_buffer)
            ));
            let card = (slot.card)(&m.cards);
            for (name, v) in card.registers() {
                t.push_str(&format!("  {name} {}", octal(v, card.register_bits(name))));
            }
        }
        t
    }

    /// `examine CARD [FF|REGISTER]`, if `item` names a card.
    pub(super) fn examine_card(&mut self, item: &str) -> Option<Result<(), String>> {
        let (card, ff) = item.split_once(' ').unwrap_or((item, ""));
        let slot = Machine::slot(card)?;
        let state = self.machine.flip_flops(slot);
        let card = (slot.card)(&self.machine.cards);
        let registers: Vec<(&str, String)> = card
            .registers()
            .into_iter()
            .map(|(n, v)| (n, octal(v, card.register_bits(n))))
            .collect();
        let mut lines = Vec::new();
        if ff.trim().is_empty() {
            for n in FlipFlops::NAMES {
                lines.push(format!("{n}:\t{}", u8::from(state.get(n)?)));
            }
            for (n, v) in &registers {
                lines.push(format!("{n}:\t{v}"));
            }
        } else {
            let n = ff.trim().to_ascii_uppercase();
            match (state.get(&n), registers.iter().find(|(r, _)| *r == n)) {
                (Some(v), _) => lines.push(format!("{n}:\t{}", u8::from(v))),
                (None, Some((_, v))) => lines.push(format!("{n}:\t{v}")),
                (None, None) => {
                    return Some(Err(format!(
                        "Non-existent register: {} has no register {n}",
                        slot.name
                    )))
                }
            }
        }
        for l in lines {
            self.say(&l);
        }
        Some(Ok(()))
    }

    /// `set CARD SETTING`, if `card` names a card.
    pub(super) fn set_card(&mut self, card: &str, setting: &str) -> Option<Result<(), String>> {
        let slot = Machine::slot(card)?;
        let m = &mut self.machine;
        let lower = setting.to_ascii_lowercase();
        Some(match lower.as_str() {
            "enabled" | "enable" => install(m, slot, true),
            "disabled" | "disable" => install(m, slot, false),
            s => match (s, (slot.card_mut)(&mut m.cards).set_option(s)) {
                (_, true) => Ok(()),
                (s, false) => match s.strip_prefix("sc=").or_else(|| s.strip_prefix("devno=")) {
                    Some(sc) => u8::from_str_radix(sc.trim(), 8)
                        .map_err(|_| format!("set {}: bad select code {sc}", slot.name))
                        .and_then(|sc| m.move_card(slot, sc)),
                    None => Err(format!("set {}: unknown setting {setting}", slot.name)),
                },
            },
        })
    }
    /// `deposit CARD FF 0|1` or `deposit CARD REGISTER VALUE`, if `target` names a card
    /// (`rest` is the flip-flop or register and the value).
    pub(super) fn deposit_card(&mut self, target: &str, rest: &str) -> Option<Result<(), String>> {
        let slot = Machine::slot(target)?;
        let (ff, value) = rest.trim().split_once(' ').unwrap_or((rest.trim(), ""));
        let has = |r: &(&str, u16)| r.0.eq_ignore_ascii_case(ff);
        if (slot.card)(&self.machine.cards).registers().iter().any(has) {
            return Some(
                super::octal(value)
                    .and_then(|v| self.machine.set_card_register(slot, ff, v))
                    .map_err(|e| format!("deposit: {e}")),
            );
        }
        let v = match value.trim() {
            "0" => false,
            "1" => true,
            v => return Some(Err(format!("deposit: a flip-flop is 0 or 1, not {v:?}"))),
        };
        Some(
            self.machine
                .set_flip_flop(slot, ff, v)
                .map_err(|e| format!("deposit: {e}")),
        )
    }
}
