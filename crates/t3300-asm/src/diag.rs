//! Diagnostics: the lexer's, parser's and passes' errors at a 1-based line and character
//! column, kept in the shared pipeline's errors (crate `asm-core`) as spans and printed by the
//! report the HP assembler uses too: `FILE:LINE:COL: message`, the source line, a caret under
//! the column, and notes in the same form.

use asm_core::{Line, Span};
use std::fmt;

/// One error at a 1-based line and column (columns count characters), with notes pointing at
/// other lines (line, column, text).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Diagnostic {
    pub line: usize,
    pub col: usize,
    pub message: String,
    pub notes: Vec<(usize, usize, String)>,
}

impl Diagnostic {
    pub fn new(line: usize, col: usize, message: impl Into<String>) -> Self {
        Self {
            line,
            col,
            message: message.into(),
            notes: Vec::new(),
        }
    }

    /// The same error with a note at `line`, `col`.
    pub fn note(mut self, line: usize, col: usize, text: impl Into<String>) -> Self {
        self.notes.push((line, col, text.into()));
        self
    }
}

/// `v (octal) is out of range for what (lo to hi)`.
pub(crate) fn range(line: usize, col: usize, v: i64, what: &str, lo: i64, hi: i64) -> Diagnostic {
    let show = |x: i64| match x {
        0 => "0".to_string(),
        x if x < 0 => format!("-0{:o}", -x),
        x => format!("0{x:o}"),
    };
    Diagnostic::new(
        line,
        col,
        format!(
            "{v} ({}) is out of range for {what} ({} to {})",
            show(v),
            show(lo),
            show(hi)
        ),
    )
}

/// The assembly failed; all its errors, in source order, with their source lines.
#[derive(Debug, thiserror::Error)]
#[error("{report}")]
pub struct AsmError {
    pub report: asm_core::Report,
}

/// The shared error of a diagnostic: its 1-based line and character column become a span of
/// the assembly's `lines` (a line past the end stays past it).
pub(crate) fn to_error(d: Diagnostic, lines: &[Line<'_>]) -> asm_core::Error {
    let span = |line: usize, col: usize| {
        let i = line.wrapping_sub(1);
        Span::at_column(i, lines.get(i).map_or("", |l| l.text), col)
    };
    asm_core::Error {
        span: span(d.line, d.col),
        message: d.message,
        notes: d
            .notes
            .into_iter()
            .map(|(l, c, t)| (span(l, c), t))
            .collect(),
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.col, self.message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use asm_core::Errors;

    #[test]
    fn caret_keeps_tabs() {
        let lines: Vec<Line> = asm_core::lines_of("p.asm", "x\n\tlda\t+q+\n", 1).collect();
        let mut errors = Errors::new();
        for d in [
            Diagnostic::new(2, 6, "undefined label +q+"),
            Diagnostic::new(1, 1, "a").note(2, 2, "b"),
        ] {
            errors.push(to_error(d, &lines));
        }
        assert_eq!(
            errors.report(&lines, "p.asm", str::to_string).to_string(),
            "p.asm:1:1: a\nx\n^\np.asm:2:2: note: b\n\tlda\t+q+\n\t^\n\
             p.asm:2:6: undefined label +q+\n\tlda\t+q+\n\t   \t^\n2 errors"
        );
    }
}
