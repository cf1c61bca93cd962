//! The assembler's state shared by both passes (statements, symbols, literal pools, errors)
//! and its place on the shared pipeline: the [`Machine`] of crate `asm-core`.

use crate::control::{self, Control};
use crate::expr::{self, Expr, Term};
use crate::listing::Row;
use crate::ops::{classify, Op, Pseudo};
use crate::pass1::Counter;
use crate::reloc::{Item, ItemKind, Rel};
use crate::source::{operand_word, split_line, Field, Line, LineKind, Span};
use crate::symbols::{self, SymbolTable};
use asm_core::{Errors, Flow, Machine, Statement};

/// A line as a statement (the shared pipeline's shape, crate `asm-core`): its label and
/// opcode fields and what the line is, its opcode classified.
pub(crate) type Stmt<'a> = Statement<'a, Body<'a>>;

/// What a line is.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Body<'a> {
    Blank,
    Comment,
    /// The control statement `ASMB,...`.
    Control,
    /// In a conditional section that is not assembled.
    Skipped,
    /// After `END`: not assembled.
    Ignored,
    /// The opcode field is missing or wrong (already reported); a label on it is still
    /// defined so that one mistake does not also make every use of the label an error.
    Bad,
    /// A statement to assemble: its opcode's kind and the rest of the line after the opcode.
    Code {
        kind: Op,
        rest: Option<Field<'a>>,
    },
}

/// How a literal is recognised as the same as another in its pool.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum LitKey {
    Value(u16),
    /// `=L expr`: values may depend on later symbols, so the text identifies it.
    Expr(String),
}

#[derive(Clone, Debug)]
pub(crate) struct Lit {
    pub key: LitKey,
    pub value: Option<u16>,
    pub evaluated: bool,
    pub text: String,
}

/// Literals placed together after the statements of one `ORG` block.
#[derive(Clone, Debug)]
pub(crate) struct Pool {
    pub at: u16,
    /// The `ORG` or `END` statement before which the pool is placed.
    pub before: usize,
    pub lits: Vec<Lit>,
}

/// The state of one assembly.
pub(crate) struct Asm<'a> {
    pub lines: &'a [Line<'a>],
    /// The control statement's options.
    pub control: Control,
    /// The open conditional section: its IFN/IFZ line and whether it is assembled.
    cond: Option<(usize, bool)>,
    pub syms: SymbolTable,
    errors: Errors,
    // Pass 1 results, one entry per statement.
    pub at: Vec<Option<u16>>,
    pub size: Vec<u16>,
    pub failed: Vec<bool>,
    /// How many times a statement is assembled (`REP`).
    pub rep: Vec<u16>,
    /// The source has a control statement: HP's rules where they differ from this
    /// assembler's own (literals at the end of the program; `A` and `B` may be redefined).
    pub hp: bool,
    /// The segment of each statement's address: absolute, or the program or base page of a
    /// relocatable assembly.
    pub seg: Vec<Rel>,
    /// The segment of the statement being assembled (what `*` is relative to).
    pub cur: Rel,
    /// What the last expression evaluated is relative to.
    pub last_rel: Rel,
    /// Relocatable assembly: the program's name, entry points, externals (name, ordinal),
    /// lengths, and the items of pass 2.
    pub name: Option<String>,
    pub entries: Vec<(String, Span)>,
    pub externals: Vec<(String, u16)>,
    pub program_length: u16,
    pub base_length: u16,
    pub items: Vec<Item>,
    /// The items of the statement being assembled, where they are not its words as they are.
    pub stmt_items: Vec<ItemKind>,
    /// The next item begins a DBL record (after `ORG`, `ORB`, `ORR`, `BSS`, and for the
    /// literals at `END`, as HP's assembler punches).
    pub fresh: bool,
    pub lit_ref: Vec<Option<(usize, usize)>>,
    pub pools: Vec<Pool>,
    pub pending: Vec<Lit>,
    /// Pass 1's location counter, and whether `END` was seen (true once a statement after
    /// it has been reported).
    pub counter: Counter,
    pub end: Option<bool>,
    /// Pass 2: the next literal pool to place.
    pub next_pool: usize,
    // Pass 2 results.
    pub words: Vec<(u16, u16)>,
    /// The entry points (`ENT`): name, address, on the base page.
    pub entry_points: Vec<(String, u16, bool)>,
    pub start: Option<u16>,
    pub title: Option<String>,
}

/// Where evaluation happens: in pass 1 (`ORG`, `EQU`, `BSS`, the count of `ASC`) a symbol must
/// already be defined; in pass 2 every symbol is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum When {
    Early(&'static str),
    Late,
}

impl<'a> Asm<'a> {
    pub fn new(lines: &'a [Line<'a>]) -> Self {
        let n = lines.len();
        Self {
            lines,
            control: Control::absolute(),
            cond: None,
            syms: symbols::table(),
            errors: Errors::new(),
            at: vec![None; n],
            size: vec![0; n],
            failed: vec![false; n],
            rep: vec![1; n],
            hp: false,
            seg: vec![Rel::Absolute; n],
            cur: Rel::Absolute,
            last_rel: Rel::Absolute,
            name: None,
            entries: Vec::new(),
            externals: Vec::new(),
            program_length: 0,
            base_length: 0,
            items: Vec::new(),
            stmt_items: Vec::new(),
            fresh: false,
            lit_ref: vec![None; n],
            pools: Vec::new(),
            pending: Vec::new(),
            counter: Counter::default(),
            end: None,
            next_pool: 0,
            words: Vec::new(),
            entry_points: Vec::new(),
            start: None,
            title: None,
        }
    }

    /// Line `i` as a statement: the control statement, a line of a conditional section that
    /// is not assembled, or its fields with the opcode classified.
    fn statement_of(&mut self, i: usize) -> Stmt<'a> {
        let text = self.lines[i].text;
        if control::is_control(text) {
            if i == 0 {
                self.hp = true;
                match control::parse(text) {
                    Ok(c) => {
                        // A relocatable program's origin is the program's start.
                        self.counter.origin = !c.absolute;
                        self.control = c;
                    }
                    Err((from, to, m)) => self.error(
                        Span {
                            line: i,
                            start: from,
                            end: to,
                        },
                        m,
                    ),
                }
            } else {
                self.error(
                    Span {
                        line: i,
                        start: 0,
                        end: 4,
                    },
                    "a control statement is the first line of a program",
                );
            }
            return Statement::bare(Body::Control);
        }
        if self.cond.is_some_and(|(_, on)| !on) {
            let is_xif = matches!(split_line(i, text), LineKind::Statement(f)
                if f.op.is_some_and(|o| o.text.eq_ignore_ascii_case("XIF")));
            if !is_xif {
                return Statement::bare(Body::Skipped);
            }
        }
        let s = self.classify_line(i);
        match s {
            Statement {
                op: Some(op),
                body:
                    Body::Code {
                        kind: Op::Pseudo(p @ (Pseudo::Ifn | Pseudo::Ifz)),
                        ..
                    },
                ..
            } => {
                if let Some((at, _)) = self.cond {
                    self.error_note(
                        op.span(),
                        "IF: conditional sections do not nest (no XIF before this one)",
                        Span {
                            line: at,
                            start: 0,
                            end: 0,
                        },
                        "the open section begins here".into(),
                    );
                }
                let on = if p == Pseudo::Ifn {
                    self.control.n
                } else {
                    self.control.z
                };
                self.cond = Some((i, on));
            }
            Statement {
                op: Some(op),
                body:
                    Body::Code {
                        kind: Op::Pseudo(Pseudo::Xif),
                        ..
                    },
                ..
            } => {
                if self.cond.is_none() {
                    self.error(op.span(), "IF: XIF without IFN or IFZ before it");
                }
                self.cond = None;
            }
            _ => {}
        }
        s
    }

    /// After the last line: a conditional section left open.
    fn unclosed_section(&mut self) {
        if let Some((at, _)) = self.cond {
            self.error(
                Span {
                    line: at,
                    start: 0,
                    end: self.lines[at].text.len(),
                },
                "IF: no XIF closes this conditional section",
            );
        }
    }

    fn classify_line(&mut self, i: usize) -> Stmt<'a> {
        let text = self.lines[i].text;
        match split_line(i, text) {
            LineKind::Blank => Statement::bare(Body::Blank),
            LineKind::Comment => Statement::bare(Body::Comment),
            LineKind::Statement(f) => {
                let Some(op) = f.op else {
                    let l = f.label.map_or(
                        Span {
                            line: i,
                            start: 0,
                            end: 0,
                        },
                        |l| l.span(),
                    );
                    self.error(
                        Span {
                            start: l.end,
                            end: l.end,
                            ..l
                        },
                        "missing opcode",
                    );
                    return Statement {
                        label: f.label,
                        op: None,
                        body: Body::Bad,
                    };
                };
                let body = match classify(op.text) {
                    Ok(kind) => Body::Code { kind, rest: f.rest },
                    Err(m) => {
                        self.error(op.span(), m);
                        Body::Bad
                    }
                };
                Statement {
                    label: f.label,
                    op: Some(op),
                    body,
                }
            }
        }
    }

    pub fn error(&mut self, span: Span, msg: impl Into<String>) {
        self.errors.error(span, msg);
    }

    pub fn error_note(&mut self, span: Span, msg: impl Into<String>, at: Span, note: String) {
        self.errors.error_note(span, msg, at, note);
    }

    /// Parse and evaluate an expression; `None` if it failed (the reason is reported).
    pub fn eval(&mut self, f: Field<'a>, lc: u16, when: When) -> Option<i64> {
        match expr::parse(f) {
            Ok(e) => self.eval_expr(&e, lc, when),
            Err((m, s)) => {
                self.error(s, m);
                None
            }
        }
    }

    fn eval_expr(&mut self, e: &Expr<'a>, lc: u16, when: When) -> Option<i64> {
        let mut sum: i64 = 0;
        let mut ok = true;
        // Net count of terms relative to the program, base page and common; externals.
        let mut counts = [0i32; 3];
        let mut ext: Option<u16> = None;
        for t in &e.terms {
            let r = match t.term {
                Term::Num(_) => Rel::Absolute,
                Term::Here => self.cur,
                Term::Sym(name) => self.syms.get(name).map_or(Rel::Absolute, |s| s.rel),
            };
            match r {
                Rel::Absolute => {}
                Rel::External(o) => {
                    if t.neg || ext.is_some() {
                        ok = false;
                        self.error(
                            t.span,
                            format!(
                                "M: an external symbol cannot be {}",
                                if t.neg {
                                    "subtracted"
                                } else {
                                    "added to another"
                                }
                            ),
                        );
                    }
                    ext = Some(o);
                }
                r => {
                    let k = match r {
                        Rel::Program => 0,
                        Rel::BasePage => 1,
                        _ => 2,
                    };
                    counts[k] += if t.neg { -1 } else { 1 };
                }
            }
            let v = match t.term {
                Term::Num(n) => n,
                Term::Here => i64::from(lc),
                Term::Sym(name) => {
                    self.syms.note_ref(name, t.span.line + 1);
                    match self.syms.get(name).map(|s| s.value) {
                        Some(Some(v)) => i64::from(v),
                        Some(None) => {
                            ok = false;
                            continue;
                        }
                        None => {
                            let m = match when {
                                When::Early(what) => format!(
                                    "{name} must be defined before this {what}, which needs its value in the first pass"
                                ),
                                When::Late => format!("undefined symbol {name}"),
                            };
                            self.error(t.span, m);
                            ok = false;
                            continue;
                        }
                    }
                }
            };
            sum += if t.neg { -v } else { v };
        }
        self.last_rel = Rel::Absolute;
        if let Some(o) = ext {
            if counts != [0; 3] || e.terms.len() > 1 {
                self.error(
                    e.terms[0].span.join(e.terms[e.terms.len() - 1].span),
                    "M: an external symbol stands alone in an expression",
                );
                return None;
            }
            self.last_rel = Rel::External(o);
        } else if counts != [0; 3] {
            let kinds = [Rel::Program, Rel::BasePage, Rel::Common];
            match counts.iter().position(|&n| n != 0) {
                Some(k) if counts[k] == 1 && counts.iter().filter(|&&n| n != 0).count() == 1 => {
                    self.last_rel = kinds[k];
                }
                _ => {
                    self.error(
                        e.terms[0].span.join(e.terms[e.terms.len() - 1].span),
                        "M: the expression is not absolute, nor relative to one thing once (program, base page or common)",
                    );
                    return None;
                }
            }
        }
        ok.then_some(sum)
    }

    /// The operand field, or an error right after the opcode.
    pub fn need(&mut self, op: Field<'a>, rest: Option<Field<'a>>) -> Option<Field<'a>> {
        let f = operand(rest);
        if f.is_none() {
            self.error(
                op.after(),
                format!("{} needs an operand", op.text.to_ascii_uppercase()),
            );
        }
        f
    }

    /// Check that `v` is in `lo..=hi`; the message names the value in octal.
    pub fn in_range(&mut self, v: i64, lo: i64, hi: i64, span: Span, what: &str) -> Option<u16> {
        self.range_check(v, lo, hi, span, what, show_octal)
    }

    /// As [`Asm::in_range`], for counts written in decimal.
    pub fn in_range_dec(
        &mut self,
        v: i64,
        lo: i64,
        hi: i64,
        span: Span,
        what: &str,
    ) -> Option<u16> {
        self.range_check(v, lo, hi, span, what, |v| v.to_string())
    }

    fn range_check(
        &mut self,
        v: i64,
        lo: i64,
        hi: i64,
        span: Span,
        what: &str,
        show: fn(i64) -> String,
    ) -> Option<u16> {
        if (lo..=hi).contains(&v) {
            // Negative values are kept as 16-bit two's complement.
            Some(v as u16)
        } else {
            self.error(
                span,
                format!(
                    "{what} {} is out of range ({} to {})",
                    show(v),
                    show(lo),
                    show(hi)
                ),
            );
            None
        }
    }
}

/// HP's assembler on the shared pipeline (crate `asm-core`): the statement of a line, pass 1
/// (`pass1.rs`) and pass 2 (`pass2.rs`) statement by statement; the report's messages carry
/// HP's error codes (module `codes`).
impl<'a> Machine<'a> for Asm<'a> {
    type Stmt = Stmt<'a>;
    type Word = u16;

    fn statement(&mut self, index: usize, _line: &Line<'a>) -> Stmt<'a> {
        self.statement_of(index)
    }

    fn pass1(&mut self, index: usize, stmt: &mut Stmt<'a>) -> Flow {
        self.pass1_statement(index, stmt);
        // Statements after END are read, to report them.
        Flow::Next
    }

    fn pass1_end(&mut self, _stmts: &[Stmt<'a>], lines: usize) {
        self.unclosed_section();
        self.pass1_finish(lines);
    }

    fn pass2(&mut self, index: usize, stmt: &Stmt<'a>, rows: &mut Vec<Row>) {
        self.pass2_statement(index, stmt, rows);
    }

    fn pass2_end(&mut self, _stmts: &[Stmt<'a>], rows: &mut Vec<Row>) {
        while self.next_pool < self.pools.len() {
            self.emit_pool(self.next_pool, rows);
            self.next_pool += 1;
        }
        self.entry_points = self.resolve_entries();
    }

    fn errors(&self) -> &Errors {
        &self.errors
    }

    fn message(&self, message: &str) -> String {
        crate::codes::with_code(message.to_string())
    }
}

/// A value as HP writes octal: `177B`, `-1B`.
pub(crate) fn show_octal(v: i64) -> String {
    if v < 0 {
        format!("-{:o}B", -v)
    } else {
        format!("{v:o}B")
    }
}

/// The operand field: the first blank-delimited word of the rest of the line, except that a
/// `=A` literal takes its two characters literally (they may be blanks).
pub(crate) fn operand<'a>(rest: Option<Field<'a>>) -> Option<Field<'a>> {
    let r = rest?;
    if r.text.starts_with("=A") || r.text.starts_with("=a") {
        let end = r
            .text
            .char_indices()
            .nth(4)
            .map_or(r.text.len(), |(i, _)| i);
        return Some(r.sub(0, end));
    }
    Some(operand_word(r))
}

#[cfg(test)]
mod tests {
    use crate::{assemble, Source};

    /// The pipeline's end of pass 2: a program without `END` still gets its last literals
    /// (placed after its last statement), so that the uses of them encode.
    #[test]
    fn literals_are_placed_without_end() {
        let a = assemble(&[Source::new("t.asm", "      ORG 100B\n      LDA =D7\n")]);
        assert_eq!(a.words, vec![(0o100, 0o060101), (0o101, 7)]);
        assert!(a.listing().contains("00101 000007  =D7"), "{}", a.listing());
        assert_eq!(a.report.len(), 1);
        assert!(a.report.to_string().starts_with("t.asm:3:1: missing END"));
    }

    /// Statements are made as pass 1 reaches them: a conditional section that is off skips
    /// its lines, the control statement's options decide, and an unclosed section is named.
    #[test]
    fn conditional_sections_line_by_line() {
        let src =
            "ASMB,A,N\n      ORG 100B\n      IFZ\n      FOO\n      XIF\n      IFN\n      CLA\n";
        let a = assemble(&[Source::new("t.asm", src)]);
        assert_eq!(a.words, vec![(0o100, 0o002400)]);
        let r = a.report.to_string();
        assert!(
            r.contains("t.asm:6:1: IF: no XIF closes this conditional section"),
            "{r}"
        );
        assert!(!r.contains("FOO"), "{r}");
    }
}
