//! HP 12597A-005 tape punch interface with a 2895 punch (select code 12).
//!
//! Sources: `docs/hp2100a.md` §3 and §2.4: OTA puts the frame in the data register, STC ,C
//! punches it, and the flag sets 13.3 ms later (75 frames/s).
//!
//! `set ptp diagnostic`, as in SIMH: the 1251-0332 test connector is on the card in place of
//! the punch: STC returns the frame as input (LIA bits 7-0) and sets the flag one memory cycle
//! later, as the 12566B's in `mc.rs`; nothing is punched.
//!
//! Note 1: a punch with a sink (the console's `attach ptp FILE`) writes each frame to it as it
//! is punched, so a run that is stopped keeps its tape; the first write error is kept for the
//! console to report when the command ends, the machine running on as with the tape run out.
//!
//! The console's `attach [-n|-e|-q] ptp FILE` (each frame to the file as it is punched: an
//! existing file is added to, `-n` starts a new one, `-q` says nothing) and `detach ptp` are
//! the punch's [`MEDIA`] (`io/media.rs`).

use super::media::{Attach, Media};
use super::{flip_flops, Card, FlipFlops};
use crate::timing::{cycles_for_ns, PTP_FRAME_NS};
use crate::Machine;
use std::path::PathBuf;
use machine_core::scp::state::{self as st, Fields};
use machine_core::Stop;
use std::any::Any;
use std::io::Write;

/// The punch interface's usual select code (octal, as on the 2100A backplane).
pub const SC_PTP: u8 = 0o12;

/// The punch's state for the debugger's `back` (its tape only grows in a frame punched).
struct Saved {
    ff: FlipFlops,
    data: u8,
    event: Option<u64>,
    input: u8,
}

#[derive(Default)]
pub struct Punch {
    ff: FlipFlops,
    data: u8,
    tape: Vec<u8>,
    event: Option<u64>,
    /// The test connector in place of the punch.
    pub diagnostic: bool,
    input: u8,
    sink: Option<Box<dyn Write + Send>>,
    failed: Option<std::io::Error>,
    /// The file `attach ptp` punches to.
    pub file: Option<PathBuf>,
}

impl Punch {
    pub fn new() -> Self {
        Self::default()
    }

    /// The tape punched so far; taking it tears it off.
    pub fn take_tape(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.tape)
    }

    pub fn tape(&self) -> &[u8] {
        &self.tape
    }

    /// Write every frame punched from now on to `sink` too (note 1); `None` detaches it.
    pub fn set_sink(&mut self, sink: Option<Box<dyn Write + Send>>) {
        self.sink = sink;
    }

    /// The first error writing to the sink since the last call, if any.
    pub fn take_error(&mut self) -> Option<std::io::Error> {
        self.failed.take()
    }
}

impl Card for Punch {
    fn about(&self) -> &'static str {
        "12597A tape punch interface"
    }
    /// SIMH's `BUF`: the output register, the frame to punch (8 bits).
    fn buf(&self) -> Option<u8> {
        Some(self.data)
    }
    fn buf_mut(&mut self) -> Option<&mut u8> {
        Some(&mut self.data)
    }
    fn options(&self) -> &'static [&'static str] {
        &["diagnostic", "punch"]
    }
    fn set_option(&mut self, word: &str) -> bool {
        super::set_two_way(&mut self.diagnostic, word, "diagnostic", "punch")
    }
    fn status(&self) -> Vec<String> {
        super::diagnostic_status(self.diagnostic)
    }

    fn fields(&mut self, f: &mut dyn Fields) {
        self.ff.fields(f);
        st::value(f, "data", &mut self.data);
        st::bytes(f, "tape", &mut self.tape);
        st::optional(f, "event", &mut self.event);
        st::value(f, "diagnostic", &mut self.diagnostic);
        st::value(f, "input", &mut self.input);
    }

    flip_flops!();
    fn ioo(&mut self, data: u16) {
        self.data = data as u8;
    }
    fn ioi(&mut self) -> u16 {
        u16::from(self.input)
    }
    fn stc(&mut self, now: u64) {
        self.event = Some(if self.diagnostic {
            now + super::mc::TURNAROUND_CYCLES
        } else {
            now + cycles_for_ns(PTP_FRAME_NS)
        });
    }
    fn popio(&mut self) {
        self.ff.set_flag();
        self.data = 0;
    }
    fn crs(&mut self) {
        self.ff.control = false;
    }
    fn next_event(&self) -> Option<u64> {
        self.event
    }
    fn save(&self, now: u64) -> Option<Box<dyn Any>> {
        // A frame punched (and written to the sink) cannot be taken back.
        if !self.diagnostic && self.event.is_some_and(|t| t <= now) {
            return None;
        }
        Some(Box::new(Saved {
            ff: self.ff,
            data: self.data,
            event: self.event,
            input: self.input,
        }))
    }
    fn restore(&mut self, saved: &dyn Any) {
        if let Some(s) = saved.downcast_ref::<Saved>() {
            self.ff = s.ff;
            self.data = s.data;
            self.event = s.event;
            self.input = s.input;
        }
    }
    fn service(&mut self, _now: u64) -> Option<Stop> {
        self.event = None;
        if self.diagnostic {
            self.input = self.data;
        } else {
            self.tape.push(self.data);
            if let Some(sink) = &mut self.sink {
                if let Err(e) = sink.write_all(&[self.data]) {
                    self.failed.get_or_insert(e);
                }
            }
        }
        self.ff.set_flag();
        None
    }
}

/// The punch's medium, for the console's `attach` and `detach` (`io/media.rs`).
pub const MEDIA: Media = Media {
    unit: |dev| dev.eq_ignore_ascii_case("ptp").then_some(0),
    switches: "nqe",
    boot_switches: "",
    attach,
    detach: |m, _| {
        m.cards.ptp.set_sink(None);
        m.cards.ptp.file = None;
        m.cards.ptp.take_tape();
        super::ptr::follow_punch(m);
    },
    boot: None,
    loader: None,
    in_detach_all: true,
};

/// `attach [-n|-e|-q] ptp FILE`: each frame punched from now on to the file, added to it
/// (`-n`: a new file); what was punched before is torn off.
fn attach(m: &mut Machine, a: &Attach) -> Result<Vec<String>, String> {
    let path = super::ptr::tape_file(a)?;
    let new_file = a.has('n');
    let exists = path.exists();
    let f = std::fs::OpenOptions::new()
        .create(true)
        .append(!new_file)
        .write(true)
        .truncate(new_file)
        .open(&path)
        .map_err(|e| format!("attach ptp: cannot write {}: {e}", path.display()))?;
    let mut said = Vec::new();
    if !a.has('q') {
        said.push(match (exists, new_file) {
            (true, false) => format!("PTP: adding to {}", path.display()),
            _ => format!("PTP: creating new file {}", path.display()),
        });
    }
    m.cards.ptp.take_tape();
    m.cards.ptp.set_sink(Some(Box::new(f)));
    m.cards.ptp.file = Some(path);
    super::ptr::follow_punch(m);
    Ok(said)
}
