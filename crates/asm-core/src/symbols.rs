//! The symbol table of pass 1: names in the order defined, each with its value, its kind (what
//! the machine distinguishes: a label, an `EQU` value, an external), where it is defined, what
//! it is relative to (relocation) and the listing lines that use it (the cross-reference).
//!
//! Notes:
//!
//! 1. A second definition of a name does not replace the first: [`SymbolTable::define`] hands
//!    back the first, so that the error can point at it.
//! 2. Predefined names (the HP's `A` and `B`) have no defining span; a machine may
//!    [release](SymbolTable::release) one so that the program's own definition takes its place.
//! 3. Names are kept as written; a machine whose names are case-insensitive folds them first.

use crate::source::Span;
use std::collections::{BTreeSet, HashMap};

/// One symbol: `V` its value, `K` its kind, `R` what it is relative to (`()` for a machine
/// that only assembles absolute programs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbol<V, K, R = ()> {
    pub name: String,
    pub value: V,
    pub kind: K,
    /// Where it is defined (none for a predefined symbol).
    pub defined: Option<Span>,
    pub rel: R,
    /// Listing line numbers of the statements that use it.
    pub refs: BTreeSet<usize>,
}

/// The symbols of one assembly, by name and in the order defined.
#[derive(Clone, Debug)]
pub struct SymbolTable<V, K, R = ()> {
    index: HashMap<String, usize>,
    list: Vec<Symbol<V, K, R>>,
}

impl<V, K, R> Default for SymbolTable<V, K, R> {
    fn default() -> Self {
        Self {
            index: HashMap::new(),
            list: Vec::new(),
        }
    }
}

impl<V, K, R: Default> SymbolTable<V, K, R> {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn get(&self, name: &str) -> Option<&Symbol<V, K, R>> {
        self.index.get(name).map(|&i| &self.list[i])
    }

    pub fn get_mut(&mut self, name: &str) -> Option<&mut Symbol<V, K, R>> {
        self.index.get(name).map(|&i| &mut self.list[i])
    }

    pub fn contains(&self, name: &str) -> bool {
        self.index.contains_key(name)
    }

    /// A predefined symbol (note 2).
    pub fn predefine(&mut self, name: &str, value: V, kind: K) {
        self.insert(name, value, kind, None);
    }

    /// Define `name` at `at`; a name already defined is left as it is and its symbol handed
    /// back (note 1).
    pub fn define(
        &mut self,
        name: &str,
        value: V,
        kind: K,
        at: Span,
    ) -> Result<&mut Symbol<V, K, R>, &Symbol<V, K, R>> {
        if let Some(&i) = self.index.get(name) {
            return Err(&self.list[i]);
        }
        Ok(self.insert(name, value, kind, Some(at)))
    }

    fn insert(&mut self, name: &str, value: V, kind: K, at: Option<Span>) -> &mut Symbol<V, K, R> {
        self.index.insert(name.to_string(), self.list.len());
        self.list.push(Symbol {
            name: name.to_string(),
            value,
            kind,
            defined: at,
            rel: R::default(),
            refs: BTreeSet::new(),
        });
        self.list.last_mut().expect("just pushed")
    }

    /// Forget `name` if `predefined` says its symbol is a predefined one, so that the next
    /// definition is the program's own (note 2).
    pub fn release(&mut self, name: &str, predefined: impl Fn(&K) -> bool) {
        if let Some(&i) = self.index.get(name) {
            if self.list[i].defined.is_none() && predefined(&self.list[i].kind) {
                self.index.remove(name);
            }
        }
    }

    /// Note that listing line `line` uses `name`.
    pub fn note_ref(&mut self, name: &str, line: usize) {
        if let Some(&i) = self.index.get(name) {
            self.list[i].refs.insert(line);
        }
    }

    /// Every symbol ever defined (a released predefined one too), in the order defined.
    pub fn iter(&self) -> impl Iterator<Item = &Symbol<V, K, R>> {
        self.list.iter()
    }

    /// Every symbol, sorted by name.
    pub fn sorted(&self) -> Vec<&Symbol<V, K, R>> {
        let mut v: Vec<&Symbol<V, K, R>> = self.list.iter().collect();
        v.sort_by(|a, b| a.name.cmp(&b.name));
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_definition_stays() {
        let mut t: SymbolTable<i64, char> = SymbolTable::new();
        t.predefine("A", 0, 'p');
        let at = Span::at(3, 0);
        assert!(t.define("X", 5, 'l', at).is_ok());
        let old = t.define("X", 6, 'l', Span::at(4, 0)).unwrap_err();
        assert_eq!((old.value, old.defined), (5, Some(at)));
        assert!(t.define("A", 6, 'l', at).is_err());
        t.release("A", |k| *k == 'p');
        assert_eq!(t.define("A", 7, 'l', at).map(|s| s.value), Ok(7));
        t.note_ref("X", 12);
        t.note_ref("nothing", 12);
        assert_eq!(t.get("X").map(|s| s.refs.len()), Some(1));
        let names: Vec<&str> = t.sorted().iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, vec!["A", "A", "X"]);
        assert_eq!(t.iter().count(), 3);
    }
}
