//! The forbidden points of 600 positions (tests/gomoku/renju-forbidden-dev.txt: Rapfi and
//! PyPI `renju` agreeing) against both modes.

use gomoku::{forbidden_points, parse_position, Foul, Point, Rule};
use std::collections::BTreeMap;

struct Case {
    id: String,
    tags: String,
    moves: String,
    forbidden: BTreeMap<Point, Foul>,
}

fn cases() -> Vec<Case> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/gomoku/renju-forbidden-dev.txt"
    );
    let text = std::fs::read_to_string(path).expect("golden file");
    let mut out = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let fields: Vec<&str> = line.split(" | ").collect();
        assert_eq!(fields.len(), 3, "{line}");
        let head: Vec<&str> = fields[0].split_whitespace().collect();
        let mut forbidden = BTreeMap::new();
        if fields[2].trim() != "-" {
            for t in fields[2].split_whitespace() {
                let (p, c) = t.split_once(':').unwrap();
                let foul = Foul::from_code(c.parse().unwrap()).unwrap();
                forbidden.insert(p.parse().unwrap(), foul);
            }
        }
        out.push(Case {
            id: head[0].to_string(),
            tags: head[2].to_string(),
            moves: fields[1].to_string(),
            forbidden,
        });
    }
    assert_eq!(out.len(), 600);
    out
}

fn ours(moves: &str, rule: Rule) -> BTreeMap<Point, Foul> {
    let (_, board) = parse_position(moves).expect("golden position reads");
    forbidden_points(&board, rule).into_iter().collect()
}

#[test]
fn renju_equals_the_golden_set() {
    let mut bad = Vec::new();
    for c in cases() {
        let got = ours(&c.moves, Rule::Renju);
        if got != c.forbidden {
            bad.push(format!("{}: got {got:?}, want {:?}", c.id, c.forbidden));
        }
    }
    assert!(
        bad.is_empty(),
        "{} differences:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

#[test]
fn guide_1993_contains_strict_and_differs_only_where_tagged() {
    let mut bad = Vec::new();
    let mut differing = 0;
    for c in cases() {
        let strict = ours(&c.moves, Rule::Renju);
        let simple = ours(&c.moves, Rule::Guide1993);
        for (p, f) in &strict {
            // A point forbidden in renju is forbidden in 1993 too, at least as badly.
            if simple.get(p).is_none_or(|g| g < f) {
                bad.push(format!(
                    "{}: {p} {f:?} strict, {:?} in 1993",
                    c.id,
                    simple.get(p)
                ));
            }
        }
        let differs = simple != strict;
        differing += differs as usize;
        if differs != c.tags.contains('R') {
            bad.push(format!(
                "{} (tags {}): strict {strict:?}, 1993 {simple:?}",
                c.id, c.tags
            ));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
    assert!(differing > 0);
}
