//! The NHEX program: its sources, their assembly, and the tape and listing in `roms/`.
//!
//! The machine is always booted from `roms/nhex.abs`, the tape an operator would put in the
//! photoreader; the symbols come from its listing `roms/nhex.lst`. A test keeps both identical
//! to a fresh assembly of the sources, and the generated tables file identical to a fresh
//! `retro hex gen-tables`.

use hp2100_asm::{assemble, listing_symbols, Assembly, Source};
use machine_core::Symbols;
use std::sync::OnceLock;

/// The source files, in assembly order (`nhex-tables.asm` is written by `retro hex gen-tables`).
pub const SOURCES: &[(&str, &str)] = &[
    (
        "asm/hp2100/nhex-tape.asm",
        include_str!("../../../asm/hp2100/nhex-tape.asm"),
    ),
    (
        "asm/hp2100/nhex.asm",
        include_str!("../../../asm/hp2100/nhex.asm"),
    ),
    (
        "asm/hp2100/nhex-init.asm",
        include_str!("../../../asm/hp2100/nhex-init.asm"),
    ),
    (
        "asm/hp2100/nhex-eng.asm",
        include_str!("../../../asm/hp2100/nhex-eng.asm"),
    ),
    (
        "asm/hp2100/nhex-tables.asm",
        include_str!("../../../asm/hp2100/nhex-tables.asm"),
    ),
    (
        "asm/hp2100/nhex-data.asm",
        include_str!("../../../asm/hp2100/nhex-data.asm"),
    ),
];

/// The absolute binary tape `roms/nhex.abs`.
pub const TAPE: &[u8] = include_bytes!("../../../roms/nhex.abs");

/// Its listing `roms/nhex.lst`.
pub const LISTING: &str = include_str!("../../../roms/nhex.lst");

/// The committed tables file, as the program is assembled with it.
pub const TABLES: &str = include_str!("../../../asm/hp2100/nhex-tables.asm");

/// Where the repository's `roms/` and `asm/` are (for tests and for rewriting the ROM).
pub fn repo_root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Assemble the sources as one program.
pub fn assemble_sources() -> Assembly {
    let srcs: Vec<Source> = SOURCES.iter().map(|(n, t)| Source::new(*n, *t)).collect();
    assemble(&srcs)
}

/// The assembly of the sources, made once.
pub fn assembly() -> &'static Assembly {
    static A: OnceLock<Assembly> = OnceLock::new();
    A.get_or_init(assemble_sources)
}

/// The tables as `retro hex gen-tables` writes them now.
pub fn fresh_tables() -> String {
    nhex::asm::tables_source(nhex::table::Table::standard()).0
}

/// The symbols of `roms/nhex.lst`.
pub fn symbols() -> &'static Symbols {
    static S: OnceLock<Symbols> = OnceLock::new();
    S.get_or_init(|| {
        let mut s = Symbols::new();
        for sym in listing_symbols(LISTING).unwrap_or_default() {
            s.add(sym);
        }
        s
    })
}

/// Words of the program by region, for the documentation: (code, tables, base page data).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Size {
    /// Instructions and the messages, from 02000 to the pattern table.
    pub code: usize,
    /// The generated tables (pattern table and constants).
    pub tables: usize,
    /// Base-page words: entry jumps, constants, pointers and variables.
    pub base_page: usize,
    /// First and last address of the work areas (not on the tape).
    pub work: (u16, u16),
}

/// The size of the assembled program.
pub fn size(a: &Assembly) -> Size {
    let sym = |n: &str| a.symbol(n).unwrap_or(0);
    let (ptab, pos, plax) = (sym("NPAT"), sym("POS"), sym("PLAX"));
    let count = |lo: u16, hi: u16| a.words.iter().filter(|w| w.0 >= lo && w.0 < hi).count();
    Size {
        code: count(0o2000, ptab),
        tables: count(ptab, pos),
        base_page: count(0, 0o2000),
        work: (pos, plax.wrapping_sub(1)),
    }
}
