//! Diagnostics: every error of an assembly, printed by the report the HP assembler uses too
//! (crate `asm-core`): `FILE:LINE:COL: message`, the source line, a caret under the column, and
//! notes in the same form.

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

impl AsmError {
    pub(crate) fn new(file: &str, source: &str, mut diagnostics: Vec<Diagnostic>) -> Self {
        diagnostics.sort();
        diagnostics.dedup();
        // Lines are indexed once: a file that is not source at all has an error on every line.
        let lines: Vec<&str> = source.lines().collect();
        let place = |line: usize, col| asm_core::Place {
            file: file.to_string(),
            line,
            col,
            width: 1,
            text: lines
                .get(line.wrapping_sub(1))
                .copied()
                .unwrap_or("")
                .to_string(),
        };
        let report = asm_core::Report {
            diagnostics: diagnostics
                .into_iter()
                .map(|d| asm_core::Diagnostic {
                    place: place(d.line, d.col),
                    message: d.message,
                    notes: d
                        .notes
                        .into_iter()
                        .map(|(l, c, t)| (place(l, c), t))
                        .collect(),
                })
                .collect(),
        };
        Self { report }
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

    #[test]
    fn caret_keeps_tabs() {
        let e = AsmError::new(
            "p.asm",
            "x\n\tlda\t+q+\n",
            vec![
                Diagnostic::new(2, 6, "undefined label +q+"),
                Diagnostic::new(1, 1, "a"),
            ],
        );
        assert_eq!(
            e.to_string(),
            "p.asm:1:1: a\nx\n^\np.asm:2:6: undefined label +q+\n\tlda\t+q+\n\t   \t^\n2 errors"
        );
    }
}
