//! Diagnostics: where an error is and how it is printed.
//!
//! Every error names `FILE:LINE:COL`, repeats the source line and marks the faulty field with
//! carets; notes (such as where a duplicated symbol was first defined) follow in the same form.
//! A [`Report`] collects all errors of an assembly: an assembler does not stop at the first one.

use std::fmt;

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

fn excerpt(f: &mut fmt::Formatter<'_>, p: &Place, prefix: &str, msg: &str) -> fmt::Result {
    writeln!(f, "{}:{}:{}: {prefix}{msg}", p.file, p.line, p.col)?;
    writeln!(f, "{}", p.text)?;
    // Keep tabs so that the caret lines up under the marked text on any terminal.
    let lead: String = p
        .text
        .chars()
        .take(p.col.saturating_sub(1))
        .map(|c| if c == '\t' { '\t' } else { ' ' })
        .collect();
    writeln!(f, "{lead}{}", "^".repeat(p.width.max(1)))
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        excerpt(f, &self.place, "", &self.message)?;
        for (p, m) in &self.notes {
            excerpt(f, p, "note: ", m)?;
        }
        Ok(())
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in &self.diagnostics {
            write!(f, "{d}")?;
        }
        let n = self.diagnostics.len();
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
}
