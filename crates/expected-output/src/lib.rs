//! Golden files: expected output kept in the repository and compared byte for byte.
//!
//! A test hands its output to [`check`] (text) or [`check_bytes`] (binary, e.g. a paper tape).
//! A missing or different file fails the test with the first differing line and the way to
//! regenerate it. The file is rewritten only on purpose: when the environment variable
//! [`UPDATE_VAR`] is `1`, a different file is replaced by the output, and the test still fails,
//! saying so; the next run (with or without the switch) checks the new file. So the switch
//! never turns an assertion off: a run is green only when every file already held the output.
//! Review the diff (`git diff`) before committing regenerated files, and say where the values
//! come from in the golden file's folder README (docs/testing.md). `.ci/run` clears the switch.
//!
//! Notes:
//! 1. A test with several golden files stops at the first that differs, so with the switch it
//!    rewrites one file a run; rerun until it passes.

use std::path::Path;

/// The switch that regenerates golden files: `UPDATE_GOLDEN=1 cargo test ...`.
pub const UPDATE_VAR: &str = "UPDATE_GOLDEN";

/// Whether this run regenerates golden files.
pub fn updating() -> bool {
    std::env::var_os(UPDATE_VAR).is_some_and(|v| v == "1")
}

/// Compare `actual` with the text in `path`; when regenerating, a different file is rewritten
/// and the test fails all the same.
///
/// # Panics
/// When the file is missing, unreadable or different: this is a test assertion.
pub fn check(path: impl AsRef<Path>, actual: &str) {
    check_text(path.as_ref(), actual, updating());
}

/// Compare `actual` with the bytes in `path`; when regenerating, a different file is rewritten
/// and the test fails all the same.
///
/// # Panics
/// When the file is missing, unreadable or different: this is a test assertion.
pub fn check_bytes(path: impl AsRef<Path>, actual: &[u8]) {
    check_binary(path.as_ref(), actual, updating());
}

/// What the failure says: rewritten (`update`), or how to rewrite.
fn outcome(path: &Path, actual: &[u8], update: bool) -> String {
    if update {
        write(path, actual);
        format!(
            "rewrote {} ({UPDATE_VAR}=1): review `git diff`, then run again to check it",
            path.display()
        )
    } else {
        format!("(rerun with {UPDATE_VAR}=1 if the change is intended)")
    }
}

fn check_text(path: &Path, actual: &str, update: bool) {
    let want = read_or_empty(path, update);
    let want = String::from_utf8_lossy(&want);
    if want != actual {
        let diff = first_difference(&want, actual);
        panic!(
            "{} differs from the output{diff}\n{}",
            path.display(),
            outcome(path, actual.as_bytes(), update)
        );
    }
}

fn check_binary(path: &Path, actual: &[u8], update: bool) {
    let want = read_or_empty(path, update);
    if want != actual {
        let at = want.iter().zip(actual).take_while(|(a, b)| a == b).count();
        panic!(
            "{} differs from the output at byte {at} ({} bytes kept, {} made)\n{}",
            path.display(),
            want.len(),
            actual.len(),
            outcome(path, actual, update)
        );
    }
}

/// The file's bytes; a missing file reads as empty when regenerating (it is then written).
fn read_or_empty(path: &Path, update: bool) -> Vec<u8> {
    if update && !path.exists() {
        return Vec::new();
    }
    read(path)
}

fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| {
        panic!(
            "cannot read golden file {}: {e}\n(run with {UPDATE_VAR}=1 to create it)",
            path.display()
        )
    })
}

fn write(path: &Path, bytes: &[u8]) {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)
            .unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
    }
    std::fs::write(path, bytes).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
}

/// ": line N: kept `...`, made `...`" for the first line that differs.
fn first_difference(want: &str, got: &str) -> String {
    let mut w = want.lines();
    let mut g = got.lines();
    for n in 1.. {
        match (w.next(), g.next()) {
            (Some(a), Some(b)) if a == b => continue,
            (None, None) => return " (line ends differ)".into(),
            (a, b) => {
                return format!(
                    ": line {n}: kept {:?}, made {:?}",
                    a.unwrap_or("<end>"),
                    b.unwrap_or("<end>")
                )
            }
        }
    }
    unreachable!()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_difference_names_the_line() {
        assert_eq!(
            first_difference("a\nb\nc\n", "a\nx\nc\n"),
            ": line 2: kept \"b\", made \"x\""
        );
        assert_eq!(
            first_difference("a\n", "a\nb\n"),
            ": line 2: kept \"<end>\", made \"b\""
        );
    }

    fn temp(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("golden-test-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_different_file_fails_and_an_equal_one_passes() {
        let dir = temp("compare");
        let path = dir.join("g.txt");
        std::fs::write(&path, "one\ntwo\n").unwrap();
        check_text(&path, "one\ntwo\n", false);
        let r = std::panic::catch_unwind(|| check_text(&path, "one\nthree\n", false));
        assert!(r.is_err());
        let r = std::panic::catch_unwind(|| check_binary(&dir.join("missing"), b"", false));
        assert!(r.is_err());
        assert_eq!(
            std::fs::read(&path).unwrap(),
            b"one\ntwo\n",
            "a check never writes"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn regenerating_rewrites_a_different_file_and_still_fails() {
        let dir = temp("update");
        let path = dir.join("g.txt");
        std::fs::write(&path, "old\n").unwrap();
        let r = std::panic::catch_unwind(|| check_text(&path, "new\n", true));
        assert!(r.is_err(), "a rewrite is not a pass");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new\n");
        check_text(&path, "new\n", true);
        check_text(&path, "new\n", false);
        let bin = dir.join("sub/tape.abs");
        let r = std::panic::catch_unwind(|| check_binary(&bin, &[1, 2], true));
        assert!(r.is_err(), "a created file is not a pass");
        check_binary(&bin, &[1, 2], false);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
