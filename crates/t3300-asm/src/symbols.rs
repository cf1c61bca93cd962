//! The symbol table and the evaluation of operand expressions. Pass 1 defines the labels and
//! evaluates only what it must know at once (refinement A2); pass 2 evaluates everything.

use crate::diag::Diagnostic;
use crate::parse::{Expr, Term};
use std::collections::HashMap;

/// What a symbol stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SymKind {
    /// A location (a label on a word, `bss.`, `org.` or `end.` line).
    Label,
    /// A value given by `equ.`.
    Equ,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbol {
    pub name: String,
    pub value: i64,
    pub kind: SymKind,
    pub line: usize,
}

/// The symbols by name.
#[derive(Debug, Default)]
pub(crate) struct Table(HashMap<String, Symbol>);

impl Table {
    pub fn get(&self, name: &str) -> Option<&Symbol> {
        self.0.get(name)
    }

    /// Define `name` at `line`, `col`; a second definition is an error with a note at the first.
    pub fn define(
        &mut self,
        name: &str,
        col: usize,
        value: i64,
        kind: SymKind,
        line: usize,
    ) -> Result<(), Diagnostic> {
        if let Some(prev) = self.0.get(name) {
            return Err(Diagnostic::new(
                line,
                col,
                format!("+{name}+ is already defined at line {}", prev.line),
            )
            .note(prev.line, 1, format!("+{name}+ is first defined here")));
        }
        self.0.insert(
            name.to_string(),
            Symbol {
                name: name.to_string(),
                value,
                kind,
                line,
            },
        );
        Ok(())
    }

    /// All symbols, sorted by name.
    pub fn into_sorted(self) -> Vec<Symbol> {
        let mut symbols: Vec<Symbol> = self.0.into_values().collect();
        symbols.sort_by(|a, b| a.name.cmp(&b.name));
        symbols
    }

    /// Evaluate an expression in pass 1 (`what` is the directive): it must use only symbols
    /// defined above.
    pub fn early(&self, e: &Expr, here: i64, line: usize, what: &str) -> Result<i64, Diagnostic> {
        for (_, t, col) in &e.terms {
            if let Term::Label(n) = t {
                if !self.0.contains_key(n) {
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
        self.eval(e, here, line)
    }

    /// Evaluate an expression with all symbols defined.
    pub fn eval(&self, e: &Expr, here: i64, line: usize) -> Result<i64, Diagnostic> {
        let mut v = 0i64;
        for (neg, t, col) in &e.terms {
            let x = match t {
                Term::Num(n) => *n,
                Term::Here => here,
                Term::Label(n) => match self.0.get(n) {
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
}
