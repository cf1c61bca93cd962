//! Diagnostics: every error of an assembly, as `FILE:LINE:COL: message`, the source line and
//! a caret under the column.

use std::fmt;

/// One error at a 1-based line and column (columns count characters).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Diagnostic {
    pub line: usize,
    pub col: usize,
    pub message: String,
}

impl Diagnostic {
    pub fn new(line: usize, col: usize, message: impl Into<String>) -> Self {
        Self {
            line,
            col,
            message: message.into(),
        }
    }
}

/// The assembly failed; all its errors, rendered with their source lines.
#[derive(Debug, thiserror::Error)]
#[error("{rendered}")]
pub struct AsmError {
    pub diagnostics: Vec<Diagnostic>,
    rendered: String,
}

impl AsmError {
    pub(crate) fn new(file: &str, source: &str, mut diagnostics: Vec<Diagnostic>) -> Self {
        diagnostics.sort();
        diagnostics.dedup();
        let lines: Vec<&str> = source.lines().collect();
        let mut rendered = String::new();
        for d in &diagnostics {
            let text = lines.get(d.line.wrapping_sub(1)).copied().unwrap_or("");
            rendered.push_str(&render(file, text, d));
        }
        let n = diagnostics.len();
        rendered.push_str(&format!("{n} error{}", if n == 1 { "" } else { "s" }));
        Self {
            diagnostics,
            rendered,
        }
    }
}

/// `FILE:LINE:COL: message`, the line, and a caret that keeps the line's tabs so it lines up.
fn render(file: &str, text: &str, d: &Diagnostic) -> String {
    let pad: String = text
        .chars()
        .take(d.col.saturating_sub(1))
        .map(|c| if c == '\t' { '\t' } else { ' ' })
        .collect();
    format!(
        "{file}:{}:{}: {}\n{text}\n{pad}^\n",
        d.line, d.col, d.message
    )
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
