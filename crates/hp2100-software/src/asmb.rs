//! HP's Extended Assembler (HPAP-X 24031, `tools/extasmb.abs`) run on our 2100A from paper
//! tape, both passes, with HP's SIO drivers: the other direction of the check that our
//! assembler writes what HP's wrote.
//!
//! The operator's steps, from `../shared/hp2100-software/README.md` (measured there on SIMH):
//! the teleprinter at 11, the photoreader at 12, the punch at 13; boot
//! `tools/sio-16k-tty11-ptr12-ptp13.abs` (the SIO drivers configured for those select
//! codes), then `tools/extasmb.abs`; the source in the reader and a blank tape on the punch;
//! start at 100 for pass 1, which halts 102077; the source in the reader again and RUN for
//! pass 2, which punches the absolute binary and lists on the teleprinter, and halts with
//! P = 100. A clean assembly lists `**  NO ERRORS*`.
//!
//! Notes:
//!
//! 1. The punch moves to 13 and the reader to 12, as an operator sets the cards, after the
//!    two boots: our Basic Binary Loader reads the photoreader at 10 (SIMH's `boot ptr`
//!    rewrites its loader for the reader's select code instead). The time base generator,
//!    which SIMH keeps at 13, is not in our machine unless the console puts it in.
//! 2. A source file becomes a tape as a teleprinter punched it (each line CR LF, 40 NULs of
//!    trailer: [`crate::basic::program_tape`], the same rule): HP's SIO reader driver ends a
//!    record at its LF.
//! 3. Each pass has a limit in 2100A time; a pass that stops elsewhere than its halt is an
//!    error that shows the teleprinter's paper (the assembler's own messages).

use crate::basic::program_tape;
use crate::folder::Folder;
use crate::panel::{self, Error};
use hp2100::panel::Limit;
use hp2100::{Config, Machine, Stop};
use teletype::{Scripted, Transcript};

/// The SIO drivers configured for teleprinter 11, reader 12, punch 13, and the assembler.
pub const SIO_TAPE: &str = "tools/sio-16k-tty11-ptr12-ptp13.abs";
pub const ASMB_TAPE: &str = "tools/extasmb.abs";

/// The assembler's start address.
pub const START: u16 = 0o100;

/// The halts at the end of pass 1: 102077, or 102011 after the symbol table (option T;
/// `extasmb.asm`, `HLT 11B` at the end of pass 1).
pub const HALTS_PASS1: [u32; 2] = [0o102077, 0o102011];

/// Limit of each pass, in 2100A seconds (note 3).
const PASS_LIMIT: f64 = 100_000.0;

/// An assembly by HP's assembler on our machine.
#[derive(Clone, Debug)]
pub struct Assembled {
    /// The punched absolute binary tape.
    pub tape: Vec<u8>,
    /// The listing: the teleprinter's paper.
    pub listing: String,
    /// The halt that ended pass 2.
    pub stop: Stop,
    /// 2100A time of both passes (the boots not counted), and host time.
    pub cycles: u64,
    pub seconds: f64,
    pub wall: std::time::Duration,
}

impl Assembled {
    /// Whether the listing reports HP's clean result, `**  NO ERRORS*` (the spaces as printed
    /// are not counted).
    pub fn no_errors(&self) -> bool {
        self.listing.lines().any(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            words == ["**", "NO", "ERRORS*"]
        })
    }
}

/// Assemble `source` (the text of a source file, its first line HP's control statement,
/// e.g. `ASMB,A,B,L`) with HP's assembler from `folder` (the module's steps).
///
/// # Errors
/// A tape missing from the folder, a loader stop, a pass that did not end at its halt.
pub fn assemble(folder: &Folder, source: &[u8]) -> Result<Assembled, Error> {
    let sio = folder.read(SIO_TAPE, "HP's SIO drivers' tape")?;
    let asmb = folder.read(ASMB_TAPE, "HP's Extended Assembler's tape")?;
    let wall = std::time::Instant::now();
    let mut m = Machine::new(Config::default())?;
    panel::boot(&mut m, &sio, SIO_TAPE)?;
    panel::boot(&mut m, &asmb, ASMB_TAPE)?;
    // Note 1: the punch first, so that 12 is free for the reader.
    panel::move_card(&mut m, "PTP", 0o13)?;
    panel::move_card(&mut m, "PTR", 0o12)?;
    let tape = program_tape(source);
    m.cards.tty.attach(Transcript::new(Scripted::new()));
    m.cards.ptp.take_tape();
    let (c0, t0) = (m.cycles, m.seconds());
    m.cards.ptr.load(tape.clone());
    panel::start(&mut m, START, 0);
    let stop = m.run(Limit::seconds(PASS_LIMIT));
    if !stop.halt_code().is_some_and(|h| HALTS_PASS1.contains(&h)) {
        return Err(failed(&mut m, "pass 1", stop));
    }
    m.cards.ptr.load(tape);
    let stop = m.run(Limit::seconds(PASS_LIMIT));
    if stop.halt_code().is_none() {
        return Err(failed(&mut m, "pass 2", stop));
    }
    let host = m
        .cards
        .tty
        .detach::<Transcript<Scripted>>()
        .expect("the teleprinter's host attached above");
    Ok(Assembled {
        tape: m.cards.ptp.take_tape(),
        listing: host.paper(),
        stop,
        cycles: m.cycles - c0,
        seconds: m.seconds() - t0,
        wall: wall.elapsed(),
    })
}

/// A pass that stopped elsewhere (note 3).
fn failed(m: &mut Machine, what: &str, stop: Stop) -> Error {
    let paper = m
        .cards
        .tty
        .detach::<Transcript<Scripted>>()
        .map(|h| h.paper())
        .unwrap_or_default();
    Error::Run {
        what: format!("HP's assembler, {what},"),
        stop,
        paper,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listing(text: &str) -> Assembled {
        Assembled {
            tape: Vec::new(),
            listing: text.into(),
            stop: Stop::Halt {
                code: 0o102077,
                at: 0o77,
                p: 0o100,
            },
            cycles: 0,
            seconds: 0.0,
            wall: std::time::Duration::ZERO,
        }
    }

    #[test]
    fn only_hps_clean_result_counts_as_no_errors() {
        assert!(listing(" PAGE 0002\n**  NO ERRORS*\n").no_errors());
        assert!(!listing("**0001 ERRORS*\n").no_errors());
        assert!(!listing("* NO ERRORS* IN A COMMENT\n").no_errors());
    }
}
