//! HP 2100 assembler: HP Assembler syntax in; absolute binary tape or HP's relocatable records,
//! and listing, out.
//!
//! What it models: HP's Extended Assembler (HPAP-X, 24031), whose own source
//! (`tools/extasmb.asm` in HP's software folder) is the reference for the language — the
//! control statement `ASMB,options` ([`control`]), conditional sections, the pseudo-ops, HP's
//! error codes (module `codes`) and the relocatable record format ([`reloc`]) — checked
//! against the tapes HP's assembler punched from HP's sources (`tests/hp_sources.rs`,
//! `docs/hp2100-software.md`); and the HP 2100 Assembler manual 02116-9014 and the RTE
//! Assembler Reference Manual (Appendix H: the absolute tape format), for the HP 2100A
//! instruction set of `docs/hp2100a.md` §1 including the EAU.
//! Instructions are encoded through the one opcode table in `hp2100-isa`, which the
//! disassembler and the emulator's tracer also use; tapes are written with
//! `hp2100_isa::tape` (§4.1).
//!
//! ```text
//! * comment                    label in column 1, then opcode, operand, comment
//! LOOP  LDA COUNT,I            memory reference, ,I = indirect
//!       CCE,SEZ,RSS            micro-op combinations in the opcode field
//!       STC 10B,C              I/O with select code and ,C (clear flag)
//!       MPY =D10               EAU, literals (=D =B =A =L) pooled per ORG block
//!       JMP *-2                * = location counter; expressions with + and -
//!       ORG EQU DEF BSS OCT DEC ASC ABS END HED SPC SKP
//!       ORR ORB REP DEX NAM ENT EXT IFN IFZ XIF SUP UNS LST UNL   (HP's, see below)
//! ```
//!
//! The assembly runs on the pipeline both assemblers share (crate `asm-core`): source lines
//! (module `source`) → statements (module `asm`: the fields of a line, the opcode classified
//! through module `ops`, control statement and conditional sections) → pass 1 (module
//! `pass1`: addresses, symbols, literal pools) → pass 2 (module `pass2`: words and relocation)
//! → listing (module `listing`) and report. Two passes suffice because every statement's size
//! is known in pass 1. Every error is reported, as `FILE:LINE:COL: message`, the source line
//! and a caret ([`Report`]); the messages carry HP's error codes (module `codes`).
//!
//! [`files`] runs the assembler and the disassembler on files, for the command line.
//!
//! Implementation notes:
//!
//! 1. A source without a control statement is an absolute program that sets its origin
//!    with `ORG` before its first word; `ASMB,R` makes a relocatable one (`NAM`, `ENT`,
//!    `EXT`, `ORB`; `COM` is not taken). A source of several control statements is several
//!    programs ([`assemble_segments`]).
//! 2. Without a control statement, literals are placed after the last statement of each
//!    `ORG` block (at the next `ORG` or at `END`); under one, after the program's last word,
//!    as HP's assembler places them. One word per distinct value; a reference that cannot
//!    reach its literal from its page is an error like any other out-of-page target.
//! 3. Numbers are decimal unless they end in `B` (octal); `OCT` operands are octal without
//!    the `B`. `DEC` takes integers and floating-point constants (module `constants`).
//! 4. Mnemonics and pseudo-ops may be written in either case; symbols are case-sensitive.
//! 5. Statements after `END` are not assembled and are reported, as is a missing `END`.
//! 6. The location counter does not wrap: the statement that would place a word past 77777
//!    is an error (once per assembly), as in the T3300-R assembler.

mod asm;
mod codes;
mod constants;
pub mod control;
mod diag;
mod expr;
pub mod files;
mod listing;
mod ops;
mod pass1;
mod pass2;
pub mod reloc;
mod source;
mod symbols;

pub use diag::{Diagnostic, Place, Report, MAX_ERRORS};
pub use listing::{listing_start, listing_symbols, ListedSymbol, ListingError};
pub use source::Source;
pub use symbols::{SymbolKind, MAX_LABEL};

use hp2100_isa::tape::{self, Record};

/// NUL frames of leader (and trailer) on the tapes this assembler writes: six inches of tape
/// at ten frames an inch.
pub const LEADER: usize = 60;

/// A symbol of the finished assembly, for the listing and for debuggers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SymbolInfo {
    pub name: String,
    /// `None` when its defining statement had an error.
    pub value: Option<u16>,
    pub kind: SymbolKind,
    /// Listing line that defines it.
    pub line: Option<usize>,
    /// Listing lines that use it.
    pub refs: Vec<usize>,
}

/// The result of an assembly: the words, the start address, the symbols, the listing and the
/// errors (an assembly with errors still has a listing, with the faulty lines flagged).
#[derive(Clone, Debug)]
pub struct Assembly {
    /// (address, word) in the order assembled.
    pub words: Vec<(u16, u16)>,
    /// The `END` statement's start address.
    pub start: Option<u16>,
    /// All symbols but the predefined `A` and `B`, by name.
    pub symbols: Vec<SymbolInfo>,
    pub report: Report,
    /// A relocatable assembly's program (`ASMB,R`): its records are the tape.
    pub program: Option<reloc::Program>,
    listing: String,
}

impl Assembly {
    /// True when there were no errors.
    pub fn is_ok(&self) -> bool {
        self.report.is_empty()
    }

    /// The words gathered into records of consecutive addresses.
    pub fn records(&self) -> Vec<Record> {
        tape::records_from_words(self.words.iter().copied())
    }

    /// The program's tape: an HP absolute binary tape (57-word records, leader and trailer),
    /// or a relocatable program's records ([`reloc`]).
    pub fn tape(&self) -> Vec<u8> {
        match &self.program {
            Some(p) => reloc::write(&p.records(), LEADER),
            None => tape::write(&self.records(), LEADER),
        }
    }

    /// The listing text.
    pub fn listing(&self) -> &str {
        &self.listing
    }

    /// The value of a symbol.
    pub fn symbol(&self, name: &str) -> Option<u16> {
        self.symbols
            .iter()
            .find(|s| s.name == name)
            .and_then(|s| s.value)
    }
}

/// Assemble sources as one program, in the order given.
pub fn assemble(sources: &[Source]) -> Assembly {
    let lines = source::lines(sources);
    let last = sources.last().map_or("", |s| s.name.as_str());
    let mut a = asm::Asm::new(&lines);
    let out = asm_core::run(&mut a, &lines, last);
    let program = (!a.control.absolute).then(|| reloc::Program {
        name: a.name.clone().unwrap_or_default(),
        program_length: a.program_length,
        base_length: a.base_length,
        common_length: 0,
        entries: std::mem::take(&mut a.entry_points),
        externals: a.externals.clone(),
        items: std::mem::take(&mut a.items),
        start: a.start,
    });
    let report = out.report;
    let mut symbols: Vec<SymbolInfo> = a
        .syms
        .iter()
        .filter(|s| s.kind != SymbolKind::Predefined)
        .map(|s| SymbolInfo {
            name: s.name.clone(),
            value: s.value,
            kind: s.kind,
            line: s.defined.map(|d| d.line + 1),
            refs: s.refs.iter().copied().collect(),
        })
        .collect();
    symbols.sort_by(|x, y| x.name.cmp(&y.name));
    let files: Vec<String> = sources.iter().map(|s| s.name.clone()).collect();
    let listing = listing::render(
        a.title.as_deref(),
        &lines,
        &files,
        &out.rows,
        &out.error_lines,
        a.start,
        &symbols,
        report.len(),
    );
    Assembly {
        words: a.words,
        start: a.start,
        symbols,
        report,
        program,
        listing,
    }
}

/// Assemble one source file that begins with HP's control statement (or one of this
/// assembler's own sources): the first program in it, up to its `END`.
pub fn assemble_program(source: &Source) -> Assembly {
    assemble(std::slice::from_ref(source))
}

/// Assemble every program of a source, segment by segment ([`Source::segments`]).
pub fn assemble_segments(source: &Source) -> Vec<Assembly> {
    source.segments().iter().map(assemble_program).collect()
}

/// Assemble one source text to (address, word) pairs, for programs built into other crates
/// and for tests.
///
/// # Errors
/// The [`Report`] of all errors.
pub fn assemble_words(name: &str, text: &str) -> Result<Vec<(u16, u16)>, Report> {
    let a = assemble(&[Source::new(name, text)]);
    if a.is_ok() {
        Ok(a.words)
    } else {
        Err(a.report)
    }
}
