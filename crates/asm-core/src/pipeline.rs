//! The assembler pipeline both machines share: source lines → statements (each machine cuts a
//! line into fields and parses its operand: a [`crate::Statement`] with the machine's body) →
//! pass 1 (addresses, sizes, symbols) → pass 2 (words and relocation, listing rows) → the
//! listing and the report of errors with spans.
//!
//! What differs between the machines — the statement's body, the opcode table, the operand
//! forms, the pseudo-ops, the output records — is a [`Machine`]: a parse function and one
//! function per pass, each called statement by statement in source order. The machine keeps
//! its symbols in a [`crate::SymbolTable`] and its errors in an [`Errors`]; the driver runs
//! the passes, collects the rows and makes the report; the machine's listing writes the rows
//! through [`crate::listing::write_rows`].
//!
//! Notes:
//!
//! 1. A line is parsed just before pass 1 sees it, so that a machine whose pass 1 stops at its
//!    end statement ([`Flow::Stop`]) neither parses nor reports what follows it.
//! 2. Pass 2 sees exactly the statements pass 1 saw, and no others.

use crate::diag::Report;
use crate::errors::Errors;
use crate::listing::Row;
use crate::source::Line;
use std::collections::BTreeSet;

/// Whether pass 1 goes on to the next line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Next,
    /// The end of the program: lines after this one are not read (note 1).
    Stop,
}

/// What one machine's assembler supplies to the pipeline.
pub trait Machine<'a> {
    /// One line's statement.
    type Stmt;
    /// A word of the listing.
    type Word;

    /// Lex and parse line `index` into a statement.
    fn statement(&mut self, index: usize, line: &Line<'a>) -> Self::Stmt;

    /// Pass 1 on statement `index`: its address and size, its label defined.
    fn pass1(&mut self, index: usize, stmt: &mut Self::Stmt) -> Flow;

    /// After pass 1's last statement, of a source of `lines` lines (a missing end, say).
    fn pass1_end(&mut self, _stmts: &[Self::Stmt], _lines: usize) {}

    /// Pass 2 on statement `index`: its words and relocation, its rows of the listing.
    fn pass2(&mut self, index: usize, stmt: &Self::Stmt, rows: &mut Vec<Row<Self::Word>>);

    /// After pass 2's last statement.
    fn pass2_end(&mut self, _stmts: &[Self::Stmt], _rows: &mut Vec<Row<Self::Word>>) {}

    /// The errors found so far.
    fn errors(&self) -> &Errors;

    /// A message as the report prints it.
    fn message(&self, message: &str) -> String {
        message.to_string()
    }
}

/// What the pipeline leaves: the listing's rows, the lines with errors and the report.
#[derive(Debug)]
pub struct Output<W> {
    pub rows: Vec<Row<W>>,
    pub error_lines: BTreeSet<usize>,
    pub report: Report,
}

/// Run `machine` over `lines`; `last_file` names the place of an error after the last line.
pub fn run<'a, M: Machine<'a>>(
    machine: &mut M,
    lines: &[Line<'a>],
    last_file: &str,
) -> Output<M::Word> {
    let mut stmts = Vec::with_capacity(lines.len());
    for (i, line) in lines.iter().enumerate() {
        let mut s = machine.statement(i, line);
        let flow = machine.pass1(i, &mut s);
        stmts.push(s);
        if flow == Flow::Stop {
            break;
        }
    }
    machine.pass1_end(&stmts, lines.len());
    let mut rows = Vec::with_capacity(stmts.len());
    for (i, s) in stmts.iter().enumerate() {
        machine.pass2(i, s, &mut rows);
    }
    machine.pass2_end(&stmts, &mut rows);
    let errors = machine.errors();
    Output {
        report: errors.report(lines, last_file, |m| machine.message(m)),
        error_lines: errors.lines(),
        rows,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::{lines_of, Span};
    use crate::symbols::SymbolTable;

    /// A machine of one-word statements `NAME: number` or `END`, whose words are the
    /// numbers plus the address of a named label.
    #[derive(Default)]
    struct Toy {
        loc: u32,
        syms: SymbolTable<u32, ()>,
        errors: Errors,
    }

    impl<'a> Machine<'a> for Toy {
        type Stmt = (Option<&'a str>, &'a str, u32);
        type Word = u32;

        fn statement(&mut self, _i: usize, line: &Line<'a>) -> Self::Stmt {
            match line.text.split_once(':') {
                Some((l, rest)) => (Some(l), rest.trim(), 0),
                None => (None, line.text.trim(), 0),
            }
        }

        fn pass1(&mut self, i: usize, s: &mut Self::Stmt) -> Flow {
            if s.1 == "END" {
                return Flow::Stop;
            }
            s.2 = self.loc;
            if let Some(l) = s.0 {
                if self.syms.define(l, self.loc, (), Span::at(i, 0)).is_err() {
                    self.errors.error(Span::at(i, 0), format!("{l} twice"));
                }
            }
            self.loc += 1;
            Flow::Next
        }

        fn pass1_end(&mut self, stmts: &[Self::Stmt], lines: usize) {
            if stmts.last().is_none_or(|s| s.1 != "END") {
                self.errors.error(Span::at(lines, 0), "no END");
            }
        }

        fn pass2(&mut self, i: usize, s: &Self::Stmt, rows: &mut Vec<Row<u32>>) {
            let mut row = Row::new(i, Some(s.2));
            if s.1 != "END" {
                let w = match (s.1.parse::<u32>(), self.syms.get(s.1)) {
                    (Ok(n), _) => n,
                    (_, Some(sym)) => sym.value,
                    _ => {
                        self.errors
                            .error(Span::at(i, 0), format!("what is {}", s.1));
                        0
                    }
                };
                row.words.push(w);
            }
            rows.push(row);
        }

        fn errors(&self) -> &Errors {
            &self.errors
        }
    }

    #[test]
    fn passes_in_order_and_stop_at_the_end() {
        let text = "A: 5\nB: A\nB: 7\nC\nEND\nnot read\n";
        let lines: Vec<Line> = lines_of("t", text, 1).collect();
        let mut m = Toy::default();
        let out = run(&mut m, &lines, "t");
        assert_eq!(out.rows.len(), 5);
        let words: Vec<Vec<u32>> = out.rows.iter().map(|r| r.words.clone()).collect();
        assert_eq!(words, vec![vec![5], vec![0], vec![7], vec![0], vec![]]);
        assert_eq!(out.error_lines, BTreeSet::from([2, 3]));
        assert_eq!(
            out.report.to_string(),
            "t:3:1: B twice\nB: 7\n^\nt:4:1: what is C\nC\n^\n2 errors"
        );
        let mut m = Toy::default();
        let out = run(&mut m, &lines[..2], "t");
        assert!(out.report.to_string().starts_with("t:3:1: no END\n\n^\n"));
    }
}
