//! HP 12597A-002 photoreader interface with a 2748 tape reader (select code 10).
//!
//! Sources: `docs/hp2100a.md` §3 and §2.4 (SIMH `pt.c`): STC ,C reads one frame; the flag
//! sets when the frame is in the data register, 2 ms later (500 frames/s); LIA gets it in
//! bits 7-0. The shared notes `hp2100-diagnostics.md` §4.3: HP's reader/punch diagnostic
//! (146200) counts at least 498 frames in its 1000 x 1 ms wait, reads a tape loop, and in its
//! test 06 reads the tape the punch is punching.
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
//! 4. The frames come from a free-running 2 ms clock while reads follow each other: a read
//!    asked for within a frame time of the last frame gets the next frame one frame time
//!    after that one, so a program that keeps up reads a full 500 frames a second whatever
//!    its interrupt handler costs; a read asked for later starts the tape and waits a whole
//!    frame. (Timing each frame from its STC gave 496 frames where HP's diagnostic wants 498:
//!    `E065 2748-58 SPEED SLOW`.)
//! 5. Fed from the punch ([`Photoreader::feed_from_punch`]: the console's `attach ptr` and
//!    `attach ptp` of one file), the reader reads the tape as the punch punches it; at the
//!    last frame punched so far it waits for the next one instead of running out.
//! 6. A tape file holds the punched frames only; a real tape ends in blank trailer, and
//!    programs such as HP BASIC's `PTAPE` read to the trailer. `attach ptr` ([`MEDIA`]) adds
//!    40 blank frames, as SIMH's reader supplies 40 NULs after a file's end (`hp2100_pt.c`,
//!    `TRLLIM`); not to a tape the punch is punching (the reader follows the punch there),
//!    nor in the reader's diagnostic mode (a tape loop).
//!
//! The console's `attach [-n|-e|-q] ptr FILE`, `detach ptr` and `boot ptr` (the Basic Binary
//! Loader from the tape, `crate::boot`) are the reader's [`MEDIA`] (`io/media.rs`).

use super::media::{Attach, Booted, Media};
use super::{flip_flops, Card, FlipFlops};
use crate::panel::Limit;
use crate::timing::{cycles_for_ns, PTR_FRAME_NS};
use crate::Machine;
use machine_core::scp::state::{self as st, Fields};
use machine_core::Stop;
use std::any::Any;
use std::path::PathBuf;

/// The photoreader interface's usual select code (octal, as on the 2100A backplane).
pub const SC_PTR: u8 = 0o10;

/// The reader's state for the debugger's `back`: all but the tape, which it only reads.
struct Saved {
    ff: FlipFlops,
    pos: usize,
    data: u8,
    event: Option<u64>,
    ran_out: bool,
    output: u8,
    last_frame: Option<u64>,
    fed: Option<usize>,
    waiting: Option<u64>,
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
    /// When the last frame came (note 4).
    last_frame: Option<u64>,
    /// Fed from the punch: how many of its frames the tape holds (note 5).
    fed: Option<usize>,
    /// A read waiting for the punch, asked for at this cycle (note 5).
    waiting: Option<u64>,
    /// The file `attach ptr` put in the reader.
    pub file: Option<PathBuf>,
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
        self.fed = None;
        self.waiting = None;
    }

    pub fn unload(&mut self) -> Option<Vec<u8>> {
        // No tape, no position in it: a saved state restores (SIMH's detach does the same).
        self.pos = 0;
        self.event = None;
        self.fed = None;
        self.waiting = None;
        self.tape.take()
    }

    /// Thread the punch's output into the reader (note 5): the frames punched from now on,
    /// after the `punched` frames the punch holds already, join the tape in the reader.
    /// `None` ends the feed.
    pub fn feed_from_punch(&mut self, punched: Option<usize>) {
        self.fed = punched;
        if self.tape.is_none() && punched.is_some() {
            self.tape = Some(Vec::new());
        }
    }

    /// Whether the reader is fed from the punch, and how many punched frames it holds.
    pub fn fed(&self) -> Option<usize> {
        self.fed
    }

    /// The punch's tape so far (`punched`), at cycle `now`: new frames join the tape, and a
    /// read waiting for them goes on.
    pub(crate) fn feed(&mut self, punched: &[u8], now: u64) {
        let (Some(n), Some(tape)) = (self.fed, self.tape.as_mut()) else {
            return;
        };
        if punched.len() <= n {
            return;
        }
        tape.extend_from_slice(&punched[n..]);
        self.fed = Some(punched.len());
        if let Some(asked) = self.waiting.take() {
            self.event = Some(self.frame_due(asked).max(now));
        }
    }

    /// When a frame asked for at `now` is under the head (note 4).
    fn frame_due(&self, now: u64) -> u64 {
        let frame = cycles_for_ns(PTR_FRAME_NS);
        match self.last_frame {
            Some(t) if now < t + frame => t + frame,
            _ => now + frame,
        }
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
    fn about(&self) -> &'static str {
        "12597A photoreader interface"
    }
    /// SIMH's `BUF`: the input register, the last frame read (8 bits).
    fn buf(&self) -> Option<u8> {
        Some(self.data)
    }
    fn buf_mut(&mut self) -> Option<&mut u8> {
        Some(&mut self.data)
    }
    fn options(&self) -> &'static [&'static str] {
        &["diagnostic", "reader"]
    }
    fn set_option(&mut self, word: &str) -> bool {
        super::set_two_way(&mut self.diagnostic, word, "diagnostic", "reader")
    }
    fn status(&self) -> Vec<String> {
        super::diagnostic_status(self.diagnostic)
    }

    fn fields(&mut self, f: &mut dyn Fields) {
        self.ff.fields(f);
        st::optional_bytes(f, "tape", &mut self.tape);
        st::value(f, "pos", &mut self.pos);
        if self.pos > self.tape.as_ref().map_or(0, Vec::len) {
            f.fail("pos: beyond the end of the tape".into());
            self.pos = 0;
        }
        st::value(f, "data", &mut self.data);
        st::optional(f, "event", &mut self.event);
        st::value(f, "ran_out", &mut self.ran_out);
        st::value(f, "diagnostic", &mut self.diagnostic);
        st::value(f, "output", &mut self.output);
        st::optional(f, "last_frame", &mut self.last_frame);
        st::optional(f, "fed", &mut self.fed);
        st::optional(f, "waiting", &mut self.waiting);
    }

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
        let Some(t) = &self.tape else { return };
        if self.pos < t.len() {
            self.event = Some(self.frame_due(now));
        } else if self.fed.is_some() {
            self.waiting = Some(now);
        } else {
            self.ran_out = true;
            self.event = Some(now);
        }
    }

    fn popio(&mut self) {
        self.ff.set_flag();
        self.output = 0;
    }

    fn crs(&mut self) {
        self.ff.control = false;
        self.event = None;
        self.waiting = None;
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
            last_frame: self.last_frame,
            fed: self.fed,
            waiting: self.waiting,
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
            self.last_frame = s.last_frame;
            self.fed = s.fed;
            self.waiting = s.waiting;
        }
    }

    fn service(&mut self, now: u64) -> Option<Stop> {
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
        self.last_frame = Some(now);
        self.ff.set_flag();
        None
    }
}

/// Blank frames after a tape's last, as SIMH's reader gives them (note 6).
const TRAILER: usize = 40;

/// The reader's medium, for the console's `attach`, `detach` and `boot` (`io/media.rs`).
pub const MEDIA: Media = Media {
    unit: |dev| dev.eq_ignore_ascii_case("ptr").then_some(0),
    switches: "nqe",
    boot_switches: "",
    attach,
    detach: |m, _| {
        m.cards.ptr.unload();
        m.cards.ptr.file = None;
        follow_punch(m);
    },
    boot: Some(boot),
    loader: Some(|m| {
        crate::boot::install_bbl(m);
        Ok(())
    }),
    in_detach_all: true,
};

/// `attach [-n|-e|-q] ptr FILE`: the file's frames and the trailer (note 6) in the reader
/// (`-n`: a new, empty file first).
fn attach(m: &mut Machine, a: &Attach) -> Result<Vec<String>, String> {
    let path = tape_file(a)?;
    let mut said = Vec::new();
    // A tape that is not there is made, empty, as SIMH makes it (`scp/media.rs` note 2).
    let missing = !a.has('n') && !path.exists();
    if a.has('n') || missing {
        std::fs::write(&path, []).map_err(|e| {
            format!("File open error: PTR: cannot make {}: {e}", path.display())
        })?;
    }
    if missing && !a.has('q') {
        said.push(format!("PTR: creating new file {}", path.display()));
    }
    let mut bytes = std::fs::read(&path)
        .map_err(|e| format!("attach ptr: cannot read {}: {e}", path.display()))?;
    let punched_here = m
        .cards
        .ptp
        .file
        .as_ref()
        .is_some_and(|p| p.canonicalize().ok() == path.canonicalize().ok());
    if !punched_here && !m.cards.ptr.diagnostic {
        bytes.extend([0; TRAILER]);
    }
    m.cards.ptr.load(bytes);
    m.cards.ptr.file = Some(path);
    follow_punch(m);
    Ok(said)
}

/// A tape's file; `-e`: it must exist.
pub(crate) fn tape_file(a: &Attach) -> Result<PathBuf, String> {
    if a.has('e') && !a.path.exists() {
        return Err(format!("attach -e: {} does not exist", a.path.display()));
    }
    Ok(a.path.clone())
}

/// With the reader and the punch on one file, the punch's output runs into the reader as it
/// is punched (note 5), as SIMH's reader reads the file the punch writes.
pub(crate) fn follow_punch(m: &mut Machine) {
    let same = match (&m.cards.ptr.file, &m.cards.ptp.file) {
        (Some(r), Some(p)) => r.canonicalize().ok() == p.canonicalize().ok(),
        _ => false,
    };
    if same != m.cards.ptr.fed().is_some() {
        let punched = m.cards.ptp.tape().len();
        m.cards.ptr.feed_from_punch(same.then_some(punched));
    }
}

/// `boot ptr`: the operator's boot, the Basic Binary Loader reading the tape.
fn boot(m: &mut Machine, _unit: usize, _switches: &str, limit: Limit) -> Result<Booted, String> {
    let stop = crate::boot::boot_ptr(m, limit).map_err(|e| format!("boot ptr: {e}"))?;
    let words = crate::bbl_halt::words(stop, m);
    Ok(Booted { stop, words })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame() -> u64 {
        cycles_for_ns(PTR_FRAME_NS)
    }

    /// Read one frame asked for at `at`; the cycle its flag sets.
    fn read(r: &mut Photoreader, at: u64) -> u64 {
        r.ff.clear_flag();
        r.stc(at);
        let t = r.next_event().expect("a frame is coming");
        assert!(r.service(t).is_none());
        assert!(r.ff.flag);
        t
    }

    #[test]
    fn frames_run_free_of_the_program_that_keeps_up() {
        let mut r = Photoreader::new();
        r.load(vec![1, 2, 3, 4]);
        let t1 = read(&mut r, 100);
        assert_eq!(t1, 100 + frame(), "a stopped tape waits a whole frame");
        // The handler took 20 cycles: the next frame still comes one frame after the last.
        let t2 = read(&mut r, t1 + 20);
        assert_eq!(t2, t1 + frame());
        // A read asked for after a frame time has passed starts the tape again.
        let t3 = read(&mut r, t2 + frame() + 5);
        assert_eq!(t3, t2 + 2 * frame() + 5);
        assert_eq!(r.ioi(), 3);
    }

    #[test]
    fn fed_from_the_punch_the_reader_waits_for_each_frame() {
        let mut r = Photoreader::new();
        r.feed_from_punch(Some(2));
        let mut punched = vec![9, 9];
        r.stc(10);
        assert_eq!(r.next_event(), None, "nothing punched yet: the read waits");
        punched.push(7);
        r.feed(&punched, 50_000);
        assert_eq!(
            r.next_event(),
            Some(50_000),
            "the frame came after its frame time"
        );
        assert!(r.service(50_000).is_none());
        assert_eq!((r.ioi(), r.fed()), (7, Some(3)));
        // No running out at the end of what is punched.
        r.ff.clear_flag();
        r.stc(50_010);
        assert!(r.next_event().is_none() && !r.ran_out);
        punched.push(8);
        r.feed(&punched, 50_020);
        assert_eq!(r.next_event(), Some(50_000 + frame()));
    }
}
