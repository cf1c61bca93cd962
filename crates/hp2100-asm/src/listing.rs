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

use crate::source::Line;
use crate::symbols::SymbolKind;
use crate::SymbolInfo;
use asm_core::Lister;
use std::collections::BTreeSet;
use std::fmt::Write;

/// One listing row (the shared pipeline's, crate `asm-core`): the statement it shows (none
/// for a literal, which shows its own text), location, words.
pub(crate) type Row = asm_core::Row<u16>;

/// The listing's columns: line number, error flag, location, word, source.
struct Columns;

/// A listing line, without trailing blanks.
fn push_line(out: &mut String, s: &str) {
    out.push_str(s.trim_end());
    out.push('\n');
}

impl Lister<u16> for Columns {
    fn first(&self, out: &mut String, r: &Row, text: &str, flagged: bool) {
        let num = r.line.map_or(String::new(), |l| (l + 1).to_string());
        let flag = if flagged { 'E' } else { ' ' };
        push_line(
            out,
            &format!("{num:>5} {flag}{} {}  {text}", loc(r, 0), word(r, 0)),
        );
    }

    fn more(&self, out: &mut String, r: &Row, k: usize) {
        push_line(out, &format!("       {} {}", loc(r, k), word(r, k)));
    }
}

fn loc(r: &Row, k: usize) -> String {
    r.loc.map_or("     ".into(), |a| {
        format!("{:05o}", (a as usize + k) & 0o77777)
    })
}

fn word(r: &Row, k: usize) -> String {
    r.words
        .get(k)
        .map_or("      ".into(), |w| format!("{w:06o}"))
}

/// References shown per line of the symbol table.
const REFS_PER_LINE: usize = 12;

#[allow(clippy::too_many_arguments)]
pub(crate) fn render(
    title: Option<&str>,
    lines: &[Line<'_>],
    files: &[String],
    rows: &[Row],
    errors: &BTreeSet<usize>,
    start: Option<u16>,
    symbols: &[SymbolInfo],
    error_count: usize,
) -> String {
    let mut out = String::new();
    let line = |out: &mut String, s: String| push_line(out, &s);
    line(
        &mut out,
        title.unwrap_or("HP 2100 ASSEMBLER LISTING").to_string(),
    );
    line(&mut out, format!("SOURCE: {}", files.join(" ")));
    line(&mut out, String::new());
    line(&mut out, " LINE  LOC   WORD    SOURCE".into());
    asm_core::write_rows(&mut out, &Columns, rows, lines, errors);
    line(&mut out, String::new());
    if let Some(s) = start {
        line(&mut out, format!("START ADDRESS {s:05o}"));
    }
    line(
        &mut out,
        format!(
            "{error_count} ERROR{}",
            if error_count == 1 { "" } else { "S" }
        ),
    );
    line(&mut out, String::new());
    line(&mut out, "SYMBOL TABLE".into());
    line(&mut out, String::new());
    line(&mut out, "SYMBOL  VALUE   KIND   LINE  REFERENCES".into());
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
        line(
            &mut out,
            format!("{:<6}  {value}  {kind:<5} {def:>5} {}", s.name, refs(first)),
        );
        for c in chunks {
            line(&mut out, format!("{:30}{}", "", refs(c)));
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
