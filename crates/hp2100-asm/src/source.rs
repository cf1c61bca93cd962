//! Source files, lines, and the fields of a statement.
//!
//! HP's assembler reads fixed-order, free-width fields (HP 2100 Assembler, 02116-9014):
//!
//! ```text
//! LABEL OPCODE OPERAND COMMENT...      a label starts in column 1
//!       OPCODE OPERAND COMMENT...      column 1 blank: no label
//! * comment                             `*` in column 1
//! ```
//!
//! Fields are separated by blanks. Whether a statement has an operand field at all depends on
//! its opcode (`CLA` takes none, so anything after it is comment), so this module only splits
//! off the label and the opcode and keeps the rest; the passes take the operand from it.
//! Lines, spans and fields are the shared pipeline's (crate `asm-core`); HP's rules for
//! reading them (the field layout, a rubout deleting its line, the operand read past blanks
//! after a comma) are here.

use crate::diag::Report;

/// A source file: its name for messages and its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    pub name: String,
    pub text: String,
    /// The number of the text's first line in its file (1 unless it is a later segment).
    pub first_line: usize,
}

impl Source {
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Self {
        Self {
            name: name.into(),
            text: text.into(),
            first_line: 1,
        }
    }

    /// The programs of a source that holds several, each from its control statement
    /// (`ASMB,...` in column 1) to the next: HP's library sources are assembled so, segment
    /// by segment onto one tape. A source with one program or none is one segment.
    pub fn segments(&self) -> Vec<Source> {
        let mut out: Vec<Source> = Vec::new();
        let mut cur = String::new();
        let mut first = 1;
        for (k, l) in self.text.split_inclusive('\n').enumerate() {
            if k > 0 && crate::control::is_control(l.trim_end_matches(['\r', '\n'])) {
                out.push(Source {
                    name: self.name.clone(),
                    text: std::mem::take(&mut cur),
                    first_line: first,
                });
                first = k + 1;
            }
            cur.push_str(l);
        }
        out.push(Source {
            name: self.name.clone(),
            text: cur,
            first_line: first,
        });
        out
    }

    /// A source read as bytes.
    ///
    /// # Errors
    /// Every byte that is not UTF-8 text, named by file, line and column (`asm_core::decode`).
    pub fn from_bytes(name: impl Into<String>, bytes: &[u8]) -> Result<Self, Report> {
        let name = name.into();
        let text = asm_core::decode(&name, bytes)?;
        Ok(Self::new(name, text))
    }
}

/// One line of one file (the shared pipeline's, crate `asm-core`).
pub(crate) use asm_core::Line;
/// A byte range within one line (`line` indexes the assembly's lines).
pub(crate) use asm_core::Span;

/// All lines of all files, in assembly order.
pub(crate) fn lines(sources: &[Source]) -> Vec<Line<'_>> {
    sources
        .iter()
        .flat_map(|s| asm_core::lines_of(&s.name, &s.text, s.first_line))
        .collect()
}

/// A field of a line: its text and where it starts (the shared pipeline's, crate
/// `asm-core`).
pub(crate) use asm_core::{is_blank, Field};

/// The operand: the leading run of non-blank characters of `f`, continued past blanks that
/// follow a comma (HP's assembler reads `JMP TREAD, I` and `OCT 1,  2` whole).
pub(crate) fn operand_word(f: Field<'_>) -> Field<'_> {
    let b = f.text.as_bytes();
    let mut end = 0;
    while end < b.len() {
        if b[end] == b' ' || b[end] == b'\t' {
            if end > 0 && b[end - 1] == b',' {
                let k = f.text[end..]
                    .find(|c| !is_blank(c))
                    .map_or(b.len(), |k| end + k);
                if k == b.len() {
                    break;
                }
                end = k;
                continue;
            }
            break;
        }
        end += 1;
    }
    f.sub(0, end)
}

/// The label, opcode and remainder of a line.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Fields<'a> {
    pub label: Option<Field<'a>>,
    pub op: Option<Field<'a>>,
    /// Everything after the opcode and its separating blanks (operand and comment).
    pub rest: Option<Field<'a>>,
}

/// What a line holds before its opcode is known.
#[derive(Clone, Copy, Debug)]
pub(crate) enum LineKind<'a> {
    Blank,
    Comment,
    Statement(Fields<'a>),
}

/// Split a line into label, opcode and the rest.
pub(crate) fn split_line(index: usize, text: &str) -> LineKind<'_> {
    if text.trim_matches(is_blank).is_empty() {
        return LineKind::Blank;
    }
    if text.starts_with('*') {
        return LineKind::Comment;
    }
    // A rubout (DEL) deletes the line it is on, as HP's teleprinter and reader drivers do
    // when they read a source (siotty.asm: "A RUB-OUT CODE CAUSES THE CURRENT RECORD TO BE
    // DELETED").
    if text.contains('\u{7f}') {
        return LineKind::Blank;
    }
    let whole = Field::line(index, text);
    let mut pos = 0;
    let label = if text.starts_with(is_blank) {
        None
    } else {
        let l = whole.first_word();
        pos = l.text.len();
        Some(l)
    };
    let after =
        |pos: usize| -> Option<usize> { text[pos..].find(|c| !is_blank(c)).map(|k| pos + k) };
    let mut op = None;
    let mut rest = None;
    if let Some(s) = after(pos) {
        let o = whole.sub(s, text.len()).first_word();
        pos = s + o.text.len();
        op = Some(o);
        if let Some(r) = after(pos) {
            rest = Some(whole.sub(r, text.len()));
        }
    }
    LineKind::Statement(Fields { label, op, rest })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(t: &str) -> (Option<&str>, Option<&str>, Option<&str>) {
        match split_line(0, t) {
            LineKind::Statement(f) => (
                f.label.map(|x| x.text),
                f.op.map(|x| x.text),
                f.rest.map(|x| x.text),
            ),
            _ => panic!("not a statement: {t}"),
        }
    }

    #[test]
    fn splits_fields() {
        assert_eq!(
            fields("START LDA COUNT  load it"),
            (Some("START"), Some("LDA"), Some("COUNT  load it"))
        );
        assert_eq!(fields("      CLA,INA"), (None, Some("CLA,INA"), None));
        assert_eq!(fields("LOOP"), (Some("LOOP"), None, None));
        assert!(matches!(split_line(0, "* note"), LineKind::Comment));
        assert!(matches!(split_line(0, "   \t "), LineKind::Blank));
    }

    #[test]
    fn operand_continues_after_a_comma() {
        let f = Field::line(0, "TREAD, I  comment");
        assert_eq!(operand_word(f).text, "TREAD, I");
        assert_eq!(operand_word(Field::line(0, "1,  ")).text, "1,");
    }

    #[test]
    fn commas() {
        let f = Field {
            text: "12B,C",
            line: 0,
            start: 4,
        };
        let v = f.split_commas();
        assert_eq!(v.len(), 2);
        assert_eq!((v[1].text, v[1].start), ("C", 8));
    }
}
