//! The HP 12557A cartridge disc interface with up to four 2870A disc drives: a data channel
//! card (select code 22 by default, SIMH's DPD) and a command channel card (23, SIMH's DPC).
//!
//! Sources: SIMH's `hp2100_dp.c` (Open SIMH 4, git a1f57fa3, which follows HP's 12557A
//! manual 12557-90001, 1970) for the interface's commands, words, status bits and state
//! machine; SIMH's HP 2100 user's guide (`doc/hp2100_doc.doc`, §5.1) for the console;
//! `docs/hp2100a.md` §7 for the drive's timing figures and their provenance.
//!
//! * The disc: 203 cylinders, 4 heads (0-1 the removable cartridge, 2-3 the fixed disc), 12
//!   sectors of 128 words per track. An image is SIMH's: the words in address order
//!   ((cylinder × 4 + head) × 12 + sector) × 128, each little-endian, 2 494 464 bytes when
//!   full; SIMH writes an image sector by sector, so a shorter file of whole sectors is an
//!   image too, and reads as zeros beyond its end.
//! * Command word (`OTA` to the command channel, then `STC`): bits 15-12 the command, bits
//!   1-0 the drive. 0 status check, 1 write, 2 read, 3 seek, 5 refine sector, 6 check data,
//!   11 initialize, 13 address record. A command's parameters pass through the data channel,
//!   one word per `OTA`/`STC` of it: seek and address record take the cylinder (bits 7-0),
//!   then the head (bits 9-8) and sector (bits 3-0); check data takes the sector count
//!   (bits 4-0).
//! * Read, write, check data and initialize run from the record address register (RAR: the
//!   cylinder, head and sector of the last seek or address record) across sectors, the
//!   sector wrapping to the other head of the pair and, after that, ending the command with
//!   end of cylinder. A read or write ends at a sector's start once the data channel is no
//!   longer commanded (DMA's last cycle sends no STC); a write fills a sector the program
//!   stopped in with zeros.
//! * Status word (status check, through the data channel): 15 attention, 14 first status,
//!   13 overrun, 12 read/write unsafe, 11 drive unsafe, 10 access hunting, 9 seek incomplete,
//!   8 seek check, 6 not ready, 5 end of cylinder, 4 address error, 3 flagged cylinder (also
//!   a write to a protected drive), 2 busy, 1 data error, 0 any error. A status check clears
//!   the drive's status; `LIA` of the command channel reads the four drives' attention bits.
//! * The command channel's flag sets when a command ends, and, while attention polling is on
//!   (after a seek or a status check), when a drive finishes seeking or comes ready.
//!
//! This file is the controller and the command channel card; beside it in `dp/`: the data
//! channel card (`data_channel.rs`), the drive's timing (`timing.rs`), the image files
//! (`image.rs`) and the disc loader's boot (`loader.rs`).
//!
//! Implementation notes:
//!
//! 1. Timing is the drive's, in 2100A cycles: a seek takes the arm's time for the distance,
//!    a read or write waits for its sector to come under the head (the disc turns with the
//!    machine's clock from power on), and words then follow at the recording's word rate
//!    (`docs/hp2100a.md` §7). SIMH counts instructions instead (100 per cylinder of seek,
//!    100 to start a read, 5 per word), with no rotational position.
//! 2. The order of events follows SIMH's state machine, so that a program sees the same
//!    flags, words and status in the same order on both.
//! 3. The two cards share the controller, so they are one value: this type is the command
//!    channel's card, and its field `data` the data channel's; the registry reaches them as
//!    elements 0 (data) and 1 (command). The data channel holds what its own I/O
//!    instructions change (its buffers, its command flip-flop, the transfer flags); the
//!    controller looks at them when its events fall due. An overrun (the data channel
//!    commanded while the controller is busy and no transfer runs) is latched there and put
//!    into the busy drive's status by the controller's next action.
//! 4. The interface is out of the machine until it is put in (`set dpc enabled`, or an
//!    `attach dpc`), unlike SIMH, whose DPC is in by default: a machine without a disc, as
//!    the paper-tape programs expect, walks no disc in its I/O.
//! 5. SIMH's `reset` (and so its `run` and `boot`) also puts every drive's arm back on
//!    cylinder 0 at once; here the arm stays where it is and the next seek takes its time.
//! 6. A host error on the image file ends the command with data error status, and the
//!    console reports the error; a write to a drive attached read-only is refused by the
//!    drive (flagged cylinder status, as SIMH) and reported by the console the same way.

mod data_channel;
mod image;
pub(crate) mod loader;
mod media;
mod timing;

pub use data_channel::DataChannel;
pub use image::{AttachError, AttachMode, IMAGE_BYTES};

use super::{flip_flops, Card, FlipFlops};
use crate::timing::CYCLE_NS;
use image::Image;
pub(crate) use media::install;
pub use media::MEDIA;
use machine_core::scp::state::{self as st, Fields};
use machine_core::Stop;
use timing::{ns_to_cycle, sector_data_at, seek_ns, CONTROLLER_NS, WORD_NS};

/// The data channel's select code (the command channel's is one more).
pub const SC_DPD: u8 = 0o22;

/// Words per sector.
pub const SECTOR_WORDS: usize = 128;
/// Sectors per track on the 2870A (the 13210A's 7900A has 24).
pub const SECTORS: u8 = 12;
/// Heads (surfaces) per cylinder.
pub const HEADS: u8 = 4;
/// Cylinders per disc.
pub const CYLINDERS: u8 = 203;
/// Drives on one interface.
pub const DRIVES: usize = 4;

// Commands (bits 15-12 of the command word).
const STATUS: u8 = 0o0;
const WRITE: u8 = 0o1;
const READ: u8 = 0o2;
const SEEK: u8 = 0o3;
const REFINE: u8 = 0o5;
const CHECK: u8 = 0o6;
const INIT: u8 = 0o11;
const ADDRESS: u8 = 0o13;

// Status bits.
const ATN: u16 = 0o100000;
const FIRST: u16 = 0o040000;
const OVERRUN: u16 = 0o020000;
const RW_UNSAFE: u16 = 0o010000;
const UNSAFE: u16 = 0o004000;
const HUNTING: u16 = 0o002000;
const SEEK_INCOMPLETE: u16 = 0o001000;
const SEEK_CHECK: u16 = 0o000400;
const NOT_READY: u16 = 0o000100;
const END_OF_CYLINDER: u16 = 0o000040;
const ADDRESS_ERROR: u16 = 0o000020;
const FLAGGED: u16 = 0o000010;
const BUSY: u16 = 0o000004;
const DATA_ERROR: u16 = 0o000002;
const ANY_ERROR: u16 = 0o000001;
/// The bits that set "any error".
const ERRORS: u16 = FIRST
    | OVERRUN
    | RW_UNSAFE
    | UNSAFE
    | SEEK_INCOMPLETE
    | SEEK_CHECK
    | NOT_READY
    | END_OF_CYLINDER
    | ADDRESS_ERROR
    | DATA_ERROR;
/// The bits a new command (not a status check) clears.
const COMMAND_CLEARS: u16 =
    OVERRUN | RW_UNSAFE | UNSAFE | END_OF_CYLINDER | ADDRESS_ERROR | FLAGGED | DATA_ERROR;

/// What the data-channel sequencer (SIMH's DPD unit) waits to do.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Fetch {
    #[default]
    Idle,
    /// The cylinder word of a seek or address record.
    Cylinder { seek: bool },
    /// The head/sector word of a seek or address record.
    HeadSector { seek: bool },
    /// A status check: the status word to the data channel.
    Status,
    /// The sector count of a check data.
    Count,
}

/// What a drive's next event does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Op {
    #[default]
    Idle,
    /// The arm arrives.
    SeekDone,
    /// A seek that was refused ends at once (seek check).
    SeekRefused,
    /// The next word of a read, write, check data or initialize; or a refine sector's end.
    Transfer(u8),
}

/// One 2870A drive.
#[derive(Default)]
struct Drive {
    image: Option<Image>,
    /// The heads are unloaded (no image, or `set dpcN unloaded`).
    unloaded: bool,
    status: u16,
    /// The cylinder the arm is on (or moving to).
    cylinder: u8,
    op: Op,
    /// The cycle of the drive's next event.
    due: Option<u64>,
}

/// The 12557A: the command channel card (select code 23), the controller, the drives, and
/// the data channel card as its field (note 3).
#[derive(Default)]
pub struct Disc {
    ff: FlipFlops,
    /// The command flip-flop: a command is in progress.
    command: bool,
    /// The command word.
    obuf: u16,
    pub data: DataChannel,
    /// Attention polling on.
    poll: bool,
    /// Sectors left to check.
    count: u8,
    /// The sector address wrapped past the head pair: the next sector is end of cylinder.
    eoc: bool,
    /// The record address register: cylinder, head, sector.
    rar: (u8, u8, u8),
    drives: [Drive; DRIVES],
    /// The sector buffer and the next word in it.
    buffer: Vec<u16>,
    ptr: usize,
    /// The data-channel sequencer: what it waits for, for which drive, and when it looks.
    fetch: Fetch,
    fetch_drive: u8,
    fetch_due: Option<u64>,
    /// The start of the current sector's data, in nanoseconds (for the word times).
    sector_data_ns: u64,
    /// A host error or a refused write since the console last looked.
    error: Option<String>,
}

impl std::ops::Index<usize> for Disc {
    type Output = dyn Card;
    fn index(&self, i: usize) -> &(dyn Card + 'static) {
        if i == 0 {
            &self.data
        } else {
            self
        }
    }
}

impl std::ops::IndexMut<usize> for Disc {
    fn index_mut(&mut self, i: usize) -> &mut (dyn Card + 'static) {
        if i == 0 {
            &mut self.data
        } else {
            self
        }
    }
}

impl Disc {
    /// Load the heads of an attached drive: first status and attention.
    fn load(&mut self, unit: usize) {
        let d = &mut self.drives[unit];
        d.unloaded = false;
        d.status |= ATN | FIRST;
        if self.poll {
            self.ff.set_flag();
        }
    }

    /// A host error or refused write since the last call, naming the image.
    pub fn take_error(&mut self) -> Option<String> {
        self.error.take()
    }

    fn ready(&self, drv: u8) -> bool {
        let d = &self.drives[usize::from(drv)];
        d.image.is_some() && !d.unloaded
    }

    /// The data channel's latched overrun into the busy drive's status (note 3).
    fn fold_overrun(&mut self) {
        if std::mem::take(&mut self.data.overrun) {
            if let Some(b) = self.data.busy {
                self.drives[usize::from(b)].status |= OVERRUN;
            }
        }
    }

    fn set_data_flag(&mut self) {
        self.data.ff.set_flag();
    }

    fn command_done(&mut self) {
        self.command = false;
        self.ff.set_flag();
    }

    /// Start the data-channel sequencer.
    fn start_fetch(&mut self, what: Fetch, drv: u8, now: u64) {
        self.fetch = what;
        self.fetch_drive = drv;
        self.fetch_due = Some(now + ns_to_cycle(CONTROLLER_NS));
    }

    /// Start a read, write, check or initialize on drive `drv` (SIMH's `dp_goc`): after a
    /// seek still running and the controller's start, at the RAR sector's first word.
    fn start_transfer(&mut self, op: u8, drv: u8, now: u64) {
        let d = &mut self.drives[usize::from(drv)];
        let mut from = now + ns_to_cycle(CONTROLLER_NS);
        if let (Some(t), Op::SeekDone | Op::SeekRefused) = (d.due, d.op) {
            d.status &= !BUSY;
            from = from.max(t);
        }
        d.status &= !(ATN | FIRST);
        d.op = Op::Transfer(op);
        self.ptr = 0;
        self.eoc = false;
        self.data.busy = Some(drv);
        self.data.xfer = true;
        self.schedule_sector(drv, from);
    }

    /// The drive's next event at the RAR sector's first data word, at or after cycle `from`.
    fn schedule_sector(&mut self, drv: u8, from: u64) {
        let t = sector_data_at(from * CYCLE_NS, self.rar.2 % SECTORS);
        self.sector_data_ns = t;
        self.drives[usize::from(drv)].due = Some(ns_to_cycle(t));
    }

    /// The command channel's STC: a new command, unless one is in progress.
    fn start_command(&mut self, now: u64) {
        if self.command {
            return;
        }
        self.command = true;
        let drv = (self.obuf & 3) as u8;
        let cmd = (self.obuf >> 12) as u8;
        if cmd != STATUS {
            self.drives[usize::from(drv)].status &= !COMMAND_CLEARS;
        }
        match cmd {
            SEEK => {
                self.poll = true;
                self.start_fetch(Fetch::Cylinder { seek: true }, drv, now);
            }
            ADDRESS => self.start_fetch(Fetch::Cylinder { seek: false }, drv, now),
            STATUS => self.start_fetch(Fetch::Status, drv, now),
            CHECK => self.start_fetch(Fetch::Count, drv, now),
            READ | WRITE | REFINE | INIT => self.start_transfer(cmd, drv, now),
            _ => {}
        }
    }

    /// The data-channel sequencer's event.
    fn fetch_event(&mut self, now: u64) {
        let drv = self.fetch_drive;
        let again = Some(now + ns_to_cycle(WORD_NS));
        self.fetch_due = None;
        match self.fetch {
            Fetch::Idle => {}
            Fetch::Cylinder { seek } => {
                if !self.data.command {
                    self.fetch_due = again;
                    return;
                }
                self.rar.0 = (self.data.obuf & 0o377) as u8;
                self.took_word();
                self.fetch = Fetch::HeadSector { seek };
                self.fetch_due = again;
            }
            Fetch::HeadSector { seek } => {
                if !self.data.command {
                    self.fetch_due = again;
                    return;
                }
                self.rar.1 = ((self.data.obuf >> 8) & 3) as u8;
                self.rar.2 = (self.data.obuf & 0o17) as u8;
                self.took_word();
                self.fetch = Fetch::Idle;
                if seek {
                    self.seek(drv, now);
                } else {
                    self.command_done();
                    self.drives[usize::from(drv)].status |= ATN;
                }
            }
            Fetch::Status => {
                self.fetch = Fetch::Idle;
                let d = &mut self.drives[usize::from(drv)];
                if self.data.command {
                    let mut s = if d.image.is_some() && !d.unloaded {
                        d.status & !ANY_ERROR
                    } else {
                        NOT_READY
                    };
                    if s & ERRORS != 0 {
                        s |= ANY_ERROR;
                    }
                    self.data.ibuf = s;
                    self.command = false;
                    self.data.command = false;
                    self.data.ff.set_flag();
                }
                d.status &= !(ATN
                    | FIRST
                    | OVERRUN
                    | RW_UNSAFE
                    | UNSAFE
                    | END_OF_CYLINDER
                    | ADDRESS_ERROR
                    | FLAGGED
                    | DATA_ERROR);
                self.poll = true;
                if self.drives.iter().any(|d| d.status & ATN != 0) {
                    self.ff.set_flag();
                }
            }
            Fetch::Count => {
                if !self.data.command {
                    self.fetch_due = again;
                    return;
                }
                self.count = (self.data.obuf & 0o37) as u8;
                self.data.wval = false;
                self.fetch = Fetch::Idle;
                self.start_transfer(CHECK, drv, now);
            }
        }
    }

    /// The controller took the data channel's word: its flag sets for the next.
    fn took_word(&mut self) {
        self.data.wval = false;
        self.data.command = false;
        self.set_data_flag();
    }

    /// The seek itself, once both address words are in.
    fn seek(&mut self, drv: u8, now: u64) {
        let d = &mut self.drives[usize::from(drv)];
        if d.due.is_some() {
            // A seek (or transfer) still running: seek check, and the earlier one completes.
            d.status |= SEEK_CHECK;
            return;
        }
        if self.rar.0 >= CYLINDERS {
            d.status |= SEEK_CHECK;
            d.op = Op::SeekRefused;
            d.due = Some(now + 1);
            return;
        }
        let distance = self.rar.0.abs_diff(d.cylinder);
        d.cylinder = self.rar.0;
        d.op = Op::SeekDone;
        d.due = Some(now + ns_to_cycle(seek_ns(distance)));
        d.status = (d.status | BUSY) & !(SEEK_CHECK | SEEK_INCOMPLETE | HUNTING);
    }

    /// A drive's event.
    fn drive_event(&mut self, drv: u8, now: u64) {
        let i = usize::from(drv);
        self.drives[i].due = None;
        if !self.ready(drv) {
            self.command_done();
            self.drives[i].status = 0;
            self.drives[i].op = Op::Idle;
            self.data.busy = None;
            self.poll = false;
            self.data.xfer = false;
            self.data.wval = false;
            return;
        }
        match self.drives[i].op {
            Op::Idle => {}
            Op::SeekDone | Op::SeekRefused => {
                if self.drives[i].op == Op::SeekDone {
                    let d = &mut self.drives[i];
                    d.status = (d.status | ATN) & !BUSY;
                }
                self.drives[i].op = Op::Idle;
                if self.poll {
                    self.command_done();
                }
            }
            Op::Transfer(REFINE) => self.end_transfer(drv),
            Op::Transfer(WRITE | INIT) => self.write_word(drv, now),
            Op::Transfer(op) => self.read_word(drv, op == CHECK),
        }
    }

    /// The next word of a read or check data.
    fn read_word(&mut self, drv: u8, check: bool) {
        let i = usize::from(drv);
        if self.ptr == 0 {
            if !self.data.command && !check {
                return self.end_transfer(drv);
            }
            if self.rar.0 != self.drives[i].cylinder {
                self.drives[i].status |= ADDRESS_ERROR;
            }
            if self.rar.2 >= SECTORS {
                self.drives[i].status |= ADDRESS_ERROR;
                return self.end_transfer(drv);
            }
            if self.eoc {
                self.drives[i].status |= END_OF_CYLINDER;
                return self.end_transfer(drv);
            }
            let at = Self::image_offset(self.rar.0, self.rar.1, self.rar.2);
            self.next_sector();
            if let Err(e) = self.read_sector(drv, at) {
                self.host_error(drv, e);
                return self.end_transfer(drv);
            }
        }
        self.data.ibuf = self.buffer[self.ptr];
        self.ptr += 1;
        if self.ptr >= SECTOR_WORDS {
            if check {
                self.count = self.count.wrapping_sub(1) & 0o37;
                if self.count == 0 {
                    return self.end_transfer(drv);
                }
            }
            self.ptr = 0;
        }
        if self.data.command && self.data.xfer {
            self.set_data_flag();
        }
        self.data.command = false;
        self.next_word(drv);
    }

    /// The next word of a write or initialize.
    fn write_word(&mut self, drv: u8, _now: u64) {
        let i = usize::from(drv);
        if self.ptr == 0 {
            if !self.data.command && !self.data.wval {
                return self.end_transfer(drv);
            }
            if self.drives[i].image.as_ref().is_some_and(|m| m.read_only) {
                self.drives[i].status |= FLAGGED;
                if let Some(m) = &self.drives[i].image {
                    self.error = Some(format!(
                        "DPC{drv}: a write refused: {} is attached read-only",
                        m.path.display()
                    ));
                }
                return self.end_transfer(drv);
            }
            if self.rar.0 != self.drives[i].cylinder || self.rar.2 >= SECTORS {
                self.drives[i].status |= ADDRESS_ERROR;
                return self.end_transfer(drv);
            }
            if self.eoc {
                self.drives[i].status |= END_OF_CYLINDER;
                return self.end_transfer(drv);
            }
        }
        if self.buffer.len() != SECTOR_WORDS {
            self.buffer = vec![0; SECTOR_WORDS];
        }
        self.buffer[self.ptr] = if self.data.wval { self.data.obuf } else { 0 };
        self.ptr += 1;
        self.data.wval = false;
        if self.ptr >= SECTOR_WORDS {
            let at = Self::image_offset(self.rar.0, self.rar.1, self.rar.2);
            self.next_sector();
            if let Err(e) = self.write_sector(drv, at) {
                self.host_error(drv, e);
                return self.end_transfer(drv);
            }
            self.ptr = 0;
        }
        if self.data.command && self.data.xfer {
            self.set_data_flag();
        }
        self.data.command = false;
        self.next_word(drv);
    }

    /// The RAR's sector steps, wrapping to the pair's other head and then to end of
    /// cylinder.
    fn next_sector(&mut self) {
        self.rar.2 = (self.rar.2 + 1) % SECTORS;
        if self.rar.2 == 0 {
            self.rar.1 ^= 1;
            self.eoc = self.rar.1 & 1 == 0;
        }
    }

    /// The drive's next word event: the next word of this sector, or the next sector's first.
    fn next_word(&mut self, drv: u8) {
        let t = if self.ptr == 0 {
            let end = self.sector_data_ns + SECTOR_WORDS as u64 * WORD_NS;
            let t = sector_data_at(end, self.rar.2 % SECTORS);
            self.sector_data_ns = t;
            t
        } else {
            self.sector_data_ns + self.ptr as u64 * WORD_NS
        };
        self.drives[usize::from(drv)].due = Some(ns_to_cycle(t));
    }

    /// A read, write, check or refine ends: attention, the command flag, the controller free.
    fn end_transfer(&mut self, drv: u8) {
        let d = &mut self.drives[usize::from(drv)];
        d.status |= ATN;
        d.op = Op::Idle;
        d.due = None;
        self.command_done();
        self.data.busy = None;
        self.data.xfer = false;
        self.data.wval = false;
    }

    fn host_error(&mut self, drv: u8, e: std::io::Error) {
        let d = &mut self.drives[usize::from(drv)];
        d.status |= DATA_ERROR;
        let path = d.image.as_ref().map(|m| m.path.display().to_string());
        self.error = Some(format!("DPC{drv}: {}: {e}", path.unwrap_or_default()));
    }

}

impl Card for Disc {
    flip_flops!();
    fn about(&self) -> &'static str {
        "12557A cartridge disc interface, command channel, with four 2870A drives"
    }
    /// The four drives' attention bits.
    fn ioi(&mut self) -> u16 {
        self.drives
            .iter()
            .enumerate()
            .filter(|(_, d)| d.status & ATN != 0)
            .fold(0, |a, (i, _)| a | 1 << i)
    }
    fn ioo(&mut self, data: u16) {
        self.obuf = data;
    }
    fn stc(&mut self, now: u64) {
        self.fold_overrun();
        self.start_command(now);
    }
    fn clc(&mut self) {
        self.fold_overrun();
        self.command = false;
        if let Some(b) = self.data.busy.take() {
            let d = &mut self.drives[usize::from(b)];
            d.due = None;
            d.op = Op::Idle;
        }
        self.fetch = Fetch::Idle;
        self.fetch_due = None;
        self.data.xfer = false;
        self.poll = false;
    }
    fn popio(&mut self) {
        self.ff.set_flag();
        self.data.obuf = 0;
    }
    fn crs(&mut self) {
        self.ff.control = false;
        self.command = false;
        // CRS clears the attention register too (SIMH's note on the data channel: the
        // hardware's register; SIMH's reset clears it as well).
        for d in &mut self.drives {
            d.status &= !(ATN
                | FIRST
                | OVERRUN
                | RW_UNSAFE
                | UNSAFE
                | END_OF_CYLINDER
                | ADDRESS_ERROR
                | FLAGGED
                | DATA_ERROR);
        }
    }
    fn next_event(&self) -> Option<u64> {
        self.drives
            .iter()
            .filter_map(|d| d.due)
            .chain(self.fetch_due)
            .min()
    }
    fn service(&mut self, now: u64) -> Option<Stop> {
        self.fold_overrun();
        if self.fetch_due.is_some_and(|t| t <= now) {
            self.fetch_event(now);
        }
        for drv in 0..DRIVES as u8 {
            if self.drives[usize::from(drv)].due.is_some_and(|t| t <= now) {
                self.drive_event(drv, now);
            }
        }
        None
    }
    fn registers(&self) -> Vec<(&'static str, u16)> {
        let mut r = vec![
            ("OBUF", self.obuf),
            ("CMD", u16::from(self.command)),
            ("POLL", u16::from(self.poll)),
            ("RARC", u16::from(self.rar.0)),
            ("RARH", u16::from(self.rar.1)),
            ("RARS", u16::from(self.rar.2)),
        ];
        const STA: [&str; DRIVES] = ["STA0", "STA1", "STA2", "STA3"];
        const CYL: [&str; DRIVES] = ["CYL0", "CYL1", "CYL2", "CYL3"];
        for (i, d) in self.drives.iter().enumerate() {
            r.push((STA[i], d.status));
            r.push((CYL[i], u16::from(d.cylinder)));
        }
        r
    }
    fn set_register(&mut self, name: &str, value: u16) -> bool {
        match name.to_ascii_uppercase().as_str() {
            "OBUF" => self.obuf = value,
            "RARC" => self.rar.0 = value as u8,
            "RARH" => self.rar.1 = (value & 3) as u8,
            "RARS" => self.rar.2 = (value & 0o37) as u8,
            n => match n.strip_prefix("STA").and_then(|d| d.parse::<usize>().ok()) {
                Some(d) if d < DRIVES => self.drives[d].status = value,
                _ => return false,
            },
        }
        true
    }
    fn options(&self) -> &'static [&'static str] {
        &["12557A"]
    }
    fn set_option(&mut self, word: &str) -> bool {
        word.eq_ignore_ascii_case("12557a")
    }
    fn status(&self) -> Vec<String> {
        let mut s = vec!["12557A".to_string()];
        for (i, d) in self.drives.iter().enumerate() {
            s.push(match &d.image {
                Some(m) => format!(
                    "DPC{i} attached to {}{}{}",
                    m.path.display(),
                    if m.read_only { ", read only" } else { "" },
                    if d.unloaded { ", heads unloaded" } else { "" }
                ),
                None => format!("DPC{i} not attached"),
            });
        }
        s
    }
    fn fields(&mut self, f: &mut dyn Fields) {
        self.ff.fields(f);
        st::value(f, "cmd", &mut self.command);
        st::value(f, "obuf", &mut self.obuf);
        st::value(f, "poll", &mut self.poll);
        st::value(f, "rarc", &mut self.rar.0);
        st::value(f, "rarh", &mut self.rar.1);
        st::value(f, "rars", &mut self.rar.2);
        for (i, d) in self.drives.iter_mut().enumerate() {
            st::value(f, &format!("sta{i}"), &mut d.status);
            st::value(f, &format!("cyl{i}"), &mut d.cylinder);
        }
    }
}
