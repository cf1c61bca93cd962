//! Pass 2: encode every statement through the `hp2100-isa` table, place the literal pools, and
//! build the listing rows, statement by statement as the shared pipeline (crate `asm-core`)
//! hands them over.
//!
//! Memory-reference encoding (HP 2100A, 02100-90001; `docs/hp2100a.md` §1.3): a target below
//! 2000B goes on the base page (Z/C = 0); a target on the page of the instruction itself uses
//! the current-page bit (Z/C = 1) and the low ten bits; any other target is an error naming the
//! pages that would be legal.

use crate::asm::{operand, Asm, Body, LitKey, Stmt, When};
use crate::constants::{decimal, float, is_float, octal, pack};
use crate::listing::Row;
use crate::ops::{Op, Pseudo, FLOAT_OPS};
use crate::reloc::{Item, ItemKind, Rel};
use crate::source::{Field, Span};
use asm_core::Statement;
use hp2100_isa::{Class, Kind, OpInfo, PAGE_WORDS};

const INDIRECT: u16 = 0o100000;
const CURRENT_PAGE: u16 = 0o002000;
const CLEAR_FLAG: u16 = 0o001000;
const PAGE_MASK: u16 = 0o076000;

/// True when a statement's words are part of the program (not an EQU's or END's value).
fn emits(stmt: Stmt<'_>) -> bool {
    !matches!(
        stmt.body,
        Body::Code {
            kind: Op::Pseudo(Pseudo::Equ | Pseudo::End),
            ..
        }
    )
}

impl<'a> Asm<'a> {
    /// Pass 2 on statement `i`, after the literal pools placed before it.
    pub fn pass2_statement(&mut self, i: usize, stmt: &Stmt<'a>, rows: &mut Vec<Row>) {
        while self.next_pool < self.pools.len() && self.pools[self.next_pool].before == i {
            self.emit_pool(self.next_pool, rows);
            self.next_pool += 1;
        }
        self.statement(i, *stmt, rows);
    }

    pub fn emit_pool(&mut self, p: usize, rows: &mut Vec<Row>) {
        let at = self.pools[p].at;
        for k in 0..self.pools[p].lits.len() {
            let lit = &self.pools[p].lits[k];
            let (v, text) = (lit.value.unwrap_or(0), lit.text.clone());
            let a = at.wrapping_add(k as u16) & 0o77777;
            self.words.push((a, v));
            if !self.control.absolute {
                self.items.push(Item {
                    at: a,
                    base: false,
                    fresh: k == 0,
                    kind: ItemKind::Word(v, Rel::Absolute),
                });
            }
            rows.push(Row {
                line: None,
                loc: Some(u32::from(a)),
                words: vec![v],
                text: Some(text),
            });
        }
    }

    fn statement(&mut self, i: usize, stmt: Stmt<'a>, rows: &mut Vec<Row>) {
        let at = self.at[i];
        self.cur = self.seg[i];
        self.stmt_items.clear();
        let mut row = Row::new(i, at.map(u32::from));
        if let Statement {
            label,
            op: Some(op),
            body: Body::Code { kind, rest },
        } = stmt
        {
            let lc = at.unwrap_or(0);
            match kind {
                Op::Machine(info) => row.words = self.instruction(i, info, op, rest, lc),
                Op::Micro(w) => row.words = vec![w],
                Op::Pseudo(p) => match p {
                    Pseudo::Org | Pseudo::Bss | Pseudo::Orr | Pseudo::Orb => self.fresh = true,
                    Pseudo::Spc
                    | Pseudo::Skp
                    | Pseudo::ListCtl
                    | Pseudo::Ifn
                    | Pseudo::Ifz
                    | Pseudo::Xif
                    | Pseudo::Rep => {}
                    Pseudo::Nam | Pseudo::Ent | Pseudo::Ext | Pseudo::Com => {}
                    Pseudo::Equ => {
                        row.loc = None;
                        let v = label
                            .and_then(|l| self.syms.get(l.text))
                            .and_then(|s| s.value);
                        row.words.extend(v);
                    }
                    Pseudo::Hed => {
                        self.title = rest.map(|r| r.text.trim_end().to_string());
                    }
                    Pseudo::End => {
                        row.loc = None;
                        if let Some(f) = operand(rest) {
                            self.start = self.eval(f, lc, When::Late).and_then(|v| {
                                self.in_range(v, 0, 0o77777, f.span(), "start address")
                            });
                            row.words.extend(self.start);
                        }
                    }
                    Pseudo::Def => {
                        let w = self
                            .need(op, rest)
                            .and_then(|f| self.address(i, f, lc, false))
                            .map_or(0, |(t, ind)| t | if ind { INDIRECT } else { 0 });
                        row.words = vec![w];
                        self.reloc_word(w);
                    }
                    Pseudo::Abs => {
                        let w = self.need(op, rest).and_then(|f| {
                            self.eval(f, lc, When::Late).and_then(|v| {
                                self.in_range(v, -0o100000, 0o177777, f.span(), "value")
                            })
                        });
                        row.words = vec![w.unwrap_or(0)];
                    }
                    Pseudo::Oct | Pseudo::Dec | Pseudo::Dex => {
                        row.words = self.constants(p, op, rest)
                    }
                    Pseudo::Asc => row.words = self.asc(i, rest),
                    Pseudo::Float(k) => {
                        if !self.control.absolute {
                            row.words = self.pair(i, FLOAT_OPS[usize::from(k)], op, rest, lc);
                        }
                    }
                },
            }
        }
        let relocatable = !self.control.absolute;
        let mut kinds = std::mem::take(&mut self.stmt_items);
        if relocatable && kinds.is_empty() {
            kinds = row
                .words
                .iter()
                .map(|&w| ItemKind::Word(w, Rel::Absolute))
                .collect();
        }
        if self.rep[i] > 1 {
            let one = std::mem::take(&mut row.words);
            let k1 = std::mem::take(&mut kinds);
            for _ in 0..self.rep[i] {
                row.words.extend_from_slice(&one);
                kinds.extend_from_slice(&k1);
            }
        }
        if relocatable {
            if let (Some(a), true) = (at, emits(stmt)) {
                for (k, &kind) in kinds.iter().enumerate() {
                    self.items.push(Item {
                        at: a.wrapping_add(k as u16) & 0o77777,
                        base: self.seg[i] == Rel::BasePage,
                        fresh: std::mem::take(&mut self.fresh),
                        kind,
                    });
                }
            }
        }
        if let (Some(a), true) = (at, emits(stmt)) {
            for (k, &w) in row.words.iter().enumerate() {
                self.words.push((a.wrapping_add(k as u16) & 0o77777, w));
            }
        }
        rows.push(row);
    }

    fn instruction(
        &mut self,
        i: usize,
        info: &OpInfo,
        op: Field<'a>,
        rest: Option<Field<'a>>,
        at: u16,
    ) -> Vec<u16> {
        let v = info.value;
        if self.failed[i] {
            return [v, 0][..usize::from(info.words())].to_vec();
        }
        match info.kind {
            Kind::Mrg if !self.control.absolute => {
                let Some(f) = self.need(op, rest) else {
                    return vec![v];
                };
                let Some((t, ind)) = self.address(i, f, at, true) else {
                    return vec![v];
                };
                let w = v | if ind { INDIRECT } else { 0 };
                match self.last_rel {
                    Rel::Absolute => {
                        if t >= PAGE_WORDS {
                            self.error(f.span(), format!("M: absolute target {t:05o} of a relocatable program is not on the base page"));
                        }
                        let w = w | (t & (PAGE_WORDS - 1));
                        self.stmt_items.push(ItemKind::Word(w, Rel::Absolute));
                        vec![w]
                    }
                    Rel::External(o) => {
                        let w = w | CURRENT_PAGE | o;
                        self.stmt_items.push(ItemKind::Word(w, Rel::External(o)));
                        vec![w]
                    }
                    r => {
                        self.stmt_items.push(ItemKind::MemRef(w, t, r));
                        vec![w | (t & (PAGE_WORDS - 1))]
                    }
                }
            }
            Kind::Mrg => {
                let w = self.need(op, rest).and_then(|f| {
                    let (t, ind) = self.address(i, f, at, true)?;
                    self.page(info, at, t, ind, f)
                });
                vec![w.unwrap_or(v)]
            }
            Kind::EauMem if !self.control.absolute => self.pair(i, info.mnemonic, op, rest, at),
            Kind::EauMem => {
                let a = self
                    .need(op, rest)
                    .and_then(|f| self.address(i, f, at, true))
                    .map_or(0, |(t, ind)| t | if ind { INDIRECT } else { 0 });
                vec![v, a]
            }
            Kind::Io => {
                let Some(f) = operand(rest) else {
                    if info.class != Class::Hlt {
                        self.error(op.after(), format!("{} needs a select code", info.mnemonic));
                    }
                    return vec![v];
                };
                let parts = f.split_commas();
                let mut w = v;
                if let Some(c) = parts.get(1) {
                    if !c.text.eq_ignore_ascii_case("C") {
                        self.error(c.span(), "expected C (clear the flag) after the comma");
                    } else if info.mask & CLEAR_FLAG != 0 {
                        self.error(c.span(), format!("{} has no ,C form", info.mnemonic));
                    } else {
                        w |= CLEAR_FLAG;
                    }
                }
                self.extra(&parts, 2);
                let sc = self
                    .eval(parts[0], at, When::Late)
                    .and_then(|n| self.in_range(n, 0, 0o77, parts[0].span(), "select code"));
                vec![w | sc.unwrap_or(0)]
            }
            Kind::IoFixed => match operand(rest) {
                Some(f) if f.text.eq_ignore_ascii_case("C") => {
                    if info.mask & CLEAR_FLAG != 0 {
                        self.error(f.span(), format!("{} has no C form", info.mnemonic));
                        vec![v]
                    } else {
                        vec![v | CLEAR_FLAG]
                    }
                }
                _ => vec![v],
            },
            Kind::EauShift => {
                let n = self.need(op, rest).and_then(|f| {
                    self.eval(f, at, When::Late)
                        .and_then(|n| self.in_range_dec(n, 1, 16, f.span(), "shift count"))
                });
                vec![v | n.unwrap_or(16) & 0o17]
            }
            // Micro-ops never reach here: the opcode field encodes them whole.
            Kind::Srg | Kind::Asg | Kind::Either => vec![v],
        }
    }

    /// HP's Extended Assembler (non-EAU) makes MPY, DIV, DLD and DST, and FAD, FSB, FMP and
    /// FDV, a call of the library routine `.MPY` (...) and a DEF of the operand (`HA38`,
    /// `ARTX`).
    fn pair(
        &mut self,
        i: usize,
        mnemonic: &str,
        op: Field<'a>,
        rest: Option<Field<'a>>,
        at: u16,
    ) -> Vec<u16> {
        let ext = self.pair_external(mnemonic);
        let jsb = 0o014000 | CURRENT_PAGE | ext;
        self.stmt_items
            .push(ItemKind::Word(jsb, Rel::External(ext)));
        let a = self
            .need(op, rest)
            .and_then(|f| self.address(i, f, at, true))
            .map_or(0, |(t, ind)| t | if ind { INDIRECT } else { 0 });
        self.reloc_word(a);
        vec![jsb, a]
    }

    /// The ordinal of the library routine that stands for an EAU instruction (`.MPY` for
    /// `MPY`), declared in pass 1.
    fn pair_external(&mut self, mnemonic: &str) -> u16 {
        let name = format!(".{mnemonic}");
        match self.syms.get(&name).map(|s| s.rel) {
            Some(Rel::External(o)) => o,
            _ => 0,
        }
    }

    /// Check the entry points (`ENT`) once every symbol is known.
    pub fn resolve_entries(&mut self) -> Vec<(String, u16, bool)> {
        let mut out = Vec::new();
        for (name, span) in self.entries.clone() {
            match self.syms.get(&name).map(|s| (s.value, s.rel)) {
                Some((Some(v), Rel::Program)) => out.push((name, v, false)),
                Some((Some(v), Rel::BasePage)) => out.push((name, v, true)),
                Some((None, _)) => {}
                Some(_) => self.error(
                    span,
                    format!(
                        "EN: entry point {name} is not an address of the program or its base page"
                    ),
                ),
                None => self.error(span, format!("EN: entry point {name} is not defined")),
            }
        }
        out
    }

    /// In a relocatable assembly, the item of a word whose value the last expression gave.
    fn reloc_word(&mut self, w: u16) {
        if self.control.absolute {
            return;
        }
        let r = self.last_rel;
        let w = match r {
            Rel::External(o) => (w & INDIRECT) | o,
            _ => w,
        };
        self.stmt_items.push(ItemKind::Word(w, r));
    }

    /// Report subfields beyond the first `keep`.
    fn extra(&mut self, parts: &[Field<'a>], keep: usize) {
        if parts.len() > keep {
            let (first, last) = (parts[keep].span(), parts[parts.len() - 1].span());
            self.error(
                Span {
                    end: last.end,
                    ..first
                },
                "too many subfields",
            );
        }
    }

    /// An address operand `expr[,I]` or a literal: the target and the indirect flag.
    fn address(
        &mut self,
        i: usize,
        f: Field<'a>,
        at: u16,
        literal_ok: bool,
    ) -> Option<(u16, bool)> {
        if literal_ok && f.text.starts_with('=') {
            let is_a = f.text[1..].starts_with(['A', 'a']);
            if !is_a {
                let parts = f.split_commas();
                if parts.len() > 1 {
                    self.error(parts[1].span(), "a literal cannot be indirect");
                }
            }
            let t = self.literal_address(i, f, at);
            self.last_rel = if self.control.absolute {
                Rel::Absolute
            } else {
                Rel::Program
            };
            return t.map(|t| (t, false));
        }
        let parts = f.split_commas();
        let ind = match parts.get(1) {
            None => false,
            Some(s) if s.text.eq_ignore_ascii_case("I") => true,
            Some(s) => {
                self.error(s.span(), "expected I (indirect) after the comma");
                false
            }
        };
        self.extra(&parts, 2);
        let t = self
            .eval(parts[0], at, When::Late)
            .and_then(|v| self.in_range(v, 0, 0o77777, parts[0].span(), "address"))?;
        Some((t, ind))
    }

    /// The address of statement `i`'s literal, evaluating an `=L` literal at its first use.
    fn literal_address(&mut self, i: usize, f: Field<'a>, at: u16) -> Option<u16> {
        let (p, k) = self.lit_ref[i]?;
        if !self.pools[p].lits[k].evaluated {
            self.pools[p].lits[k].evaluated = true;
            if let LitKey::Expr(_) = self.pools[p].lits[k].key {
                let head = f.split_commas()[0];
                let body = head.skip_chars(2);
                let v = self
                    .eval(body, at, When::Late)
                    .and_then(|v| self.in_range(v, -0o100000, 0o177777, body.span(), "literal"));
                self.pools[p].lits[k].value = v;
            }
        }
        Some(self.pools[p].at.wrapping_add(k as u16) & 0o77777)
    }

    /// Encode a memory-reference word, or report a target out of reach.
    fn page(&mut self, info: &OpInfo, at: u16, t: u16, ind: bool, f: Field<'a>) -> Option<u16> {
        let w = info.value | if ind { INDIRECT } else { 0 };
        if t < PAGE_WORDS {
            return Some(w | t);
        }
        let page = at & PAGE_MASK;
        if t & PAGE_MASK == page {
            return Some(w | CURRENT_PAGE | (t & (PAGE_WORDS - 1)));
        }
        let what = if f.text.starts_with('=') {
            format!("literal {} at {t:05o}", f.first_word().text)
        } else {
            format!("target {t:05o}")
        };
        let msg = if page == 0 {
            format!("{what} is not on the base page (00000-01777), the only page an instruction at {at:05o} reaches")
        } else {
            format!(
                "{what} is on neither the base page (00000-01777) nor the current page ({page:05o}-{:05o})",
                page + PAGE_WORDS - 1
            )
        };
        self.error(f.span(), msg);
        None
    }

    /// `OCT` and `DEC` lists.
    fn constants(&mut self, p: Pseudo, op: Field<'a>, rest: Option<Field<'a>>) -> Vec<u16> {
        let Some(f) = self.need(op, rest) else {
            return vec![0];
        };
        let mut out = Vec::new();
        for s in f.split_commas() {
            let v = match p {
                Pseudo::Oct => octal(s.text).map(|v| vec![v]),
                Pseudo::Dex => float(s.text, 3),
                _ if is_float(s.text) => float(s.text, 2),
                _ => decimal(s.text).map(|v| vec![v]),
            };
            match v {
                Ok(v) => out.extend(v),
                Err(m) => {
                    self.error(s.span(), m);
                    let n = match p {
                        Pseudo::Dex => 3,
                        _ if is_float(s.text) => 2,
                        _ => 1,
                    };
                    out.extend(std::iter::repeat_n(0, n));
                }
            }
        }
        out
    }

    /// `ASC n,<2n characters>`: the characters after the comma, blank-padded to 2n.
    fn asc(&mut self, i: usize, rest: Option<Field<'a>>) -> Vec<u16> {
        let n = usize::from(self.size[i]);
        let Some(r) = rest else { return vec![0; n] };
        let Some(comma) = r.text.find(',') else {
            return vec![0; n];
        };
        let chars: Vec<(usize, char)> = r.text[comma + 1..]
            .char_indices()
            .take(2 * n)
            .map(|(k, c)| (comma + 1 + k, c))
            .collect();
        let mut bytes = Vec::with_capacity(2 * n);
        for &(k, c) in &chars {
            if c.is_ascii() {
                bytes.push(c as u8);
            } else {
                self.error(
                    r.sub(k, k + c.len_utf8()).span(),
                    format!("{c:?} is not an ASCII character"),
                );
                bytes.push(b' ');
            }
        }
        bytes.resize(2 * n, b' ');
        bytes.chunks(2).map(|p| pack(p[0], p[1])).collect()
    }
}
