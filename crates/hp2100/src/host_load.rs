//! A host-side tape loader for tests and tools: it writes a tape's records straight into core,
//! with no loader program, no photoreader and no 2100A time. The operator's boot
//! (`scp`'s `boot ptr`, the panel's LOAD) uses the Basic Binary Loader instead.

use crate::Machine;
use hp2100_isa::tape::{self, TapeError};

impl Machine {
    /// Deposit every record of an absolute binary tape into core (checksums verified, the
    /// BBL's end rule applied). Returns the number of words written.
    ///
    /// # Errors
    /// The tape's first fault, naming the record.
    pub fn host_load_tape(&mut self, bytes: &[u8]) -> Result<usize, TapeError> {
        let records = tape::parse(bytes)?;
        let mut n = 0;
        for r in &records {
            for (i, &w) in r.words.iter().enumerate() {
                self.poke_core(r.addr.wrapping_add(i as u16), w);
                n += 1;
            }
        }
        Ok(n)
    }
}
