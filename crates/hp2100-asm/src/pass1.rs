//! Pass 1: lay out the program, statement by statement as the shared pipeline (crate
//! `asm-core`) parses them. Every statement gets its address and size, labels get their values, literals are gathered into pools, and `ORG`, `EQU`, `BSS` and the count of `ASC`
//! are evaluated (their symbols must be defined on earlier lines, as in HP's assembler).
//!
//! Literals are pooled per `ORG` block: each block's distinct literals are placed right after
//! its last statement (when the next `ORG` or the `END` is reached). A literal therefore shares
//! a page with the code that uses it unless the block itself crosses a page boundary; pass 2
//! reports any reference that cannot reach its literal.

use crate::asm::{operand, Asm, Body, Lit, LitKey, Pool, Stmt, When};
use crate::constants::{decimal, is_float, octal, pack};
use crate::ops::{Op, Pseudo, FLOAT_OPS};
use crate::reloc::Rel;
use crate::source::{Field, Span};
use crate::symbols::{bad_label, release_predefined, SymbolKind, MAX_LABEL};
use asm_core::Statement;
use hp2100_isa::OpInfo;

/// Highest ASC word count HP's assembler accepts.
pub(crate) const ASC_MAX: i64 = 28;

/// The location counter and what pass 1 has said about it. `lc` is not masked to 15 bits, so
/// a program that fills memory to 77777 and goes on is caught instead of wrapping round to 0.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Counter {
    lc: u32,
    /// The origin is set (by `ORG`, or from the start in a relocatable program).
    pub origin: bool,
    told_origin: bool,
    told_overflow: bool,
    /// Where the first of a run of `ORG`s found the counter (`ORR` returns there).
    orr: Option<u32>,
    /// The count of a `REP` waiting for its statement.
    rep: Option<(u16, Span)>,
    /// Relocatable assembly: on the base page (`ORB`), the base page's counter while the
    /// program's is in use, the program's while the base page's or an `ORG`'s is, whether an
    /// `ORG` section is open, and the highest program address an `ORG` section reached.
    base: bool,
    blc: u32,
    orrs: u32,
    in_org: bool,
    high: u32,
}

impl Counter {
    /// The address of the next word (past 77777, already reported, it is taken modulo 2^15
    /// so that pass 2 can go on checking the rest of the program).
    fn here(&self) -> u16 {
        (self.lc & 0o77777) as u16
    }

    /// Relocatable assembly: keep the counter in use where it belongs (the base page's, the
    /// highest an `ORG` section reached, or the program's) before another is taken up.
    fn save(&mut self) {
        if self.base {
            self.blc = self.lc;
        } else if self.in_org {
            self.high = self.high.max(self.lc);
        } else {
            self.orrs = self.lc;
        }
    }
}

impl<'a> Asm<'a> {
    /// Pass 1 on statement `i`.
    pub fn pass1_statement(&mut self, i: usize, stmt: &mut Stmt<'a>) {
        let mut c = self.counter;
        self.place(i, stmt, &mut c);
        self.counter = c;
    }

    /// Lay out statement `i`: its address, size and label; after `END`, it is not assembled.
    fn place(&mut self, i: usize, stmt: &mut Stmt<'a>, c: &mut Counter) {
        let relocatable = !self.control.absolute;
        if self.end.is_some() {
            if matches!(stmt.body, Body::Code { .. } | Body::Bad) {
                if self.end == Some(false) {
                    self.error(
                        Span {
                            line: i,
                            start: 0,
                            end: self.lines[i].text.len(),
                        },
                        "statement after END (it is not assembled)",
                    );
                    self.end = Some(true);
                }
                *stmt = Statement::bare(Body::Ignored);
            }
            return;
        }
        self.cur = match (relocatable, c.base) {
            (false, _) => Rel::Absolute,
            (true, false) => Rel::Program,
            (true, true) => Rel::BasePage,
        };
        self.seg[i] = self.cur;
        let Statement { label, op, body } = *stmt;
        match body {
            Body::Blank | Body::Comment | Body::Control | Body::Skipped | Body::Ignored => {}
            Body::Bad => {
                if let Some(l) = label {
                    self.define(l, Some(c.here()), SymbolKind::Label);
                }
            }
            Body::Code { kind, rest } => {
                let Some(op) = op else { return };
                match kind {
                    Op::Pseudo(Pseudo::Org) if relocatable => {
                        self.no_label(label, "ORG");
                        let v = self.early_operand(op, rest, c.here(), "ORG");
                        if v.is_some() && self.last_rel != Rel::Program {
                            self.error(
                                op.span(),
                                "M: a relocatable program's ORG is relative to the program",
                            );
                        }
                        if let Some(v) =
                            v.and_then(|v| self.in_range(v, 0, 0o77777, op.span(), "origin"))
                        {
                            c.save();
                            c.base = false;
                            c.in_org = true;
                            c.lc = u32::from(v);
                        }
                        self.at[i] = Some(c.here());
                        self.seg[i] = Rel::Program;
                    }
                    Op::Pseudo(Pseudo::Orb) if relocatable => {
                        self.no_label(label, "ORB");
                        if !c.base {
                            c.save();
                            c.base = true;
                            c.lc = c.blc;
                        }
                        self.at[i] = Some(c.here());
                        self.seg[i] = Rel::BasePage;
                    }
                    Op::Pseudo(Pseudo::Orr) if relocatable => {
                        self.no_label(label, "ORR");
                        // In the program already, ORR changes nothing (`OR$`).
                        if c.base || c.in_org {
                            c.save();
                            c.base = false;
                            c.in_org = false;
                            c.lc = c.orrs;
                        }
                        self.at[i] = Some(c.here());
                        self.seg[i] = Rel::Program;
                    }
                    Op::Pseudo(Pseudo::Nam) if relocatable => {
                        self.no_label(label, "NAM");
                        match operand(rest) {
                            Some(f) => {
                                let n = f.split_commas()[0];
                                if n.text.is_empty() || n.text.len() > MAX_LABEL {
                                    self.error(n.span(), "a program's name has 1 to 5 characters");
                                }
                                self.name = Some(n.text.to_string());
                            }
                            None => self.error(op.after(), "NAM needs the program's name"),
                        }
                    }
                    Op::Pseudo(Pseudo::Ent) if relocatable => {
                        self.no_label(label, "ENT");
                        if let Some(f) = self.need(op, rest) {
                            for n in f.split_commas() {
                                self.entries.push((n.text.to_string(), n.span()));
                            }
                        }
                    }
                    Op::Pseudo(Pseudo::Ext) if relocatable => {
                        self.no_label(label, "EXT");
                        if let Some(f) = self.need(op, rest) {
                            for n in f.split_commas() {
                                self.external(n);
                            }
                        }
                    }
                    Op::Pseudo(Pseudo::Com) if relocatable => {
                        self.no_label(label, "COM");
                        self.error(
                            op.span(),
                            "COM: common blocks are not supported by this assembler",
                        );
                    }
                    Op::Pseudo(Pseudo::End) if relocatable => {
                        self.no_label(label, "END");
                        c.save();
                        c.base = false;
                        c.lc = c.orrs.max(c.high);
                        self.cur = Rel::Program;
                        self.flush(i, c, op.span());
                        self.program_length = c.here();
                        self.base_length = (c.blc & 0o77777) as u16;
                        self.end = Some(false);
                    }
                    Op::Pseudo(Pseudo::Org) => {
                        self.no_label(label, "ORG");
                        self.at[i] = Some(c.here());
                        let v = self.early_operand(op, rest, c.here(), "ORG");
                        if let Some(v) =
                            v.and_then(|v| self.in_range(v, 0, 0o77777, op.span(), "origin"))
                        {
                            if !self.hp {
                                self.flush(i, c, op.span());
                            }
                            if c.origin {
                                c.orr.get_or_insert(c.lc);
                            }
                            c.lc = u32::from(v);
                            c.origin = true;
                            self.at[i] = Some(v);
                        }
                    }
                    Op::Pseudo(Pseudo::End) => {
                        self.no_label(label, "END");
                        self.flush(i, c, op.span());
                        self.end = Some(false);
                    }
                    Op::Pseudo(Pseudo::Equ) => {
                        let v = self.early_operand(op, rest, c.here(), "EQU").and_then(|v| {
                            self.in_range(v, -0o100000, 0o177777, op.span(), "value")
                        });
                        match label {
                            Some(l) => {
                                let r = self.last_rel;
                                self.define(l, v, SymbolKind::Equ);
                                if let Some(s) = self.syms.get_mut(l.text) {
                                    s.rel = r;
                                }
                            }
                            None => self.error(op.span(), "EQU needs a label"),
                        }
                    }
                    Op::Pseudo(Pseudo::Hed | Pseudo::Spc | Pseudo::Skp | Pseudo::ListCtl) => {
                        self.no_label(label, "a listing control");
                    }
                    Op::Pseudo(Pseudo::Ifn | Pseudo::Ifz | Pseudo::Xif) => {
                        self.no_label(label, "a conditional");
                    }
                    Op::Pseudo(
                        Pseudo::Nam | Pseudo::Ent | Pseudo::Ext | Pseudo::Com | Pseudo::Orb,
                    ) if self.control.absolute => {
                        self.error(
                            op.span(),
                            format!(
                                "{} belongs to a relocatable program (ASMB,R); this assembly is absolute",
                                op.text.to_ascii_uppercase()
                            ),
                        );
                    }
                    Op::Pseudo(Pseudo::Orr) => {
                        self.no_label(label, "ORR");
                        match c.orr.take() {
                            Some(lc) => c.lc = lc,
                            None => self.error(op.span(), "ORR without an ORG before it"),
                        }
                        self.at[i] = Some(c.here());
                    }
                    Op::Pseudo(Pseudo::Rep) => {
                        if let Some(l) = label {
                            self.define(l, Some(c.here()), SymbolKind::Label);
                        }
                        let n = self.early_operand(op, rest, c.here(), "REP").and_then(|v| {
                            self.in_range_dec(v, 1, 0o77777, op.span(), "repeat count")
                        });
                        c.rep = n.map(|n| (n, op.span()));
                    }
                    Op::Pseudo(Pseudo::Bss) => {
                        if let Some(l) = label {
                            self.define(l, Some(c.here()), SymbolKind::Label);
                        }
                        self.at[i] = Some(c.here());
                        let n = self.early_operand(op, rest, c.here(), "BSS").and_then(|v| {
                            self.in_range_dec(v, 0, 0o77777, op.span(), "word count")
                        });
                        self.advance(c, u32::from(n.unwrap_or(0)), op.span(), false);
                    }
                    _ => {
                        if let Some(l) = label {
                            self.define(l, Some(c.here()), SymbolKind::Label);
                        }
                        self.at[i] = Some(c.here());
                        let n = self.size_of(i, kind, op, rest, c.here());
                        self.size[i] = n;
                        let times = match c.rep.take() {
                            Some((k, _)) => {
                                self.rep[i] = k;
                                u32::from(k)
                            }
                            None => 1,
                        };
                        self.advance(c, u32::from(n) * times, op.span(), true);
                    }
                }
            }
        }
    }
    /// After the last statement: a missing `END`.
    pub fn pass1_finish(&mut self, lines: usize) {
        if self.end.is_none() {
            // Place the last literals anyway, so that pass 2 can still encode their uses.
            let mut c = self.counter;
            self.flush(lines, &mut c, Span::at(lines, 0));
            self.counter = c;
            self.error(Span::at(lines, 0), "missing END");
        }
    }

    /// Move the location counter on by `n` words (of code, or reserved by BSS).
    fn advance(&mut self, c: &mut Counter, n: u32, at: Span, code: bool) {
        if n == 0 {
            return;
        }
        if code && !c.origin && !c.told_origin {
            self.error(
                at,
                "no ORG before the first word: an absolute program sets its origin first",
            );
            c.told_origin = true;
        }
        c.lc = c.lc.saturating_add(n);
        if c.lc > 0o100000 && !c.told_overflow {
            self.error(at, "the program runs past address 77777");
            c.told_overflow = true;
        }
    }

    /// Place the pending literals here, before statement `before`.
    fn flush(&mut self, before: usize, c: &mut Counter, at: Span) {
        if self.pending.is_empty() {
            return;
        }
        let lits = std::mem::take(&mut self.pending);
        let n = lits.len() as u32;
        self.pools.push(Pool {
            at: c.here(),
            before,
            lits,
        });
        self.advance(c, n, at, true);
    }

    fn no_label(&mut self, label: Option<Field<'a>>, what: &str) {
        if let Some(l) = label {
            self.error(l.span(), format!("a label is not allowed on {what}"));
        }
    }

    fn define(&mut self, l: Field<'a>, value: Option<u16>, kind: SymbolKind) {
        // A bad name is reported but still defined, so that its uses are not errors too.
        if let Some(m) = bad_label(l.text) {
            self.error(l.span(), m);
        }
        if self.hp {
            release_predefined(&mut self.syms, l.text);
        }
        let cur = self.cur;
        let old = match self.syms.define(l.text, value, kind, l.span()) {
            Ok(s) => {
                if kind == SymbolKind::Label {
                    s.rel = cur;
                }
                return;
            }
            Err(old) => (old.defined, old.value),
        };
        match old {
            (Some(first), _) => self.error_note(
                l.span(),
                format!("duplicate symbol {}", l.text),
                first,
                format!("{} first defined here", l.text),
            ),
            (None, value) => self.error(
                l.span(),
                format!(
                    "{} is predefined (address {} reaches the {} register)",
                    l.text,
                    value.unwrap_or(0),
                    l.text
                ),
            ),
        }
    }

    /// The operand of ORG, EQU or BSS, evaluated now.
    fn early_operand(
        &mut self,
        op: Field<'a>,
        rest: Option<Field<'a>>,
        lc: u16,
        what: &'static str,
    ) -> Option<i64> {
        match operand(rest) {
            Some(f) => self.eval(f, lc, When::Early(what)),
            None => {
                self.error(op.after(), format!("{what} needs an operand"));
                None
            }
        }
    }

    /// Words a statement assembles to (registering its literal, if any).
    fn size_of(
        &mut self,
        i: usize,
        kind: Op,
        op: Field<'a>,
        rest: Option<Field<'a>>,
        lc: u16,
    ) -> u16 {
        match kind {
            Op::Machine(info) => {
                if !self.control.absolute && info.kind == hp2100_isa::Kind::EauMem {
                    self.external_named(&format!(".{}", info.mnemonic), op.span());
                }
                if let Some(f) = operand(rest).filter(|f| f.text.starts_with('=')) {
                    self.literal(i, info, f);
                }
                info.words()
            }
            Op::Micro(_) => 1,
            Op::Pseudo(Pseudo::Float(k)) => {
                if self.control.absolute {
                    self.error(op.span(), format!("{} calls the library routine .{0}: it belongs to a relocatable program (ASMB,R)", FLOAT_OPS[usize::from(k)]));
                } else {
                    self.external_named(&format!(".{}", FLOAT_OPS[usize::from(k)]), op.span());
                }
                2
            }
            Op::Pseudo(Pseudo::Oct) => operand(rest).map_or(1, |f| f.split_commas().len() as u16),
            Op::Pseudo(Pseudo::Dec) => operand(rest).map_or(1, |f| {
                f.split_commas()
                    .iter()
                    .map(|s| if is_float(s.text) { 2 } else { 1 })
                    .sum()
            }),
            Op::Pseudo(Pseudo::Dex) => {
                operand(rest).map_or(3, |f| 3 * f.split_commas().len() as u16)
            }
            Op::Pseudo(Pseudo::Asc) => {
                let count = rest.and_then(|r| r.text.find(',').map(|k| r.sub(0, k)));
                let Some(cf) = count else {
                    self.error(
                        op.after(),
                        "ASC needs a word count and characters: ASC n,<2n characters>",
                    );
                    self.failed[i] = true;
                    return 0;
                };
                match self
                    .eval(cf, lc, When::Early("ASC"))
                    .and_then(|v| self.in_range_dec(v, 1, ASC_MAX, cf.span(), "ASC word count"))
                {
                    Some(n) => n,
                    None => {
                        self.failed[i] = true;
                        0
                    }
                }
            }
            Op::Pseudo(_) => 1,
        }
    }

    /// Register the literal operand of statement `i` in the pending pool.
    fn literal(&mut self, i: usize, info: &OpInfo, f: Field<'a>) {
        if !info.class.reads_memory() {
            self.error(
                f.span(),
                format!("a literal cannot be the operand of {}", info.mnemonic),
            );
            self.failed[i] = true;
            return;
        }
        let ty = f.text[1..].chars().next().map(|c| c.to_ascii_uppercase());
        let head = if ty == Some('A') {
            f
        } else {
            f.split_commas()[0]
        };
        let body = head.skip_chars(2);
        let key = match ty {
            Some('A') => {
                let mut cs = body.text.chars().chain(std::iter::repeat(' '));
                let (hi, lo) = (cs.next().unwrap_or(' '), cs.next().unwrap_or(' '));
                if !hi.is_ascii() || !lo.is_ascii() {
                    self.error(body.span(), "=A takes two ASCII characters");
                    self.failed[i] = true;
                    return;
                }
                Ok(LitKey::Value(pack(hi as u8, lo as u8)))
            }
            Some('D') => decimal(body.text).map(LitKey::Value),
            Some('B') => octal(body.text).map(LitKey::Value),
            Some('L') => Ok(LitKey::Expr(body.text.to_string())),
            _ => Err("unknown literal; HP literals are =D (decimal), =B (octal), =A (two characters), =L (expression)".into()),
        };
        match key {
            Ok(key) => {
                let k = match self.pending.iter().position(|l| l.key == key) {
                    Some(k) => k,
                    None => {
                        let value = match key {
                            LitKey::Value(v) => Some(v),
                            LitKey::Expr(_) => None,
                        };
                        self.pending.push(Lit {
                            key,
                            value,
                            evaluated: value.is_some(),
                            text: head.text.to_string(),
                        });
                        self.pending.len() - 1
                    }
                };
                self.lit_ref[i] = Some((self.pools.len(), k));
            }
            Err(m) => {
                self.error(head.span(), m);
                self.failed[i] = true;
            }
        }
    }
}

impl<'a> Asm<'a> {
    /// Declare an external symbol (`EXT`, or the library routine of an arithmetic pseudo
    /// instruction): the next ordinal, unless it is external already.
    pub(crate) fn external(&mut self, n: Field<'a>) -> Option<u16> {
        if let Some(m) = bad_label(n.text) {
            self.error(n.span(), m);
        }
        self.external_named(n.text, n.span())
    }

    fn external_named(&mut self, text: &str, span: Span) -> Option<u16> {
        if let Some(s) = self.syms.get(text) {
            if let Rel::External(o) = s.rel {
                return Some(o);
            }
        }
        let ord = self.externals.len() as u16 + 1;
        match self.syms.define(text, Some(0), SymbolKind::External, span) {
            Ok(s) => {
                s.rel = Rel::External(ord);
                self.externals.push((text.to_string(), ord));
                Some(ord)
            }
            Err(_) => {
                self.error(
                    span,
                    format!("DD: {text} is defined in this program and named external"),
                );
                None
            }
        }
    }
}
