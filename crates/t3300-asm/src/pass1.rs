//! Pass 1: assign addresses and define labels, statement by statement as the pipeline parses
//! them (crate `asm-core`). `org.`, `bss.` and
//! `equ.` are evaluated here, so their values must be known at their line (refinement A2).
//! The pass reads to `end.` (A5) whatever it finds, so one assembly reports all its errors.

use crate::assemble::{Placed, T3300};
use crate::diag::{range, Diagnostic};
use crate::parse::{column, label_name, Body, Directive, Stmt};
use crate::symbols::{define, early, SymKind, Table};
use asm_core::Flow;
use t3300_isa::WORD_MASK;

/// Highest address + 1.
pub(crate) const MEMORY_END: i64 = t3300_isa::ADDR_MASK as i64 + 1;
/// The lowest 24-bit signed value.
pub(crate) const MIN24: i64 = -(1 << 23);

/// Place one statement: its address (after an `org.` on it), its label defined, the location
/// counter moved past its words; [`Flow::Stop`] after `end.`.
pub(crate) fn statement(m: &mut T3300<'_>, index: usize, stmt: &mut Placed<'_>) -> Flow {
    let Some((st, at)) = stmt else {
        return Flow::Next;
    };
    let (line, text) = (index + 1, m.lines[index].text);
    let mut diags = Vec::new();
    let op_col = st.op.map_or(1, |f| column(f, text));
    let (size, label_value) = place(st, line, op_col, &mut m.loc, &m.syms, &mut diags);
    let ended = matches!(st.body, Body::Directive(Directive::End(_)));
    if let (Some(l), Some((value, kind))) = (st.label, label_value) {
        let col = column(l, text);
        if let Err(d) = define(&mut m.syms, &label_name(l), col, value, kind, line) {
            diags.push(d);
        }
    }
    *at = m.loc;
    m.loc += size;
    if m.loc > MEMORY_END && !m.overflowed {
        m.overflowed = true;
        diags.push(Diagnostic::new(
            line,
            1,
            "the program runs past address 077777",
        ));
    }
    m.report(diags);
    if ended {
        m.ended = true;
        Flow::Stop
    } else {
        Flow::Next
    }
}

/// The words a statement takes and the value of its label; `org.` moves `loc`.
fn place(
    st: &Stmt<'_>,
    line: usize,
    op_col: usize,
    loc: &mut i64,
    syms: &Table,
    diags: &mut Vec<Diagnostic>,
) -> (i64, Option<(i64, SymKind)>) {
    let here = *loc;
    let mut label_value = Some((here, SymKind::Label));
    let mut size = 0i64;
    match &st.body {
        Body::Empty => {}
        Body::Instr { .. } => size = 1,
        Body::Bad { words } => size = *words as i64,
        Body::Directive(d) => match d {
            Directive::Oct(v) | Directive::Fix(v) => size = v.len() as i64,
            Directive::Txt(t) => size = t.len().div_ceil(3) as i64,
            Directive::Bss(e) => match early(syms, e, here, line, "bss.") {
                Ok(v) if (0..=MEMORY_END).contains(&v) => size = v,
                Ok(v) => diags.push(Diagnostic::new(
                    line,
                    e.col,
                    format!("bss. count {v} is out of range"),
                )),
                Err(d) => diags.push(d),
            },
            Directive::Org(e) => match early(syms, e, here, line, "org.") {
                Ok(v) if (0..MEMORY_END).contains(&v) => {
                    *loc = v;
                    label_value = Some((v, SymKind::Label));
                }
                Ok(v) => diags.push(range(line, e.col, v, "an address", 0, MEMORY_END - 1)),
                Err(d) => diags.push(d),
            },
            Directive::Equ(e) => {
                label_value = None;
                match (&st.label, early(syms, e, here, line, "equ.")) {
                    (None, _) => diags.push(Diagnostic::new(
                        line,
                        op_col,
                        "equ. needs a label: +name+ equ. value",
                    )),
                    (Some(_), Ok(v)) if (MIN24..=i64::from(WORD_MASK)).contains(&v) => {
                        label_value = Some((v, SymKind::Equ))
                    }
                    (Some(_), Ok(v)) => diags.push(Diagnostic::new(
                        line,
                        e.col,
                        format!("equ. value {v} does not fit 24 bits"),
                    )),
                    (Some(_), Err(d)) => diags.push(d),
                }
            }
            Directive::End(_) => {}
        },
    }
    (size, label_value)
}
