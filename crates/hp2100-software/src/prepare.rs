//! HP's PREPARE BASIC SYSTEM (20392-60002) run on our 2100A: it configures HP BASIC (20392-60001)
//! for this machine and punches the configured BASIC on our punch.
//!
//! The operator's steps, from `../shared/hp2100-software/README.md` (measured there on SIMH)
//! and `prepare.asm`'s own instructions: boot `basic/prepare.abs`, then `basic/hpbasic.abs`,
//! through the Basic Binary Loader; a blank tape on the punch; S = the teleprinter's select
//! code (11); start at 2. Prepare asks, and is answered:
//!
//! ```text
//!  PHOTO READER I/O ADDRESS? 10
//!  PUNCH I/O ADDRESS? 12
//!  SYSTEM DUMP I/O ADDRESS? 12
//!  CORE SIZE? 16
//! ```
//!
//! then punches the configured BASIC (leader, absolute records, trailer: 14 506 frames for
//! 16K) and halts 102077. The configured tape boots through the loader and starts at 100.
//!
//! Notes:
//!
//! 1. The machine is the default 2100A: 16K words, teleprinter 11, photoreader 10, punch 12,
//!    the select codes the answers name. Its punch is the operator's blank tape: what it holds
//!    at the halt is the configured BASIC, torn off.
//! 2. Each answer is typed when its question has been printed, as an operator waits for the
//!    prompt: an answer rule, SIMH's `expect "CORE SIZE?" send "16\r"`, of the engine every
//!    prepared key goes through (`machine_core::scp::keyin`); the paper is kept for the record.
//! 3. Prepare runs on the 2100A's time: punching at 75 frames a second takes about three
//!    minutes of 2100A time, which RUN passes in the wait loops (`hp2100` `wait.rs`), well
//!    under a second of host time on a current machine ([`Prepared::wall`] measures it).

use crate::folder::Folder;
use crate::panel::{self, Error};
use hp2100::panel::Limit;
use hp2100::{Config, Machine};
use machine_core::scp::keyin::{self, Keyin, Then};
use teletype::{Scripted, Transcript};

/// Prepare's tape and BASIC's unconfigured tape, in the folder.
pub const PREPARE_TAPE: &str = "basic/prepare.abs";
pub const BASIC_TAPE: &str = "basic/hpbasic.abs";

/// Prepare's start address and its option word: S = the teleprinter's select code.
pub const PREPARE_START: u16 = 0o2;
pub const TELEPRINTER_SC: u16 = 0o11;

/// Prepare's questions and our answers (the machine's select codes and core size, note 1).
pub const ANSWERS: &[(&str, &str)] = &[
    ("PHOTO READER I/O ADDRESS?", "10\r"),
    ("PUNCH I/O ADDRESS?", "12\r"),
    ("SYSTEM DUMP I/O ADDRESS?", "12\r"),
    ("CORE SIZE?", "16\r"),
];

/// Prepare's halt when the configured BASIC has been punched.
pub const HALT_DONE: u32 = 0o102077;

/// Limit of Prepare's run, in 2100A seconds (the punching takes about 200).
const PREPARE_LIMIT: f64 = 1200.0;

/// The configured BASIC and what its preparation took.
#[derive(Clone, Debug)]
pub struct Prepared {
    /// The punched tape: an absolute binary tape of the configured BASIC.
    pub tape: Vec<u8>,
    /// The teleprinter's paper: Prepare's questions and the answers.
    pub paper: String,
    /// What the teleprinter printed, character by character (CR and LF as sent).
    pub printed: Vec<u8>,
    /// 2100A time of the whole preparation (both boots and Prepare's run), in cycles and
    /// seconds.
    pub cycles: u64,
    pub seconds: f64,
    /// Host time (note 3).
    pub wall: std::time::Duration,
}

/// Run Prepare as the operator does (the module's steps) with HP's tapes from `folder`.
///
/// # Errors
/// A tape missing from the folder, a loader stop, or Prepare stopping elsewhere than its
/// end.
pub fn prepare(folder: &Folder) -> Result<Prepared, Error> {
    let prep = folder.read(PREPARE_TAPE, "HP's Prepare BASIC System tape")?;
    let basic = folder.read(BASIC_TAPE, "HP BASIC's tape")?;
    prepare_tapes(&prep, &basic)
}

/// [`prepare`] with the two tapes given.
///
/// # Errors
/// As [`prepare`].
pub fn prepare_tapes(prep: &[u8], basic: &[u8]) -> Result<Prepared, Error> {
    let wall = std::time::Instant::now();
    let mut m = Machine::new(Config::default())?;
    panel::boot(&mut m, prep, PREPARE_TAPE)?;
    panel::boot(&mut m, basic, BASIC_TAPE)?;
    let mut keys = Keyin::new(Transcript::new(Scripted::new()));
    for (question, answer) in ANSWERS {
        let send = vec![Then::Send(answer.as_bytes().to_vec())];
        keys.answer(keyin::rule(question.as_bytes(), send))
            .map_err(Error::Io)?;
    }
    m.cards.tty.attach(keys);
    m.cards.ptp.take_tape();
    panel::start(&mut m, PREPARE_START, TELEPRINTER_SC);
    let stop = m.run(Limit::seconds(PREPARE_LIMIT));
    let host = m
        .cards
        .tty
        .detach::<Keyin<Transcript<Scripted>>>()
        .expect("the teleprinter's host attached above")
        .into_inner();
    let paper = host.paper();
    let printed = host.printed().iter().map(|&(_, c)| c & 0x7f).collect();
    if stop.halt_code() != Some(HALT_DONE) {
        return Err(Error::Run {
            what: "Prepare".into(),
            stop,
            paper,
        });
    }
    Ok(Prepared {
        tape: m.cards.ptp.take_tape(),
        paper,
        printed,
        cycles: m.cycles,
        seconds: m.seconds(),
        wall: wall.elapsed(),
    })
}
