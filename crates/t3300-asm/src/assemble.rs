//! The T3300-R on the shared assembler pipeline (crate `asm-core`): [`crate::parse`] makes
//! each line a statement, [`crate::pass1`] assigns addresses and defines labels, and
//! [`crate::pass2`] evaluates operands, encodes through the opcode table and fills the image;
//! then the listing is written ([`crate::listing`]). Both passes run to the end whatever they
//! find, so one assembly reports all its errors; pass 1 stops at `end.` (refinement A5).

use crate::diag::{to_error, AsmError, Diagnostic};
use crate::parse::{statement, Stmt};
use crate::symbols::{sorted, SymKind, Symbol, Table};
use crate::{listing, pass1, pass2};
use asm_core::{Errors, Flow, Line, Machine, Row};
use std::collections::HashMap;
use t3300_isa::{Image, Symbols, Word};

/// A successful assembly.
#[derive(Clone, Debug)]
pub struct Assembly {
    pub image: Image,
    /// The listing text (octal, with the symbol table).
    pub listing: String,
    /// All symbols, sorted by name.
    pub symbols: Vec<Symbol>,
}

impl Assembly {
    /// The location labels, for disassembly with `+label+` names.
    pub fn labels(&self) -> Symbols {
        let mut s = Symbols::new();
        for sym in self.symbols.iter().filter(|s| s.kind == SymKind::Label) {
            s.insert(sym.value as u32, &sym.name);
        }
        s
    }

    /// The value of a symbol.
    pub fn symbol(&self, name: &str) -> Option<i64> {
        self.symbols
            .iter()
            .find(|s| s.name.eq_ignore_ascii_case(name))
            .map(|s| s.value)
    }
}

/// Assemble a source file read as bytes (`file` names it).
///
/// # Errors
/// Bytes that are not UTF-8 text, by line and column (`asm_core::decode`); then as
/// [`assemble`].
pub fn assemble_bytes(file: &str, bytes: &[u8]) -> Result<Assembly, AsmError> {
    let source = asm_core::decode(file, bytes).map_err(|report| AsmError { report })?;
    assemble(file, &source)
}

/// Assemble `source`; `file` names it in error messages and in the listing.
pub fn assemble(file: &str, source: &str) -> Result<Assembly, AsmError> {
    let lines: Vec<Line> = asm_core::lines_of(file, source, 1).collect();
    let mut m = T3300::new(&lines);
    let out = asm_core::run(&mut m, &lines, file);
    if !out.report.is_empty() {
        return Err(AsmError { report: out.report });
    }
    let mut image = m.image;
    image.start = m.start.map_or(m.first_word.unwrap_or(0), |s| s as u16);
    let symbols = sorted(&m.syms);
    let listing = listing::write(file, &lines, &out.rows, &symbols);
    Ok(Assembly {
        image,
        listing,
        symbols,
    })
}

/// A line's statement (none for a line whose fields could not be read) and its address.
pub(crate) type Placed<'a> = Option<(Stmt<'a>, i64)>;

/// The machine's part of the pipeline: the state of both passes.
pub(crate) struct T3300<'a> {
    pub lines: &'a [Line<'a>],
    pub syms: Table,
    errors: Errors,
    // Pass 1: the location counter, `end.` seen, the end of memory passed (reported once).
    pub loc: i64,
    pub ended: bool,
    pub overflowed: bool,
    // Pass 2: the image, the line that assembled each address, the start given by `end.`,
    // the first word assembled.
    pub image: Image,
    pub owner: HashMap<u16, usize>,
    pub start: Option<i64>,
    pub first_word: Option<u16>,
}

impl<'a> T3300<'a> {
    fn new(lines: &'a [Line<'a>]) -> Self {
        Self {
            lines,
            syms: Table::new(),
            errors: Errors::new(),
            loc: 0,
            ended: false,
            overflowed: false,
            image: Image::new(),
            owner: HashMap::new(),
            start: None,
            first_word: None,
        }
    }

    /// Keep errors found at a line and column.
    pub fn report(&mut self, diags: impl IntoIterator<Item = Diagnostic>) {
        for d in diags {
            self.errors.push(to_error(d, self.lines));
        }
    }
}

impl<'a> Machine<'a> for T3300<'a> {
    type Stmt = Placed<'a>;
    type Word = Word;

    fn statement(&mut self, index: usize, line: &Line<'a>) -> Placed<'a> {
        let (st, d) = statement(index + 1, line.text);
        self.report(d);
        st.map(|s| (s, 0))
    }

    fn pass1(&mut self, index: usize, stmt: &mut Placed<'a>) -> Flow {
        pass1::statement(self, index, stmt)
    }

    fn pass1_end(&mut self, _stmts: &[Placed<'a>], lines: usize) {
        if !self.ended {
            self.report([Diagnostic::new(
                lines + 1,
                1,
                "missing end. at the end of the program",
            )]);
        }
    }

    fn pass2(&mut self, index: usize, stmt: &Placed<'a>, rows: &mut Vec<Row<Word>>) {
        pass2::statement(self, index, stmt, rows);
    }

    fn errors(&self) -> &Errors {
        &self.errors
    }
}
