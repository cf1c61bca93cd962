//! Golden files: expected output kept in the repository and compared byte for byte.
//!
//! A test hands its output to [`check`] (text) or [`check_bytes`] (binary, e.g. a paper tape).
//! The golden file is rewritten only on purpose: when the environment variable
//! [`UPDATE_VAR`] is `1`, the output replaces the file and the check passes; otherwise a
//! missing or different file fails the test with the first differing line and the way to
//! regenerate it. Review the diff (`git diff`) before committing regenerated files.

use std::path::Path;

/// The switch that regenerates golden files: `UPDATE_GOLDEN=1 cargo test ...`.
pub const UPDATE_VAR: &str = "UPDATE_GOLDEN";

/// Whether this run regenerates golden files.
pub fn updating() -> bool {
    std::env::var_os(UPDATE_VAR).is_some_and(|v| v == "1")
}

/// Compare `actual` with the text in `path` (or write it, when regenerating).
///
/// # Panics
/// When the file is missing, unreadable or different: this is a test assertion.
pub fn check(path: impl AsRef<Path>, actual: &str) {
    let path = path.as_ref();
    if updating() {
        write(path, actual.as_bytes());
        return;
    }
    let want = read(path);
    let want = String::from_utf8_lossy(&want);
    if want != actual {
        panic!(
            "{} differs from the output{}\n(rerun with {UPDATE_VAR}=1 if the change is intended)",
            path.display(),
            first_difference(&want, actual)
        );
    }
}

/// Compare `actual` with the bytes in `path` (or write them, when regenerating).
///
/// # Panics
/// When the file is missing, unreadable or different: this is a test assertion.
pub fn check_bytes(path: impl AsRef<Path>, actual: &[u8]) {
    let path = path.as_ref();
    if updating() {
        write(path, actual);
        return;
    }
    let want = read(path);
    if want != actual {
        let at = want.iter().zip(actual).take_while(|(a, b)| a == b).count();
        panic!(
            "{} differs from the output at byte {at} ({} bytes kept, {} made)\n\
             (rerun with {UPDATE_VAR}=1 if the change is intended)",
            path.display(),
            want.len(),
            actual.len()
        );
    }
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

    #[test]
    fn a_different_file_fails_and_an_equal_one_passes() {
        let dir = std::env::temp_dir().join(format!("golden-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("g.txt");
        std::fs::write(&path, "one\ntwo\n").unwrap();
        if !updating() {
            check(&path, "one\ntwo\n");
            let r = std::panic::catch_unwind(|| check(&path, "one\nthree\n"));
            assert!(r.is_err());
            let r = std::panic::catch_unwind(|| check_bytes(dir.join("missing"), b""));
            assert!(r.is_err());
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
