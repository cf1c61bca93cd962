//! The listing: `LLLLL WWWWWWWW  source` for every line (spec §4.7), further words of a line
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
use std::fmt::Write;
use t3300_isa::{Symbols, Word};

/// What pass 2 found on one line.
#[derive(Clone, Debug, Default)]
pub(crate) struct Row {
    pub line: usize,
    pub loc: Option<i64>,
    pub words: Vec<Word>,
    /// An `equ.` value, shown in the word column.
    pub value: Option<i64>,
}

pub(crate) const TITLE: &str =
    "T3300-R (TOSBAC-3300 reconstruction, not the historical instruction set)";
const SYMBOL_TABLE: &str = "SYMBOL TABLE";

pub(crate) fn write(file: &str, lines: &[&str], rows: &[Row], symbols: &[Symbol]) -> String {
    let mut s =
        format!("{TITLE}\nSMAP II-style assembly listing: {file}\n\nLOC   WORD      SOURCE\n");
    for r in rows {
        let text = lines.get(r.line - 1).copied().unwrap_or("");
        let loc = r.loc.map_or("     ".to_string(), |l| format!("{l:05o}"));
        let word = match (r.words.first(), r.value) {
            (Some(w), _) => w.to_string(),
            (None, Some(v)) => Word::from_signed(v).to_string(),
            (None, None) => "        ".to_string(),
        };
        let _ = writeln!(s, "{loc} {word}  {text}");
        for (k, w) in r.words.iter().enumerate().skip(1) {
            let _ = writeln!(s, "{:05o} {w}", r.loc.unwrap_or(0) + k as i64);
        }
    }
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
