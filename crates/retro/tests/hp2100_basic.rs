//! `retro hp2100 basic` as a person runs it: without HP's tapes the message names the folder
//! and the ways to point elsewhere; with them, a program read through the photoreader runs
//! on the lines of `--input` and the paper lands in `--transcript`. HP's tapes are checked
//! for when the test runs (crate `needs`): without them it reports itself ignored, and
//! `RETRO_REQUIRE_HP_TAPES=1` requires them.

mod common;

use common::root;
use std::process::{Command, Stdio};

needs::tests! {
    without_hps_tapes_the_message_names_the_folder_and_the_ways_to_point_elsewhere,
    #[needs("hp-software")] golf_is_read_by_ptape_and_played_from_an_input_file,
}

/// Run `retro ARGS` at the repository's root with empty standard input: (status, stderr).
fn retro(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_retro"))
        .args(args)
        .current_dir(root())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn without_hps_tapes_the_message_names_the_folder_and_the_ways_to_point_elsewhere() {
    let (code, err) = retro(&["hp2100", "basic", "--software", "/no/such/folder"]);
    assert_ne!(code, 0, "{err}");
    for part in [
        "/no/such/folder/basic/prepare.abs",
        "--software DIR",
        "HP2100_SOFTWARE_DIR",
    ] {
        assert!(err.contains(part), "{part}: {err}");
    }
}

fn golf_is_read_by_ptape_and_played_from_an_input_file() {
    let software = needs::folder("hp-software");
    let program = software.join("basic/programs/GOLFPT.txt");
    let dir = common::tmp("hp2100-basic");
    std::fs::create_dir_all(&dir).unwrap();
    let (keys, paper) = (dir.join("keys.txt"), dir.join("paper.txt"));
    std::fs::write(&keys, "RUN\n8\n3\n1\n1\n5\n10\n13\n").unwrap();
    let dir_arg = software.display().to_string();
    let (code, err) = retro(&[
        "hp2100",
        "basic",
        "--software",
        &dir_arg,
        "--load",
        program.to_str().unwrap(),
        "--input",
        keys.to_str().unwrap(),
        "--transcript",
        paper.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&paper).unwrap();
    assert!(text.starts_with("\nREADY\nPTAPE\n\nREADY\nRUN\n"), "{text}");
    assert!(text.contains("WHAT IS YOUR HANDICAP ?8"), "{text}");
    // The first stroke, drawn with RND as on SIMH (tests/simh/golf.simh4.txt).
    assert!(
        text.contains("SHOT WENT 180 YARDS - IS 181 YARDS FROM HOLE."),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
