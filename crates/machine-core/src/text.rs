//! Text files the machines' tools read (console and debugger scripts, sources): UTF-8, with a
//! byte that is not named by file, line and column.

use std::path::Path;

/// A text file that could not be read.
#[derive(Debug, thiserror::Error)]
pub enum TextError {
    #[error("cannot read {path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    /// Lines and columns count from 1; the column counts characters before the byte.
    #[error("{path}:{line}:{column}: byte {byte:#04x} is not UTF-8 text")]
    NotUtf8 {
        path: String,
        line: usize,
        column: usize,
        byte: u8,
    },
}

/// The text of the file at `path`.
///
/// # Errors
/// An unreadable file, or one that is not UTF-8 (where, named).
pub fn read_text(path: &Path) -> Result<String, TextError> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|source| TextError::Read {
        path: name.clone(),
        source,
    })?;
    utf8(&name, bytes)
}

/// `bytes` as text, or where the first byte that is not UTF-8 is.
///
/// # Errors
/// [`TextError::NotUtf8`], naming `path`.
pub fn utf8(path: &str, bytes: Vec<u8>) -> Result<String, TextError> {
    String::from_utf8(bytes).map_err(|e| {
        let bytes = e.as_bytes();
        let at = e.utf8_error().valid_up_to();
        // Everything before `at` is valid, so the prefix reads as text.
        let before = std::str::from_utf8(&bytes[..at]).unwrap_or_default();
        let line_start = before.rfind('\n').map_or(0, |k| k + 1);
        TextError::NotUtf8 {
            path: path.to_string(),
            line: before.matches('\n').count() + 1,
            column: before[line_start..].chars().count() + 1,
            byte: bytes[at],
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_byte_is_named_by_line_and_column() {
        assert_eq!(utf8("f", b"ok\n".to_vec()).unwrap(), "ok\n");
        let e = utf8("s.do", b"echo \xc3\xa9\ngo \xff1\n".to_vec()).unwrap_err();
        assert_eq!(e.to_string(), "s.do:2:4: byte 0xff is not UTF-8 text");
        let e = utf8("s.do", b"\x80".to_vec()).unwrap_err();
        assert_eq!(e.to_string(), "s.do:1:1: byte 0x80 is not UTF-8 text");
        let e = read_text(Path::new("/no/such/file")).unwrap_err();
        assert!(
            e.to_string().starts_with("cannot read /no/such/file"),
            "{e}"
        );
    }
}
