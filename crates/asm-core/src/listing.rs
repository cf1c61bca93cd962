//! The listing's rows: what pass 2 found on each statement (its location and words), in the
//! order assembled, and the loop that writes them; the columns are the machine's ([`Lister`]).
//!
//! Notes:
//!
//! 1. A row shows its statement's source line, or a text of its own (a literal of the HP's
//!    pool, which has no line).
//! 2. A statement of several words shows its first word beside its source and each further
//!    word on a line of its own, at the next location.

use crate::source::Line;
use std::collections::BTreeSet;

/// One row of the listing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row<W> {
    /// The statement's index among the assembly's lines; none for a row of its own.
    pub line: Option<usize>,
    /// The location of its first word (none for a statement that places nothing, or whose
    /// word is a value, such as an `EQU`'s).
    pub loc: Option<u32>,
    pub words: Vec<W>,
    /// The text shown instead of the source line (note 1).
    pub text: Option<String>,
}

impl<W> Row<W> {
    /// The row of statement `line` at `loc`, its words to be filled in.
    pub fn new(line: usize, loc: Option<u32>) -> Self {
        Self {
            line: Some(line),
            loc,
            words: Vec::new(),
            text: None,
        }
    }
}

/// How a machine writes a row.
pub trait Lister<W> {
    /// The first line of a row: `text` is its source (or own) text; `flagged` when its
    /// statement has an error.
    fn first(&self, out: &mut String, row: &Row<W>, text: &str, flagged: bool);
    /// The line of the row's word `k` (1 or more), at location `loc + k` (note 2).
    fn more(&self, out: &mut String, row: &Row<W>, k: usize);
}

/// Write `rows` of an assembly of `lines`; `flagged` holds the lines with an error.
pub fn write_rows<W>(
    out: &mut String,
    lister: &impl Lister<W>,
    rows: &[Row<W>],
    lines: &[Line<'_>],
    flagged: &BTreeSet<usize>,
) {
    for r in rows {
        let text = match (&r.text, r.line) {
            (Some(t), _) => t.as_str(),
            (None, Some(l)) => lines.get(l).map_or("", |l| l.text),
            (None, None) => "",
        };
        let bad = r.line.is_some_and(|l| flagged.contains(&l));
        lister.first(out, r, text, bad);
        for k in 1..r.words.len() {
            lister.more(out, r, k);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::lines_of;

    struct Octal;
    impl Lister<u16> for Octal {
        fn first(&self, out: &mut String, row: &Row<u16>, text: &str, flagged: bool) {
            let w = row
                .words
                .first()
                .map_or("      ".into(), |w| format!("{w:06o}"));
            out.push_str(&format!("{}{w} {text}\n", if flagged { 'E' } else { ' ' }));
        }
        fn more(&self, out: &mut String, row: &Row<u16>, k: usize) {
            let loc = row.loc.unwrap_or(0) + k as u32;
            out.push_str(&format!(" {:06o} @{loc:o}\n", row.words[k]));
        }
    }

    #[test]
    fn rows_with_their_lines_and_further_words() {
        let lines: Vec<Line> = lines_of("f", "A DEC 1,2\nB NOP\n", 1).collect();
        let mut rows = vec![Row::new(0, Some(0o100)), Row::new(1, Some(0o102))];
        rows[0].words = vec![1, 2];
        rows.push(Row {
            line: None,
            loc: Some(0o103),
            words: vec![7],
            text: Some("=D7".into()),
        });
        let mut out = String::new();
        write_rows(&mut out, &Octal, &rows, &lines, &BTreeSet::from([1]));
        assert_eq!(
            out,
            " 000001 A DEC 1,2\n 000002 @101\nE       B NOP\n 000007 =D7\n"
        );
    }
}
