//! Comparison with the independent reference result `tests/lgame/lgame-reference.txt`
//! (tables, `+mt+`, B by level, and the class and level of every l-type).

use crate::classify::{classify, Outcome};
use crate::listing;
use crate::ltype::{LType, COUNT};
use crate::tables::tables;

const REFERENCE: &str = include_str!("../../../tests/lgame/lgame-reference.txt");

/// The lines of section `[name]` up to the next section, with the file line number of the
/// first one.
fn section(name: &str) -> (usize, String) {
    let head = format!("[{name}]");
    let mut lines = REFERENCE.lines().enumerate();
    let start = lines
        .by_ref()
        .find(|(_, l)| l.starts_with(&head))
        .map(|(i, _)| i + 2)
        .unwrap_or_else(|| panic!("no section {head}"));
    let body: Vec<&str> = lines
        .map(|(_, l)| l)
        .take_while(|l| !l.starts_with('['))
        .collect();
    (start, body.join("\n"))
}

fn octal_words(text: &str) -> Vec<u32> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
        .map(|w| u32::from_str_radix(w, 8).unwrap_or_else(|_| panic!("octal '{w}'")))
        .collect()
}

#[test]
fn every_position_agrees_with_the_reference() {
    let (first, text) = section("classification");
    let records = listing::parse(&text, first).unwrap();
    assert_eq!(records.len(), COUNT);
    let c = classify();
    let mut wrong = Vec::new();
    for (r, lt) in records.iter().zip(LType::all()) {
        assert_eq!(r.ltype, lt, "records in l-type order");
        assert_eq!(r.board, lt.board(), "l-type {lt}: encoding");
        if r.outcome != c.outcome(lt) {
            wrong.push((lt, r.outcome, c.outcome(lt)));
        }
    }
    assert!(wrong.is_empty(), "(l-type, reference, computed): {wrong:?}");
}

#[test]
fn our_listing_is_the_reference_section() {
    let (_, text) = section("classification");
    let theirs: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .collect();
    let ours = listing::listing(&classify());
    let ours: Vec<&str> = ours.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(ours, theirs);
}

#[test]
fn tables_agree_with_the_reference() {
    let t = tables();
    let form: Vec<u32> = t.form.iter().map(|&m| u32::from(m)).collect();
    assert_eq!(octal_words(&section("form").1), form);
    let fred: Vec<u32> = t.fred.iter().map(|&m| u32::from(m)).collect();
    assert_eq!(octal_words(&section("fred").1), fred);
    let ti: Vec<u8> = section("ti")
        .1
        .split(',')
        .map(|w| w.trim().parse().unwrap())
        .collect();
    assert_eq!(ti, t.ti);
    let mt: Vec<(usize, u32, u32)> = section("mt")
        .1
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            let oct = |s: &str| u32::from_str_radix(s, 8).unwrap();
            (f[0].parse().unwrap(), oct(f[1]), oct(f[2]))
        })
        .collect();
    assert_eq!(mt.len(), t.mt.len());
    for (j, r, b) in mt {
        let i = t.red_of_pair(j).unwrap();
        assert_eq!(
            (r, b),
            (u32::from(t.fred[i]), u32::from(t.mt[j])),
            "mt({j})"
        );
    }
}

#[test]
fn b_by_level_agrees_with_the_reference() {
    let c = classify();
    for line in section("B_by_level").1.lines().filter(|l| !l.is_empty()) {
        let (level, list) = line.split_once(':').unwrap();
        let level: u8 = level.trim().parse().unwrap();
        let theirs = octal_words(list);
        let ours: Vec<u32> = c
            .with_outcome(Outcome::B(level))
            .iter()
            .map(|l| u32::from(l.get()))
            .collect();
        assert_eq!(ours, theirs, "B level {level}");
    }
}
