//! Pass 2: evaluate the operands, encode the instructions through the opcode table
//! ([`crate::encode`]), fill the image and note each line's row of the listing. Assembling an
//! address twice is an error with a note at the first line (refinement A4); `bss.` words are
//! zero in the image (A3).

use crate::assemble::{Placed, T3300};
use crate::diag::{range, Diagnostic};
use crate::encode::encode;
use crate::parse::{column, label_name, Body, Directive, Expr, Stmt};
use crate::pass1::{MEMORY_END, MIN24};
use crate::symbols::{eval, Table};
use asm_core::Row;
use t3300_isa::Word;

/// Assemble one statement into the image and its row of the listing.
pub(crate) fn statement(
    m: &mut T3300<'_>,
    index: usize,
    stmt: &Placed<'_>,
    rows: &mut Vec<Row<Word>>,
) {
    let Some((st, here)) = stmt else { return };
    let line = index + 1;
    let op_col = st.op.map_or(1, |f| column(f, m.lines[index].text));
    let mut diags = Vec::new();
    let (mut row, words) = words_of(st, line, op_col, *here, &m.syms, &mut m.start, &mut diags);
    for (k, w) in words.iter().enumerate() {
        let a = here + k as i64;
        if a >= MEMORY_END {
            break;
        }
        let a = a as u16;
        if let Some(prev) = m.owner.insert(a, line) {
            diags.push(
                Diagnostic::new(
                    line,
                    1,
                    format!("address {a:05o} is already assembled by line {prev}"),
                )
                .note(prev, 1, format!("address {a:05o} is first assembled here")),
            );
        }
        m.image.words.insert(a, *w);
        m.first_word.get_or_insert(a);
    }
    if !matches!(
        st.body,
        Body::Directive(Directive::Bss(_) | Directive::Equ(_))
    ) {
        row.words = words;
    }
    rows.push(row);
    m.report(diags);
}

/// The words of one statement and its listing row (without the words; an `equ.` row shows
/// its value in the word column).
fn words_of(
    st: &Stmt<'_>,
    line: usize,
    op_col: usize,
    here: i64,
    syms: &Table,
    start: &mut Option<i64>,
    diags: &mut Vec<Diagnostic>,
) -> (Row<Word>, Vec<Word>) {
    let mut row = Row::new(line - 1, Some(here as u32));
    let mut words: Vec<Word> = Vec::new();
    let ev = |e: &Expr| eval(syms, e, here, line);
    match &st.body {
        Body::Empty if st.label.is_none() => row.loc = None,
        Body::Empty | Body::Bad { .. } => {}
        Body::Instr {
            info,
            indirect,
            addr,
            reg,
        } => match encode(
            info,
            *indirect,
            op_col,
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
        Body::Directive(d) => match d {
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
                row.words.extend(
                    st.label
                        .and_then(|l| syms.get(&label_name(l)))
                        .map(|s| Word::from_signed(s.value)),
                );
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
                row.loc = start.map(|s| s as u32);
            }
        },
    }
    (row, words)
}
