//! `retro quoridor match|experiment|merge` as a user runs them.

mod common;
use common::{retro, tmp};

#[test]
fn a_match_prints_its_table_interval_and_records() {
    let (code, out, err) = retro(&[
        "quoridor",
        "match",
        "ucb:playouts=20",
        "ab2",
        "--games",
        "2",
        "--seed",
        "3",
        "-q",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("A = ucb:playouts=20"), "{out}");
    // The records first, the result table last (what stays on the screen).
    assert!(
        out.trim_end()
            .lines()
            .last()
            .unwrap()
            .contains("games played now"),
        "{out}"
    );
    assert!(out.find("records").unwrap() < out.find("95% interval").unwrap());
    let records: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("records"))
        .skip(1)
        .take_while(|l| !l.is_empty())
        .collect();
    assert_eq!(records.len(), 2, "{out}");
    assert!(records.iter().all(|r| r.split(", ").count() > 6));
}

#[test]
fn bad_specs_and_shares_are_named() {
    let (code, _, err) = retro(&["quoridor", "match", "ucb:playout=20", "ab2", "--games", "2"]);
    assert_eq!(code, 2);
    assert!(err.contains("ucb:playout=20"), "{err}");
    let out = tmp("bad-share");
    let out = out.to_str().unwrap();
    let (code, _, err) = retro(&[
        "quoridor",
        "experiment",
        "table1",
        "--out",
        out,
        "--share",
        "4/3",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("--share `4/3`"), "{err}");
}

#[test]
fn shares_then_merge() {
    let dir = tmp("shares");
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().unwrap();
    let args = |share: &'static str| {
        vec![
            "quoridor",
            "experiment",
            "table2",
            "--playouts",
            "20",
            "--games",
            "2",
            "--d",
            "0.01,0.08",
            "--out",
            d,
            "--quiet",
            "--share",
            share,
        ]
    };
    let (code, out, err) = retro(&args("1/2"));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("budget: 20 playouts a move"), "{out}");
    let merged = tmp("merged");
    let m = merged.to_str().unwrap();
    let (code, _, err) = retro(&["quoridor", "merge", d, "--out", m]);
    assert_eq!(code, 2);
    assert!(err.contains("shares missing: 2/2"), "{err}");
    let (code, _, err) = retro(&args("2/2"));
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = retro(&["quoridor", "merge", d, "--out", m]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("| 0.08 |"), "{out}");
    assert!(merged.join("table2.svg").exists());
}
