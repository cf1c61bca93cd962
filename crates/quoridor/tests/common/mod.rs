//! The project's copies of the golden data (tests/quoridor/ at the workspace root).

#![allow(dead_code)]

use std::path::{Path, PathBuf};

pub fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/quoridor")
        .join(name)
}

pub fn read(name: &str) -> String {
    std::fs::read_to_string(data(name)).expect("golden data in tests/quoridor")
}

/// The data lines of a golden file: its fields, split at ` ; `.
pub fn records(name: &str) -> Vec<Vec<String>> {
    read(name)
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split(" ; ").map(str::to_string).collect())
        .collect()
}

/// A history field: `-` for the start.
pub fn history(field: &str) -> &str {
    if field == "-" {
        ""
    } else {
        field
    }
}
