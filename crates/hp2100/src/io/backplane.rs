//! The backplane: where each card is (its select code, in the machine or not), the cards in
//! priority order, and the event table. The machine's side of it, which walks the cards, is
//! `crate::bus`.
//!
//! The event table: each slot's next device event and its flip-flops as last seen. The run
//! loop compares the cycle count with the earliest event only; what the interrupt chain and
//! the events depend on is looked at again only where it can have changed:
//!
//! 1. An I/O instruction changes the card it addresses and the cards of the same registry
//!    field (`Slot::group`: the disc's data and command channels share one controller), so
//!    only their events and flip-flops are read again (`Machine::card_changed`); the
//!    interrupt chain is walked again only when a flip-flop changed. `SFS` and `SFC` change
//!    nothing. A device service or a DMA cycle is the same for the cards it reaches.
//! 2. Everything else that may touch cards (PRESET, CRS, interrupt acknowledge, memory
//!    protect, power fail, the console's deposits, `restore`, a card moved, the debugger's
//!    `back`, and every RUN's start, since a host may have attached a tape or a keyboard
//!    through `Machine::cards`) reads every slot again (`Machine::io_changed`).
//! 3. DMA's request depends on its channels and their devices' flags, and is looked at
//!    whenever the events are.
//! 4. Two cards in the machine may be set to one select code, as SIMH accepts
//!    `set ptr sc=13` while the time base generator is there: the console refuses to run
//!    until they are apart (`Machine::select_code_conflict`, SIMH's "Select code 13
//!    conflict (PTR and TBG)"); meanwhile the select code answers for the card later in the
//!    registry.

use super::{Cards, FlipFlops};

/// Select codes on the backplane.
pub(crate) const SELECT_CODES: usize = 64;
pub(crate) const EMPTY: u8 = u8::MAX;

/// Where the cards are: each card's select code and whether it is in the machine, and the
/// cards in the machine in select-code (priority) order. It changes only from the console.
#[derive(Clone, Debug)]
pub struct Backplane {
    pub(crate) sc: Vec<u8>,
    pub(crate) present: Vec<bool>,
    pub(crate) slot_of: [u8; SELECT_CODES],
    pub(crate) order: Vec<u8>,
    /// The event table (note 1): each slot's next event (`u64::MAX`: none) and its
    /// flip-flops, as last read; each slot's group (the first slot of its registry field).
    pub(crate) due: Vec<u64>,
    pub(crate) ff: Vec<FlipFlops>,
    pub(crate) group: Vec<u8>,
    pub(crate) ptr_slot: usize,
    pub(crate) dma_slot: usize,
}

impl Backplane {
    pub(crate) fn new() -> Self {
        let mut b = Self {
            sc: Cards::SLOTS.iter().map(|s| s.sc).collect(),
            present: Cards::SLOTS.iter().map(|s| s.installed).collect(),
            slot_of: [EMPTY; SELECT_CODES],
            order: Vec::new(),
            due: vec![u64::MAX; Cards::SLOTS.len()],
            ff: vec![FlipFlops::default(); Cards::SLOTS.len()],
            group: Cards::SLOTS
                .iter()
                .map(|s| {
                    Cards::SLOTS
                        .iter()
                        .position(|t| t.group == s.group)
                        .expect("the slot itself") as u8
                })
                .collect(),
            ptr_slot: slot_named("PTR"),
            dma_slot: slot_named("DMA1"),
        };
        b.index();
        b
    }

    /// Each slot's select code and whether it is in the machine, for `save` and `restore`
    /// (the index is rebuilt after).
    pub(crate) fn fields(&mut self, f: &mut dyn machine_core::scp::state::Fields) {
        use machine_core::scp::state::value;
        let before = self.sc.clone();
        for (i, slot) in Cards::SLOTS.iter().enumerate() {
            value(f, &format!("{}.sc", slot.name), &mut self.sc[i]);
            value(f, &format!("{}.in", slot.name), &mut self.present[i]);
        }
        if self.sc.iter().any(|&sc| usize::from(sc) >= SELECT_CODES) {
            f.fail("sc: a select code beyond 77".into());
            self.sc = before;
        }
        self.index();
    }

    /// The lowest select code that two or more cards in the machine are set to, and their
    /// slots (note 4).
    pub(crate) fn conflict(&self) -> Option<(u8, Vec<usize>)> {
        (0..SELECT_CODES as u8).find_map(|sc| {
            let slots: Vec<usize> = (0..self.sc.len())
                .filter(|&i| self.present[i] && self.sc[i] == sc)
                .collect();
            (slots.len() > 1).then_some((sc, slots))
        })
    }

    pub(crate) fn index(&mut self) {
        self.slot_of = [EMPTY; SELECT_CODES];
        for (i, &sc) in self.sc.iter().enumerate() {
            if self.present[i] {
                self.slot_of[usize::from(sc)] = i as u8;
            }
        }
        self.order = self
            .slot_of
            .iter()
            .copied()
            .filter(|&i| i != EMPTY)
            .collect();
    }
}

impl crate::Machine {
    /// Two or more cards in the machine at one select code (note 4): the select code and
    /// the cards' names in alphabetical order, as SIMH names them.
    pub fn select_code_conflict(&self) -> Option<(u8, Vec<&'static str>)> {
        let (sc, slots) = self.backplane.conflict()?;
        let mut names: Vec<&'static str> = slots.iter().map(|&i| Cards::SLOTS[i].name).collect();
        names.sort_unstable();
        Some((sc, names))
    }
}

fn slot_named(name: &str) -> usize {
    Cards::SLOTS
        .iter()
        .position(|s| s.name == name)
        .expect("a slot of the registry")
}
