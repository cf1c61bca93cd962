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
use machine_core::scp::state::{self as st, Fields};

/// Control word 1: an STC to the device on each cycle.
pub(crate) const CW1_STC: u16 = 0o100000;
/// Control word 1: a CLC to the device with the last cycle.
pub(crate) const CW1_CLC: u16 = 0o020000;
/// Control word 1: byte packing, a 12578A (2116) feature the 2100's channels ignore.
const CW1_PACK: u16 = 0o040000;
/// Control word 2: the transfer is into memory.
pub(crate) const CW2_INPUT: u16 = 0o100000;

/// The select code of channel 1's control-word registers (channel 2's is one more).
pub const SC_DMA_WORDS: u8 = 0o2;
/// The select code of channel 1 (channel 2's is one more).
pub const SC_DMA: u8 = 0o6;

/// One DMA channel: the card at select code 6 (or 7) with the registers it loads through 2
/// (or 3).
#[derive(Default)]
pub struct Channel {
    pub(crate) ff: FlipFlops,
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
    pub(crate) fn device(&self) -> Option<u8> {
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
