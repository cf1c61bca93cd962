//! The I/O devices (spec §4.6, [R]): the console typewriter and an 8-channel paper-tape reader
//! and punch.
//!
//! * Console typewriter: the far end is any [`teletype::TtyHost`], on a [`teletype::Line`];
//!   10 characters a second (`teletype::char_cycles`, the HP 12531C's conversion too). Output keeps 8 bits of A; the host
//!   prints 7-bit ASCII. A key typed is printed by the typewriter as it is struck (a console
//!   typewriter's keyboard and printer are one mechanism; the HP 12531C echoes the same way),
//!   so RETURN prints CR alone and the program adds LF (note R8).
//! * Paper-tape reader: 200 frames a second; the tape is a byte file. At the end of the tape
//!   `rpt` gives A = −1 and sets OV.
//! * Paper-tape punch: 60 frames a second; the punched tape is a byte vector.
//!
//! Each instruction waits for its device (spec §4.4 "wait until it is printed"), so no other
//! event can fall inside the wait: the device's completion, scheduled a character time after
//! the program starts it, is simply the time at which the instruction ends. Times are in the
//! machine's cycle clock and handed to the host in nanoseconds.

use machine_core::scp::Device;
#[cfg(test)]
use t3300_isa::timing::TYPEWRITER_CHAR_NS;
use t3300_isa::timing::{cycles_for, Nanos, PUNCH_FRAME_NS, READER_FRAME_NS};

/// Device waits in machine cycles, derived once from the cycle time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeviceCycles {
    pub typewriter: u64,
    pub reader: u64,
    pub punch: u64,
}

impl DeviceCycles {
    pub fn new(cycle_ns: Nanos, fast_typewriter: bool, fast_tape: bool) -> Self {
        let c = |ns, fast| if fast { 0 } else { cycles_for(ns, cycle_ns) };
        Self {
            typewriter: if fast_typewriter {
                0
            } else {
                teletype::char_cycles(cycle_ns)
            },
            reader: c(READER_FRAME_NS, fast_tape),
            punch: c(PUNCH_FRAME_NS, fast_tape),
        }
    }
}

/// The devices as the CPU sees them, with the clock conversion they need.
pub(crate) struct Io {
    pub tty: teletype::Line,
    pub reader: Reader,
    pub punch: Punch,
    pub dev: DeviceCycles,
    pub cycle_ns: Nanos,
    /// Empty polls of the keyboard allowed before `tyi` gives up (None: wait for ever).
    pub key_wait_limit: Option<u32>,
    /// Empty polls so far in the current `tyi`.
    pub key_waits: u32,
}

/// The devices as the console shows them (`show dev`, `show DEV`, `help DEV`), declared beside
/// them: SIMH's usual name, what the device is, its settings now. The I/O instructions name
/// their device (`tyi`, `rpt`, `ppt`), so a device has no address to show.
pub(crate) fn declared(m: &crate::Machine) -> Vec<Device> {
    let device = |name: &str, about, status: String| Device {
        name: name.into(),
        address: None,
        enabled: true,
        status: vec![status],
        registers: Vec::new(),
        options: Vec::new(),
        about,
    };
    let typewriter = if m.config().fast_typewriter {
        "no wait"
    } else {
        "10 characters a second"
    };
    vec![
        device("TTY", "console typewriter", typewriter.into()),
        device(
            "PTR",
            "8-channel paper-tape reader, 200 frames a second",
            format!("{} frames to read", m.tape_remaining()),
        ),
        device(
            "PTP",
            "8-channel paper-tape punch, 60 frames a second",
            format!("{} frames punched", m.punched().len()),
        ),
    ]
}

/// The paper-tape reader: a tape of frames and the position of the read head.
#[derive(Clone, Debug, Default)]
pub struct Reader {
    tape: Vec<u8>,
    pos: usize,
}

impl Reader {
    pub fn load(&mut self, tape: Vec<u8>) {
        self.tape = tape;
        self.pos = 0;
    }

    /// The next frame, or `None` past the end of the tape.
    pub fn read(&mut self) -> Option<u8> {
        let f = self.tape.get(self.pos).copied();
        self.pos += f.is_some() as usize;
        f
    }

    /// Frames still to be read.
    pub fn remaining(&self) -> usize {
        self.tape.len() - self.pos
    }

    /// Frames read so far (for the debugger's snapshots).
    pub(crate) fn position(&self) -> usize {
        self.pos
    }

    /// Put the tape back to `pos` frames read.
    pub(crate) fn rewind_to(&mut self, pos: usize) {
        self.pos = pos.min(self.tape.len());
    }
}

/// The paper-tape punch: frames punched so far.
#[derive(Clone, Debug, Default)]
pub struct Punch {
    tape: Vec<u8>,
}

impl Punch {
    pub fn punch(&mut self, frame: u8) {
        self.tape.push(frame);
    }

    pub fn tape(&self) -> &[u8] {
        &self.tape
    }

    pub fn take(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.tape)
    }

    /// Cut the punched tape back to `len` frames (for the debugger's snapshots).
    pub(crate) fn truncate(&mut self, len: usize) {
        self.tape.truncate(len);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typewriter_rate_is_the_shared_teletype_rate() {
        assert_eq!(TYPEWRITER_CHAR_NS, teletype::CHAR_TIME);
        let d = DeviceCycles::new(2_000, false, false);
        assert_eq!((d.typewriter, d.reader, d.punch), (50_000, 2_500, 8_334));
        assert_eq!(
            DeviceCycles::new(2_000, true, true),
            DeviceCycles {
                typewriter: 0,
                reader: 0,
                punch: 0
            }
        );
    }

    #[test]
    fn reader_runs_out() {
        let mut r = Reader::default();
        r.load(vec![1, 2]);
        assert_eq!(
            (r.read(), r.read(), r.read(), r.remaining()),
            (Some(1), Some(2), None, 0)
        );
    }
}
