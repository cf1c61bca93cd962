//! Shared by the tests that run assembled programs on the emulated 2100A: assembling files of
//! the repository and booting tapes through our Basic Binary Loader as an operator does.

#![allow(dead_code)]

use hp2100::panel::Limit;
use hp2100::{boot_ptr, Config, Machine};
use hp2100_asm::{assemble, Assembly, Source};
use machine_core::Stop;
use std::cell::RefCell;
use std::path::PathBuf;
use std::rc::Rc;
use teletype::{Key, Nanos, Scripted, TtyHost};

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Assemble a source file of the repository (named by its path from the root).
pub fn assemble_file(path: &str) -> Assembly {
    let text = std::fs::read_to_string(root().join(path)).expect(path);
    let a = assemble(&[Source::new(path, text)]);
    assert!(a.is_ok(), "{}", a.report);
    a
}

/// A 16K 2100A with `tape` booted through the loader (docs/hp2100a.md §4.3): the loader
/// must end with 102077 and A = B = 0.
pub fn boot(tape: &[u8]) -> Machine {
    let mut m = Machine::new(Config::default()).unwrap();
    m.cards.ptr.load(tape.to_vec());
    let stop = boot_ptr(&mut m, Limit::seconds(600.0)).unwrap();
    assert_eq!(
        stop.halt_code(),
        Some(0o102077),
        "loader stopped with {stop}"
    );
    assert_eq!((m.a, m.b), (0, 0));
    m
}

/// The operator's start: S = start, LOAD ADDRESS, PRESET, RUN.
pub fn start(m: &mut Machine, at: u16, limit: Limit) -> Stop {
    m.s = at;
    m.load_address();
    m.preset();
    m.run(limit)
}

/// A scripted teletype the test can still read after the machine owns it.
#[derive(Clone)]
pub struct SharedTty(pub Rc<RefCell<Scripted>>);

impl TtyHost for SharedTty {
    fn print(&mut self, ch: u8, at: Nanos) {
        self.0.borrow_mut().print(ch, at)
    }
    fn key(&mut self, at: Nanos) -> Key {
        self.0.borrow_mut().key(at)
    }
}

/// The listing line that assembled `addr`, for messages.
pub fn listing_line(a: &Assembly, addr: u16) -> String {
    let loc = format!(" {addr:05o} ");
    a.listing()
        .lines()
        .find(|l| l.get(6..13).is_some_and(|c| c == loc))
        .unwrap_or("(not in the listing)")
        .to_string()
}
