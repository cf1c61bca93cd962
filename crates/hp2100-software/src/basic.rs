//! HP BASIC, configured by Prepare ([`crate::prepare`]), booted on our 2100A and run at the
//! teletype: boot the configured tape through the Basic Binary Loader, start at 100, and BASIC
//! prints `READY`. A program tape in the photoreader is read with `PTAPE`.
//!
//! Sources: `../shared/hp2100-software/README.md` (the operator's steps, measured on SIMH);
//! `hpbasic.asm` (the commands; `RND` at `ERND`); `prepare.asm` (the photoreader driver
//! `.HSPR`: records end with a line feed, CR and NUL are passed over, ten NULs before any
//! character end the tape).
//!
//! Notes:
//!
//! 1. A program file becomes a paper tape as a teleprinter punched it ([`program_tape`]): each
//!    line ends with CR LF (a file's lines may end with LF or CR LF; a lone LF gets its CR, so
//!    BASIC's reader sees CR, then LF), and 40 NULs of trailer follow, as SIMH's reader gives
//!    40 NULs at the end of any tape file (its `TRLLIM`): BASIC's `PTAPE` needs ten of them
//!    to see the tape's end and print `READY`.
//! 2. `RND` needs no seed from outside: BASIC sets its generator to 1 at every `RUN` (`XEC` in
//!    `hpbasic.asm`: X = 1, then X = (2^15 + 3)·X mod 2^31 a draw), so the same keys give the
//!    same numbers on any 2100A, SIMH's and ours alike.
//! 3. BASIC is booted on a fresh machine each session (16K, the default select codes), as
//!    SIMH boots the configured tape in a new simulator; the configured tape is prepared once
//!    per process ([`configured`]) since Prepare takes well under a second of host time.

use crate::folder::Folder;
use crate::panel::{self, Error};
use hp2100::panel::Limit;
use hp2100::{Config, Machine};
use std::sync::OnceLock;
use teletype::TtyHost;

/// BASIC's start address.
pub const START: u16 = 0o100;

/// NULs after a program's text (note 1).
pub const TRAILER: usize = 40;

/// BASIC's halt at `BYE`.
pub const HALT_BYE: u32 = 0o102077;

/// Configured tapes, by the folder their HP software came from.
type Tapes = Vec<(Folder, Vec<u8>)>;

/// The configured BASIC tape for the folder's HP software, prepared once a process (note 3).
///
/// # Errors
/// Prepare could not run (a tape missing from the folder, a stop).
pub fn configured(folder: &Folder) -> Result<Vec<u8>, Error> {
    static TAPES: OnceLock<std::sync::Mutex<Tapes>> = OnceLock::new();
    let tapes = TAPES.get_or_init(Default::default);
    if let Some((_, t)) = tapes
        .lock()
        .map_err(|_| Error::Io("a preparation failed".into()))?
        .iter()
        .find(|(f, _)| f == folder)
    {
        return Ok(t.clone());
    }
    let tape = crate::prepare::prepare(folder)?.tape;
    if let Ok(mut t) = tapes.lock() {
        t.push((folder.clone(), tape.clone()));
    }
    Ok(tape)
}

/// A program's text as a paper tape for the photoreader (note 1).
pub fn program_tape(text: &[u8]) -> Vec<u8> {
    let mut tape = Vec::with_capacity(text.len() + text.len() / 20 + TRAILER);
    let mut lines = text.split(|&b| b == b'\n').peekable();
    while let Some(line) = lines.next() {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if lines.peek().is_none() && line.is_empty() {
            break;
        }
        tape.extend_from_slice(line);
        tape.extend_from_slice(b"\r\n");
    }
    tape.resize(tape.len() + TRAILER, 0);
    tape
}

/// A session's end: the panel's, BASIC's end being [`HALT_BYE`].
pub use hp2100::panel::Session;

/// A 2100A with the configured BASIC booted, ready to start at 100 (note 3).
///
/// # Errors
/// A loader stop on the configured tape.
pub fn boot(configured: &[u8]) -> Result<Machine, Error> {
    let mut m = Machine::new(Config::default())?;
    panel::boot(&mut m, configured, "the configured BASIC tape")?;
    Ok(m)
}

/// Boot the configured BASIC and run a session on it ([`session_on`]).
///
/// # Errors
/// A loader stop on the configured tape.
pub fn session<H: TtyHost + 'static>(
    configured: &[u8],
    program: Option<Vec<u8>>,
    host: H,
    limit: Limit,
) -> Result<(Session, H), Error> {
    let mut m = boot(configured)?;
    Ok(session_on(&mut m, program, host, limit))
}

/// On a machine with BASIC booted ([`boot`]): put `program` (a tape from [`program_tape`]) in
/// the reader if given, and run from 100 with `host` as the teletype until BASIC halts, the
/// keys end or `limit` is reached; the host comes back with the session.
pub fn session_on<H: TtyHost + 'static>(
    m: &mut Machine,
    program: Option<Vec<u8>>,
    host: H,
    limit: Limit,
) -> (Session, H) {
    if let Some(p) = program {
        m.cards.ptr.load(p);
    }
    m.cards.tty.attach(host);
    panel::start(m, START, 0);
    let session = m.run_session(limit);
    let host = m.cards.tty.detach::<H>().expect("the host attached above");
    (session, host)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_programs_lines_end_cr_lf_and_a_trailer_follows() {
        let lf = program_tape(b"10 PRINT 1\n20 END\n");
        let crlf = program_tape(b"10 PRINT 1\r\n20 END\r\n");
        let bare = program_tape(b"10 PRINT 1\n20 END");
        assert_eq!(lf, crlf);
        assert_eq!(lf, bare);
        assert_eq!(&lf[..lf.len() - TRAILER], b"10 PRINT 1\r\n20 END\r\n");
        assert!(lf[lf.len() - TRAILER..].iter().all(|&b| b == 0));
    }
}
