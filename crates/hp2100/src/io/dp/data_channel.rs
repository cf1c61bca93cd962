//! The 12557A's data channel card (select code 22, SIMH's DPD): its flip-flops, its buffers,
//! and the transfer state its own I/O instructions change; the controller (`super`, note 3
//! there) looks at them when its events fall due.
//!
//! Sources: SIMH's `hp2100_dp.c` (Open SIMH 4, git a1f57fa3).

use super::super::{flip_flops, Card, FlipFlops};
use machine_core::scp::state::{self as st, Fields};

/// The data channel card (select code 22): its flip-flops, its buffers, and the transfer
/// state its I/O instructions change (`super` note 3).
#[derive(Default)]
pub struct DataChannel {
    pub(super) ff: FlipFlops,
    /// The command flip-flop: the program has given (output) or asked for (input) a word.
    pub(super) command: bool,
    /// The word for the program (`LIA`).
    pub(super) ibuf: u16,
    /// The word from the program (`OTA`).
    pub(super) obuf: u16,
    /// The controller is busy with this drive (read, write, check, initialize).
    pub(super) busy: Option<u8>,
    /// A data transfer runs (set at a command's start, cleared by `CLC`).
    pub(super) xfer: bool,
    /// `obuf` holds a word the write has not taken.
    pub(super) wval: bool,
    /// An overrun waiting to reach the busy drive's status (`super` note 3).
    pub(super) overrun: bool,
}

impl Card for DataChannel {
    flip_flops!();
    fn about(&self) -> &'static str {
        "12557A cartridge disc interface, data channel"
    }
    fn ioi(&mut self) -> u16 {
        self.ibuf
    }
    fn ioo(&mut self, data: u16) {
        self.obuf = data;
        if self.busy.is_none() || self.xfer {
            self.wval = true;
        }
    }
    fn stc(&mut self, _now: u64) {
        self.command = true;
        if self.busy.is_some() && !self.xfer {
            self.overrun = true;
        }
    }
    fn clc(&mut self) {
        self.xfer = false;
    }
    fn popio(&mut self) {
        self.ff.set_flag();
        self.obuf = 0;
    }
    fn crs(&mut self) {
        self.ff.control = false;
        self.command = false;
    }
    fn registers(&self) -> Vec<(&'static str, u16)> {
        vec![
            ("IBUF", self.ibuf),
            ("OBUF", self.obuf),
            ("CMD", u16::from(self.command)),
            ("XFER", u16::from(self.xfer)),
            ("WVAL", u16::from(self.wval)),
        ]
    }
    fn set_register(&mut self, name: &str, value: u16) -> bool {
        match name.to_ascii_uppercase().as_str() {
            "IBUF" => self.ibuf = value,
            "OBUF" => self.obuf = value,
            "CMD" => self.command = value != 0,
            _ => return false,
        }
        true
    }
    fn fields(&mut self, f: &mut dyn Fields) {
        self.ff.fields(f);
        st::value(f, "cmd", &mut self.command);
        st::value(f, "ibuf", &mut self.ibuf);
        st::value(f, "obuf", &mut self.obuf);
        st::value(f, "xfer", &mut self.xfer);
        st::value(f, "wval", &mut self.wval);
        st::value(f, "overrun", &mut self.overrun);
    }
}
