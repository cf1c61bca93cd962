//! DMA's cycles as the machine runs them: select codes 2 and 3, the request, and one word
//! moved between a card and core (`crate::io::dma`, whose notes these follow).

use crate::io::dma::{Channel, CW1_CLC, CW1_STC, CW2_INPUT, SC_DMA};
use crate::machine::{Machine, LOADER_WORDS};

impl Machine {
    /// The channel of a DMA select code (2 or 6 for channel 1, 3 or 7 for channel 2), if the
    /// channels are in the machine.
    fn dma_channel(&mut self, sc: u8) -> Option<&mut Channel> {
        let ch = usize::from(sc & 1);
        self.card(SC_DMA + (sc & 1))?;
        Some(&mut self.cards.dma[ch])
    }

    /// An I/O instruction to select code 2 or 3; `value` is the register's. Returns the word
    /// read for LIx/MIx (0 from an empty slot), `None` for every other instruction.
    pub(crate) fn dma_words_io(
        &mut self,
        op: hp2100_isa::Class,
        sc: u8,
        value: u16,
    ) -> Option<u16> {
        use hp2100_isa::Class;
        let Some(ch) = self.dma_channel(sc) else {
            return matches!(op, Class::Li | Class::Mi).then_some(0);
        };
        match op {
            Class::Stc => ch.select = true,
            Class::Clc => ch.select = false,
            Class::Ot if ch.select => ch.cw3 = value,
            Class::Ot => ch.cw2 = value,
            Class::Li | Class::Mi => return Some(ch.cw3),
            _ => {} // no flag at select codes 2 and 3
        }
        None
    }

    /// The channel with a request to serve, channel 1 first, after the flag buffers have
    /// cleared transfer enable (notes 1, 4). The channels not in the machine are never
    /// enabled, since PRESET and CRS clear them and only an STC sets them.
    pub(crate) fn dma_request(&mut self) -> Option<usize> {
        for c in &mut self.cards.dma {
            c.xfer &= !c.ff.flag_buffer;
        }
        (0..2).find(|&ch| {
            self.cards.dma[ch]
                .device()
                .is_some_and(|sc| self.card(sc).is_some_and(|card| card.ff().flag))
        })
    }

    /// One DMA cycle of channel `ch`: a word between its device and core.
    pub(crate) fn dma_cycle(&mut self, ch: usize) {
        let c = &self.cards.dma[ch];
        let (cw1, input, addr) = (c.cw1, c.cw2 & CW2_INPUT != 0, c.cw2 & 0x7fff);
        let last = c.cw3 == 0xffff;
        let now = self.cycles;
        let mut data = if input { 0 } else { self.dma_read(addr) };
        if let Some(card) = self.card((cw1 & 0o77) as u8) {
            if input {
                data = card.ioi();
            } else {
                card.ioo(data);
            }
            if !(last && input) {
                if cw1 & CW1_STC != 0 {
                    card.ff_mut().control = true;
                    card.stc(now);
                }
                card.ff_mut().clear_flag();
                card.clf(now);
            }
            if last && cw1 & CW1_CLC != 0 {
                card.ff_mut().control = false;
                card.clc();
            }
        }
        if input {
            self.dma_write(addr, data);
        }
        let c = &mut self.cards.dma[ch];
        c.cw2 = (c.cw2 & CW2_INPUT) | ((addr + 1) & 0x7fff);
        c.cw3 = c.cw3.wrapping_add(1);
        if c.cw3 == 0 {
            c.ff.set_flag();
            c.xfer = false;
        }
        self.cycles += u64::from(crate::timing::DMA_CYCLE);
    }

    /// Core as DMA reads it: words 0 and 1 are core, not A and B (note 5). The word passes
    /// through T, as every memory cycle's.
    fn dma_read(&mut self, addr: u16) -> u16 {
        self.t = if self.dma_reaches(addr) {
            self.mem[usize::from(addr)]
        } else {
            0
        };
        self.t
    }

    fn dma_write(&mut self, addr: u16, v: u16) {
        self.t = v;
        if self.dma_reaches(addr) {
            self.mem[usize::from(addr)] = v;
        }
    }

    fn dma_reaches(&self, addr: u16) -> bool {
        let a = u32::from(addr);
        let end = if self.loader_enabled {
            self.mem_words
        } else {
            self.mem_words - LOADER_WORDS
        };
        a < end
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::Card;
    use crate::panel::Limit;
    use crate::Config;

    /// A machine with both channels and MC1 (test connector) at 45, and `program` at 100.
    fn machine(program: &[u16]) -> Machine {
        let mut m = Machine::new(Config::default()).unwrap();
        for name in ["DMA1", "DMA2", "MC1"] {
            m.install(Machine::slot(name).unwrap(), true).unwrap();
        }
        m.cards.mc1.loopback = true;
        for (i, &w) in program.iter().enumerate() {
            m.poke_core(0o100 + i as u16, w);
        }
        m.p = 0o100;
        m
    }

    #[test]
    fn output_block_word_at_a_time_then_the_flag() {
        // CW1: STC each cycle, device 45; CW2: output from 200; CW3: -3 words.
        #[rustfmt::skip]
        let mut m = machine(&[
            0o062120, // LDA 120 (CW1)
            0o102606, // OTA 6
            0o106702, // CLC 2
            0o062121, // LDA 121 (CW2)
            0o102602, // OTA 2
            0o102702, // STC 2
            0o062122, // LDA 122 (CW3)
            0o102602, // OTA 2
            0o103745, // STC 45,C: the card's first request comes one cycle later
            0o103706, // STC 6,C
            0o102306, // SFS 6
            0o024112, // JMP *-1
            0o102077, // HLT 77
        ]);
        for (a, w) in [(0o120, 0o100045), (0o121, 0o200), (0o122, 0o177775)] {
            m.poke_core(a, w);
        }
        for (a, w) in [(0o200, 0o11111), (0o201, 0o22222), (0o202, 0o33333)] {
            m.poke_core(a, w);
        }
        let stop = m.run(Limit::instructions(100));
        assert_eq!(stop.halt_code(), Some(0o102077), "{stop:?}");
        assert_eq!(m.cards.dma[0].cw3, 0);
        assert_eq!(m.cards.dma[0].cw2, 0o203);
        assert!(!m.cards.dma[0].xfer);
        // The loopback register holds the last word sent.
        assert_eq!(m.cards.mc1.ioi(), 0o33333);
    }

    #[test]
    fn input_block_lands_in_core_and_lia_2_counts_down() {
        let mut m = machine(&[]);
        m.cards.mc1.ioo(0o123);
        m.cards.mc1.stc(0);
        m.cycles = crate::io::mc::TURNAROUND_CYCLES;
        m.io_changed();
        m.service_devices().unwrap();
        m.cards.dma[1].cw1 = 0o45; // no STC: one word per request
        m.cards.dma[1].cw2 = CW2_INPUT | 0o300;
        m.cards.dma[1].cw3 = 0o177776;
        m.cards.dma[1].xfer = true;
        m.io_changed();
        // The first request: one word in, the card's flag cleared.
        m.service_devices().unwrap();
        assert_eq!(m.peek_core(0o300), 0o123);
        assert_eq!(m.dma_words_io(hp2100_isa::Class::Li, 3, 0), Some(0o177777));
        assert!(!m.cards.mc1.ff().flag);
        m.cards.mc1.ff_mut().set_flag();
        m.io_changed();
        m.service_devices().unwrap();
        assert_eq!(m.cards.dma[1].cw3, 0);
        assert!(m.cards.dma[1].ff().flag);
        // The last input cycle leaves the card's flag alone.
        assert!(m.cards.mc1.ff().flag);
    }

    #[test]
    fn stf_aborts_and_an_stc_without_clf_starts_nothing() {
        let mut m = machine(&[]);
        let mut c = Channel::new();
        c.ff.set_flag();
        c.stc(0);
        m.cards.dma[0] = c;
        m.io_changed();
        assert!(
            !m.cards.dma[0].xfer,
            "the flag buffer clears transfer enable"
        );
        m.cards.dma[0].ff.clear_flag();
        m.cards.dma[0].stc(0);
        m.io_changed();
        assert!(m.cards.dma[0].xfer);
        m.cards.dma[0].ff.set_flag();
        m.io_changed();
        assert!(!m.cards.dma[0].xfer, "STF aborts");
    }

    #[test]
    fn dma_reaches_core_words_0_and_1() {
        let mut m = machine(&[]);
        m.a = 0o7777;
        m.poke_core(0, 0o4444);
        assert_eq!(m.dma_read(0), 0o4444);
        m.dma_write(1, 0o5555);
        assert_eq!((m.b, m.peek_core(1)), (0, 0o5555));
        m.dma_write(m.loader_base(), 1);
        assert_eq!(
            m.peek_core(m.loader_base()),
            0,
            "the loader area is protected"
        );
    }
}
