//! Parsing: a line's fields into a statement, and operand tokens into expressions.
//!
//! ```text
//! line      [+label+]  op[*]  [operand]  [; comment]      (* in column 1: comment line)
//! operand   [expr][,expr]                                  instructions: address, register
//!           expr{,expr}                                    oct. fix.
//!           'text'                                         txt.
//! expr      [+|-] term {(+|-) term}
//! term      number | +label+ | * | 'c'
//! ```
//!
//! `'c'` (one character in quotes) is the character's 8-bit code (refinement A7).

use crate::diag::Diagnostic;
use crate::lex::{fields, tokens, Radix, Tok};
use asm_core::{Field, Statement};
use t3300_isa::{lookup, OpInfo};

/// An expression term.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Term {
    Num(i64),
    Label(String),
    /// The address of the line's first word.
    Here,
}

/// Terms with their signs (true = subtract) and columns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expr {
    pub terms: Vec<(bool, Term, usize)>,
    pub col: usize,
}

/// The directives, spelled with their trailing period.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Directive {
    Oct(Vec<Expr>),
    Fix(Vec<Expr>),
    Txt(Vec<u8>),
    Bss(Expr),
    Org(Expr),
    Equ(Expr),
    End(Option<Expr>),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Body {
    /// Nothing but (perhaps) a label.
    Empty,
    Instr {
        info: &'static OpInfo,
        indirect: bool,
        addr: Option<Expr>,
        reg: Option<Expr>,
    },
    Directive(Directive),
    /// A line whose operand could not be parsed (the error is already reported); it still
    /// occupies `words` words so the following addresses stay right.
    Bad {
        words: usize,
    },
}

/// A line's statement (the shared pipeline's shape, crate `asm-core`): the label field
/// `+name+`, the operation field (the mnemonic, or the directive with its period) and the body.
pub type Stmt<'a> = Statement<'a, Body>;

/// The 1-based character column where a field of `text` starts.
pub fn column(f: Field<'_>, text: &str) -> usize {
    f.span().column(text)
}

/// The lower-case name of a label field `+name+` (refinement A8).
pub fn label_name(f: Field<'_>) -> String {
    f.text.trim_matches('+').to_ascii_lowercase()
}

/// Parse line `line` (1-based) of text `text`. On an error the statement is still returned
/// when its size is known (as [`Body::Bad`]) so the first pass can go on.
pub fn statement<'a>(line: usize, text: &'a str) -> (Option<Stmt<'a>>, Vec<Diagnostic>) {
    let f = match fields(line, text) {
        Ok(f) => f,
        Err(d) => return (None, vec![d]),
    };
    // The fields, from the lexer's character columns.
    let whole = Field::line(line - 1, text);
    let label = f
        .label
        .as_ref()
        .map(|(name, col)| whole.chars(col - 1, col + 1 + name.chars().count()));
    let with = |op: Option<Field<'a>>, body: Body| Statement { label, op, body };
    let Some((op, op_col)) = f.op.clone() else {
        return (Some(with(None, Body::Empty)), vec![]);
    };
    let op_field = Some(whole.chars(op_col - 1, op_col - 1 + op.len()));
    let with = |body: Body| with(op_field, body);
    let operand_col = f.operand.as_ref().map_or(op_col + op.len(), |o| o.1);
    let toks = match &f.operand {
        Some((chars, col)) => {
            let radix = if op == "oct." {
                Radix::Octal
            } else {
                Radix::Auto
            };
            match tokens(line, chars, *col, radix) {
                Ok(t) => t,
                Err(d) => {
                    let words = rough_size(&op, chars);
                    return (Some(with(Body::Bad { words })), vec![d]);
                }
            }
        }
        None => Vec::new(),
    };
    let body = if op.ends_with('.') {
        directive(line, &op, op_col, operand_col, &toks, f.indirect)
    } else {
        instruction(line, &op, op_col, operand_col, &toks, f.indirect)
    };
    match body {
        Ok(body) => (Some(with(body)), vec![]),
        Err((d, words)) => (Some(with(Body::Bad { words })), vec![d]),
    }
}

/// Words a line with an unlexable operand would take: one per comma item for data, one for an
/// instruction, none for an unknown directive.
fn rough_size(op: &str, chars: &[char]) -> usize {
    match op {
        "oct." | "fix." => chars.iter().filter(|&&c| c == ',').count() + 1,
        "txt." => chars.len().saturating_sub(2).div_ceil(3).max(1),
        _ if op.ends_with('.') => 0,
        _ => 1,
    }
}

type Fail = (Diagnostic, usize);

fn instruction(
    line: usize,
    op: &str,
    op_col: usize,
    operand_col: usize,
    toks: &[(Tok, usize)],
    indirect: bool,
) -> Result<Body, Fail> {
    let info = lookup(op).ok_or_else(|| {
        (
            Diagnostic::new(line, op_col, format!("unknown operation '{op}'")),
            1,
        )
    })?;
    let parts = split_commas(toks);
    let fail = |col: usize, m: String| (Diagnostic::new(line, col, m), 1);
    if parts.len() > 2 {
        let col = parts[2].first().map_or(operand_col, |t| t.1);
        return Err(fail(
            col,
            "an instruction operand is address[,register]".into(),
        ));
    }
    let addr = match parts.first() {
        Some(p) if !p.is_empty() => Some(expr(line, p).map_err(|d| (d, 1))?),
        Some(_) if parts.len() == 2 => None,
        Some(_) => return Err(fail(operand_col, "missing address before the comma".into())),
        None => None,
    };
    let reg = match parts.get(1) {
        Some([]) => {
            let col = toks.last().map_or(operand_col, |t| t.1 + 1);
            return Err(fail(col, "missing register after the comma".into()));
        }
        Some(p) => Some(expr(line, p).map_err(|d| (d, 1))?),
        None => None,
    };
    Ok(Body::Instr {
        info,
        indirect,
        addr,
        reg,
    })
}

fn directive(
    line: usize,
    op: &str,
    op_col: usize,
    operand_col: usize,
    toks: &[(Tok, usize)],
    indirect: bool,
) -> Result<Body, Fail> {
    let items = split_commas(toks);
    let words = match op {
        "oct." | "fix." => items.len(),
        _ => 0,
    };
    let fail = |col: usize, m: String| (Diagnostic::new(line, col, m), words);
    if indirect {
        return Err(fail(op_col, "a directive cannot be indirect".into()));
    }
    let list = || -> Result<Vec<Expr>, Fail> {
        if toks.is_empty() {
            return Err(fail(operand_col, format!("{op} needs at least one value")));
        }
        items
            .iter()
            .map(|it| {
                if it.is_empty() {
                    Err(fail(operand_col, "empty value between commas".into()))
                } else {
                    expr(line, it).map_err(|d| (d, words))
                }
            })
            .collect()
    };
    let single = || -> Result<Expr, Fail> {
        match items.len() {
            0 => Err(fail(operand_col, format!("{op} needs a value"))),
            1 => expr(line, items[0]).map_err(|d| (d, 0)),
            _ => Err(fail(
                items[1].first().map_or(operand_col, |t| t.1),
                format!("{op} takes one value"),
            )),
        }
    };
    let d = match op {
        "oct." => Directive::Oct(list()?),
        "fix." => Directive::Fix(list()?),
        "txt." => match toks {
            [(Tok::Str(s), _)] if !s.is_empty() => Directive::Txt(s.clone()),
            [(Tok::Str(_), c)] => return Err(fail(*c, "empty text".into())),
            _ => {
                return Err(fail(
                    operand_col,
                    "txt. takes one quoted text, e.g. txt. 'ABC'".into(),
                ))
            }
        },
        "bss." => Directive::Bss(single()?),
        "org." => Directive::Org(single()?),
        "equ." => Directive::Equ(single()?),
        "end." if toks.is_empty() => Directive::End(None),
        "end." => Directive::End(Some(single()?)),
        _ => {
            return Err((
                Diagnostic::new(line, op_col, format!("unknown directive '{op}'")),
                0,
            ))
        }
    };
    Ok(Body::Directive(d))
}

fn split_commas(toks: &[(Tok, usize)]) -> Vec<&[(Tok, usize)]> {
    if toks.is_empty() {
        return Vec::new();
    }
    toks.split(|t| t.0 == Tok::Comma).collect()
}

/// Parse tokens (no commas) as an expression.
fn expr(line: usize, toks: &[(Tok, usize)]) -> Result<Expr, Diagnostic> {
    let col = toks.first().map_or(1, |t| t.1);
    let mut terms = Vec::new();
    let mut i = 0;
    let mut neg = false;
    let mut expect_term = true;
    match toks.first() {
        Some((Tok::Minus, _)) => {
            neg = true;
            i = 1;
        }
        Some((Tok::Plus, _)) => i = 1,
        _ => {}
    }
    while i < toks.len() {
        let (t, c) = &toks[i];
        if expect_term {
            let term = match t {
                Tok::Num(v) => Term::Num(*v),
                Tok::Label(n) => Term::Label(n.clone()),
                Tok::Star => Term::Here,
                Tok::Str(s) if s.len() == 1 => Term::Num(s[0] as i64),
                Tok::Str(_) => {
                    return Err(Diagnostic::new(line, *c, "a quoted character in an expression holds one character ('A'); longer text goes in txt."))
                }
                _ => return Err(Diagnostic::new(line, *c, "expected a number, a +label+ or *")),
            };
            terms.push((neg, term, *c));
            expect_term = false;
        } else {
            match t {
                Tok::Plus => neg = false,
                Tok::Minus => neg = true,
                Tok::Label(n) => {
                    return Err(Diagnostic::new(
                        line,
                        *c,
                        format!("missing + or - before +{n}+ (a sum is written +a+++{n}+)"),
                    ))
                }
                _ => return Err(Diagnostic::new(line, *c, "expected + or - between terms")),
            }
            expect_term = true;
        }
        i += 1;
    }
    if expect_term {
        let c = toks.last().map_or(col, |t| t.1);
        return Err(Diagnostic::new(line, c, "expression ends without a term"));
    }
    Ok(Expr { terms, col })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(s: &str) -> Result<Body, Vec<Diagnostic>> {
        let (st, d) = statement(1, s);
        if d.is_empty() {
            Ok(st.map(|s| s.body).unwrap_or(Body::Empty))
        } else {
            Err(d)
        }
    }

    #[test]
    fn instruction_operands() {
        match body("  lda* +pl+-1,1").unwrap() {
            Body::Instr {
                info,
                indirect,
                addr,
                reg,
                ..
            } => {
                assert_eq!((info.mnemonic, indirect), ("lda", true));
                let a = addr.unwrap();
                assert_eq!(a.terms.len(), 2);
                assert_eq!(a.terms[1], (true, Term::Num(1), 13));
                assert_eq!(reg.unwrap().terms[0].1, Term::Num(1));
            }
            b => panic!("{b:?}"),
        }
        match body("  tax ,2").unwrap() {
            Body::Instr { addr, reg, .. } => assert!(addr.is_none() && reg.is_some()),
            b => panic!("{b:?}"),
        }
        assert!(body("  lda 1,").is_err());
        assert!(body("  lda ,").is_err());
        assert!(body("  lda 1,2,3").is_err());
        assert!(body("  lda 1 2").is_err());
        assert!(body("  lda *+a+").is_err());
        assert!(body("  lda +a+-").is_err());
        assert!(body("  foo 1").is_err());
    }

    #[test]
    fn directives() {
        assert!(
            matches!(body("+x+ oct.1,2,3").unwrap(), Body::Directive(Directive::Oct(v)) if v.len() == 3)
        );
        assert!(matches!(
            body("  end.").unwrap(),
            Body::Directive(Directive::End(None))
        ));
        assert!(
            matches!(body("  txt. 'HI'").unwrap(), Body::Directive(Directive::Txt(t)) if t == b"HI")
        );
        let (st, d) = statement(4, "  oct. 1,,3");
        assert_eq!(d.len(), 1);
        assert_eq!(st.unwrap().body, Body::Bad { words: 3 });
        let (st, d) = statement(4, "  fix. 1,08,3");
        assert_eq!(
            d[0],
            Diagnostic::new(4, 11, "digit 8 in the octal number 08")
        );
        assert_eq!(st.unwrap().body, Body::Bad { words: 3 });
        assert!(body("  org.").is_err());
        assert!(body("  org. 1,2").is_err());
        assert!(body("  txt. ''").is_err());
        assert!(body("  txt. 5").is_err());
        assert!(body("  dec. 5").is_err());
    }
}
