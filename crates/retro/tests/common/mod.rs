//! Running the `retro` binary from the repository's root, as a user would.
#![allow(dead_code)] // each test file uses a part of it

use std::path::{Path, PathBuf};
use std::process::Command;

pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
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

/// A file name in the temporary folder, unique to this process.
pub fn tmp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("retro-test-{}-{name}", std::process::id()))
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
