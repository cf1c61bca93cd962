//! The subroutine calls the debugger has seen run, for `finish`.
//!
//! Both machines call a subroutine the same way (HP 2100A `JSB`, T3300-R `jsr`): the call
//! stores its return address in the subroutine's entry word, its effective address, and goes
//! on at the word after it; the subroutine returns by jumping indirectly through the entry
//! word, after perhaps moving the address on past arguments or to a "skip return". So a call
//! is open from the moment it runs until P reaches the address its entry word then holds.
//!
//! Implementation notes:
//!
//! 1. After every instruction that is not a call, P is compared with the return address of
//!    each open call, newest first; a match closes that call and every newer one (a routine
//!    that left its callee without returning through it).
//! 2. Only calls the debugger ran are known: a program stopped inside a subroutine entered
//!    before the debugger took over, or entered through an interrupt's trap cell, has no
//!    frame for it. At most [`MAX_FRAMES`] calls are kept open; the oldest are forgotten.

/// Open calls kept at most (note 2).
pub const MAX_FRAMES: usize = 1024;

/// The open calls, by their subroutines' entry words, oldest first.
#[derive(Debug, Default)]
pub struct Frames {
    entries: Vec<u32>,
}

/// What an instruction did to the open calls, kept so that `back` can undo it.
#[derive(Debug, PartialEq, Eq)]
pub enum Change {
    None,
    Called,
    Returned(Vec<u32>),
}

impl Frames {
    /// How many calls are open.
    pub fn depth(&self) -> usize {
        self.entries.len()
    }

    /// A call into the subroutine whose entry word is `entry` has run.
    pub fn call(&mut self, entry: u32) -> Change {
        if self.entries.len() == MAX_FRAMES {
            self.entries.remove(0);
        }
        self.entries.push(entry);
        Change::Called
    }

    /// P is now `p`: close the calls it returned from (note 1). `word` reads memory.
    pub fn arrived(&mut self, p: u32, word: impl Fn(u32) -> u32) -> Change {
        match self.entries.iter().rposition(|&e| word(e) == p) {
            Some(k) => Change::Returned(self.entries.split_off(k)),
            None => Change::None,
        }
    }

    /// Undo what one instruction did.
    pub fn undo(&mut self, change: Change) {
        match change {
            Change::None => {}
            Change::Called => {
                self.entries.pop();
            }
            Change::Returned(closed) => self.entries.extend(closed),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calls_open_and_close_at_their_return_addresses() {
        let mut mem = [0u32; 16];
        let mut f = Frames::default();
        // Two nested calls: entry 4 returns to 2, entry 8 to 6.
        mem[4] = 2;
        assert_eq!(f.call(4), Change::Called);
        mem[8] = 6;
        f.call(8);
        assert_eq!(f.arrived(9, |a| mem[a as usize]), Change::None);
        // A return straight to the outer caller closes both.
        let c = f.arrived(2, |a| mem[a as usize]);
        assert_eq!(c, Change::Returned(vec![4, 8]));
        assert_eq!(f.depth(), 0);
        f.undo(c);
        assert_eq!(f.depth(), 2);
        f.undo(Change::Called);
        assert_eq!(f.depth(), 1);
        for k in 0..MAX_FRAMES as u32 {
            f.call(k);
        }
        assert_eq!(f.depth(), MAX_FRAMES);
    }
}
