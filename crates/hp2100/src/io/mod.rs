//! The I/O backplane: interface cards, their flip-flops, and interrupt priority.
//!
//! Each card has the three flip-flops of the 2100A interface: **control**, **flag** and
//! **flag buffer** (`docs/hp2100a.md` §1.7). STF sets the flag buffer and the flag follows it;
//! CLF clears both; STC/CLC set and clear control. A card requests an interrupt when control,
//! flag and flag buffer are set and it holds priority; priority runs by select code, lowest
//! first, and a card with control and flag set blocks every card below it until one of them
//! is cleared, even after its interrupt was acknowledged (which clears only the flag buffer).
//!
//! Cards here: the memory protect ([`MemoryProtect`], select code 5), the 12531C teleprinter interface ([`Tty12531`], select code 11), the 12597A-002
//! photoreader interface with a 2748 reader ([`Photoreader`], 10) and the 12597A-005 punch
//! interface ([`Punch`], 12). An empty slot behaves as on the real machine: its flag never
//! sets and it reads as 0.
//!
//! Time: cards receive the machine's cycle count and schedule their own next event in cycles
//! (`crate::timing::cycles_for_ns`); the machine polls only when the earliest event is due.

mod mp;
mod ptp;
mod ptr;
mod tty;

pub use mp::MemoryProtect;
pub use ptp::Punch;
pub use ptr::Photoreader;
pub use tty::Tty12531;

use machine_core::Stop;

/// The three flip-flops every interface card has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FlipFlops {
    pub control: bool,
    pub flag: bool,
    pub flag_buffer: bool,
}

impl FlipFlops {
    /// STF, or a device finishing: the flag buffer sets and the flag follows it (ENF).
    pub fn set_flag(&mut self) {
        self.flag_buffer = true;
        self.flag = true;
    }

    pub fn clear_flag(&mut self) {
        self.flag_buffer = false;
        self.flag = false;
    }
}

/// An interface card in an I/O slot. The backplane handles the flip-flops for STF, CLF, SFS,
/// SFC and the control flip-flop for STC/CLC; the card sees the signals that start or stop
/// its device, and its data path.
pub trait Card {
    /// The card's name as the operator knows it (`TTY`, `PTR`, `PTP`).
    fn name(&self) -> &'static str;
    fn ff(&self) -> &FlipFlops;
    fn ff_mut(&mut self) -> &mut FlipFlops;
    /// LIx/MIx: the data the card puts on the I/O bus.
    fn ioi(&mut self) -> u16 {
        0
    }
    /// OTx: data from the I/O bus.
    fn ioo(&mut self, _data: u16) {}
    /// STC, after control has been set: start the device.
    fn stc(&mut self, _now: u64) {}
    /// CLF (or an instruction's ,C), after the flag and flag buffer have been cleared.
    fn clf(&mut self, _now: u64) {}
    /// CLC, after control has been cleared.
    fn clc(&mut self) {}
    /// CRS (PRESET, or `CLC 0`): control reset. The default clears control.
    fn crs(&mut self) {
        self.ff_mut().control = false;
    }
    /// The cycle at which the card next needs service, if any.
    fn next_event(&self) -> Option<u64>;
    /// Service a due event at cycle `now`; a card may stop the machine (end of input).
    fn service(&mut self, now: u64) -> Option<Stop>;
}
