//! Source lines and spans: the first stage of the pipeline ([`crate::pipeline`]).
//!
//! An assembly reads one or more files as one sequence of [`Line`]s; a [`Span`] is a byte range
//! of one of them, by its index in that sequence, so that every later stage (statements,
//! symbols, listing rows, errors) can point back at the text without holding it. A span turns
//! into a printable [`Place`] (file, line, column in characters) only when the report is made.
//!
//! Notes:
//!
//! 1. A line's ending is `\n`, `\r\n`, or a `\r` at the end of the last line; the `\r` is not
//!    part of the line, so a file written on another system assembles and echoes the same.
//! 2. A span past the last line (a missing `END`) is placed on the line after the end of the
//!    last file, with an empty echo.

use crate::diag::Place;

/// One line of one file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line<'a> {
    pub file: &'a str,
    /// 1-based line number within the file.
    pub number: usize,
    pub text: &'a str,
}

/// The lines of `text`, from file `file` whose first line is numbered `first` (note 1).
pub fn lines_of<'a>(file: &'a str, text: &'a str, first: usize) -> impl Iterator<Item = Line<'a>> {
    text.lines().enumerate().map(move |(i, l)| Line {
        file,
        number: first + i,
        text: l.strip_suffix('\r').unwrap_or(l),
    })
}

/// A byte range within one line (`line` indexes the assembly's lines).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Span {
    pub line: usize,
    pub start: usize,
    pub end: usize,
}

impl Span {
    /// The empty span at byte `at` of line `line`.
    pub fn at(line: usize, at: usize) -> Span {
        Span {
            line,
            start: at,
            end: at,
        }
    }

    /// From the start of `self` to the end of `other` (on the same line).
    pub fn join(self, other: Span) -> Span {
        Span {
            end: other.end.max(self.start),
            ..self
        }
    }

    /// The span of the character at 1-based character column `col` of `text` (line `line`);
    /// a column past the end is the empty span just after it.
    pub fn at_column(line: usize, text: &str, col: usize) -> Span {
        match text.char_indices().nth(col.saturating_sub(1)) {
            Some((b, c)) => Span {
                line,
                start: b,
                end: b + c.len_utf8(),
            },
            None => {
                let past = col.saturating_sub(1) - text.chars().count();
                Span::at(line, text.len() + past)
            }
        }
    }

    /// The 1-based character column of the span's start in its line's `text`; a start beyond
    /// the text keeps its distance from the end.
    pub fn column(self, text: &str) -> usize {
        let start = self.start.min(text.len());
        text.get(..start).map_or(1, |s| s.chars().count() + 1) + (self.start - start)
    }

    /// The printable place of the span (note 2).
    pub fn place(self, lines: &[Line<'_>], last_file: &str) -> Place {
        match lines.get(self.line) {
            Some(l) => {
                let start = self.start.min(l.text.len());
                let end = self.end.clamp(start, l.text.len());
                Place {
                    file: l.file.to_string(),
                    line: l.number,
                    col: self.column(l.text),
                    width: l.text.get(start..end).map_or(1, |s| s.chars().count()),
                    text: l.text.to_string(),
                }
            }
            None => Place {
                file: last_file.to_string(),
                line: lines
                    .last()
                    .filter(|l| l.file == last_file)
                    .map_or(1, |l| l.number + 1),
                col: 1,
                width: 1,
                text: String::new(),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_lose_their_carriage_returns() {
        let v: Vec<Line> = lines_of("f", "A\r\nB\n\nC\r", 5).collect();
        let t: Vec<(&str, usize)> = v.iter().map(|l| (l.text, l.number)).collect();
        assert_eq!(t, vec![("A", 5), ("B", 6), ("", 7), ("C", 8)]);
    }

    #[test]
    fn places_count_characters() {
        let lines: Vec<Line> = lines_of("p.asm", "x\n漢字 LDA FOO\n", 1).collect();
        let p = Span {
            line: 1,
            start: 11,
            end: 14,
        }
        .place(&lines, "p.asm");
        assert_eq!((p.line, p.col, p.width), (2, 8, 3));
        assert_eq!(Span::at_column(1, lines[1].text, 8).start, 11);
        // Past the end of the line, and past the last line.
        let s = Span::at_column(0, "ab", 5);
        assert_eq!(s.place(&lines, "p.asm").col, 5);
        let p = Span::at(9, 0).place(&lines, "p.asm");
        assert_eq!((p.line, p.col, p.text.as_str()), (3, 1, ""));
    }
}
