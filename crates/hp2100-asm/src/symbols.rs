//! The symbol table, with the definitions and references the cross-reference listing shows.
//!
//! HP's assembler accepts labels of one to five characters: letters, digits and `.`, not
//! starting with a digit. `A` and `B` are predefined as 0 and 1, the addresses at which the CPU
//! reaches the accumulators, so `ISZ A` and `STA B` mean what they do on the machine.

use crate::reloc::Rel;
use crate::source::Span;
use std::collections::{BTreeSet, HashMap};

/// Longest label HP's assembler accepts.
pub const MAX_LABEL: usize = 5;

/// How a symbol got its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SymbolKind {
    /// `A` and `B`.
    Predefined,
    /// A label: the location of its statement.
    Label,
    /// Defined by `EQU`.
    Equ,
    /// Named by `EXT`: defined by another program.
    External,
}

/// One symbol.
#[derive(Clone, Debug)]
pub(crate) struct Symbol {
    pub name: String,
    /// `None` when the defining statement's value could not be computed (already reported).
    pub value: Option<u16>,
    pub kind: SymbolKind,
    pub defined: Option<Span>,
    /// What its value is relative to (relocatable assembly).
    pub rel: Rel,
    /// Listing line numbers of the statements that use it.
    pub refs: BTreeSet<usize>,
}

#[derive(Debug)]
pub(crate) struct SymbolTable {
    index: HashMap<String, usize>,
    pub list: Vec<Symbol>,
}

/// Why a label is not a valid symbol name, if it is not.
pub(crate) fn bad_label(name: &str) -> Option<String> {
    let first = name.chars().next()?;
    if first.is_ascii_digit() {
        return Some(format!("label {name} starts with a digit"));
    }
    if let Some(c) = name.chars().find(|&c| !crate::expr::is_sym_char(c)) {
        return Some(format!(
            "label {name} has {c:?}; labels use printing characters but + - * , = ( )"
        ));
    }
    if name.len() > MAX_LABEL {
        return Some(format!(
            "label {name} is longer than {MAX_LABEL} characters"
        ));
    }
    None
}

impl SymbolTable {
    pub fn new() -> Self {
        let mut t = Self {
            index: HashMap::new(),
            list: Vec::new(),
        };
        for (n, v) in [("A", 0), ("B", 1)] {
            t.index.insert(n.into(), t.list.len());
            t.list.push(Symbol {
                name: n.into(),
                value: Some(v),
                kind: SymbolKind::Predefined,
                defined: None,
                rel: Rel::Absolute,
                refs: BTreeSet::new(),
            });
        }
        t
    }

    pub fn get(&self, name: &str) -> Option<&Symbol> {
        self.index.get(name).map(|&i| &self.list[i])
    }

    /// Make `A` or `B` an ordinary symbol of the program, which HP's assembler allows (its own
    /// source labels a constant `A`): the next definition replaces the predefined one.
    pub fn release_predefined(&mut self, name: &str) {
        if let Some(&i) = self.index.get(name) {
            if self.list[i].kind == SymbolKind::Predefined {
                self.index.remove(name);
            }
        }
    }

    /// Define a symbol; on a duplicate, the existing definition is returned untouched.
    pub fn define(
        &mut self,
        name: &str,
        value: Option<u16>,
        kind: SymbolKind,
        at: Span,
    ) -> Result<(), Symbol> {
        if let Some(&i) = self.index.get(name) {
            return Err(self.list[i].clone());
        }
        self.index.insert(name.into(), self.list.len());
        self.list.push(Symbol {
            name: name.into(),
            value,
            kind,
            defined: Some(at),
            rel: Rel::Absolute,
            refs: BTreeSet::new(),
        });
        Ok(())
    }

    pub fn get_mut(&mut self, name: &str) -> Option<&mut Symbol> {
        self.index.get(name).map(|&i| &mut self.list[i])
    }

    pub fn note_ref(&mut self, name: &str, listing_line: usize) {
        if let Some(&i) = self.index.get(name) {
            self.list[i].refs.insert(listing_line);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn label_rules() {
        assert_eq!(bad_label("LOOP"), None);
        assert_eq!(bad_label(".ENT"), None);
        assert_eq!(bad_label("A1.B2"), None);
        assert!(bad_label("1ST").is_some());
        assert!(bad_label("TOOLONG").is_some());
        assert!(bad_label("X-Y").is_some());
    }

    #[test]
    fn predefined_and_duplicates() {
        let mut t = SymbolTable::new();
        assert_eq!(t.get("B").and_then(|s| s.value), Some(1));
        let at = Span {
            line: 0,
            start: 0,
            end: 1,
        };
        assert!(t.define("X", Some(5), SymbolKind::Label, at).is_ok());
        let old = t.define("X", Some(6), SymbolKind::Label, at).unwrap_err();
        assert_eq!(old.value, Some(5));
        assert!(t.define("A", Some(6), SymbolKind::Equ, at).is_err());
    }
}
