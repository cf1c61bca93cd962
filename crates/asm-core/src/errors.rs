//! The errors of one assembly as the passes find them: a message at a [`Span`], with notes at
//! other spans; made into the printable [`Report`] at the end.
//!
//! Notes:
//!
//! 1. The report is in source order: by line, then column, then message, so that the order
//!    does not depend on which pass found an error first; an error found twice (the same
//!    place, message and notes) is reported once.
//! 2. A pass goes on after an error, so that one assembly reports all of them; a machine
//!    gives up a statement, never the assembly.

use crate::diag::{Diagnostic, Report};
use crate::source::{Line, Span};
use std::collections::BTreeSet;

/// One error found by a pass.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    pub span: Span,
    pub message: String,
    pub notes: Vec<(Span, String)>,
}

/// The errors found so far.
#[derive(Clone, Debug, Default)]
pub struct Errors {
    list: Vec<Error>,
}

impl Errors {
    pub fn new() -> Self {
        Self::default()
    }

    /// An error at `span`.
    pub fn error(&mut self, span: Span, message: impl Into<String>) {
        self.list.push(Error {
            span,
            message: message.into(),
            notes: Vec::new(),
        });
    }

    /// An error at `span` with a note at `at`.
    pub fn error_note(
        &mut self,
        span: Span,
        message: impl Into<String>,
        at: Span,
        note: impl Into<String>,
    ) {
        self.list.push(Error {
            span,
            message: message.into(),
            notes: vec![(at, note.into())],
        });
    }

    pub fn push(&mut self, e: Error) {
        self.list.push(e);
    }

    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// The lines (indices into the assembly's lines) that have an error.
    pub fn lines(&self) -> BTreeSet<usize> {
        self.list.iter().map(|e| e.span.line).collect()
    }

    /// The report, in source order (note 1); `message` gives each message its final form.
    pub fn report(
        &self,
        lines: &[Line<'_>],
        last_file: &str,
        message: impl Fn(&str) -> String,
    ) -> Report {
        let mut errs: Vec<&Error> = self.list.iter().collect();
        errs.sort_by(|a, b| {
            (a.span.line, a.span.start, &a.message, &a.notes).cmp(&(
                b.span.line,
                b.span.start,
                &b.message,
                &b.notes,
            ))
        });
        errs.dedup();
        Report {
            diagnostics: errs
                .into_iter()
                .map(|e| Diagnostic {
                    place: e.span.place(lines, last_file),
                    message: message(&e.message),
                    notes: e
                        .notes
                        .iter()
                        .map(|(s, m)| (s.place(lines, last_file), m.clone()))
                        .collect(),
                })
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::lines_of;

    #[test]
    fn source_order_once_each() {
        let lines: Vec<Line> = lines_of("p.asm", "x\n\tlda\t+q+\n", 1).collect();
        let mut e = Errors::new();
        e.error(Span::at_column(1, lines[1].text, 6), "undefined label +q+");
        e.error_note(Span::at(0, 0), "b", Span::at(1, 0), "there");
        e.error(Span::at(0, 0), "a");
        e.error(Span::at_column(1, lines[1].text, 6), "undefined label +q+");
        assert_eq!(e.lines().into_iter().collect::<Vec<_>>(), vec![0, 1]);
        let r = e.report(&lines, "p.asm", |m| m.to_uppercase());
        assert_eq!(
            r.to_string(),
            "p.asm:1:1: A\nx\n^\np.asm:1:1: B\nx\n^\np.asm:2:1: note: there\n\tlda\t+q+\n^\n\
             p.asm:2:6: UNDEFINED LABEL +Q+\n\tlda\t+q+\n\t   \t^\n3 errors"
        );
    }
}
