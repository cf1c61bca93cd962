//! Examining and depositing an I/O card's flip-flops, as SIMH's `examine tty`:
//!
//! ```text
//! examine TTY [CTL|FLG|FBF]        the card's control, flag and flag buffer (0 or 1)
//! deposit TTY CTL|FLG|FBF 0|1
//! set MC1 enabled|disabled         put the card into the machine or take it out
//! set MC1 sc=45                    move it to another select code (octal)
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

/// A card's two-way setting by SIMH's word for either way (the test connector, a jumper):
/// the flag it sets and the value the word gives it.
fn switch<'m>(m: &'m mut Machine, card: &str, word: &str) -> Option<(&'m mut bool, bool)> {
    Some(match (card, word) {
        ("MC1", "diagnostic" | "device") => (&mut m.mc1.loopback, word == "diagnostic"),
        ("PTR", "diagnostic" | "reader") => (&mut m.ptr.diagnostic, word == "diagnostic"),
        ("PTP", "diagnostic" | "punch") => (&mut m.ptp.diagnostic, word == "diagnostic"),
        ("TBG", "w1a" | "w1b") => (&mut m.tbg.w1b, word == "w1b"),
        ("TBG", "w2a" | "w2b") => (&mut m.tbg.w2b, word == "w2b"),
        _ => return None,
    })
}

/// SIMH's HP 2100 devices that this machine does not have: `set` names them in its error.
pub(super) const NOT_MODELLED: &[&str] = &[
    "dma1", "dma2", "dcpc1", "dcpc2", "lpt", "lps", "mc2", "dpc", "dqc", "drc", "ds", "da", "baci",
    "mpx", "msc", "mux", "muxl", "muxc", "pif", "ipli", "iplo", "clk", "mtd", "mtc", "msd", "mem",
];

impl<W: Write + 'static> Console<W> {
    /// `show io`: each card, where it is and its flip-flops.
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
        }
        t
    }

    /// `examine CARD [FF]`, if `item` names a card.
    pub(super) fn examine_card(&mut self, item: &str) -> Option<Result<(), String>> {
        let (card, ff) = item.split_once(' ').unwrap_or((item, ""));
        let slot = Machine::slot(card)?;
        let state = self.machine.flip_flops(slot);
        let names: Vec<&str> = match ff.trim() {
            "" => FlipFlops::NAMES.to_vec(),
            one => vec![one],
        };
        for n in names {
            let Some(v) = state.get(n) else {
                return Some(Err(format!("examine: {} has no flip-flop {n}", slot.name)));
            };
            let n = n.to_ascii_uppercase();
            self.say(&format!("{} {n}: {}", slot.name, u8::from(v)));
        }
        Some(Ok(()))
    }

    /// `set CARD SETTING`, if `card` names a card.
    pub(super) fn set_card(&mut self, card: &str, setting: &str) -> Option<Result<(), String>> {
        let slot = Machine::slot(card)?;
        let m = &mut self.machine;
        let lower = setting.to_ascii_lowercase();
        Some(match lower.as_str() {
            "enabled" | "enable" => m.install(slot, true),
            "disabled" | "disable" => m.install(slot, false),
            s => match (s, switch(m, slot.name, s)) {
                (_, Some((flag, on))) => {
                    *flag = on;
                    Ok(())
                }
                (s, None) => match s.strip_prefix("sc=") {
                    Some(sc) => u8::from_str_radix(sc.trim(), 8)
                        .map_err(|_| format!("set {}: bad select code {sc}", slot.name))
                        .and_then(|sc| m.move_card(slot, sc)),
                    None => Err(format!("set {}: unknown setting {setting}", slot.name)),
                },
            },
        })
    }
    /// `deposit CARD FF 0|1`, if `target` names a card (`rest` is the flip-flop and value).
    pub(super) fn deposit_card(&mut self, target: &str, rest: &str) -> Option<Result<(), String>> {
        let slot = Machine::slot(target)?;
        let (ff, value) = rest.trim().split_once(' ').unwrap_or((rest.trim(), ""));
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
