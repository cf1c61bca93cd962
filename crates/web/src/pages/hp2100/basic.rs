//! HP BASIC in the page (module note 9): prepared by HP's Prepare as `retro hp2100 basic`
//! prepares it (`hp2100_software::basic`), booted with one button, and HP's BASIC programs
//! of the server's folder offered by name.
//!
//! Sources: `hp2100_software::basic` (the configured tape, once a process; its start at 100;
//! a program's text as a tape, [`program_tape`]), `hp2100_software::keyboard` (`PTAPE` typed
//! for a program tape in the reader).
//!
//! Implementation notes:
//!
//! 1. The programs are the `.txt` files of `basic/programs/` in HP's folder, listed once when
//!    the session opens, at most [`PROGRAMS_MAX`], each named by its file's stem of letters,
//!    digits, `-` and `_`. A page names one of them; the server reads only a file it listed,
//!    and at most `Limits::upload_bytes` of it (a tape the page could have uploaded).
//! 2. Under BASIC the keyboard stays open, as under DOS-M: BASIC listens to the teletype
//!    while a program runs (a key struck stops it), so a run that found no key typed goes
//!    on rather than stopping for the keyboard.
//! 3. A program is read with `PTAPE`, typed for the person (bounded with their keys,
//!    `keys.rs`), as `retro hp2100 basic --load` types it.

use super::{Hp2100, Run};
use crate::tab::Outbox;
use hp2100_software::basic::{configured, program_tape, START};
use hp2100_software::keyboard::PTAPE;
use hp2100_software::Folder;
use serde_json::{json, Value};
use std::io::Read;

/// The most programs offered (note 1).
pub(super) const PROGRAMS_MAX: usize = 100;

/// HP BASIC on the server, and its programs (note 1).
#[derive(Debug)]
pub(super) struct Basic {
    folder: Folder,
    /// The server has HP's Prepare and BASIC.
    ready: bool,
    programs: Vec<String>,
    /// BASIC was booted last, so a program's `PTAPE` reaches it.
    pub(super) booted: bool,
}

impl Basic {
    /// What HP's folder holds of BASIC (`hp2100_software::Folder::find`).
    pub(super) fn find() -> Basic {
        Basic::in_folder(Folder::find(None))
    }

    pub(super) fn in_folder(folder: Folder) -> Basic {
        let ready = ["basic/prepare.abs", "basic/hpbasic.abs"]
            .iter()
            .all(|f| folder.path(f).is_file());
        let mut programs: Vec<String> = std::fs::read_dir(folder.path("basic/programs"))
            .into_iter()
            .flatten()
            .flatten()
            .filter_map(|e| {
                let name = e.file_name().into_string().ok()?;
                let stem = name.strip_suffix(".txt")?;
                let plain = !stem.is_empty()
                    && stem.len() <= 32
                    && stem
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
                (plain && e.file_type().ok()?.is_file()).then(|| stem.to_string())
            })
            .collect();
        programs.sort();
        programs.truncate(PROGRAMS_MAX);
        Basic {
            folder,
            ready,
            programs,
            booted: false,
        }
    }

    /// The page's `basic` event.
    pub(super) fn event(&self) -> Value {
        json!({"ev": "basic", "ready": self.ready, "programs": self.programs})
    }

    /// The listed program `name`'s text, at most `most` bytes (note 1).
    fn read(&self, name: &str, most: usize) -> Result<Vec<u8>, String> {
        if !self.programs.iter().any(|p| p == name) {
            return Err(format!(
                "program: no program {name:?} on the server (the list has {})",
                self.programs.len()
            ));
        }
        let mut text = Vec::new();
        std::fs::File::open(self.folder.path(&format!("basic/programs/{name}.txt")))
            .and_then(|f| f.take(most as u64 + 1).read_to_end(&mut text))
            .map_err(|e| format!("program {name}: {e}"))?;
        if text.len() > most {
            return Err(format!("program {name}: longer than {most} bytes"));
        }
        Ok(text)
    }
}

impl Hp2100 {
    /// The BASIC button: Prepare's configured BASIC booted, started at 100.
    pub(super) fn boot_basic(&mut self, out: &mut Outbox) -> Result<(), String> {
        self.powered()?;
        if !self.basic.ready {
            return Err(
                "basic: the server has no HP BASIC (HP's software, basic/prepare.abs and \
                 basic/hpbasic.abs, is not part of retro)"
                    .into(),
            );
        }
        self.out.hide(self.basic.folder.dir(), "(HP's software)");
        let tape = configured(&self.basic.folder).map_err(|e| format!("basic: {e}"))?;
        self.load_tape("HP BASIC, configured by HP's Prepare".into(), tape, out);
        self.boot(Some(START))?;
        // Note 2.
        self.console.set_keyboard_open(true);
        self.basic.booted = true;
        self.say("BASIC: configured by HP's Prepare; its tape is booted, and BASIC starts at 100");
        Ok(())
    }

    /// A program of the list into the reader, and `PTAPE` typed (note 3).
    pub(super) fn program(&mut self, name: &str, out: &mut Outbox) -> Result<(), String> {
        if !self.basic.booted || self.run == Run::Halted {
            return Err("program: BASIC is not running: press BASIC first".into());
        }
        let text = self.basic.read(name, self.limits.upload_bytes)?;
        self.typeahead.take(&self.console, PTAPE.len(), "PTAPE")?;
        self.load_tape(
            format!("{name} (a BASIC program)"),
            program_tape(&text),
            out,
        );
        self.keys(PTAPE);
        Ok(())
    }
}
