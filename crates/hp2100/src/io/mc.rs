//! HP 12566B microcircuit interface, with or without the 1251-0332 diagnostic test connector
//! (select code 45 by default, as SIMH's MC1).
//!
//! Sources: the shared notes `hp2100-diagnostics.md` §3.4 (manual 12566-90015 as SIMH's
//! `hp2100_mc.c` reads it, with HP's jumper settings for the diagnostics: W1=C, W2=B, W3=B,
//! W4=B, W5-W8 in, W9=A). A 16-bit output register (OTA) and a 16-bit input register
//! (LIA/MIA). STC sets control and the command flip-flop, which drives the Device Command line.
//! The test connector wires each output bit to the input bit of the same number and Device
//! Command to Device Flag, so with it `OTA sc` then `STC sc` puts the word in the input
//! register and sets the flag one I/O cycle later.
//!
//! Implementation notes:
//!
//! 1. Without the test connector ("device" mode) nothing is cabled to the card: Device Flag
//!    never comes and the input register keeps what it holds.
//! 2. The flag comes back [`TURNAROUND_CYCLES`] after the STC, at the next instruction
//!    boundary (so `STC sc,C` clears the old flag and the loopback sets the new one after it),
//!    as SIMH's "about 1 µs later".
//! 3. POPIO sets the flag and clears the output register; CLC and CRS clear control and the
//!    command flip-flop, which cancels a pending turnaround.

use super::{flip_flops, undo_by_copy, Card, FlipFlops};
use machine_core::scp::state::{self as st, Fields};
use machine_core::Stop;

/// The 12566B microcircuit interface's select code in HP's diagnostics and SIMH (MC1).
pub const SC_MC: u8 = 0o45;

/// The Device Command to Device Flag turnaround through the test connector: one memory cycle
/// (980 ns).
pub const TURNAROUND_CYCLES: u64 = 1;

#[derive(Clone, Default)]
pub struct Microcircuit {
    ff: FlipFlops,
    output: u16,
    input: u16,
    /// The 1251-0332 diagnostic test connector is plugged in.
    pub loopback: bool,
    /// Device Command is out and Device Flag is due at this cycle (loopback only).
    flag_due: Option<u64>,
}

impl Microcircuit {
    pub fn new() -> Self {
        Self::default()
    }
}

impl Card for Microcircuit {
    fn about(&self) -> &'static str {
        "12566B microcircuit interface"
    }
    fn options(&self) -> &'static [&'static str] {
        &["diagnostic", "device"]
    }
    fn set_option(&mut self, word: &str) -> bool {
        super::set_two_way(&mut self.loopback, word, "diagnostic", "device")
    }
    fn status(&self) -> Vec<String> {
        super::diagnostic_status(self.loopback)
    }

    fn fields(&mut self, f: &mut dyn Fields) {
        self.ff.fields(f);
        st::value(f, "output", &mut self.output);
        st::value(f, "input", &mut self.input);
        st::value(f, "loopback", &mut self.loopback);
        st::optional(f, "flag_due", &mut self.flag_due);
    }

    flip_flops!();
    undo_by_copy!();
    fn ioi(&mut self) -> u16 {
        self.input
    }
    fn ioo(&mut self, data: u16) {
        self.output = data;
    }
    fn stc(&mut self, now: u64) {
        if self.loopback {
            self.input = self.output;
            self.flag_due = Some(now + TURNAROUND_CYCLES);
        }
    }
    fn clc(&mut self) {
        self.flag_due = None;
    }
    fn popio(&mut self) {
        self.ff.set_flag();
        self.output = 0;
    }
    fn crs(&mut self) {
        self.ff.control = false;
        self.flag_due = None;
    }
    fn next_event(&self) -> Option<u64> {
        self.flag_due
    }
    fn service(&mut self, _now: u64) -> Option<Stop> {
        self.flag_due = None;
        self.ff.set_flag();
        None
    }
}
