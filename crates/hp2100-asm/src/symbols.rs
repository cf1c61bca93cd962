//! The symbol table, with the definitions and references the cross-reference listing shows.
//!
//! HP's assembler accepts labels of one to five characters: letters, digits and `.`, not
//! starting with a digit. `A` and `B` are predefined as 0 and 1, the addresses at which the CPU
//! reaches the accumulators, so `ISZ A` and `STA B` mean what they do on the machine.

use crate::reloc::Rel;

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

/// The symbol table (the shared pipeline's, crate `asm-core`): each symbol's value (`None` when
/// the defining statement's value could not be computed, already reported), kind and what the
/// value is relative to (relocatable assembly).
pub(crate) type SymbolTable = asm_core::SymbolTable<Option<u16>, SymbolKind, Rel>;

/// A new table: `A` and `B` predefined.
pub(crate) fn table() -> SymbolTable {
    let mut t = SymbolTable::new();
    for (n, v) in [("A", 0), ("B", 1)] {
        t.predefine(n, Some(v), SymbolKind::Predefined);
    }
    t
}

/// Make `A` or `B` an ordinary symbol of the program, which HP's assembler allows (its own
/// source labels a constant `A`): the next definition replaces the predefined one.
pub(crate) fn release_predefined(t: &mut SymbolTable, name: &str) {
    t.release(name, |k| *k == SymbolKind::Predefined);
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
        let mut t = table();
        assert_eq!(t.get("B").and_then(|s| s.value), Some(1));
        let at = asm_core::Span {
            line: 0,
            start: 0,
            end: 1,
        };
        assert!(t.define("X", Some(5), SymbolKind::Label, at).is_ok());
        let old = t.define("X", Some(6), SymbolKind::Label, at).unwrap_err();
        assert_eq!(old.value, Some(5));
        assert!(t.define("A", Some(6), SymbolKind::Equ, at).is_err());
        release_predefined(&mut t, "A");
        assert!(t.define("A", Some(6), SymbolKind::Equ, at).is_ok());
    }
}
