//! The 2100A's two DMA channels (select codes 6 and 7, with their control-word registers at 2
//! and 3), which move words between an interface card and core by stealing memory cycles.
//!
//! Sources: the shared notes `hp2100-diagnostics.md` §4.4 (SIMH's `hp2100_dma.c`, which
//! follows the 12607A/12578A DMA manuals 12607-90002 and 12578-9001, and HP's DMA diagnostic
//! 24322-16002) and `docs/hp2100a.md` §1.1 and §1.6.
//!
//! * Control word 1 goes to select code 6 (channel 1) or 7 (channel 2) with `OTA`: bit 15 asks
//!   for an STC to the device on every cycle, bit 13 for a CLC with the last one, bits 5-0 are
//!   the device's select code.
//! * Control words 2 and 3 go to select code 2 (or 3): word 2 (bit 15 the direction, 1 into
//!   memory; bits 14-0 the address) while that select code's control flip-flop is clear
//!   (`CLC 2`), word 3 (the negative word count, 16 bits) after `STC 2`. `LIA 2` reads the
//!   count left. Select codes 2 and 3 have no flag: STF, CLF, SFS and SFC do nothing there.
//! * `STC 6` sets control and starts the transfer (transfer enable) unless the flag buffer is
//!   set: `STC 6,C` clears it in the same instruction and starts. The flag sets when the count
//!   reaches zero, and a set flag buffer ends the transfer, so `STF 6` aborts it. `CLC 6`
//!   clears control only: the transfer goes on without its completion interrupt.
//! * Each cycle takes one word: when the device's card asserts its service request, the
//!   channel reads the card (input) or core (output), writes the other, sends the card CLF
//!   (and STC if word 1 asks), steps the address and the count, and sets its flag after the
//!   last word. The last input cycle sends no CLF or STC; its CLC goes if word 1 asks.
//!   Channel 1 has priority over channel 2. DMA reaches core words 0 and 1, not A and B, and
//!   memory protect does not check it.
//!
//! Implementation notes:
//!
//! 1. A card asserts its service request (SRQ) while its flag is set: so do the 12566B, the
//!    12597A and the 12531C.
//! 2. A transfer is word at a time between instructions, never a whole block at once, because
//!    HP's diagnostic watches the count change. A cycle costs [`timing::DMA_CYCLE`] memory
//!    cycles; while the device keeps asking (its flag comes back within the stolen cycle), the
//!    channel takes the next cycle too and the CPU waits, as the 2100A's CPU is frozen during
//!    a DMA cycle.
//! 3. The request is looked at only where a flag can change (after an I/O instruction, a
//!    device event or a console deposit) and then falls due through the machine's earliest
//!    event, so idle channels cost the instruction loop nothing.
//! 4. The transfer-enable flip-flop is cleared by a set flag buffer (the hardware's
//!    asynchronous clear), looked at in the same places; so an STC to a channel whose flag
//!    buffer is still set starts nothing, and `STC 6,C` starts it.
//! 5. The loader area, while protected, reads 0 to DMA and keeps its words, as for the CPU.
//!
//! [`timing::DMA_CYCLE`]: crate::timing::DMA_CYCLE

use super::{flip_flops, Card, FlipFlops};
use crate::machine::{Machine, LOADER_WORDS};
use machine_core::scp::state::{self as st, Fields};

/// Control word 1: an STC to the device on each cycle.
const CW1_STC: u16 = 0o100000;
/// Control word 1: a CLC to the device with the last cycle.
const CW1_CLC: u16 = 0o020000;
/// Control word 1: byte packing, a 12578A (2116) feature the 2100's channels ignore.
const CW1_PACK: u16 = 0o040000;
/// Control word 2: the transfer is into memory.
const CW2_INPUT: u16 = 0o100000;

/// The select code of channel 1's control-word registers (channel 2's is one more).
pub const SC_DMA_WORDS: u8 = 0o2;
/// The select code of channel 1 (channel 2's is one more).
pub const SC_DMA: u8 = 0o6;

/// One DMA channel: the card at select code 6 (or 7) with the registers it loads through 2
/// (or 3).
#[derive(Default)]
pub struct Channel {
    ff: FlipFlops,
    /// Control word 1: STC and CLC wanted, the device's select code.
    pub cw1: u16,
    /// Control word 2: direction and the next address.
    pub cw2: u16,
    /// Control word 3: the negative count of words left.
    pub cw3: u16,
    /// Select code 2's control flip-flop: `OTA 2` loads word 3 when set, word 2 when clear.
    pub select: bool,
    /// Transfer enable: the channel serves its device's requests.
    pub xfer: bool,
}

impl Channel {
    pub fn new() -> Self {
        Self::default()
    }

    /// The device's select code while a transfer is enabled.
    fn device(&self) -> Option<u8> {
        self.xfer.then_some((self.cw1 & 0o77) as u8)
    }
}

impl Card for Channel {
    fn about(&self) -> &'static str {
        "12895A direct memory access channel"
    }

    fn fields(&mut self, f: &mut dyn Fields) {
        self.ff.fields(f);
        st::value(f, "cw1", &mut self.cw1);
        st::value(f, "cw2", &mut self.cw2);
        st::value(f, "cw3", &mut self.cw3);
        st::value(f, "select", &mut self.select);
        st::value(f, "xfer", &mut self.xfer);
    }

    flip_flops!();
    /// The 21xx's I/O bus floats to zero: select codes 6 and 7 read 0.
    fn ioi(&mut self) -> u16 {
        0
    }
    fn ioo(&mut self, data: u16) {
        self.cw1 = data & !CW1_PACK;
    }
    fn stc(&mut self, _now: u64) {
        // Kept only if the flag buffer is clear when the instruction ends (note 4).
        self.xfer = true;
    }
    fn crs(&mut self) {
        self.ff.control = false;
        self.select = false;
        self.xfer = false;
    }
    fn registers(&self) -> Vec<(&'static str, u16)> {
        vec![
            ("CW1", self.cw1),
            ("CW2", self.cw2),
            ("CW3", self.cw3),
            ("CTL2", u16::from(self.select)),
            ("XFR", u16::from(self.xfer)),
        ]
    }
    fn set_register(&mut self, name: &str, value: u16) -> bool {
        match name.to_ascii_uppercase().as_str() {
            "CW1" => self.cw1 = value,
            "CW2" => self.cw2 = value,
            "CW3" => self.cw3 = value,
            "CTL2" => self.select = value != 0,
            "XFR" => self.xfer = value != 0,
            _ => return false,
        }
        true
    }
}

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
        m.cycles = super::super::mc::TURNAROUND_CYCLES;
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
        assert!(!m.cards.dma[0].xfer, "the flag buffer clears transfer enable");
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
