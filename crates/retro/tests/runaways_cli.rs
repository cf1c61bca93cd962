//! Inputs that once panicked or ran away: each is now a clear error before any work.

mod common;

use common::retro;

#[test]
fn a_records_file_in_a_missing_folder_is_refused_before_the_match() {
    let (status, out, err) = retro(&[
        "quoridor",
        "match",
        "random",
        "random",
        "--games",
        "2",
        "--records",
        "/no/such/dir/records.txt",
    ]);
    assert_eq!(status, 2, "{err}");
    assert!(err.contains("/no/such/dir"), "{err}");
    // Refused before the match: no result table was printed.
    assert!(out.is_empty(), "{out}");
}

#[test]
fn records_may_go_to_a_device() {
    let (status, out, err) = retro(&[
        "quoridor",
        "match",
        "random",
        "random",
        "--games",
        "2",
        "--records",
        "/dev/null",
    ]);
    assert_eq!(status, 0, "{err}");
    assert!(out.contains("records: /dev/null"), "{out}");
}

#[test]
fn a_number_of_games_past_the_limit_is_refused() {
    for cmd in [
        &["quoridor", "match", "random", "random"][..],
        &[
            "quoridor",
            "experiment",
            "table2",
            "--quiet",
            "--out",
            "/no/such/out",
        ][..],
    ] {
        let mut args = cmd.to_vec();
        args.extend(["--games", "18446744073709551615"]);
        let (status, _, err) = retro(&args);
        assert_eq!(status, 2, "{args:?}: {err}");
        assert!(err.contains("at most"), "{args:?}: {err}");
    }
}

#[test]
fn the_command_line_engine_given_a_lone_s_is_an_error() {
    let dir = common::tmp("lone-s");
    std::fs::create_dir_all(&dir).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_retro"))
        .args(["gomoku", "engine", "--protocol", "cmdline", "S"])
        .current_dir(&dir)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("expected `S N xxyy...`"), "{err}");
}

#[test]
fn a_mistyped_program_is_an_error_before_the_match() {
    let out = common::tmp("mistyped");
    let _ = std::fs::remove_dir_all(&out);
    let (status, _, err) = retro(&[
        "gomoku",
        "dohyo",
        "file:/no/such/prog",
        "file:/no/such/prog2",
        "--out",
        out.to_str().unwrap(),
        "--quiet",
    ]);
    assert_eq!(status, 2, "{err}");
    assert!(err.contains("no such program"), "{err}");
    assert!(!out.join("match-001.log").exists());
}
