//! The backplane: the list of cards the machine walks, and the console's view of their
//! flip-flops (as SIMH's `examine tty` shows CTL, FLG and FBF).

use super::{Card, FlipFlops, Slot};
use crate::machine::{Machine, SC_MP, SC_PTP, SC_PTR, SC_TTY};
use machine_core::Stop;

/// Select codes on the backplane.
const SELECT_CODES: usize = 64;
const EMPTY: u8 = u8::MAX;

/// The slot of the card in the machine's field `$field`.
macro_rules! slot {
    ($sc:expr, $name:literal, $field:ident) => {
        Slot {
            sc: $sc,
            name: $name,
            card: |m| &m.$field,
            card_mut: |m| &mut m.$field,
        }
    };
}

impl Machine {
    /// The cards, in select-code (priority) order.
    pub const SLOTS: &'static [Slot] = &[
        slot!(SC_MP, "MP", mp),
        slot!(SC_PTR, "PTR", ptr),
        slot!(SC_TTY, "TTY", tty),
        slot!(SC_PTP, "PTP", ptp),
    ];

    /// The slot of each select code, an index into [`Machine::SLOTS`] or [`EMPTY`].
    const SLOT_OF: [u8; SELECT_CODES] = {
        let mut t = [EMPTY; SELECT_CODES];
        let mut i = 0;
        while i < Self::SLOTS.len() {
            t[Self::SLOTS[i].sc as usize] = i as u8;
            i += 1;
        }
        t
    };

    /// The card at a select code.
    pub(crate) fn card(&mut self, sc: u8) -> Option<&mut dyn Card> {
        match Self::SLOT_OF.get(usize::from(sc)) {
            Some(&i) if i != EMPTY => Some((Self::SLOTS[usize::from(i)].card_mut)(self)),
            _ => None,
        }
    }

    /// Recompute the earliest device event and the interrupt request after any change to a
    /// card (an I/O instruction, a device service, PRESET, a deposit from the console).
    pub(crate) fn io_changed(&mut self) {
        let mut next = u64::MAX;
        let mut intrq = 0;
        let mut blocked = false;
        for slot in Self::SLOTS {
            let c = (slot.card)(self);
            if let Some(t) = c.next_event() {
                next = next.min(t);
            }
            // Priority chain, lowest select code first: the first card with control and flag
            // set holds it, and requests the interrupt if its flag buffer is set too.
            let f = c.ff();
            if !blocked && f.control && f.flag {
                blocked = true;
                if f.flag_buffer {
                    intrq = slot.sc;
                }
            }
        }
        self.next_event = next;
        self.intrq = intrq;
        self.write_floor = if self.mp.enabled() {
            u32::from(self.mp.fence).max(2)
        } else {
            2
        };
    }

    /// Service every device event that is due.
    pub(crate) fn service_devices(&mut self) -> Result<(), Stop> {
        let now = self.cycles;
        let mut stop = None;
        for slot in Self::SLOTS {
            let c = (slot.card_mut)(self);
            if c.next_event().is_some_and(|t| t <= now) {
                if let Some(mut s) = c.service(now) {
                    // A card does not know P: the stop is at the instruction now due.
                    if let Stop::InputExhausted { p } = &mut s {
                        *p = u32::from(self.p);
                    }
                    stop = Some(s);
                }
            }
        }
        self.io_changed();
        stop.map_or(Ok(()), Err)
    }

    /// CRS to every card that takes it (`CLC 0`; PRESET also turns memory protect off).
    pub(crate) fn control_reset(&mut self) {
        for slot in Self::SLOTS.iter().filter(|s| s.takes_crs()) {
            (slot.card_mut)(self).crs();
        }
        self.io_changed();
    }

    /// The slot of a card by its name (any case).
    pub fn slot(name: &str) -> Option<&'static Slot> {
        Self::SLOTS
            .iter()
            .find(|s| s.name.eq_ignore_ascii_case(name))
    }

    /// A card's flip-flops, as the console examines them.
    pub fn flip_flops(&self, slot: &Slot) -> FlipFlops {
        *(slot.card)(self).ff()
    }

    /// Deposit into a card's flip-flop by its name (`CTL`, `FLG`, `FBF`); the interrupt
    /// request and priority follow at once.
    ///
    /// # Errors
    /// No flip-flop of that name.
    pub fn set_flip_flop(&mut self, slot: &Slot, name: &str, value: bool) -> Result<(), String> {
        if !(slot.card_mut)(self).ff_mut().set(name, value) {
            return Err(format!(
                "{} has no flip-flop {} (it has {})",
                slot.name,
                name.to_ascii_uppercase(),
                FlipFlops::NAMES.join(", ")
            ));
        }
        self.io_changed();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Config;

    #[test]
    fn slots_are_in_priority_order_and_indexed() {
        let scs: Vec<u8> = Machine::SLOTS.iter().map(|s| s.sc).collect();
        assert!(scs.windows(2).all(|w| w[0] < w[1]), "{scs:?}");
        for (i, s) in Machine::SLOTS.iter().enumerate() {
            assert_eq!(usize::from(Machine::SLOT_OF[usize::from(s.sc)]), i);
        }
        let used = Machine::SLOT_OF.iter().filter(|&&i| i != EMPTY).count();
        assert_eq!(used, Machine::SLOTS.len());
    }

    #[test]
    fn deposit_a_flag_and_the_card_interrupts() {
        let mut m = Machine::new(Config::default()).unwrap();
        let ptp = Machine::slot("ptp").unwrap();
        assert!(
            Machine::slot("12").is_none(),
            "a number is an address, not a card"
        );
        assert!(Machine::slot("LPT").is_none());
        for ff in FlipFlops::NAMES {
            m.set_flip_flop(ptp, ff, true).unwrap();
        }
        assert_eq!(m.intrq, SC_PTP);
        // A card of higher priority with control and flag set holds the chain.
        let ptr = Machine::slot("PTR").unwrap();
        m.set_flip_flop(ptr, "ctl", true).unwrap();
        m.set_flip_flop(ptr, "flg", true).unwrap();
        assert_eq!(m.intrq, 0);
        assert!(m.flip_flops(ptr).control);
        assert!(m.set_flip_flop(ptr, "XYZ", true).is_err());
    }
}
