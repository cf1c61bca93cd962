//! The assembly listing, and reading the symbol table back from one.
//!
//! ```text
//!  LINE  LOC   WORD    SOURCE
//!     3  37700 002400  BBL   CLA
//!     9  37705 100200        MPY X        two-word instructions and data lists continue
//!        37706 000123                      on lines of their own
//!    12 E37707 060000        LDA FOO      E: the line has an error
//!        37720 000012  =D10               a literal pool entry
//!
//! SYMBOL TABLE
//!
//! SYMBOL  VALUE   KIND   LINE  REFERENCES
//! BBL     037700  LABEL     3  8 14
//! ```
//!
//! The symbol table lists every symbol with its value (six octal digits), kind (`LABEL` or
//! `EQU`), defining line and the lines that refer to it. [`listing_symbols`] reads it back, so
//! a debugger can name addresses from a listing file alone.

use crate::symbols::SymbolKind;
use crate::SymbolInfo;
use std::collections::BTreeSet;
use std::fmt::Write;

/// One listing line: the source line it shows (none for a literal), location, words, text.
#[derive(Clone, Debug)]
pub(crate) struct Row {
    pub line: Option<usize>,
    pub loc: Option<u16>,
    pub words: Vec<u16>,
    pub text: String,
}

/// References shown per line of the symbol table.
const REFS_PER_LINE: usize = 12;

pub(crate) fn render(
    title: Option<&str>,
    files: &[String],
    rows: &[Row],
    errors: &BTreeSet<usize>,
    start: Option<u16>,
    symbols: &[SymbolInfo],
    error_count: usize,
) -> String {
    let mut out = String::new();
    let mut line = |s: String| {
        out.push_str(s.trim_end());
        out.push('\n');
    };
    line(title.unwrap_or("HP 2100 ASSEMBLER LISTING").to_string());
    line(format!("SOURCE: {}", files.join(" ")));
    line(String::new());
    line(" LINE  LOC   WORD    SOURCE".into());
    for r in rows {
        let num = r.line.map_or(String::new(), |l| (l + 1).to_string());
        let flag = if r.line.is_some_and(|l| errors.contains(&l)) {
            'E'
        } else {
            ' '
        };
        let loc = |k: usize| {
            r.loc.map_or("     ".into(), |a| {
                format!("{:05o}", (a as usize + k) & 0o77777)
            })
        };
        let word = |k: usize| {
            r.words
                .get(k)
                .map_or("      ".into(), |w| format!("{w:06o}"))
        };
        line(format!("{num:>5} {flag}{} {}  {}", loc(0), word(0), r.text));
        for k in 1..r.words.len() {
            line(format!("       {} {}", loc(k), word(k)));
        }
    }
    line(String::new());
    if let Some(s) = start {
        line(format!("START ADDRESS {s:05o}"));
    }
    line(format!(
        "{error_count} ERROR{}",
        if error_count == 1 { "" } else { "S" }
    ));
    line(String::new());
    line("SYMBOL TABLE".into());
    line(String::new());
    line("SYMBOL  VALUE   KIND   LINE  REFERENCES".into());
    for s in symbols {
        let value = s.value.map_or("******".into(), |v| format!("{v:06o}"));
        let kind = match s.kind {
            SymbolKind::Label => "LABEL",
            SymbolKind::Equ => "EQU",
            SymbolKind::Predefined => "PRE",
            SymbolKind::External => "EXT",
        };
        let def = s.line.map_or(String::new(), |l| l.to_string());
        let mut chunks = s.refs.chunks(REFS_PER_LINE);
        let first = chunks.next().unwrap_or(&[]);
        let refs = |c: &[usize]| {
            c.iter().fold(String::new(), |mut a, r| {
                let _ = write!(a, " {r}");
                a
            })
        };
        line(format!(
            "{:<6}  {value}  {kind:<5} {def:>5} {}",
            s.name,
            refs(first)
        ));
        for c in chunks {
            line(format!("{:30}{}", "", refs(c)));
        }
    }
    out
}

/// The start address a listing records (from the program's `END` statement).
pub fn listing_start(text: &str) -> Option<u16> {
    text.lines()
        .find_map(|l| l.strip_prefix("START ADDRESS "))
        .and_then(|v| u16::from_str_radix(v.trim(), 8).ok())
}

/// A symbol read back from a listing: the debugger's own symbol type (`label` is true for a
/// label, an address in the program, and false for an `EQU` value).
pub use machine_core::Symbol as ListedSymbol;

/// Why a listing's symbol table could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ListingError {
    #[error("no SYMBOL TABLE section")]
    NoTable,
    #[error("symbol table line {0}: {1:?} is not NAME VALUE KIND")]
    BadLine(usize, String),
}

/// Read the symbol table of a listing written by this assembler. Symbols whose value could not
/// be computed (`******`) are left out.
///
/// # Errors
/// [`ListingError`] when the section is missing or a line does not parse.
pub fn listing_symbols(text: &str) -> Result<Vec<ListedSymbol>, ListingError> {
    let mut lines = text.lines().enumerate();
    lines
        .by_ref()
        .find(|(_, l)| l.trim_end() == "SYMBOL TABLE")
        .ok_or(ListingError::NoTable)?;
    let mut out = Vec::new();
    for (n, l) in lines {
        if l.trim().is_empty() || l.starts_with(' ') || l.starts_with("SYMBOL ") {
            continue;
        }
        let mut t = l.split_whitespace();
        let (name, value, kind) = (t.next(), t.next(), t.next());
        let bad = || ListingError::BadLine(n + 1, l.to_string());
        let (Some(name), Some(value), Some(kind)) = (name, value, kind) else {
            return Err(bad());
        };
        if value == "******" {
            continue;
        }
        let value = u16::from_str_radix(value, 8).map_err(|_| bad())?;
        let label = match kind {
            "LABEL" => true,
            "EQU" | "PRE" | "EXT" => false,
            _ => return Err(bad()),
        };
        out.push(ListedSymbol {
            name: name.to_string(),
            value: u32::from(value),
            label,
        });
    }
    Ok(out)
}
