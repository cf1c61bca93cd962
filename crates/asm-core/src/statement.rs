//! Fields and statements: the second stage of the pipeline ([`crate::pipeline`]), between a
//! source line and the passes.
//!
//! A [`Field`] is a piece of one line (a label, an operation, an operand or one of its
//! subfields) that knows where it stands, so an error about it points at it. A [`Statement`]
//! is the shape both machines give a line: its label field, its operation field, and a body
//! that is the machine's own (the opcode classified, the operand parsed).
//!
//! Notes:
//!
//! 1. Positions are bytes of the line; a [`Span`] is printed in characters.
//! 2. Subfields are split on commas; the blanks after a comma are not part of the next
//!    subfield (both machines' assemblers read `1, 2` as `1,2`).

use crate::source::Span;

/// A field of a line: its text and where it starts (note 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Field<'a> {
    pub text: &'a str,
    /// The line's index among the assembly's lines.
    pub line: usize,
    /// The byte at which the text starts in the line.
    pub start: usize,
}

/// A blank between fields.
pub fn is_blank(c: char) -> bool {
    c == ' ' || c == '\t'
}

impl<'a> Field<'a> {
    /// The whole of line `line`.
    pub fn line(line: usize, text: &'a str) -> Field<'a> {
        Field {
            text,
            line,
            start: 0,
        }
    }

    pub fn span(&self) -> Span {
        Span {
            line: self.line,
            start: self.start,
            end: self.start + self.text.len(),
        }
    }

    /// The empty span just after the field (where a missing operand would be).
    pub fn after(&self) -> Span {
        Span::at(self.line, self.start + self.text.len())
    }

    /// The part from byte `from` to byte `to` (both on character boundaries).
    pub fn sub(&self, from: usize, to: usize) -> Field<'a> {
        Field {
            text: &self.text[from..to],
            line: self.line,
            start: self.start + from,
        }
    }

    /// The part from character `from` to character `to` (0-based, `to` excluded); a
    /// character past the end is taken as the end.
    pub fn chars(&self, from: usize, to: usize) -> Field<'a> {
        let byte = |n: usize| {
            self.text
                .char_indices()
                .nth(n)
                .map_or(self.text.len(), |(i, _)| i)
        };
        let from = byte(from);
        self.sub(from, byte(to).max(from))
    }

    /// The field without its first `n` characters.
    pub fn skip_chars(&self, n: usize) -> Field<'a> {
        self.chars(n, usize::MAX)
    }

    /// The leading run of non-blank characters.
    pub fn first_word(&self) -> Field<'a> {
        let end = self.text.find(is_blank).unwrap_or(self.text.len());
        self.sub(0, end)
    }

    /// Split on commas into subfields (note 2).
    pub fn split_commas(&self) -> Vec<Field<'a>> {
        let mut out = Vec::new();
        let mut from = 0;
        for (i, c) in self.text.char_indices() {
            if c == ',' {
                out.push(self.sub(from, i));
                from = i + 1;
                while self.text[from..].starts_with(is_blank) {
                    from += 1;
                }
            }
        }
        out.push(self.sub(from.min(self.text.len()), self.text.len()));
        out
    }
}

/// A statement: the label and operation fields of its line, when it has them, and what the
/// machine made of the line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Statement<'a, B> {
    pub label: Option<Field<'a>>,
    pub op: Option<Field<'a>>,
    pub body: B,
}

impl<'a, B> Statement<'a, B> {
    /// A statement of neither label nor operation (a blank or comment line, say).
    pub fn bare(body: B) -> Self {
        Self {
            label: None,
            op: None,
            body,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subfields_and_their_places() {
        let f = Field::line(3, "LDA 12B,C  x").sub(4, 12).first_word();
        assert_eq!((f.text, f.start), ("12B,C", 4));
        let v = f.split_commas();
        assert_eq!(v.len(), 2);
        assert_eq!((v[1].text, v[1].start, v[1].line), ("C", 8, 3));
        let g = Field::line(0, "OCT 1,  2").sub(4, 9).split_commas();
        assert_eq!((g[1].text, g[1].start), ("2", 8));
        assert_eq!(Field::line(0, "=A漢X").skip_chars(2).text, "漢X");
        assert_eq!(Field::line(0, "+ab+").chars(1, 3).span().start, 1);
        assert_eq!(Field::line(0, "ab").chars(1, 9).text, "b");
        assert_eq!(Field::line(2, "ORG").after(), Span::at(2, 3));
        let s: Statement<()> = Statement::bare(());
        assert!(s.label.is_none() && s.op.is_none());
    }
}
