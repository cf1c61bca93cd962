//! The symbol table (the pipeline's, crate `asm-core`) and the evaluation of operand
//! expressions. Pass 1 defines the labels and evaluates only what it must know at once
//! (refinement A2); pass 2 evaluates everything. Names are kept in lower case (A8).

use crate::diag::Diagnostic;
use crate::parse::{Expr, Term};

/// What a symbol stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SymKind {
    /// A location (a label on a word, `bss.`, `org.` or `end.` line).
    Label,
    /// A value given by `equ.`.
    Equ,
}

/// A symbol of the finished assembly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbol {
    pub name: String,
    pub value: i64,
    pub kind: SymKind,
    /// The line that defines it (1-based).
    pub line: usize,
}

/// The symbols by name; a symbol's span is its line's start.
pub(crate) type Table = asm_core::SymbolTable<i64, SymKind>;

/// Define `name` at `line`, `col`; a second definition is an error with a note at the first.
pub(crate) fn define(
    t: &mut Table,
    name: &str,
    col: usize,
    value: i64,
    kind: SymKind,
    line: usize,
) -> Result<(), Diagnostic> {
    match t.define(name, value, kind, asm_core::Span::at(line - 1, 0)) {
        Ok(_) => Ok(()),
        Err(prev) => {
            let first = prev.defined.map_or(0, |s| s.line) + 1;
            Err(Diagnostic::new(
                line,
                col,
                format!("+{name}+ is already defined at line {first}"),
            )
            .note(first, 1, format!("+{name}+ is first defined here")))
        }
    }
}

/// All symbols, sorted by name.
pub(crate) fn sorted(t: &Table) -> Vec<Symbol> {
    t.sorted()
        .into_iter()
        .map(|s| Symbol {
            name: s.name.clone(),
            value: s.value,
            kind: s.kind,
            line: s.defined.map_or(0, |d| d.line + 1),
        })
        .collect()
}

/// Evaluate an expression in pass 1 (`what` is the directive): it must use only symbols
/// defined above.
pub(crate) fn early(
    t: &Table,
    e: &Expr,
    here: i64,
    line: usize,
    what: &str,
) -> Result<i64, Diagnostic> {
    for (_, term, col) in &e.terms {
        if let Term::Label(n) = term {
            if !t.contains(n) {
                return Err(Diagnostic::new(
                    line,
                    *col,
                    format!(
                        "{what} needs a value known here; +{n}+ is defined later or not at all"
                    ),
                ));
            }
        }
    }
    eval(t, e, here, line)
}

/// Evaluate an expression with all symbols defined.
pub(crate) fn eval(t: &Table, e: &Expr, here: i64, line: usize) -> Result<i64, Diagnostic> {
    let mut v = 0i64;
    for (neg, term, col) in &e.terms {
        let x = match term {
            Term::Num(n) => *n,
            Term::Here => here,
            Term::Label(n) => match t.get(n) {
                Some(s) => s.value,
                None => {
                    return Err(Diagnostic::new(
                        line,
                        *col,
                        format!("undefined label +{n}+"),
                    ))
                }
            },
        };
        v += if *neg { -x } else { x };
    }
    Ok(v)
}
