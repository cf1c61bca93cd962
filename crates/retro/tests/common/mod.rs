//! Running the `retro` binary from the repository's root, as a user would.
#![allow(dead_code)] // each test file uses a part of it

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The workspace's root, found when the test runs (crate `needs`).
pub fn root() -> PathBuf {
    needs::root()
}

/// Run `retro ARGS`: (exit status, standard output, standard error).
pub fn retro(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_retro"))
        .args(args)
        .current_dir(root())
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Run `retro ARGS` with `input` on standard input: (exit status, stdout, stderr).
pub fn retro_stdin(args: &[&str], input: &str) -> (i32, String, String) {
    retro_stdin_bytes(args, input.as_bytes())
}

/// Run `retro ARGS` with `input`, any bytes, on standard input: (exit status, stdout, stderr).
pub fn retro_stdin_bytes(args: &[&str], input: &[u8]) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_retro"))
        .args(args)
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `retro hp2100 asm SRC -o TAPE [--listing LISTING]`: the exit status and standard error.
pub fn hp_asm(src: &Path, tape: &Path, listing: Option<&Path>) -> (i32, String) {
    let mut args = vec![
        "hp2100",
        "asm",
        src.to_str().unwrap(),
        "-o",
        tape.to_str().unwrap(),
    ];
    if let Some(l) = listing {
        args.extend(["--listing", l.to_str().unwrap()]);
    }
    let (status, _, err) = retro(&args);
    (status, err)
}

/// The 2100A program `source` assembled into a tape, both named `name` in the temporary
/// folder: (the source's file, the tape's).
pub fn assembled(name: &str, source: &str) -> (PathBuf, PathBuf) {
    let (src, tape) = (tmp(&format!("{name}.asm")), tmp(&format!("{name}.abs")));
    std::fs::write(&src, source).unwrap();
    let (status, err) = hp_asm(&src, &tape, None);
    assert_eq!(status, 0, "{err}");
    (src, tape)
}

/// A file name in cargo's temporary folder for tests (under `target/`, so that runs leave
/// nothing in the system's), unique to this process.
pub fn tmp(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("retro-test-{}-{name}", std::process::id()))
}

/// Run `retro ARGS` with its standard output going to the file `out`: (exit status, standard
/// error).
pub fn retro_to(args: &[&str], out: &str) -> (i32, String) {
    let file = std::fs::OpenOptions::new().write(true).open(out).unwrap();
    let done = Command::new(env!("CARGO_BIN_EXE_retro"))
        .args(args)
        .current_dir(root())
        .stdout(file)
        .output()
        .unwrap();
    (
        done.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&done.stderr).into_owned(),
    )
}

/// Start `retro ARGS` with standard input open and nothing typed, wait until the file `path`
/// holds `want` (the program printed it and now waits for a key), then kill the process, as
/// a closed terminal or a crash would: what the file holds then. Panics when `want` does not
/// appear while the process runs (within a minute).
pub fn killed_once_written(args: &[&str], path: &Path, want: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_retro"))
        .args(args)
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    loop {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let ended = child.try_wait().unwrap();
        if text.contains(want) || ended.is_some() || std::time::Instant::now() > deadline {
            child.kill().ok();
            child.wait().unwrap();
            assert!(text.contains(want), "{path:?} holds {text:?} ({ended:?})");
            return text;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// The subcommands listed under `Commands:` of a help text, `help` left out.
pub fn commands_of(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        // A description's continuation lines are indented further.
        .filter(|l| !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|w| *w != "help")
        .map(String::from)
        .collect()
}
