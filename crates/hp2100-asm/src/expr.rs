//! Operand expressions: terms joined by `+` and `-`.
//!
//! A term is a symbol, a decimal number, an octal number with a trailing `B` (`177B`), or `*`,
//! the location counter (the address of the statement's first word). A leading sign is allowed.
//! HP's assembler has no multiplication: `*` is only ever the location counter.

use crate::source::{Field, Span};

/// One term.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Term<'a> {
    Num(i64),
    Sym(&'a str),
    Here,
}

/// A signed term and where it is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Signed<'a> {
    pub neg: bool,
    pub term: Term<'a>,
    pub span: Span,
}

/// A parsed expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Expr<'a> {
    pub terms: Vec<Signed<'a>>,
}

/// A syntax error and where it is.
pub(crate) type SyntaxError = (String, Span);

/// A character of a symbol: HP's assembler takes any printing character but the operators,
/// the comma and the blank (`%ANH`, `$AN`, `"`, `..M1` are all symbols of HP's sources).
pub(crate) fn is_sym_char(c: char) -> bool {
    c.is_ascii_graphic() && !matches!(c, '+' | '-' | '*' | ',' | '=' | '(' | ')')
}

/// A number as HP writes it: decimal digits, or octal digits followed by `B`.
pub(crate) fn number(text: &str) -> Result<i64, String> {
    let (digits, radix) = match text.strip_suffix('B') {
        Some(d) => (d, 8),
        None => (text, 10),
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return Err(format!("{text} is not a number"));
    }
    if radix == 8 && digits.contains(['8', '9']) {
        return Err(format!("{text} has a digit that is not octal"));
    }
    match i64::from_str_radix(digits, radix) {
        Ok(v) if v <= 0o177777 => Ok(v),
        _ => Err(format!("{text} does not fit in 16 bits")),
    }
}

/// Parse a whole field as an expression.
pub(crate) fn parse(f: Field<'_>) -> Result<Expr<'_>, SyntaxError> {
    let text = f.text;
    let span = |from: usize, to: usize| Span {
        line: f.line,
        start: f.start + from,
        end: f.start + to,
    };
    if text.is_empty() {
        return Err(("missing operand".into(), span(0, 0)));
    }
    let mut terms = Vec::new();
    let mut pos = 0;
    let mut neg = false;
    loop {
        // A term, after an optional leading sign.
        let Some(c) = text[pos..].chars().next() else {
            return Err(("missing term after the sign".into(), span(pos, pos)));
        };
        if terms.is_empty() && pos == 0 && (c == '+' || c == '-') {
            neg = c == '-';
            pos += 1;
            continue;
        }
        let start = pos;
        let term = if c == '*' {
            pos += 1;
            Term::Here
        } else if is_sym_char(c) {
            let len = text[pos..]
                .find(|c: char| !is_sym_char(c))
                .unwrap_or(text.len() - pos);
            pos += len;
            let word = &text[start..pos];
            if c.is_ascii_digit() {
                Term::Num(number(word).map_err(|m| (m, span(start, pos)))?)
            } else {
                Term::Sym(word)
            }
        } else {
            return Err((
                format!("unexpected character {c:?} in an expression"),
                span(start, start + c.len_utf8()),
            ));
        };
        terms.push(Signed {
            neg,
            term,
            span: span(start, pos),
        });
        // An operator or the end.
        match text[pos..].chars().next() {
            None => break,
            Some(op @ ('+' | '-')) => {
                neg = op == '-';
                pos += 1;
            }
            Some('*') => {
                return Err((
                    "`*` is the location counter; expressions have only + and -".into(),
                    span(pos, pos + 1),
                ))
            }
            Some(c) => {
                return Err((
                    format!("expected + or - but found {c:?}"),
                    span(pos, pos + c.len_utf8()),
                ))
            }
        }
    }
    Ok(Expr { terms })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(t: &str) -> Field<'_> {
        Field {
            text: t,
            line: 0,
            start: 0,
        }
    }

    #[test]
    fn numbers() {
        assert_eq!(number("177B"), Ok(0o177));
        assert_eq!(number("10"), Ok(10));
        assert_eq!(number("177777B"), Ok(0o177777));
        assert!(number("8B").is_err());
        assert!(number("200000B").is_err());
        assert!(number("65536").is_err());
        assert!(number("1X").is_err());
    }

    #[test]
    fn terms() {
        let e = parse(f("-*+LOOP-10B")).unwrap();
        let t: Vec<_> = e.terms.iter().map(|s| (s.neg, s.term)).collect();
        assert_eq!(
            t,
            vec![
                (true, Term::Here),
                (false, Term::Sym("LOOP")),
                (true, Term::Num(8))
            ]
        );
        assert_eq!(e.terms[1].span.start, 3);
    }

    #[test]
    fn errors() {
        assert!(parse(f("")).is_err());
        assert!(parse(f("2*3")).is_err());
        assert!(parse(f("A+")).is_err());
        assert!(parse(f("--1")).is_err());
        assert!(parse(f("A)")).is_err());
        assert_eq!(parse(f("12Q")).unwrap_err().1.end, 3);
    }
}
