//! The harness's answer follows the files as they are when the tests run: this binary runs
//! itself on its test `the_folder_is_there` (which needs HP's software) with
//! `$HP2100_SOFTWARE_DIR` naming a folder that is gone, then there, then gone with the switch
//! set, and reads what the run reported each time. No rebuild happens between the runs. A
//! test ignored on purpose (`#[ignore = "why"]`) runs only when asked, and the file's own
//! thread count gives way to the command line's.

use std::path::Path;
use std::process::Command;

needs::tests! {
    threads = 3;
    #[needs("hp-software")] the_folder_is_there,
    the_answer_follows_the_folder_both_ways,
    #[ignore = "run by an_ignored_test_runs_only_when_asked"] fails_when_run,
    #[ignore(not(debug_assertions)) = "a build's own"] fails_when_run_in_a_release_build,
    an_ignored_test_runs_only_when_asked,
}

/// Ignored: it fails when run, which shows that it was.
fn fails_when_run() {
    panic!("ran, as asked");
}

/// Ignored in a release build only.
fn fails_when_run_in_a_release_build() {
    if !cfg!(debug_assertions) {
        panic!("ran in a release build");
    }
}

/// This binary with `args`: (exit status, output).
fn this(args: &[&str]) -> (bool, String) {
    let out = Command::new(std::env::current_exe().unwrap())
        .args(args)
        .env_remove("RUST_TEST_THREADS")
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    (out.status.success(), text)
}

fn an_ignored_test_runs_only_when_asked() {
    let (ok, text) = this(&["--exact", "fails_when_run"]);
    assert!(ok, "{text}");
    assert!(text.contains("fails_when_run ... ignored"), "{text}");
    assert!(text.contains("0 passed; 0 failed; 1 ignored"), "{text}");
    let (ok, text) = this(&["--exact", "fails_when_run", "--ignored"]);
    assert!(!ok, "{text}");
    assert!(text.contains("ran, as asked"), "{text}");
    // Ignored in this build's configuration only.
    let (ok, text) = this(&["--exact", "fails_when_run_in_a_release_build"]);
    assert!(ok, "{text}");
    let ignored = if cfg!(debug_assertions) { 0 } else { 1 };
    assert!(
        text.contains(&format!("failed; {ignored} ignored")),
        "{text}"
    );
}

/// The test the runs below report on; it can fail: it checks the folder it was let run with.
fn the_folder_is_there() {
    assert!(needs::folder("hp-software").is_dir());
}

/// This binary on `the_folder_is_there` alone, HP's software at `dir`: (exit status, output).
fn run_with(dir: &Path, required: bool) -> (bool, String) {
    let mut cmd = Command::new(std::env::current_exe().unwrap());
    cmd.args(["--exact", "the_folder_is_there", "--test-threads", "1"])
        .env("HP2100_SOFTWARE_DIR", dir)
        .env_remove("RETRO_REQUIRE_HP_TAPES");
    if required {
        cmd.env("RETRO_REQUIRE_HP_TAPES", "1");
    }
    let out = cmd.output().unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    (out.status.success(), text)
}

fn the_answer_follows_the_folder_both_ways() {
    let dir = std::env::temp_dir().join(format!("needs-follows-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);

    let (ok, text) = run_with(&dir, false);
    assert!(ok, "{text}");
    assert!(
        text.contains("the_folder_is_there ... ignored (needs HP's software"),
        "{text}"
    );
    assert!(
        text.contains(&format!("no folder {}", dir.display())),
        "{text}"
    );
    assert!(
        text.contains("RETRO_REQUIRE_HP_TAPES=1 requires it"),
        "{text}"
    );
    assert!(text.contains("0 passed; 0 failed; 1 ignored"), "{text}");

    std::fs::create_dir_all(&dir).unwrap();
    let (ok, text) = run_with(&dir, false);
    assert!(ok, "{text}");
    assert!(text.contains("1 passed; 0 failed; 0 ignored"), "{text}");

    std::fs::remove_dir_all(&dir).unwrap();
    let (ok, text) = run_with(&dir, true);
    assert!(!ok, "{text}");
    assert!(
        text.contains("RETRO_REQUIRE_HP_TAPES=1 requires it"),
        "{text}"
    );
    assert!(text.contains("0 passed; 1 failed; 0 ignored"), "{text}");
}
