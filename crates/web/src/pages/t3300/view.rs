//! What the T3300-R page shows of the machine, as JSON: the registers, the disassembly around
//! P with the program's `+labels+`, the breakpoints, and the table of §9 as the classifier
//! fills it in core, beside the paper's (`docs/lgame.md`, "The classifier on the T3300-R";
//! the registers as `docs/t3300.md` §2 and §10 list them).
//!
//! Notes:
//!
//! 1. The table is read from the program's own words, not from a run's report: `+bbar+` and
//!    `+fbar+` (64 words each, |B̄_i| and |F̄_i| by level), `+ext+` and `+lev+` (the pass
//!    and its level), `+nb+` and `+nf+` (what the pass has found so far). A level's row fills
//!    at `+xend+`, when its pass is over; the pass's own counts grow while it runs.
//! 2. B and F are the sums of the rows so far and U = 2296 − B − F, so they are the paper's
//!    totals only at the end; the page marks a row that differs from the paper once the run
//!    is done.
//! 3. Numbers are octal strings, as the machine's console writes them; counts are decimal
//!    numbers, as the paper's table prints them.

use lgame::ltype::COUNT;
use lgame::paper;
use machine_core::{Debuggable, Debugger, Stop};
use serde_json::{json, Value};
use t3300::Machine;

/// Words before and after P in the disassembly.
const BEFORE: u32 = 6;
const AFTER: u32 = 10;

/// Levels of the table the program keeps (`+bbar+`, `+fbar+`: `bss. 64` each).
const LEVELS: u16 = 64;

/// The classifier's words the page reads (note 1).
#[derive(Clone, Copy, Debug)]
pub struct Words {
    ext: u16,
    lev: u16,
    nb: u16,
    nf: u16,
    bbar: u16,
    fbar: u16,
    res: u16,
}

impl Words {
    /// The words' addresses from the program's labels.
    pub fn find(d: &Debugger<Machine>) -> Result<Words, String> {
        let at = |name: &str| {
            d.symbols()
                .value(name)
                .and_then(|v| u16::try_from(v).ok())
                .ok_or_else(|| format!("the classifier lacks the label +{name}+"))
        };
        Ok(Words {
            ext: at("ext")?,
            lev: at("lev")?,
            nb: at("nb")?,
            nf: at("nf")?,
            bbar: at("bbar")?,
            fbar: at("fbar")?,
            res: at("res")?,
        })
    }
}

fn word(m: &Machine, a: u16) -> u32 {
    m.peek(a).get()
}

/// `n` in octal, `bits` wide.
pub fn octal(n: u64, bits: u32) -> String {
    format!("{n:0w$o}", w = bits.div_ceil(3) as usize)
}

/// The registers, each `{name, value, bits}`, the value in octal.
pub fn registers(m: &Machine) -> Value {
    Debuggable::registers(m)
        .iter()
        .map(|r| json!({"name": r.name, "value": octal(r.value, r.bits), "bits": r.bits}))
        .collect()
}

/// The words around P, each `{addr, word, label, text, here, bp}`.
pub fn disassembly(d: &Debugger<Machine>) -> Value {
    let m = d.machine();
    let p = Debuggable::pc(m);
    let top = Debuggable::memory_words(m).saturating_sub(1);
    let first = p.saturating_sub(BEFORE);
    let last = (p + AFTER).min(top);
    (first..=last)
        .map(|a| {
            let dec = Debuggable::disassemble(m, a, d.symbols());
            let label = d
                .symbols()
                .label_at(a)
                .map_or(String::new(), |l| format!("+{l}+"));
            json!({
                "addr": octal(u64::from(a), 15),
                "word": octal(u64::from(dec.words.first().copied().unwrap_or(0)), 24),
                "label": label,
                "text": dec.text,
                "here": a == p,
                "bp": d.breakpoints().contains(a),
            })
        })
        .collect()
}

/// Where P is: `+label+` or `+label++N` after the nearest label before it.
pub fn place(d: &Debugger<Machine>) -> String {
    let p = Debuggable::pc(d.machine());
    match d.symbols().label_before(p) {
        Some((a, l)) if a == p => format!("+{l}+"),
        Some((a, l)) => format!("+{l}++{:o}", p - a),
        None => String::new(),
    }
}

/// The breakpoints, each `{addr, label}`.
pub fn breakpoints(d: &Debugger<Machine>) -> Value {
    d.breakpoints()
        .iter()
        .map(|a| {
            let label = d
                .symbols()
                .label_at(a)
                .map_or(String::new(), |l| format!("+{l}+"));
            json!({"addr": octal(u64::from(a), 15), "label": label})
        })
        .collect()
}

/// The table of §9 as the program has filled it, beside the paper's (notes 1 and 2).
pub fn table(m: &Machine, w: &Words) -> Value {
    let count = |base: u16, i: u16| word(m, base + i) as usize;
    let filled = (0..LEVELS)
        .rev()
        .find(|&i| count(w.bbar, i) + count(w.fbar, i) > 0)
        .map_or(0, |i| i + 1);
    let shown = filled.max(paper::B_BAR.len() as u16);
    let rows: Vec<Value> = (0..shown)
        .map(|i| {
            json!({
                "i": i,
                "bbar": count(w.bbar, i),
                "fbar": count(w.fbar, i),
                "paper_bbar": paper::B_BAR.get(usize::from(i)),
                "paper_fbar": paper::F_BAR.get(usize::from(i)),
            })
        })
        .collect();
    let b: usize = (0..LEVELS).map(|i| count(w.bbar, i)).sum();
    let f: usize = (0..LEVELS).map(|i| count(w.fbar, i)).sum();
    let (pb, pf, pu) = paper::TOTALS;
    json!({
        "ext": word(m, w.ext),
        "lev": word(m, w.lev),
        "nb": word(m, w.nb),
        "nf": word(m, w.nf),
        "rows": rows,
        "b": b,
        "f": f,
        "u": COUNT.saturating_sub(b + f),
        "paper": {"b": pb, "f": pf, "u": pu},
    })
}

/// Whether `stop` is the classifier's end: its halt 07777 after the tape is punched.
pub fn finished(stop: Option<Stop>) -> bool {
    matches!(stop, Some(Stop::Halt { code, .. })
        if code == u32::from(lgame_t3300::classifier::DONE))
}

/// The report at the end, as `retro lgame classify` gives it: the table of §9 beside the
/// paper's, the totals, B0 beside `+bo+` (`lgame::report`), and whether every l-type agrees
/// with the native classifier.
pub fn report(m: &Machine, w: &Words) -> Result<(String, bool), String> {
    let words: Vec<u32> = (0..COUNT as u16).map(|x| word(m, w.res + x)).collect();
    let c = lgame::Classification::from_words(&words).map_err(|e| e.to_string())?;
    let mut text = lgame::report::report(&c, "T3300-R, asm/t3300/lgame.asm");
    let (agreement, agrees) = lgame_t3300::report::agreement(&c);
    text.push_str(&agreement);
    Ok((text, agrees))
}
