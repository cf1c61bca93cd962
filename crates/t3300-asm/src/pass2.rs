//! Pass 2: evaluate the operands, encode the instructions through the opcode table
//! ([`crate::encode`]), fill the image and note each line's row of the listing. Assembling an
//! address twice is an error with a note at the first line (refinement A4); `bss.` words are
//! zero in the image (A3).

use crate::diag::{range, Diagnostic};
use crate::encode::encode;
use crate::listing::Row;
use crate::parse::{Body, Directive, Expr, Stmt};
use crate::pass1::{Pass1, MEMORY_END, MIN24};
use crate::symbols::Table;
use std::collections::HashMap;
use t3300_isa::{Image, Word};

/// The image (its start not yet chosen), the listing's rows and the start given by `end.`.
pub(crate) struct Pass2 {
    pub image: Image,
    pub rows: Vec<Row>,
    pub start: Option<i64>,
    pub first_word: Option<u16>,
}

pub(crate) fn run(p1: &Pass1, diags: &mut Vec<Diagnostic>) -> Pass2 {
    let mut p = Pass2 {
        image: Image::new(),
        rows: Vec::new(),
        start: None,
        first_word: None,
    };
    let mut owner: HashMap<u16, usize> = HashMap::new();
    for (st, here) in &p1.stmts {
        let line = st.line;
        let (mut row, words) = statement(st, *here, &p1.syms, &mut p.start, diags);
        for (k, w) in words.iter().enumerate() {
            let a = here + k as i64;
            if a >= MEMORY_END {
                break;
            }
            let a = a as u16;
            if let Some(prev) = owner.insert(a, line) {
                diags.push(
                    Diagnostic::new(
                        line,
                        1,
                        format!("address {a:05o} is already assembled by line {prev}"),
                    )
                    .note(
                        prev,
                        1,
                        format!("address {a:05o} is first assembled here"),
                    ),
                );
            }
            p.image.words.insert(a, *w);
            p.first_word.get_or_insert(a);
        }
        if !matches!(st.body, Body::Directive(Directive::Bss(_), _)) {
            row.words = words;
        }
        p.rows.push(row);
    }
    p
}

/// The words of one statement and its listing row (without the words).
fn statement(
    st: &Stmt,
    here: i64,
    syms: &Table,
    start: &mut Option<i64>,
    diags: &mut Vec<Diagnostic>,
) -> (Row, Vec<Word>) {
    let line = st.line;
    let mut row = Row {
        line,
        loc: Some(here),
        words: Vec::new(),
        value: None,
    };
    let mut words: Vec<Word> = Vec::new();
    let ev = |e: &Expr| syms.eval(e, here, line);
    match &st.body {
        Body::Empty if st.label.is_none() => row.loc = None,
        Body::Empty | Body::Bad { .. } => {}
        Body::Instr {
            info,
            indirect,
            op_col,
            addr,
            reg,
        } => match encode(
            info,
            *indirect,
            *op_col,
            addr.as_ref(),
            reg.as_ref(),
            &ev,
            line,
        ) {
            Ok(w) => words.push(w),
            Err(mut d) => {
                diags.append(&mut d);
                words.push(Word::ZERO);
            }
        },
        Body::Directive(d, _) => match d {
            Directive::Oct(v) | Directive::Fix(v) => {
                let (lo, hi, what) = match d {
                    Directive::Oct(_) => (MIN24, i64::from(t3300_isa::WORD_MASK), "an oct. value"),
                    _ => (MIN24, (1 << 23) - 1, "a fix. value"),
                };
                for e in v {
                    words.push(match ev(e) {
                        Ok(x) if (lo..=hi).contains(&x) => Word::from_signed(x),
                        Ok(x) => {
                            diags.push(range(line, e.col, x, what, lo, hi));
                            Word::ZERO
                        }
                        Err(d) => {
                            diags.push(d);
                            Word::ZERO
                        }
                    });
                }
            }
            Directive::Txt(t) => {
                for chunk in t.chunks(3) {
                    let mut c = [b' '; 3];
                    c[..chunk.len()].copy_from_slice(chunk);
                    words.push(Word::new(u32::from_be_bytes([0, c[0], c[1], c[2]])));
                }
            }
            Directive::Bss(e) => {
                // The reserved words are zero in the image, so a reload clears them.
                if let Ok(n) = ev(e) {
                    words.extend(std::iter::repeat_n(
                        Word::ZERO,
                        n.clamp(0, MEMORY_END) as usize,
                    ));
                }
            }
            Directive::Org(_) => {}
            Directive::Equ(_) => {
                row.loc = None;
                row.value = st
                    .label
                    .as_ref()
                    .and_then(|(n, _)| syms.get(n))
                    .map(|s| s.value);
            }
            Directive::End(e) => {
                if let Some(e) = e {
                    match ev(e) {
                        Ok(v) if (0..MEMORY_END).contains(&v) => *start = Some(v),
                        Ok(v) => {
                            diags.push(range(line, e.col, v, "a start address", 0, MEMORY_END - 1))
                        }
                        Err(d) => diags.push(d),
                    }
                }
                row.loc = *start;
            }
        },
    }
    (row, words)
}
