//! Standard output that fails: a reader that closes the pipe ends a command quietly; any other
//! write error (a full disk) is reported, with exit status 2, never a panic. Output paths and
//! budgets are checked before a command runs.
//!
//! Notes:
//! 1. The commands run [`AT_A_TIME`] at a time, each with output paths of its own; their
//!    results are checked afterwards in the list's order, so a failure names the first
//!    command that failed whatever the timing.
//! 2. `retro hp2100 basic` needs HP's tapes, which are not part of the project: it has a test
//!    of its own, which reports itself ignored without them (crate `needs`, checked when the
//!    tests run); the list of every subcommand counts it as covered there.

mod common;

use common::{retro_to, root, tmp};
use std::io::Read;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

needs::tests! {
    a_closed_pipe_ends_every_command_quietly,
    #[needs("dev-full")] a_full_disk_is_an_error_with_status_2,
    a_bad_output_path_is_reported_before_the_run,
    benchmarks_refuse_budgets_that_overflow_or_never_end,
    #[needs("dev-full")] every_subcommand_ends_with_status_2_on_a_full_disk_and_quietly_on_a_closed_pipe,
    #[needs("dev-full", "hp-software")] hp2100_basic_ends_with_status_2_on_a_full_disk_and_quietly_on_a_closed_pipe,
    the_old_word_tosbac_names_the_t3300_as_before,
}

/// The subcommands tested apart, with what they need (note 2).
const TESTED_APART: [(&str, &str); 1] = [("hp2100", "basic")];

/// Commands run at once (note 1): most of them compute, some wait on a child.
const AT_A_TIME: usize = 4;

/// `f` of every item, [`AT_A_TIME`] items at a time; the results in the items' order.
fn each_at_once<T: Sync, R: Send>(items: &[T], f: impl Fn(usize, &T) -> R + Sync) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<R>>> = Mutex::new(items.iter().map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..AT_A_TIME.min(items.len()) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(i) else { break };
                let r = f(i, item);
                results.lock().unwrap()[i] = Some(r);
            });
        }
    });
    results
        .into_inner()
        .unwrap()
        .into_iter()
        .flatten()
        .collect()
}

/// The commands of the report, each printing more than one byte.
fn commands() -> Vec<Vec<String>> {
    let input = tmp("output-keys");
    std::fs::write(&input, "12\n00\n0404\n0505\n").unwrap();
    let input = input.to_str().unwrap().to_string();
    let v = |s: &str| s.split(' ').map(String::from).collect::<Vec<_>>();
    vec![
        v("hex replay tests/nhex/example-1.txt"),
        v("hex replay --machine tests/nhex/example-1.txt"),
        v("hex bench --games 1"),
        v("hp2100 bench --millions 1"),
        v("lgame classify --native"),
        v(&format!("hex play --native --input {input}")),
        v(&format!("hex play --input {input} --stats")),
    ]
}

/// Run `args`, read one byte of its output and close the pipe: (status, standard error).
fn read_one_byte(args: &[String]) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_retro"))
        .args(args)
        .current_dir(root())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = child.stdout.take().unwrap();
    let mut byte = [0u8; 1];
    out.read_exact(&mut byte).unwrap();
    drop(out);
    let done = child.wait_with_output().unwrap();
    (
        done.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&done.stderr).into_owned(),
    )
}

fn a_closed_pipe_ends_every_command_quietly() {
    let cmds = commands();
    let ends = each_at_once(&cmds, |_, args| read_one_byte(args));
    for (args, (status, err)) in cmds.iter().zip(ends) {
        assert_eq!(status, 0, "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(!err.contains("Broken pipe"), "{args:?}: {err}");
    }
}

fn a_full_disk_is_an_error_with_status_2() {
    let cmds = commands();
    let ends = each_at_once(&cmds, |_, args| {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        retro_to(&args, "/dev/full")
    });
    for (args, (status, err)) in cmds.iter().zip(ends) {
        assert_eq!(status, 2, "{args:?}: {err}");
        assert!(
            err.contains("cannot write standard output"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

fn a_bad_output_path_is_reported_before_the_run() {
    let cases: [&[&str]; 4] = [
        &[
            "hex",
            "play",
            "--native",
            "--transcript",
            "/no/such/dir/t.txt",
        ],
        &["lgame", "classify", "--tape-out", "/no/such/dir/tape"],
        &[
            "hex",
            "replay",
            "--svg",
            "/no/such/dir/b.svg",
            "tests/nhex/example-1.txt",
        ],
        &[
            "hp2100",
            "run",
            "--transcript",
            "/no/such/dir/t.txt",
            "README.md",
        ],
    ];
    for args in cases {
        let (status, out, err) = common::retro(args);
        assert_eq!(status, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?} ran: {out}");
        assert!(err.contains("/no/such/dir"), "{args:?}: {err}");
    }
}

fn benchmarks_refuse_budgets_that_overflow_or_never_end() {
    let cases: [&[&str]; 3] = [
        &["hp2100", "bench", "--millions", "18446744073709551615"],
        &["hp2100", "bench", "--millions", "0"],
        &["t3300", "bench", "--seconds", "inf"],
    ];
    for args in cases {
        let (status, _, err) = common::retro(args);
        assert_eq!(status, 2, "{args:?}: {err}");
        assert!(err.contains("must be"), "{args:?}: {err}");
    }
}

/// One invocation of every subcommand, each quick, with what it reads on standard input;
/// `OUT` stands for a fresh path of the run. Files the invocations need are made first.
fn every_subcommand() -> Vec<(Vec<String>, &'static str)> {
    let dir = tmp("every");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let d = dir.to_str().unwrap().to_string();
    std::fs::write(dir.join("keys"), "12\n00\n0404\n0505\n").unwrap();
    std::fs::write(dir.join("hp.sim"), "show cpu\n").unwrap();
    std::fs::write(dir.join("dbg.cmd"), "e 0\ns\nq\n").unwrap();
    for args in [
        format!("hp2100 asm asm/hp2100/echo.asm -o {d}/echo.abs"),
        format!("t3300 asm asm/t3300/print.asm -o {d}/print.img"),
    ] {
        let args: Vec<&str> = args.split(' ').collect();
        assert_eq!(common::retro(&args).0, 0, "{args:?}");
    }
    let retro = env!("CARGO_BIN_EXE_retro");
    let engine = format!("pbrain:{retro} gomoku engine --protocol pbrain --engine eval --nodes 50");
    // A finished match for `crosstable`.
    let logs = format!("{d}/logs");
    let (status, _, err) = common::retro(&[
        "gomoku",
        "dohyo",
        &engine,
        &engine,
        "--out",
        &logs,
        "--draw-after",
        "8",
        "--quiet",
    ]);
    assert_eq!(status, 0, "{err}");
    let v = |s: String, input: &'static str| {
        (s.split(' ').map(String::from).collect::<Vec<_>>(), input)
    };
    let e = engine.as_str();
    let cmds = vec![
        v(format!("hp2100 console {d}/hp.sim"), ""),
        v(format!("hp2100 script {d}/hp.sim"), ""),
        v(format!("hp2100 run {d}/echo.abs --input {d}/keys"), ""),
        v("hp2100 asm asm/hp2100/echo.asm -o OUT".into(), ""),
        v("hp2100 disasm roms/bbl.abs".into(), ""),
        v(
            format!("hp2100 debug {d}/echo.abs --start 100 --script {d}/dbg.cmd"),
            "",
        ),
        v("hp2100 bench --millions 1".into(), ""),
        v(format!("hex play --native --input {d}/keys"), ""),
        v("hex replay tests/nhex/example-1.txt".into(), ""),
        v("hex gen-tables --output OUT".into(), ""),
        v("hex tam-source --output OUT".into(), ""),
        v("hex bench --games 1".into(), ""),
        v("t3300 asm asm/t3300/print.asm -o OUT".into(), ""),
        v(format!("t3300 run {d}/print.img"), ""),
        v(format!("t3300 disasm {d}/print.img"), ""),
        v(
            format!("t3300 debug {d}/print.img --script {d}/dbg.cmd"),
            "",
        ),
        v(
            format!("t3300 console {d}/print.img --input {d}/dbg.cmd"),
            "",
        ),
        v("t3300 bench --seconds 0.1".into(), ""),
        v("lgame classify --native".into(), ""),
        v("lgame play --native".into(), ""),
        v(format!("lgame step --fast-io --script {d}/dbg.cmd"), ""),
        v("lgame bench --runs 1".into(), ""),
        v("lgame tables".into(), ""),
        v("gomoku forbidden --rule renju 8,8".into(), ""),
        v("gomoku show h8 h7".into(), ""),
        v("gomoku bench --seconds 0.1".into(), ""),
        (
            vec![
                "gomoku".into(),
                "dohyo".into(),
                e.into(),
                e.into(),
                "--out".into(),
                "OUT".into(),
                "--draw-after".into(),
                "8".into(),
            ],
            "",
        ),
        (
            vec![
                "gomoku".into(),
                "tournament".into(),
                e.into(),
                e.into(),
                "--out".into(),
                "OUT".into(),
                "--draw-after".into(),
                "8".into(),
                "--jobs".into(),
                "1".into(),
            ],
            "",
        ),
        v(format!("gomoku crosstable {logs}"), ""),
        v(
            "gomoku engine --protocol pbrain".into(),
            "START 15\nABOUT\nBEGIN\nEND\n",
        ),
        v(format!("gomoku play --input {d}/keys"), ""),
        v("gomoku bench-engines --nodes 200".into(), ""),
        v("quoridor moves e8 e2".into(), ""),
        v("quoridor perft --depth 2".into(), "-\ne8\n"),
        v("quoridor replay e8,e2".into(), ""),
        v(
            format!("quoridor play --player random --input {d}/keys"),
            "",
        ),
        v("quoridor bench --depth 1 --playouts 10".into(), ""),
        v(
            "quoridor match random random --games 2 --results OUT".into(),
            "",
        ),
        v(
            "quoridor experiment table2 --games 2 --playouts 10 --d 0.01 --out OUT".into(),
            "",
        ),
        v(format!("quoridor merge {d}/merge-in --out OUT"), ""),
    ];
    cmds
}

/// Run `args` with `input` on standard input and standard output `to`: "full" (/dev/full),
/// "pipe" (one byte read, then the pipe closed) or "file" (a file, whose bytes are returned).
fn run_into(args: &[String], input: &str, to: &str, n: usize) -> (i32, String, usize) {
    let out_path = tmp(&format!("every-{to}-{n}"));
    let _ = std::fs::remove_dir_all(&out_path);
    let _ = std::fs::remove_file(&out_path);
    let args: Vec<String> = args
        .iter()
        .map(|a| a.replace("OUT", out_path.to_str().unwrap()))
        .collect();
    let capture = tmp(&format!("every-stdout-{n}"));
    let stdout = match to {
        "full" => Stdio::from(
            std::fs::OpenOptions::new()
                .write(true)
                .open("/dev/full")
                .unwrap(),
        ),
        "pipe" => Stdio::piped(),
        _ => Stdio::from(std::fs::File::create(&capture).unwrap()),
    };
    let mut child = Command::new(env!("CARGO_BIN_EXE_retro"))
        .args(&args)
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().unwrap();
        let _ = stdin.write_all(input.as_bytes());
    }
    if let Some(mut out) = child.stdout.take() {
        let mut byte = [0u8; 1];
        let _ = out.read(&mut byte);
    }
    let done = child.wait_with_output().unwrap();
    let written = std::fs::metadata(&capture).map_or(0, |m| m.len() as usize);
    let _ = std::fs::remove_file(&capture);
    (
        done.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&done.stderr).into_owned(),
        written,
    )
}

fn every_subcommand_ends_with_status_2_on_a_full_disk_and_quietly_on_a_closed_pipe() {
    let cmds = every_subcommand();
    // The list covers every subcommand that `--help` names.
    for top in ["hp2100", "hex", "t3300", "lgame", "gomoku", "quoridor"] {
        let (_, help, _) = common::retro(&[top, "--help"]);
        let names = help
            .lines()
            .skip_while(|l| !l.starts_with("Commands:"))
            .skip(1)
            .take_while(|l| l.starts_with("  "))
            .filter_map(|l| l.split_whitespace().next())
            .filter(|n| *n != "help");
        for name in names {
            assert!(
                cmds.iter().any(|(a, _)| a[0] == top && a[1] == name)
                    || TESTED_APART.contains(&(top, name)),
                "`{top} {name}` is not in the list"
            );
        }
    }
    // The experiment that `merge` reads.
    let merge_in = tmp("every").join("merge-in");
    let (status, _, err) = common::retro(&[
        "quoridor",
        "experiment",
        "table2",
        "--games",
        "2",
        "--playouts",
        "10",
        "--d",
        "0.01",
        "--quiet",
        "--out",
        merge_in.to_str().unwrap(),
    ]);
    assert_eq!(status, 0, "{err}");
    ends_well(&cmds, 0);
}

/// `retro hp2100 basic` (note 2), as the other subcommands are tested.
fn hp2100_basic_ends_with_status_2_on_a_full_disk_and_quietly_on_a_closed_pipe() {
    let dir = tmp("every-basic");
    std::fs::create_dir_all(&dir).unwrap();
    let keys = dir.join("basic-keys");
    std::fs::write(&keys, "10 PRINT 2^10\n20 END\nRUN\n").unwrap();
    let software = needs::folder("hp-software");
    let args = format!(
        "hp2100 basic --software {} --input {}",
        software.display(),
        keys.display()
    );
    // Numbered apart from the other subcommands' runs, which may run beside it.
    ends_well(&[(args.split(' ').map(String::from).collect(), "")], 1000);
}

/// Each command run into a file (status 0), into /dev/full (status 2 when it writes) and into
/// a closed pipe (quietly, status 0); none panics. Their files are numbered from `first`.
fn ends_well(cmds: &[(Vec<String>, &'static str)], first: usize) {
    // The three runs of a command one after another (they share its capture file).
    let ends = each_at_once(cmds, |n, (args, input)| {
        let n = first + n;
        [
            run_into(args, input, "file", n),
            run_into(args, input, "full", n),
            run_into(args, input, "pipe", n),
        ]
    });
    for ((args, _), [file, full, pipe]) in cmds.iter().zip(ends) {
        let (status, err, written) = file;
        assert_eq!(status, 0, "{args:?} into a file: {err}");
        let ((full, full_err, _), (pipe, pipe_err, _)) = (full, pipe);
        for e in [&full_err, &pipe_err] {
            assert!(!e.contains("panicked"), "{args:?}: {e}");
        }
        assert_eq!(pipe, 0, "{args:?} into a closed pipe: {pipe_err}");
        assert!(!pipe_err.contains("Broken pipe"), "{args:?}: {pipe_err}");
        if written > 0 {
            assert_eq!(full, 2, "{args:?} into /dev/full: {full_err}");
            assert!(
                full_err.contains("cannot write standard output"),
                "{args:?}: {full_err}"
            );
        } else {
            assert_eq!(
                full, 0,
                "{args:?} wrote nothing, into /dev/full: {full_err}"
            );
        }
    }
}

fn the_old_word_tosbac_names_the_t3300_as_before() {
    let (status, old, _) = common::retro(&["tosbac", "--help"]);
    assert_eq!(status, 0, "{old}");
    let (_, new, _) = common::retro(&["t3300", "--help"]);
    assert_eq!(old.replace("retro tosbac", "retro t3300"), new);
    assert!(new.contains("Usage: retro t3300 <COMMAND>"), "{new}");
}
