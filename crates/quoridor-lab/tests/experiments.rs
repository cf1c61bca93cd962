//! Experiments split into shares and merged: equal to an unsplit run, missing and incomplete
//! shares named, resumable; the table and the plot as golden files.

use quoridor_lab::merge::{collect_table, write_outputs, Collected};
use quoridor_lab::{sweep, ExperimentConfig, Share, Sweep, Table};
use std::path::{Path, PathBuf};

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("quoridor-lab-e-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn small(table: Table) -> ExperimentConfig {
    let mut c = ExperimentConfig::paper(table);
    c.playouts = 20;
    c.policy = "path:0.5:0.25".parse().unwrap();
    c.games = 4;
    c.d = vec![0.01, 0.16];
    c.seed = 11;
    c
}

fn sweep_into(config: &ExperimentConfig, share: Share, out: &Path, jobs: usize) -> Sweep {
    Sweep {
        config: config.clone(),
        share,
        out: out.into(),
        jobs,
        resume: false,
        quiet: true,
    }
}

fn collect(dirs: &[PathBuf]) -> quoridor_lab::Result<Collected> {
    let mut all = quoridor_lab::merge::collect(dirs)?;
    assert_eq!(all.len(), 1);
    Ok(all.remove(0))
}

fn read(p: PathBuf) -> String {
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

#[test]
fn merged_shares_equal_an_unsplit_run() {
    let config = small(Table::Table1);
    let whole = temp("whole");
    let outcome = sweep::run(&sweep_into(&config, Share::WHOLE, &whole, 2)).unwrap();
    assert_eq!(outcome.played, 12);
    assert!(outcome.playouts > 0);
    let report = outcome.report.unwrap();
    assert!(report.problems.is_empty());
    assert_eq!(report.cells.len(), 3);

    let shares = temp("shares");
    for k in [3, 1] {
        sweep::run(&sweep_into(&config, Share { k, n: 3 }, &shares, 1)).unwrap();
    }
    // Share 2 is missing.
    let partial = collect(std::slice::from_ref(&shares)).unwrap();
    assert_eq!(partial.problems, vec!["shares missing: 2/3".to_string()]);
    // Share 2 in a folder of its own, stopped before the two games it holds of cell 1.
    let other = temp("other");
    sweep::run(&sweep_into(&config, Share { k: 2, n: 3 }, &other, 1)).unwrap();
    let file = std::fs::read_dir(&other)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.to_string_lossy().contains("table1-01-"))
        .unwrap();
    let full = read(file.clone());
    let kept: Vec<&str> = full.lines().take(1).collect();
    assert_eq!(full.lines().count(), 3);
    std::fs::write(&file, format!("{}\n", kept.join("\n"))).unwrap();
    let c = collect(&[shares.clone(), other.clone()]).unwrap();
    assert_eq!(c.problems.len(), 1);
    assert_eq!(c.problems[0], "share 2/3 incomplete (2 of 4 games)");
    // Resumed, it plays only what is missing.
    let mut resume = sweep_into(&config, Share { k: 2, n: 3 }, &other, 2);
    assert!(sweep::run(&resume)
        .unwrap_err()
        .to_string()
        .contains("--resume"));
    resume.resume = true;
    let lines_before = read(file.clone()).lines().count();
    let done = sweep::run(&resume).unwrap();
    assert_eq!((done.played, done.quota), (2, 4));
    assert_eq!(read(file.clone()).lines().count(), full.lines().count());
    assert!(lines_before < full.lines().count());

    let merged = temp("merged");
    let c = collect(&[shares, other]).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    write_outputs(&merged, &c, true).unwrap();
    for f in ["table1.md", "table1.svg"] {
        assert_eq!(read(merged.join(f)), read(whole.join(f)), "{f}");
    }
    // Each merged cell file holds the games of the unsplit run's file.
    let games_of = |p: PathBuf| {
        let mut l: Vec<String> = read(p).lines().skip(1).map(String::from).collect();
        l.sort();
        l
    };
    let name = "table1-01-d=0.16.share-1-of-1.jsonl";
    assert_eq!(
        games_of(merged.join("games").join(name)),
        games_of(whole.join(name))
    );

    expected_output::check(
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/quoridor-lab/table1-small.md"
        ),
        &read(whole.join("table1.md")),
    );
    expected_output::check(
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/quoridor-lab/table1-small.svg"
        ),
        &read(whole.join("table1.svg")),
    );
}

#[test]
fn merge_refuses_mixed_experiments_and_empty_folders() {
    let a = temp("mix-a");
    let config = small(Table::Table2);
    sweep::run(&sweep_into(&config, Share { k: 1, n: 2 }, &a, 1)).unwrap();
    let b = temp("mix-b");
    let mut other = config.clone();
    other.seed = 12;
    sweep::run(&sweep_into(&other, Share { k: 2, n: 2 }, &b, 1)).unwrap();
    let e = collect(&[a.clone(), b]).unwrap_err().to_string();
    assert!(e.contains("another experiment"), "{e}");
    let c = temp("mix-c");
    sweep::run(&sweep_into(&config, Share { k: 2, n: 3 }, &c, 1)).unwrap();
    let e = collect(&[a, c]).unwrap_err().to_string();
    assert!(e.contains("shares"), "{e}");
    let e = collect(&[temp("empty")]).unwrap_err().to_string();
    assert!(e.contains("no experiment results files"), "{e}");
}

#[test]
fn table2_plot_and_table_state_the_budget() {
    let out = temp("t2");
    let r = sweep::run(&sweep_into(&small(Table::Table2), Share::WHOLE, &out, 2))
        .unwrap()
        .report
        .unwrap();
    let md = r.markdown();
    assert!(
        md.contains(
            "Budget: 20 playouts a move (path:0.5:0.25 playouts, cut 300, ucb1), n = 10, start \
             zero, tie half, reversal stay, 4 games a cell"
        ),
        "{md}"
    );
    assert!(
        md.contains("| 0.16 |") && md.contains("not in the paper"),
        "{md}"
    );
    let svg = read(out.join("table2.svg"));
    assert!(svg.contains("ours: 20 playouts a move"), "{svg}");
    assert!(svg.contains("plain UCB (even: 0.5)"));
    // Table 1 in the same folder: each table is collected and written on its own.
    sweep::run(&sweep_into(&small(Table::Table1), Share::WHOLE, &out, 2)).unwrap();
    let all = quoridor_lab::merge::collect(std::slice::from_ref(&out)).unwrap();
    assert_eq!(all.len(), 2);
    let t2 = collect_table(std::slice::from_ref(&out), Table::Table2).unwrap();
    assert_eq!(t2.report().markdown(), md);
    assert!(out.join("table1.md").exists());
}
