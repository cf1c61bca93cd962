//! The machine's side of the backplane (`crate::io::backplane`): finding a card by its select
//! code, putting cards in and out and moving them, keeping the event table and the interrupt
//! chain (`io/backplane.rs` notes 1-3), servicing device events and DMA's cycles, and the bus
//! signals PRESET and CRS. The cards know nothing of the machine: they see the I/O signals
//! (`crate::io::Card`), and this module is where the machine gives them.

mod dma;
mod pwr;

use crate::io::backplane::EMPTY;
use crate::io::{Card, FlipFlops, Slot};
use crate::machine::{Machine, SC_MP};
use machine_core::Stop;
use std::any::Any;

fn index_of(slot: &Slot) -> usize {
    Machine::SLOTS
        .iter()
        .position(|s| s.name == slot.name)
        .expect("a slot of Machine::SLOTS")
}

impl Machine {
    /// The card at a select code.
    pub(crate) fn card(&mut self, sc: u8) -> Option<&mut dyn Card> {
        match self.backplane.slot_of.get(usize::from(sc)) {
            Some(&i) if i != EMPTY => Some((Self::SLOTS[usize::from(i)].card_mut)(&mut self.cards)),
            _ => None,
        }
    }

    /// The select code of a card and whether it is in the machine.
    pub fn select_code(&self, slot: &Slot) -> (u8, bool) {
        let i = index_of(slot);
        (self.backplane.sc[i], self.backplane.present[i])
    }

    /// Put a card into the machine or take it out (`set mc1 enabled|disabled`); a card keeps
    /// its flip-flops and its select code while it is out.
    ///
    /// # Errors
    /// None today: two cards at one select code are found when the machine is to run
    /// (`io/backplane.rs` note 4).
    pub fn install(&mut self, slot: &Slot, present: bool) -> Result<(), String> {
        let (sc, _) = self.select_code(slot);
        self.place(slot, sc, present)
    }

    /// Move a card to another select code (`set mc1 sc=45`). Select codes 0-7 are the CPU's
    /// and DMA's own, and their cards cannot move.
    ///
    /// # Errors
    /// A select code out of 10-77, or a fixed card. A select code another card holds is
    /// taken, and found when the machine is to run (`io/backplane.rs` note 4).
    pub fn move_card(&mut self, slot: &Slot, sc: u8) -> Result<(), String> {
        if slot.sc < 0o10 && sc != slot.sc {
            return Err(format!(
                "{} is fixed at select code {:o}",
                slot.name, slot.sc
            ));
        }
        if slot.sc >= 0o10 && !(0o10..=0o77).contains(&sc) {
            return Err(format!("{}: select code {sc:o} is not 10-77", slot.name));
        }
        let (_, present) = self.select_code(slot);
        self.place(slot, sc, present)
    }

    fn place(&mut self, slot: &Slot, sc: u8, present: bool) -> Result<(), String> {
        let i = index_of(slot);
        self.backplane.sc[i] = sc;
        self.backplane.present[i] = present;
        self.backplane.index();
        self.io_changed();
        Ok(())
    }

    /// Read every slot's event and flip-flops again, then the interrupt chain and the
    /// earliest event (note 2).
    pub(crate) fn io_changed(&mut self) {
        for i in 0..Self::SLOTS.len() {
            self.read_slot(i);
        }
        self.chain_changed();
    }

    /// After an I/O instruction, a service or a DMA cycle reached the card at slot `i`: its
    /// group's events and flip-flops again, and the chain if a flip-flop changed (note 1).
    pub(crate) fn card_changed(&mut self, i: usize) {
        let g = self.backplane.group[i];
        let mut changed = false;
        for j in 0..Self::SLOTS.len() {
            if self.backplane.group[j] == g {
                changed |= self.read_slot(j);
            }
        }
        if changed {
            self.chain_changed();
        } else {
            self.events_changed();
        }
    }

    /// [`Machine::card_changed`] for the card at select code `sc`, if there is one.
    pub(crate) fn card_at_changed(&mut self, sc: u8) {
        match self.backplane.slot_of.get(usize::from(sc)) {
            Some(&i) if i != EMPTY => self.card_changed(usize::from(i)),
            _ => self.events_changed(),
        }
    }

    /// Read slot `i`'s next event and flip-flops into the table; whether the flip-flops
    /// changed.
    fn read_slot(&mut self, i: usize) -> bool {
        let c = (Self::SLOTS[i].card)(&self.cards);
        let due = c.next_event().unwrap_or(u64::MAX);
        let ff = *c.ff();
        let b = &mut self.backplane;
        b.due[i] = due;
        std::mem::replace(&mut b.ff[i], ff) != ff
    }

    /// The interrupt request from the flip-flops in the table, then the events.
    fn chain_changed(&mut self) {
        let mut intrq = 0;
        for &i in &self.backplane.order {
            let i = usize::from(i);
            // Priority chain, lowest select code first: the first card with control and flag
            // set holds it, and requests the interrupt if its flag buffer is set too. Memory
            // protect's flag alone does (`io/mp.rs`).
            let f = self.backplane.ff[i];
            let sc = self.backplane.sc[i];
            if f.flag && (f.control || sc == SC_MP) {
                if f.flag_buffer {
                    intrq = sc;
                }
                break;
            }
        }
        // The power-fail interrupt comes first, and holds every other off until STC 4 or CLC 4.
        if self.cards.pwr.request {
            intrq = crate::io::SC_PWR;
        } else if self.cards.pwr.holdoff {
            intrq = 0;
        }
        self.intrq = intrq;
        self.write_floor = if self.cards.mp.enabled() {
            u32::from(self.cards.mp.fence).max(2)
        } else {
            2
        };
        self.events_changed();
    }

    /// The earliest event in the table, or now if DMA asks for a cycle (note 3).
    fn events_changed(&mut self) {
        let b = &self.backplane;
        let mut next = b
            .order
            .iter()
            .map(|&i| b.due[usize::from(i)])
            .min()
            .unwrap_or(u64::MAX);
        if self.dma_request().is_some() {
            next = self.cycles;
        }
        self.next_event = next;
    }

    /// The select codes of the cards in the machine, in priority order.
    pub(crate) fn select_codes(&self) -> impl Iterator<Item = u8> + '_ {
        self.backplane
            .order
            .iter()
            .map(|&i| self.backplane.sc[usize::from(i)])
    }

    /// Every card's state, for the debugger's `back`: `None` if a card in the machine cannot
    /// undo what it may do in the next instruction ([`Card::save`]).
    pub(crate) fn save_cards(&self) -> Option<Vec<(usize, Box<dyn Any>)>> {
        let now = self.cycles;
        self.backplane
            .order
            .iter()
            .map(|&i| {
                let i = usize::from(i);
                (Self::SLOTS[i].card)(&self.cards).save(now).map(|s| (i, s))
            })
            .collect()
    }

    /// Put back the cards' state from [`Machine::save_cards`].
    pub(crate) fn restore_cards(&mut self, saved: &[(usize, Box<dyn Any>)]) {
        for (i, s) in saved {
            (Self::SLOTS[*i].card_mut)(&mut self.cards).restore(s.as_ref());
        }
        self.io_changed();
    }

    /// Service every device event that is due, then the DMA cycles asked for: while a
    /// device keeps asking within the cycles DMA steals, the CPU waits (`io/dma.rs` note 2).
    pub(crate) fn service_devices(&mut self) -> Result<(), Stop> {
        loop {
            let now = self.cycles;
            let mut stop = None;
            for k in 0..self.backplane.order.len() {
                let i = usize::from(self.backplane.order[k]);
                if self.backplane.due[i] > now {
                    continue;
                }
                let c = (Self::SLOTS[i].card_mut)(&mut self.cards);
                if let Some(mut s) = c.service(now) {
                    // A card does not know P: the stop is at the instruction now due.
                    if let Stop::InputExhausted { p } = &mut s {
                        *p = u32::from(self.p);
                    }
                    stop = Some(s);
                }
                self.card_changed(i);
            }
            if self.cards.ptr.fed().is_some() {
                self.cards.ptr.feed(self.cards.ptp.tape(), now);
                self.card_at_changed(self.select_code(&Self::SLOTS[self.ptr_slot()]).0);
            }
            if let Some(s) = stop {
                self.events_changed();
                return Err(s);
            }
            match self.dma_request() {
                Some(ch) => {
                    let device = (self.cards.dma[ch].cw1 & 0o77) as u8;
                    self.dma_cycle(ch);
                    self.card_at_changed(device);
                    self.card_changed(self.dma_slot());
                }
                None => {
                    self.events_changed();
                    return Ok(());
                }
            }
            if self.next_event > self.cycles {
                return Ok(());
            }
        }
    }

    /// The slot of the photoreader.
    fn ptr_slot(&self) -> usize {
        self.backplane.ptr_slot
    }

    /// The slot of the first DMA channel, whose group holds both (and their word registers
    /// at select codes 2 and 3).
    pub(crate) fn dma_slot(&self) -> usize {
        self.backplane.dma_slot
    }

    /// EXTERNAL PRESET on the I/O bus: POPIO sets every I/O card's flag, then CRS clears
    /// its control (`docs/hp2100a.md` §1.7; SIMH `hp2100_cpu.c`).
    pub(crate) fn preset_io(&mut self) {
        self.each_io_card(|c| c.popio());
        self.control_reset();
    }

    /// CRS to every card that takes it (`CLC 0`; PRESET also turns memory protect off).
    pub(crate) fn control_reset(&mut self) {
        self.each_io_card(|c| c.crs());
        self.io_changed();
    }

    /// A bus signal to every I/O card in the machine (select code 6 up).
    fn each_io_card(&mut self, signal: fn(&mut dyn Card)) {
        for k in 0..self.backplane.order.len() {
            let i = usize::from(self.backplane.order[k]);
            if Slot::takes_crs(self.backplane.sc[i]) {
                signal((Self::SLOTS[i].card_mut)(&mut self.cards));
            }
        }
    }

    /// The slot of a card by its name (any case).
    pub fn slot(name: &str) -> Option<&'static Slot> {
        Self::SLOTS
            .iter()
            .find(|s| s.name.eq_ignore_ascii_case(name))
    }

    /// A card's flip-flops, as the console examines them.
    pub fn flip_flops(&self, slot: &Slot) -> FlipFlops {
        *(slot.card)(&self.cards).ff()
    }

    /// Deposit into a card's flip-flop by its name (`CTL`, `FLG`, `FBF`); the interrupt
    /// request and priority follow at once.
    ///
    /// # Errors
    /// No flip-flop of that name.
    pub fn set_flip_flop(&mut self, slot: &Slot, name: &str, value: bool) -> Result<(), String> {
        if !(slot.card_mut)(&mut self.cards).ff_mut().set(name, value) {
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

impl Machine {
    /// Deposit into a card's register by its name (`deposit DMA1 CW3 177775`).
    ///
    /// # Errors
    /// No register of that name.
    pub fn set_card_register(&mut self, slot: &Slot, name: &str, value: u16) -> Result<(), String> {
        if !(slot.card_mut)(&mut self.cards).set_register(name, value) {
            return Err(format!(
                "{} has no register {}",
                slot.name,
                name.to_ascii_uppercase()
            ));
        }
        self.io_changed();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::SC_PTP;
    use crate::Config;

    #[test]
    fn slots_are_indexed_in_priority_order_wherever_they_are() {
        let mut m = Machine::new(Config::default()).unwrap();
        let mc1 = Machine::slot("mc1").unwrap();
        assert_eq!(m.select_code(mc1), (0o45, false), "MC1 is out by default");
        m.move_card(mc1, 0o7).unwrap_err();
        m.move_card(Machine::slot("mp").unwrap(), 0o15).unwrap_err();
        m.install(mc1, true).unwrap();
        let order = |m: &Machine| -> Vec<u8> {
            m.backplane
                .order
                .iter()
                .map(|&i| m.backplane.sc[usize::from(i)])
                .collect()
        };
        assert_eq!(order(&m), [0o5, 0o10, 0o11, 0o12, 0o45]);
        m.move_card(mc1, 0o13).unwrap();
        // A select code another card holds is taken, and named as a conflict.
        assert_eq!(m.select_code_conflict(), None);
        let tbg = Machine::slot("TBG").unwrap();
        m.install(tbg, true).unwrap();
        assert_eq!(m.select_code_conflict(), Some((0o13, vec!["MC1", "TBG"])));
        m.install(tbg, false).unwrap();
        m.move_card(mc1, 0o12).unwrap();
        assert_eq!(m.select_code_conflict(), Some((0o12, vec!["MC1", "PTP"])));
        m.move_card(mc1, 0o14).unwrap();
        assert_eq!(m.select_code_conflict(), None);
        assert_eq!(order(&m), [0o5, 0o10, 0o11, 0o12, 0o14]);
        assert!(m.card(0o45).is_none() && m.card(0o14).is_some());
        // A card of higher priority than the punch now: its interrupt comes first.
        m.set_flip_flop(mc1, "ctl", true).unwrap();
        m.set_flip_flop(mc1, "flg", true).unwrap();
        m.set_flip_flop(mc1, "fbf", true).unwrap();
        assert_eq!(m.intrq, 0o14);
        m.install(mc1, false).unwrap();
        assert_eq!(m.intrq, 0);
        assert_eq!(m.select_code(mc1), (0o14, false));
        assert_eq!(order(&m), [0o5, 0o10, 0o11, 0o12]);
    }

    #[test]
    fn an_io_instruction_reaches_the_chain_and_the_events_at_once() {
        let mut m = Machine::new(Config::default()).unwrap();
        let ptp = Machine::slot("ptp").unwrap();
        for ff in FlipFlops::NAMES {
            m.set_flip_flop(ptp, ff, true).unwrap();
        }
        assert_eq!(m.intrq, SC_PTP);
        // 100: CLC 12; STC 12; SFS 12; CLF 12
        for (a, w) in [
            (0o100, 0o106712),
            (0o101, 0o102712),
            (0o102, 0o102312),
            (0o103, 0o103112),
        ] {
            m.poke(a, w);
        }
        m.p = 0o100;
        m.step().unwrap();
        assert_eq!(m.intrq, 0, "CLC took control away: no request");
        m.step().unwrap();
        assert_eq!(m.intrq, SC_PTP, "STC gave it back");
        let frame = m.next_event;
        assert!(
            frame > m.cycles && frame < u64::MAX,
            "STC started a frame: {frame}"
        );
        m.step().unwrap();
        assert_eq!(m.p, 0o104, "the flag is set: SFS skipped");
        m.p = 0o103;
        m.step().unwrap();
        assert_eq!(m.intrq, 0, "CLF cleared the flag");
        // The teleprinter prints what OTA and STC give it: its event is in the table at once.
        for (a, w) in [(0o110, 0o102611), (0o111, 0o103711)] {
            m.poke(a, w);
        }
        m.p = 0o110;
        m.step().unwrap();
        m.step().unwrap();
        assert!(
            m.next_event > m.cycles && m.next_event < u64::MAX,
            "{}",
            m.next_event
        );
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
