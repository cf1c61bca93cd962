//! The console's files: `load` and `dump`, absolute binary tapes in and out of core from the
//! host, as SIMH's `hp2100` has them (the simulator's own loader, not the BBL: no paper tape,
//! no 2100A time); `save` and `restore`, the whole machine's state (`crate::save`).
//!
//! ```text
//! load FILE            every record of the tape into core (checksums verified)
//! dump FILE A-B        the words from A to B as an absolute binary tape
//! save FILE            the machine's state: registers, time, core, every card
//! restore FILE         (also get) put it back; a run goes on as it would have gone on
//! ```

use super::{Console, Next};
use crate::Machine;
use std::io::Write;

/// Leader and trailer of a dumped tape, in frames (HP's assembler's length).
const LEADER: usize = 60;

impl<W: Write + 'static> Console<W> {
    pub(super) fn load(&mut self, rest: &str) -> Result<Next, String> {
        let file = rest.trim();
        if file.is_empty() {
            return Err("load: Too few arguments: load FILE".into());
        }
        let path = self.resolve(file);
        let bytes = std::fs::read(&path)
            .map_err(|e| format!("load: cannot read {}: {e}", path.display()))?;
        let words = self
            .machine
            .host_load_tape(&bytes)
            .map_err(|e| format!("load {}: {e}", path.display()))?;
        self.say(&format!("{}: {words} words loaded", path.display()));
        Ok(Next::Continue)
    }

    pub(super) fn dump(&mut self, rest: &str) -> Result<Next, String> {
        let (file, range) = super::split_word(rest);
        let (lo, hi) = range
            .trim()
            .split_once('-')
            .ok_or("dump: Too few arguments: dump FILE A-B")?;
        let (lo, hi) = (super::address(lo)?, super::address(hi)?);
        if hi < lo {
            return Err(format!(
                "dump: Invalid argument: {lo:o}-{hi:o} ends before it starts"
            ));
        }
        let m: &Machine = &self.machine;
        let records = hp2100_isa::tape::records_from_words((lo..=hi).map(|a| (a, m.peek_core(a))));
        let path = self.resolve(file);
        std::fs::write(&path, hp2100_isa::tape::write(&records, LEADER))
            .map_err(|e| format!("dump: cannot write {}: {e}", path.display()))?;
        Ok(Next::Continue)
    }
}

impl<W: Write + 'static> Console<W> {
    pub(super) fn save(&mut self, rest: &str) -> Result<Next, String> {
        let file = rest.trim();
        if file.is_empty() {
            return Err("save: Too few arguments: save FILE".into());
        }
        let path = self.resolve(file);
        let text = self.machine.save_state();
        std::fs::write(&path, text)
            .map_err(|e| format!("save: cannot write {}: {e}", path.display()))?;
        Ok(Next::Continue)
    }

    pub(super) fn restore(&mut self, rest: &str) -> Result<Next, String> {
        let file = rest.trim();
        if file.is_empty() {
            return Err("restore: Too few arguments: restore FILE".into());
        }
        let path = self.resolve(file);
        let text = machine_core::text::read_text(&path).map_err(|e| format!("restore: {e}"))?;
        self.machine
            .restore_state(&text)
            .map_err(|e| format!("restore {}: {e}", path.display()))?;
        Ok(Next::Continue)
    }
}
