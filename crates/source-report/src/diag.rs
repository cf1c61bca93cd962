//! Diagnostics: where an error is and how it is printed.
//!
//! Every error names `FILE:LINE:COL`, repeats the source line and marks the faulty field with
//! carets; notes (such as where a duplicated symbol was first defined) follow in the same form.
//! A [`Report`] collects all errors of an assembly: an assembler does not stop at the first one.
//! It prints the first [`MAX_ERRORS`] of them and then stops, as compilers do, so that a file
//! that is not source at all gives a screenful instead of megabytes; the count at the end is of
//! all of them. Echoed lines are made visible and cut to a terminal's width ([`crate::echo`]).

use crate::echo::{excerpt, visible_within, MAX_COLUMNS};
use std::fmt;

/// Errors printed before a report stops ("too many errors; stopping").
pub const MAX_ERRORS: usize = 20;

/// A place in the source: file, 1-based line and column, the width of the marked text, and the
/// line itself (kept so that a report prints without the sources at hand).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    pub file: String,
    pub line: usize,
    pub col: usize,
    pub width: usize,
    pub text: String,
}

/// One error, with optional notes pointing elsewhere.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub place: Place,
    pub message: String,
    pub notes: Vec<(Place, String)>,
}

/// All errors of one assembly, in source order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    pub diagnostics: Vec<Diagnostic>,
}

impl Place {
    /// The place at 1-based `line` and `col` of `source` (the line's text is copied from it;
    /// a line past the end, as for a missing `END`, is empty).
    pub fn in_source(file: &str, source: &str, line: usize, col: usize, width: usize) -> Place {
        let text = source.lines().nth(line.wrapping_sub(1)).unwrap_or("");
        Place {
            file: file.to_string(),
            line,
            col,
            width,
            text: text.to_string(),
        }
    }
}

impl Report {
    pub fn is_empty(&self) -> bool {
        self.diagnostics.is_empty()
    }

    pub fn len(&self) -> usize {
        self.diagnostics.len()
    }
}

fn show(f: &mut fmt::Formatter<'_>, p: &Place, prefix: &str, msg: &str) -> fmt::Result {
    // A message can quote the source too (an unknown name): it is made visible as well, with
    // room for the longest message the assemblers write.
    let msg = visible_within(msg, 2 * MAX_COLUMNS);
    writeln!(f, "{}:{}:{}: {prefix}{msg}", p.file, p.line, p.col)?;
    let (line, caret) = excerpt(&p.text, p.col, p.width);
    writeln!(f, "{line}")?;
    writeln!(f, "{caret}")
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        show(f, &self.place, "", &self.message)?;
        for (p, m) in &self.notes {
            show(f, p, "note: ", m)?;
        }
        Ok(())
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in self.diagnostics.iter().take(MAX_ERRORS) {
            write!(f, "{d}")?;
        }
        let n = self.diagnostics.len();
        if n > MAX_ERRORS {
            writeln!(
                f,
                "too many errors; stopping ({} more not shown)",
                n - MAX_ERRORS
            )?;
        }
        write!(f, "{n} error{}", if n == 1 { "" } else { "s" })
    }
}

impl std::error::Error for Report {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caret_under_the_field() {
        let d = Diagnostic {
            place: Place {
                file: "t.asm".into(),
                line: 3,
                col: 11,
                width: 3,
                text: "      LDA FOO".into(),
            },
            message: "undefined symbol FOO".into(),
            notes: vec![],
        };
        assert_eq!(
            d.to_string(),
            "t.asm:3:11: undefined symbol FOO\n      LDA FOO\n          ^^^\n"
        );
    }

    #[test]
    fn notes_follow_and_tabs_are_kept() {
        let src = "x\n\tlda\t+q+\n";
        let report = Report {
            diagnostics: vec![Diagnostic {
                place: Place::in_source("p.asm", src, 2, 6, 1),
                message: "+q+ is defined twice".into(),
                notes: vec![(Place::in_source("p.asm", src, 1, 1, 1), "first here".into())],
            }],
        };
        assert_eq!(
            report.to_string(),
            "p.asm:2:6: +q+ is defined twice\n\tlda\t+q+\n\t   \t^\n\
             p.asm:1:1: note: first here\nx\n^\n1 error"
        );
        assert_eq!(Place::in_source("p.asm", src, 9, 1, 1).text, "");
    }

    #[test]
    fn stops_after_max_errors_and_counts_all() {
        let d = |line| Diagnostic {
            place: Place {
                file: "q.asm".into(),
                line,
                col: 1,
                width: 1,
                text: "\u{1b}[2J".into(),
            },
            message: format!("error {line} \u{1b}[2J"),
            notes: vec![],
        };
        let report = Report {
            diagnostics: (1..=MAX_ERRORS + 5).map(d).collect(),
        };
        let text = report.to_string();
        assert!(
            text.contains(&format!("error {MAX_ERRORS} ^[[2J\n^[[2J\n")),
            "{text}"
        );
        assert!(
            !text.contains(&format!("error {} ", MAX_ERRORS + 1)),
            "{text}"
        );
        assert!(!text.contains('\u{1b}'), "{text}");
        assert!(text.ends_with(&format!(
            "too many errors; stopping (5 more not shown)\n{} errors",
            MAX_ERRORS + 5
        )));
    }
}
