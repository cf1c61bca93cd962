//! Standard output that fails: a reader that closes the pipe ends a command quietly; any other
//! write error (a full disk) is reported, with exit status 2, never a panic. Output paths and
//! budgets are checked before a command runs.

mod common;

use common::{retro_to, root, tmp};
use std::io::Read;
use std::process::{Command, Stdio};

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

#[test]
fn a_closed_pipe_ends_every_command_quietly() {
    for args in commands() {
        let (status, err) = read_one_byte(&args);
        assert_eq!(status, 0, "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(!err.contains("Broken pipe"), "{args:?}: {err}");
    }
}

#[test]
fn a_full_disk_is_an_error_with_status_2() {
    if !std::path::Path::new("/dev/full").exists() {
        return;
    }
    for args in commands() {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (status, err) = retro_to(&args, "/dev/full");
        assert_eq!(status, 2, "{args:?}: {err}");
        assert!(
            err.contains("cannot write standard output"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
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

#[test]
fn benchmarks_refuse_budgets_that_overflow_or_never_end() {
    let cases: [&[&str]; 3] = [
        &["hp2100", "bench", "--millions", "18446744073709551615"],
        &["hp2100", "bench", "--millions", "0"],
        &["tosbac", "bench", "--seconds", "inf"],
    ];
    for args in cases {
        let (status, _, err) = common::retro(args);
        assert_eq!(status, 2, "{args:?}: {err}");
        assert!(err.contains("must be"), "{args:?}: {err}");
    }
}
