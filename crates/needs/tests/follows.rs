//! The harness's answer follows the files as they are when the tests run: this binary runs
//! itself on its test `the_folder_is_there` (which needs HP's software) with
//! `$HP2100_SOFTWARE_DIR` naming a folder that is gone, then there, then gone with the switch
//! set, and reads what the run reported each time. No rebuild happens between the runs.

use std::path::Path;
use std::process::Command;

needs::tests! {
    #[needs("hp-software")] the_folder_is_there,
    the_answer_follows_the_folder_both_ways,
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
