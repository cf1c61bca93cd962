//! The symbol table of a program, as every tool after the assembler sees it: names to values
//! for commands, addresses to labels for disassembly. Each machine's front end fills it from
//! its assembler's listing (HP: `hp2100_asm::listing_symbols`, T3300-R:
//! `t3300_asm::listing_symbols`), and both disassemblers and the debugger read it.
//!
//! Notes:
//!
//! 1. The first label given for an address names it (a listing's table is in alphabetical
//!    order, so that is the first name in the alphabet).
//! 2. A name is looked up exactly first, then without regard to case (the T3300-R assembler
//!    is case-insensitive; HP listings are upper case, so an exact match always wins there).

use std::collections::{BTreeMap, HashMap};

/// A symbol: `label` is true for names of program locations (used to name addresses in
/// disassembly); other symbols (constants, select codes) are only looked up by name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbol {
    pub name: String,
    pub value: u32,
    pub label: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
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
            self.by_addr
                .entry(s.value)
                .or_insert_with(|| s.name.clone());
        }
        self.by_name.insert(s.name, s.value);
    }

    /// Add a label: `name` at `addr`.
    pub fn insert(&mut self, addr: u32, name: &str) {
        self.add(Symbol {
            name: name.to_string(),
            value: addr,
            label: true,
        });
    }

    /// The value of a symbol (note 2).
    pub fn value(&self, name: &str) -> Option<u32> {
        self.by_name.get(name).copied().or_else(|| {
            self.by_name
                .iter()
                .filter(|(n, _)| n.eq_ignore_ascii_case(name))
                .min_by(|a, b| a.0.cmp(b.0))
                .map(|(_, &v)| v)
        })
    }

    /// The label at exactly `addr`.
    pub fn label_at(&self, addr: u32) -> Option<&str> {
        self.by_addr.get(&addr).map(String::as_str)
    }

    /// The nearest label at or below `addr`, with its address.
    pub fn label_before(&self, addr: u32) -> Option<(u32, &str)> {
        self.by_addr
            .range(..=addr)
            .next_back()
            .map(|(&a, n)| (a, n.as_str()))
    }

    /// All labels in address order.
    pub fn labels(&self) -> impl Iterator<Item = (u32, &str)> {
        self.by_addr.iter().map(|(&a, n)| (a, n.as_str()))
    }

    pub fn is_empty(&self) -> bool {
        self.by_name.is_empty()
    }

    /// Symbols of every kind.
    pub fn len(&self) -> usize {
        self.by_name.len()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_and_values() {
        let mut s: Symbols = [
            Symbol {
                name: "LOOP".into(),
                value: 0o100,
                label: true,
            },
            Symbol {
                name: "TTY".into(),
                value: 0o11,
                label: false,
            },
        ]
        .into_iter()
        .collect();
        s.insert(0o100, "AGAIN");
        s.insert(0o120, "fit");
        assert_eq!(s.label_at(0o100), Some("LOOP"));
        assert_eq!(s.label_at(0o11), None);
        assert_eq!(s.value("TTY"), Some(0o11));
        assert_eq!(s.value("loop"), Some(0o100));
        assert_eq!(s.value("FIT"), Some(0o120));
        assert_eq!(s.value("AGAIN"), Some(0o100));
        assert_eq!(s.value("nothing"), None);
        assert_eq!(s.label_before(0o117), Some((0o100, "LOOP")));
        assert_eq!(s.label_before(0o77), None);
        assert_eq!(s.labels().count(), 2);
        assert_eq!(s.len(), 4);
    }
}
