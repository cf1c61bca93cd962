//! The listing: `LLLLL WWWWWWWW  source` for every line (spec §4.7; the rows are the shared
//! pipeline's, crate `asm-core`), further words of a line
//! on lines of their own, then the symbol table in octal. A debugger reads the symbol table
//! back with [`symbols`].
//!
//! ```text
//! T3300-R (TOSBAC-3300 reconstruction, not the historical instruction set)
//! SMAP II-style assembly listing: fit.asm
//!
//! LOC   WORD      SOURCE
//! 01000 16100060  +fit+   lxi   48,1
//!       00000017  +n+     equ.  15
//!
//! SYMBOL TABLE
//! +fit+      01000
//! +n+        00000017  equ.
//! ```

use crate::symbols::{SymKind, Symbol};
use asm_core::{Line, Lister, Row};
use std::collections::BTreeSet;
use std::fmt::Write;
use t3300_isa::{Symbols, Word};

pub(crate) const TITLE: &str =
    "T3300-R (TOSBAC-3300 reconstruction, not the historical instruction set)";
const SYMBOL_TABLE: &str = "SYMBOL TABLE";

/// The listing's columns: `LLLLL WWWWWWWW  source`.
struct Columns;

impl Lister<Word> for Columns {
    fn first(&self, s: &mut String, r: &Row<Word>, text: &str, _flagged: bool) {
        let loc = r.loc.map_or("     ".to_string(), |l| format!("{l:05o}"));
        let word = r
            .words
            .first()
            .map_or("        ".to_string(), |w| w.to_string());
        let _ = writeln!(s, "{loc} {word}  {text}");
    }

    fn more(&self, s: &mut String, r: &Row<Word>, k: usize) {
        let _ = writeln!(s, "{:05o} {}", r.loc.unwrap_or(0) as usize + k, r.words[k]);
    }
}

/// The listing of an assembly (of no errors) of `lines`.
pub(crate) fn write(
    file: &str,
    lines: &[Line<'_>],
    rows: &[Row<Word>],
    symbols: &[Symbol],
) -> String {
    let mut s =
        format!("{TITLE}\nSMAP II-style assembly listing: {file}\n\nLOC   WORD      SOURCE\n");
    asm_core::write_rows(&mut s, &Columns, rows, lines, &BTreeSet::new());
    let _ = write!(s, "\n{SYMBOL_TABLE}\n");
    for sym in symbols {
        let name = format!("+{}+", sym.name);
        match sym.kind {
            SymKind::Label => {
                let _ = writeln!(s, "{name:<10} {:05o}", sym.value);
            }
            SymKind::Equ => {
                let _ = writeln!(s, "{name:<10} {}  equ.", Word::from_signed(sym.value));
            }
        }
    }
    s
}

/// A listing whose symbol table cannot be read.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("listing line {line}: {message}")]
pub struct ListingError {
    pub line: usize,
    pub message: String,
}

/// The location labels of a listing's symbol table (`equ.` values are left out: they are
/// not addresses).
pub fn symbols(listing: &str) -> Result<Symbols, ListingError> {
    let mut lines = listing.lines().enumerate();
    if !lines.any(|(_, l)| l.trim() == SYMBOL_TABLE) {
        return Err(ListingError {
            line: 1,
            message: format!("no '{SYMBOL_TABLE}' in the listing"),
        });
    }
    let mut syms = Symbols::new();
    for (n, l) in lines {
        let err = |m: &str| ListingError {
            line: n + 1,
            message: m.to_string(),
        };
        let mut f = l.split_whitespace();
        let Some(name) = f.next() else { continue };
        let value = f.next().ok_or_else(|| err("symbol without a value"))?;
        let bare = name
            .strip_prefix('+')
            .and_then(|n| n.strip_suffix('+'))
            .filter(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_alphanumeric()))
            .ok_or_else(|| err("expected +name+"))?;
        let v = u32::from_str_radix(value, 8).map_err(|_| err("value is not octal"))?;
        match f.next() {
            Some("equ.") => continue,
            Some(_) => return Err(err("unexpected text after the value")),
            None if v > u32::from(t3300_isa::ADDR_MASK) => return Err(err("address above 77777")),
            None => syms.insert(v, bare),
        }
    }
    Ok(syms)
}
