//! The console's teletype host: scripted keys, with the printer shown on the console.

use std::cell::RefCell;
use std::io::Write;
use std::rc::Rc;
use teletype::{Key, Nanos, Scripted, Transcript, TtyHost};

/// What the teletype prints goes to the console's output (as on SIMH's console) and into a
/// transcript; keys come from `expect`/`send`.
pub struct ConsoleTty {
    pub script: Transcript<Scripted>,
    out: Rc<RefCell<dyn Write>>,
}

impl ConsoleTty {
    pub fn new(out: Rc<RefCell<dyn Write>>) -> Self {
        Self {
            script: Transcript::new(Scripted::new()),
            out,
        }
    }

    /// What the paper roll shows so far.
    pub fn paper(&self) -> String {
        self.script.paper()
    }
}

impl TtyHost for ConsoleTty {
    fn print(&mut self, ch: u8, at: Nanos) {
        self.script.print(ch, at);
        let ch = ch & 0x7f;
        if ch != 0 && ch != 0x7f {
            let _ = self.out.borrow_mut().write_all(&[ch]);
        }
    }
    fn key(&mut self, at: Nanos) -> Key {
        self.script.key(at)
    }
}

/// The machine's handle on the console's host.
pub(crate) struct Shared(pub Rc<RefCell<ConsoleTty>>);

impl TtyHost for Shared {
    fn print(&mut self, ch: u8, at: Nanos) {
        self.0.borrow_mut().print(ch, at)
    }
    fn key(&mut self, at: Nanos) -> Key {
        self.0.borrow_mut().key(at)
    }
}
