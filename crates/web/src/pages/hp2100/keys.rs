//! The page's bound on keys waiting for the machine (`Limits::keys_bytes`): keys typed on the
//! page's keyboard, and those the console line queues with `send` or arms with `expect`.
//!
//! Implementation notes:
//!
//! 1. The console's queues (`hp2100::scp::Console`: the typed keys, `send`'s and the expect
//!    rules) are counted from outside, by what the page put in them since they were last
//!    empty: a bound on what they hold, since the machine only takes keys out. So a halted
//!    machine, or one that never reads, holds at most the bound, whatever a page sends.
//! 2. The count is in bytes as the page sent them (a `send` line's escapes, a key the
//!    teletype drops), never fewer than the console queues.
//! 3. A refusal leaves the session as it was: nothing of the refused text is queued, so that
//!    a page knows what the machine will get.

use hp2100::scp::Console;
use std::io::Write;

/// What the page has queued for the machine since the console's queues were last empty.
#[derive(Debug)]
pub(super) struct Typeahead {
    bound: usize,
    queued: usize,
}

impl Typeahead {
    pub(super) fn new(bound: usize) -> Typeahead {
        Typeahead { bound, queued: 0 }
    }

    /// Take `bytes` more for the machine, unless the bound would be passed (notes 1 and 3).
    ///
    /// # Errors
    /// The bound, in words for the page.
    pub(super) fn take<W: Write + 'static>(
        &mut self,
        console: &Console<W>,
        bytes: usize,
        what: &str,
    ) -> Result<(), String> {
        if !waiting(console) {
            self.queued = 0;
        }
        if self.queued.saturating_add(bytes) > self.bound {
            return Err(format!(
                "{what} refused: at most {} bytes of keys may wait for the machine, and {} \
                 do ({bytes} more asked); they go as the program reads them (a halted machine \
                 reads none)",
                self.bound, self.queued
            ));
        }
        self.queued += bytes;
        Ok(())
    }

    /// Bytes counted as waiting now.
    #[cfg(test)]
    pub(super) fn queued(&self) -> usize {
        self.queued
    }
}

/// Whether any of the console's queues holds keys or rules (note 1).
fn waiting<W: Write + 'static>(console: &Console<W>) -> bool {
    console.keys_waiting() || console.tty().host.inner().expects.any()
}
