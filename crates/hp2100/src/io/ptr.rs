//! HP 12597A-002 photoreader interface with a 2748 tape reader (select code 10).
//!
//! Sources: `docs/hp2100a.md` §3 and §2.4 (SIMH `pt.c`): STC ,C reads one frame; the flag
//! sets when the frame is in the data register, 2 ms later (500 frames/s); LIA gets it in
//! bits 7-0.
//!
//! Implementation notes:
//!
//! 1. The real reader has no end-of-tape status and a program reading past the end hangs.
//!    Here the read is not started and the machine stops with `Stop::InputExhausted`, so the
//!    operator learns that the tape ran out.
//! 2. With no tape loaded the reader simply never sets its flag, as on the real machine.
//! 3. `set ptr diagnostic`, as in SIMH: with no tape, the 1251-0332 test connector is on the
//!    card (OTA's bits 7-0 come back as input on STC, the flag one memory cycle later, as the
//!    12566B's in `mc.rs`); with a tape, the tape is a loop and the reader never runs out.

use super::{flip_flops, Card, FlipFlops};
use crate::timing::cycles_for_ns;
use machine_core::Stop;
use std::any::Any;

/// Time for one frame at 500 frames per second.
pub const FRAME_NS: u64 = 2_000_000;

/// The reader's state for the debugger's `back`: all but the tape, which it only reads.
struct Saved {
    ff: FlipFlops,
    pos: usize,
    data: u8,
    event: Option<u64>,
    ran_out: bool,
    output: u8,
}

#[derive(Default)]
pub struct Photoreader {
    ff: FlipFlops,
    tape: Option<Vec<u8>>,
    pos: usize,
    data: u8,
    event: Option<u64>,
    ran_out: bool,
    /// The diagnostic set-up (note 3).
    pub diagnostic: bool,
    output: u8,
}

impl Photoreader {
    pub fn new() -> Self {
        Self::default()
    }

    /// Put a tape in the reader, its leader under the head.
    pub fn load(&mut self, tape: Vec<u8>) {
        self.tape = Some(tape);
        self.pos = 0;
        self.ran_out = false;
    }

    pub fn unload(&mut self) -> Option<Vec<u8>> {
        self.event = None;
        self.tape.take()
    }

    /// Frames read so far.
    pub fn position(&self) -> usize {
        self.pos
    }

    /// The tape in the reader.
    pub fn tape(&self) -> Option<&[u8]> {
        self.tape.as_deref()
    }

    pub fn loaded(&self) -> bool {
        self.tape.is_some()
    }
}

impl Card for Photoreader {
    flip_flops!();

    fn ioi(&mut self) -> u16 {
        u16::from(self.data)
    }

    fn ioo(&mut self, data: u16) {
        self.output = data as u8;
    }

    fn stc(&mut self, now: u64) {
        if self.diagnostic && self.tape.is_none() {
            self.data = self.output;
            self.event = Some(now + super::mc::TURNAROUND_CYCLES);
            return;
        }
        if let (true, Some(t)) = (self.diagnostic, &self.tape) {
            if self.pos >= t.len() && !t.is_empty() {
                self.pos = 0;
            }
        }
        if let Some(t) = &self.tape {
            if self.pos < t.len() {
                self.event = Some(now + cycles_for_ns(FRAME_NS));
            } else {
                self.ran_out = true;
                self.event = Some(now);
            }
        }
    }

    fn popio(&mut self) {
        self.ff.set_flag();
        self.output = 0;
    }

    fn crs(&mut self) {
        self.ff.control = false;
        self.event = None;
    }

    fn next_event(&self) -> Option<u64> {
        self.event
    }

    fn save(&self, _now: u64) -> Option<Box<dyn Any>> {
        // Reading a frame moves the tape, which `back` winds back: all undoable.
        Some(Box::new(Saved {
            ff: self.ff,
            pos: self.pos,
            data: self.data,
            event: self.event,
            ran_out: self.ran_out,
            output: self.output,
        }))
    }

    fn restore(&mut self, saved: &dyn Any) {
        if let Some(s) = saved.downcast_ref::<Saved>() {
            self.ff = s.ff;
            self.pos = s.pos;
            self.data = s.data;
            self.event = s.event;
            self.ran_out = s.ran_out;
            self.output = s.output;
        }
    }

    fn service(&mut self, _now: u64) -> Option<Stop> {
        self.event = None;
        if std::mem::take(&mut self.ran_out) {
            log::warn!(target: "hp2100::io", "PTR: read past the end of the tape");
            return Some(Stop::InputExhausted { p: 0 }); // P set by the backplane
        }
        let Some(t) = self.tape.as_ref() else {
            // The test connector's turnaround (note 3).
            self.ff.set_flag();
            return None;
        };
        self.data = t[self.pos];
        self.pos += 1;
        self.ff.set_flag();
        None
    }
}
