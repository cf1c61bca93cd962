//! The whole machine's state as text, for the console's `save FILE` and `restore FILE`
//! (SIMH's `save`/`restore`): the CPU's registers and time, core, the backplane (which card
//! answers at which select code) and every card's state, walked once by
//! [`Machine::state_fields`] both to write and to read (`machine_core::scp::state`).
//!
//! Implementation notes:
//!
//! 1. What is outside the machine is not state: the teleprinter's far end (the console's
//!    keys and paper), the punch's file and the HALT switch stay as they are; a tape in the
//!    reader is state (its bytes and position), so a run goes on as it would have.
//! 2. A restore reads the file into a copy of the machine's state first and changes the
//!    machine only when the whole file read without error.
//! 3. The teletype's character mode (`set tty 7b|8b|uc|7p`) is the card's setting and is
//!    saved with it (`tty.mode`); files of the first form, without it, are refused by their
//!    header (`state 1`).
//! 4. The derived fast paths (the loader area's and memory protect's bounds) are recomputed
//!    after a restore.

use crate::Machine;
use machine_core::scp::state::{self, Fields, Restorer, Saver};

/// The saved file's first line.
pub const HEADER: &str = "retro hp2100 state 2";

impl Machine {
    /// Walk the whole state (note 1).
    pub fn state_fields(&mut self, f: &mut dyn Fields) {
        f.section("cpu");
        state::value(f, "a", &mut self.a);
        state::value(f, "b", &mut self.b);
        state::value(f, "p", &mut self.p);
        state::value(f, "s", &mut self.s);
        state::value(f, "e", &mut self.e);
        state::value(f, "o", &mut self.o);
        state::value(f, "t", &mut self.t);
        state::value(f, "cir", &mut self.cir);
        state::value(f, "ion", &mut self.ion);
        state::value(f, "ion_defer", &mut self.ion_defer);
        let before = self.mem_words;
        state::value(f, "mem_words", &mut self.mem_words);
        if !(4096..=32768).contains(&self.mem_words) || !self.mem_words.is_multiple_of(4096) {
            f.fail("mem_words: not a 2100A memory size".into());
            self.mem_words = before;
        }
        state::value(f, "loader_enabled", &mut self.loader_enabled);
        state::value(f, "cycles", &mut self.cycles);
        state::value(f, "instructions", &mut self.instructions);
        state::value(f, "next_event", &mut self.next_event);
        state::value(f, "intrq", &mut self.intrq);
        state::value(f, "write_floor", &mut self.write_floor);
        f.section("core");
        state::words(f, "words", &mut self.mem[..]);
        f.section("backplane");
        self.backplane.fields(f);
        f.section("PWR");
        state::value(f, "failing", &mut self.cards.pwr.failing);
        state::value(f, "request", &mut self.cards.pwr.request);
        state::value(f, "holdoff", &mut self.cards.pwr.holdoff);
        state::value(f, "off", &mut self.cards.pwr.off);
        for slot in Machine::SLOTS {
            f.section(slot.name);
            (slot.card_mut)(&mut self.cards).fields(f);
        }
    }

    /// The state as the text `save` writes.
    pub fn save_state(&mut self) -> String {
        let mut s = Saver::new(HEADER);
        self.state_fields(&mut s);
        s.text()
    }

    /// Put back a state [`Machine::save_state`] wrote (notes 2, 4).
    ///
    /// # Errors
    /// A file of another machine, or a field missing, unknown or unreadable (named).
    pub fn restore_state(&mut self, text: &str) -> Result<(), String> {
        let mut r = Restorer::new(HEADER, text)?;
        // A first walk into a scratch machine checks the whole file.
        let mut scratch = Machine::new(crate::Config::default()).map_err(|e| e.to_string())?;
        scratch.state_fields(&mut r);
        r.finish()?;
        let mut r = Restorer::new(HEADER, text)?;
        self.state_fields(&mut r);
        r.finish()?;
        self.update_fast_limit();
        self.io_changed();
        Ok(())
    }
}
