//! The assembler's two passes, as the HP assembler has them: [`crate::pass1`] parses every
//! line once, assigns addresses and defines labels; [`crate::pass2`] evaluates operands,
//! encodes through the opcode table and fills the image; then the listing is written
//! ([`crate::listing`]). Both passes run to the end whatever they find, so one assembly
//! reports all its errors.

use crate::diag::AsmError;
use crate::symbols::{SymKind, Symbol};
use crate::{listing, pass1, pass2};
use t3300_isa::{Image, Symbols};

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
    let lines: Vec<&str> = source.lines().collect();
    let mut diags = Vec::new();
    let p1 = pass1::run(&lines, &mut diags);
    let mut p2 = pass2::run(&p1, &mut diags);
    if !diags.is_empty() {
        return Err(AsmError::new(file, source, diags));
    }
    p2.image.start = p2.start.map_or(p2.first_word.unwrap_or(0), |s| s as u16);
    let symbols = p1.syms.into_sorted();
    let listing = listing::write(file, &lines, &p2.rows, &symbols);
    Ok(Assembly {
        image: p2.image,
        listing,
        symbols,
    })
}
