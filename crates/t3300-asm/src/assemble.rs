//! The two passes. Pass 1 parses every line once, assigns addresses and defines labels;
//! pass 2 evaluates operands, encodes through the opcode table and builds the listing. Both
//! passes run to the end whatever they find, so one assembly reports all its errors.

use crate::diag::{AsmError, Diagnostic};
use crate::listing::{self, Row};
use crate::parse::{statement, Body, Directive, Expr, Stmt, Term};
use std::collections::HashMap;
use t3300_isa::{Class, Image, Symbols, Word, ADDR_MASK};

/// What a symbol stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SymKind {
    /// A location (a label on a word, `bss.`, `org.` or `end.` line).
    Label,
    /// A value given by `equ.`.
    Equ,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbol {
    pub name: String,
    pub value: i64,
    pub kind: SymKind,
    pub line: usize,
}

/// A successful assembly.
#[derive(Clone, Debug)]
pub struct Assembly {
    pub image: Image,
    /// The listing text (octal, with the symbol table).
    pub listing: String,
    /// All symbols, sorted by name.
    pub symbols: Vec<Symbol>,
}

impl Assembly {
    /// The location labels, for disassembly with `+label+` names.
    pub fn labels(&self) -> Symbols {
        let mut s = Symbols::new();
        for sym in self.symbols.iter().filter(|s| s.kind == SymKind::Label) {
            s.insert(sym.value as u32, &sym.name);
        }
        s
    }

    /// The value of a symbol.
    pub fn symbol(&self, name: &str) -> Option<i64> {
        self.symbols
            .iter()
            .find(|s| s.name.eq_ignore_ascii_case(name))
            .map(|s| s.value)
    }
}

/// Highest address + 1.
const MEMORY_END: i64 = ADDR_MASK as i64 + 1;
const MIN24: i64 = -(1 << 23);

/// Assemble `source`; `file` names it in error messages and in the listing.
pub fn assemble(file: &str, source: &str) -> Result<Assembly, AsmError> {
    let mut diags = Vec::new();
    let mut syms: HashMap<String, Symbol> = HashMap::new();
    // Pass 1.
    let mut stmts: Vec<(Stmt, i64)> = Vec::new();
    let mut loc: i64 = 0;
    let mut ended = false;
    let mut overflowed = false;
    let lines: Vec<&str> = source.lines().collect();
    for (n, text) in lines.iter().enumerate() {
        let line = n + 1;
        let (st, d) = statement(line, text);
        diags.extend(d);
        let Some(st) = st else { continue };
        let here = loc;
        let mut label_value = Some((loc, SymKind::Label));
        let mut size = 0i64;
        match &st.body {
            Body::Empty => {}
            Body::Instr { .. } => size = 1,
            Body::Bad { words } => size = *words as i64,
            Body::Directive(d, op_col) => match d {
                Directive::Oct(v) | Directive::Fix(v) => size = v.len() as i64,
                Directive::Txt(t) => size = t.len().div_ceil(3) as i64,
                Directive::Bss(e) => match early(e, here, &syms, line, "bss.") {
                    Ok(v) if (0..=MEMORY_END).contains(&v) => size = v,
                    Ok(v) => diags.push(Diagnostic::new(
                        line,
                        e.col,
                        format!("bss. count {v} is out of range"),
                    )),
                    Err(d) => diags.push(d),
                },
                Directive::Org(e) => match early(e, here, &syms, line, "org.") {
                    Ok(v) if (0..MEMORY_END).contains(&v) => {
                        loc = v;
                        label_value = Some((v, SymKind::Label));
                    }
                    Ok(v) => diags.push(range(line, e.col, v, "an address", 0, MEMORY_END - 1)),
                    Err(d) => diags.push(d),
                },
                Directive::Equ(e) => {
                    label_value = None;
                    match (&st.label, early(e, here, &syms, line, "equ.")) {
                        (None, _) => diags.push(Diagnostic::new(
                            line,
                            *op_col,
                            "equ. needs a label: +name+ equ. value",
                        )),
                        (Some(_), Ok(v))
                            if (MIN24..=i64::from(t3300_isa::WORD_MASK)).contains(&v) =>
                        {
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
                Directive::End(_) => ended = true,
            },
        }
        if let (Some((name, col)), Some((value, kind))) = (&st.label, label_value) {
            match syms.get(name) {
                Some(prev) => diags.push(Diagnostic::new(
                    line,
                    *col,
                    format!("+{name}+ is already defined at line {}", prev.line),
                )),
                None => {
                    syms.insert(
                        name.clone(),
                        Symbol {
                            name: name.clone(),
                            value,
                            kind,
                            line,
                        },
                    );
                }
            }
        }
        let start = loc;
        stmts.push((st, start));
        loc += size;
        if loc > MEMORY_END && !overflowed {
            overflowed = true;
            diags.push(Diagnostic::new(
                line,
                1,
                "the program runs past address 077777",
            ));
        }
        if ended {
            break;
        }
    }
    if !ended {
        diags.push(Diagnostic::new(
            lines.len() + 1,
            1,
            "missing end. at the end of the program",
        ));
    }

    // Pass 2.
    let mut image = Image::new();
    let mut owner: HashMap<u16, usize> = HashMap::new();
    let mut rows = Vec::new();
    let mut start: Option<i64> = None;
    let mut first_word: Option<u16> = None;
    for (st, here) in &stmts {
        let line = st.line;
        let mut row = Row {
            line,
            loc: None,
            words: Vec::new(),
            value: None,
        };
        let mut words: Vec<Word> = Vec::new();
        let ev = |e: &Expr| eval(e, *here, &syms, line);
        match &st.body {
            Body::Empty => {
                if st.label.is_some() {
                    row.loc = Some(*here);
                }
            }
            Body::Bad { .. } => row.loc = Some(*here),
            Body::Instr {
                info,
                indirect,
                op_col,
                addr,
                reg,
            } => {
                row.loc = Some(*here);
                match encode(
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
                }
            }
            Body::Directive(d, _) => match d {
                Directive::Oct(v) | Directive::Fix(v) => {
                    row.loc = Some(*here);
                    let (lo, hi, what) = match d {
                        Directive::Oct(_) => {
                            (MIN24, i64::from(t3300_isa::WORD_MASK), "an oct. value")
                        }
                        _ => (MIN24, (1 << 23) - 1, "a fix. value"),
                    };
                    for e in v {
                        match ev(e) {
                            Ok(x) if (lo..=hi).contains(&x) => words.push(Word::from_signed(x)),
                            Ok(x) => {
                                diags.push(range(line, e.col, x, what, lo, hi));
                                words.push(Word::ZERO);
                            }
                            Err(d) => {
                                diags.push(d);
                                words.push(Word::ZERO);
                            }
                        }
                    }
                }
                Directive::Txt(t) => {
                    row.loc = Some(*here);
                    for chunk in t.chunks(3) {
                        let mut c = [b' '; 3];
                        c[..chunk.len()].copy_from_slice(chunk);
                        words.push(Word::new(u32::from_be_bytes([0, c[0], c[1], c[2]])));
                    }
                }
                Directive::Bss(e) => {
                    // The reserved words are zero in the image, so a reload clears them.
                    row.loc = Some(*here);
                    if let Ok(n) = ev(e) {
                        words.extend(std::iter::repeat_n(
                            Word::ZERO,
                            n.clamp(0, MEMORY_END) as usize,
                        ));
                    }
                }
                Directive::Org(_) => row.loc = Some(*here),
                Directive::Equ(_) => {
                    row.value = st
                        .label
                        .as_ref()
                        .and_then(|(n, _)| syms.get(n))
                        .map(|s| s.value);
                }
                Directive::End(e) => {
                    if let Some(e) = e {
                        match ev(e) {
                            Ok(v) if (0..MEMORY_END).contains(&v) => start = Some(v),
                            Ok(v) => diags.push(range(
                                line,
                                e.col,
                                v,
                                "a start address",
                                0,
                                MEMORY_END - 1,
                            )),
                            Err(d) => diags.push(d),
                        }
                    }
                    row.loc = start;
                }
            },
        }
        for (k, w) in words.iter().enumerate() {
            let a = here + k as i64;
            if a >= MEMORY_END {
                break;
            }
            let a = a as u16;
            if let Some(prev) = owner.insert(a, line) {
                diags.push(Diagnostic::new(
                    line,
                    1,
                    format!("address {a:05o} is already assembled by line {prev}"),
                ));
            }
            image.words.insert(a, *w);
            first_word.get_or_insert(a);
        }
        if !matches!(st.body, Body::Directive(Directive::Bss(_), _)) {
            row.words = words;
        }
        rows.push(row);
    }
    if !diags.is_empty() {
        return Err(AsmError::new(file, source, diags));
    }
    image.start = start.map_or(first_word.unwrap_or(0), |s| s as u16);
    let mut symbols: Vec<Symbol> = syms.into_values().collect();
    symbols.sort_by(|a, b| a.name.cmp(&b.name));
    let listing = listing::write(file, &lines, &rows, &symbols);
    Ok(Assembly {
        image,
        listing,
        symbols,
    })
}

/// Evaluate an expression in pass 1: it must use only symbols defined above.
fn early(
    e: &Expr,
    here: i64,
    syms: &HashMap<String, Symbol>,
    line: usize,
    what: &str,
) -> Result<i64, Diagnostic> {
    for (_, t, col) in &e.terms {
        if let Term::Label(n) = t {
            if !syms.contains_key(n) {
                return Err(Diagnostic::new(
                    line,
                    *col,
                    format!(
                        "{what} needs a value known here; +{n}+ is defined later or not at all"
                    ),
                ));
            }
        }
    }
    eval(e, here, syms, line)
}

/// Evaluate an expression with all symbols defined.
fn eval(
    e: &Expr,
    here: i64,
    syms: &HashMap<String, Symbol>,
    line: usize,
) -> Result<i64, Diagnostic> {
    let mut v = 0i64;
    for (neg, t, col) in &e.terms {
        let x = match t {
            Term::Num(n) => *n,
            Term::Here => here,
            Term::Label(n) => match syms.get(n) {
                Some(s) => s.value,
                None => {
                    return Err(Diagnostic::new(
                        line,
                        *col,
                        format!("undefined label +{n}+"),
                    ))
                }
            },
        };
        v += if *neg { -x } else { x };
    }
    Ok(v)
}

fn range(line: usize, col: usize, v: i64, what: &str, lo: i64, hi: i64) -> Diagnostic {
    let show = |x: i64| match x {
        0 => "0".to_string(),
        x if x < 0 => format!("-0{:o}", -x),
        x => format!("0{x:o}"),
    };
    Diagnostic::new(
        line,
        col,
        format!(
            "{v} ({}) is out of range for {what} ({} to {})",
            show(v),
            show(lo),
            show(hi)
        ),
    )
}

/// Encode an instruction, checking its operand against its class (spec §4.7, §6).
fn encode(
    info: &t3300_isa::OpInfo,
    indirect: bool,
    op_col: usize,
    addr: Option<&Expr>,
    reg: Option<&Expr>,
    ev: &dyn Fn(&Expr) -> Result<i64, Diagnostic>,
    line: usize,
) -> Result<Word, Vec<Diagnostic>> {
    let m = info.mnemonic;
    let class = info.class;
    let mut errs = Vec::new();
    if indirect && !class.allows_indirect() {
        errs.push(Diagnostic::new(
            line,
            op_col,
            format!("{m} cannot be indirect (no *)"),
        ));
    }
    let mut x = 0u8;
    match (reg, class.names_register() || class.indexes()) {
        (Some(r), true) => match ev(r) {
            Ok(v @ 1..=3) => x = v as u8,
            Ok(v) => errs.push(Diagnostic::new(
                line,
                r.col,
                format!("register {v}: must be 1, 2 or 3"),
            )),
            Err(d) => errs.push(d),
        },
        (Some(r), false) => errs.push(Diagnostic::new(
            line,
            r.col,
            format!("{m} takes no register"),
        )),
        (None, _) if class.names_register() => errs.push(Diagnostic::new(
            line,
            op_col,
            format!("{m} needs a register, written ,1 ,2 or ,3"),
        )),
        (None, _) => {}
    }
    let field = |lo: i64, hi: i64, what: &str, errs: &mut Vec<Diagnostic>| -> u16 {
        match addr {
            None => {
                errs.push(Diagnostic::new(line, op_col, format!("{m} needs {what}")));
                0
            }
            Some(e) => match ev(e) {
                Ok(v) if (lo..=hi).contains(&v) => (v as u16) & ADDR_MASK,
                Ok(v) => {
                    errs.push(range(line, e.col, v, what, lo, hi));
                    0
                }
                Err(d) => {
                    errs.push(d);
                    0
                }
            },
        }
    };
    let max = ADDR_MASK as i64;
    let a = match class {
        Class::Halt if addr.is_none() => 0,
        Class::Halt => field(0, max, "a halt code", &mut errs),
        Class::Mem | Class::RegMem | Class::RegJump => field(0, max, "an address", &mut errs),
        Class::RegImm if m == "axi" => field(-max - 1, max, "an increment", &mut errs),
        Class::RegImm => field(0, max, "a value", &mut errs),
        Class::Imm => field(
            -(1 << 14),
            (1 << 14) - 1,
            "a signed 15-bit value",
            &mut errs,
        ),
        Class::Shift => field(0, 63, "a shift count", &mut errs),
        Class::Nrm | Class::RegOperate | Class::Operate | Class::Io => {
            if let Some(e) = addr {
                let only = if class.names_register() {
                    " but its register (,n)"
                } else {
                    ""
                };
                errs.push(Diagnostic::new(
                    line,
                    e.col,
                    format!("{m} takes no operand{only}"),
                ));
            }
            info.func as u16
        }
    };
    if errs.is_empty() {
        Ok(Word::from_fields(info.op, indirect, x, a))
    } else {
        Err(errs)
    }
}
