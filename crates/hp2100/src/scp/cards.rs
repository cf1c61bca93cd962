//! Examining and depositing an I/O card's flip-flops, as SIMH's `examine tty`:
//!
//! ```text
//! examine TTY [CTL|FLG|FBF]        the card's control, flag and flag buffer (0 or 1)
//! deposit TTY CTL|FLG|FBF 0|1
//! ```

use super::Console;
use crate::io::FlipFlops;
use crate::Machine;
use std::io::Write;

impl<W: Write + 'static> Console<W> {
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
