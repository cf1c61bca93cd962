//! HP 12539C time base generator (select code 13 by default, as in SIMH).
//!
//! Sources: the shared notes `hp2100-diagnostics.md` §4.7 (manual 12539-90008 as SIMH's
//! `hp2100_tbg.c` describes it). `OTA sc` selects the period in bits 2-0: 100 µs, 1 ms,
//! 10 ms, 100 ms, 1 s, 10 s, 100 s, 1000 s; with jumper W2 in position B the last four are
//! 1 ms, 10 ms, 100 ms and 1 s. STC starts the clock, and the flag sets at the end of every
//! period. A period that ends while the flag is still set is a lost tick: the lost-tick
//! flip-flop sets and reads as bit 4 of `LIA` (bit 5 too with jumper W1 in position B); STC
//! clears it.
//!
//! Implementation notes:
//!
//! 1. The periods are counted in 2100A memory cycles, so a program timing the card with
//!    its own loops (HP's diagnostic with the configurator's 1 ms routine) sees the real
//!    ratio. SIMH sizes them for a 1000-E, 3.1 times too long for a 2100, which is why SIMH
//!    as a 2100 fails the diagnostic's test 02.
//! 2. The first tick comes one full period after the STC that starts a stopped clock; an STC
//!    to a running clock does not restart it. Ticks follow each other exactly one period apart
//!    (the crystal does not wait for the program); a tick sets the flag at the next instruction
//!    boundary.
//! 3. `OTA` selects the rate and stops the clock (clears control); CLC and CRS stop it too.
//!    POPIO sets the flag, as on every card.

use super::{flip_flops, undo_by_copy, Card, FlipFlops};
use crate::timing::cycles_for_ns;
use machine_core::scp::state::{self as st, Fields};
use machine_core::Stop;

/// The 12539C time base generator's select code in HP's diagnostics and SIMH.
pub const SC_TBG: u8 = 0o13;

/// The periods selected by `OTA` bits 2-0 with W2 in position A, in nanoseconds.
pub const PERIOD_NS: [u64; 8] = [
    100_000,
    1_000_000,
    10_000_000,
    100_000_000,
    1_000_000_000,
    10_000_000_000,
    100_000_000_000,
    1_000_000_000_000,
];

/// Lost tick, in the input word.
const LOST_TICK: u16 = 0o20;
/// The same with jumper W1 in position B.
const LOST_TICK_W1B: u16 = 0o40;

#[derive(Clone, Default)]
pub struct TimeBase {
    ff: FlipFlops,
    rate: u8,
    lost_tick: bool,
    next_tick: Option<u64>,
    /// Jumper W1 in position B: the lost tick shows in bit 5 as well.
    pub w1b: bool,
    /// Jumper W2 in position B: rates 4-7 in milliseconds instead of seconds.
    pub w2b: bool,
}

impl TimeBase {
    pub fn new() -> Self {
        Self::default()
    }

    /// The selected period in nanoseconds, with the W2 jumper applied.
    pub fn period_ns(&self) -> u64 {
        let r = usize::from(self.rate);
        if self.w2b && r >= 4 {
            PERIOD_NS[r - 3]
        } else {
            PERIOD_NS[r]
        }
    }

    fn stop(&mut self) {
        self.ff.control = false;
        self.next_tick = None;
    }
}

impl Card for TimeBase {
    fn about(&self) -> &'static str {
        "12539C time base generator"
    }
    fn options(&self) -> &'static [&'static str] {
        &["w1a", "w1b", "w2a", "w2b"]
    }
    fn set_option(&mut self, word: &str) -> bool {
        super::set_two_way(&mut self.w1b, word, "w1b", "w1a")
            || super::set_two_way(&mut self.w2b, word, "w2b", "w2a")
    }

    fn fields(&mut self, f: &mut dyn Fields) {
        self.ff.fields(f);
        st::value(f, "rate", &mut self.rate);
        st::value(f, "lost_tick", &mut self.lost_tick);
        st::optional(f, "next_tick", &mut self.next_tick);
        st::value(f, "w1b", &mut self.w1b);
        st::value(f, "w2b", &mut self.w2b);
    }

    flip_flops!();
    undo_by_copy!();
    fn ioi(&mut self) -> u16 {
        match (self.lost_tick, self.w1b) {
            (false, _) => 0,
            (true, false) => LOST_TICK,
            (true, true) => LOST_TICK | LOST_TICK_W1B,
        }
    }
    fn ioo(&mut self, data: u16) {
        self.rate = (data & 7) as u8;
        self.stop();
    }
    fn stc(&mut self, now: u64) {
        if self.next_tick.is_none() {
            self.next_tick = Some(now + cycles_for_ns(self.period_ns()));
        }
        self.lost_tick = false;
    }
    fn clc(&mut self) {
        self.stop();
    }
    fn crs(&mut self) {
        self.stop();
    }
    fn next_event(&self) -> Option<u64> {
        self.next_tick
    }
    fn service(&mut self, now: u64) -> Option<Stop> {
        let period = cycles_for_ns(self.period_ns()).max(1);
        let mut t = self.next_tick?;
        while t <= now {
            if self.ff.flag {
                self.lost_tick = true;
            } else {
                self.ff.set_flag();
            }
            t += period;
        }
        self.next_tick = Some(t);
        None
    }
}
