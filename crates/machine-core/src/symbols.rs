//! Symbols for the debugger: names to addresses for commands, addresses to names for
//! disassembly. Each machine's front end fills the table from its assembler's listing.

use std::collections::{BTreeMap, HashMap};

/// A symbol: `label` is true for names of program locations (used to name addresses in
/// disassembly); other symbols (constants, select codes) are only looked up by name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbol {
    pub name: String,
    pub value: u32,
    pub label: bool,
}

#[derive(Clone, Debug, Default)]
pub struct Symbols {
    by_name: HashMap<String, u32>,
    by_addr: BTreeMap<u32, String>,
}

impl Symbols {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn add(&mut self, s: Symbol) {
        if s.label {
            // The first label at an address names it (alphabetical order from a listing).
            self.by_addr
                .entry(s.value)
                .or_insert_with(|| s.name.clone());
        }
        self.by_name.insert(s.name, s.value);
    }

    pub fn value(&self, name: &str) -> Option<u32> {
        self.by_name.get(name).copied()
    }

    pub fn label_at(&self, addr: u32) -> Option<&str> {
        self.by_addr.get(&addr).map(String::as_str)
    }

    pub fn is_empty(&self) -> bool {
        self.by_name.is_empty()
    }
}

impl FromIterator<Symbol> for Symbols {
    fn from_iter<I: IntoIterator<Item = Symbol>>(iter: I) -> Self {
        let mut s = Self::new();
        for x in iter {
            s.add(x);
        }
        s
    }
}
