//! Source files read as bytes. Sources are ASCII (UTF-8 is accepted, for comments); a byte
//! that is not UTF-8 is an error at its file, line and column, as any other error of an
//! assembly, so that a tape or a binary given as a source is named where it goes wrong.

use crate::diag::{Diagnostic, Place, Report};

/// The text of `bytes`, read from the file `file`.
///
/// # Errors
/// A [`Report`] with one error for every run of bytes that is not UTF-8; the echoed line shows
/// each such byte as `\xNN`, and the column counts characters as every other error does.
pub fn decode(file: &str, bytes: &[u8]) -> Result<String, Report> {
    if let Ok(s) = std::str::from_utf8(bytes) {
        return Ok(s.to_string());
    }
    let mut diagnostics = Vec::new();
    for (i, line) in bytes.split(|&b| b == b'\n').enumerate() {
        let mut shown = String::new();
        let mut bad = Vec::new();
        for chunk in line.utf8_chunks() {
            shown.push_str(chunk.valid());
            if !chunk.invalid().is_empty() {
                bad.push((shown.chars().count() + 1, chunk.invalid().to_vec()));
                for b in chunk.invalid() {
                    shown.push_str(&format!("\\x{b:02X}"));
                }
            }
        }
        for (col, bytes) in bad {
            let hex: Vec<String> = bytes.iter().map(|b| format!("0x{b:02X}")).collect();
            diagnostics.push(Diagnostic {
                place: Place {
                    file: file.to_string(),
                    line: i + 1,
                    col,
                    width: 4 * bytes.len(),
                    text: shown.clone(),
                },
                message: format!(
                    "byte{} {} not UTF-8 text (a source is ASCII text)",
                    if bytes.len() == 1 { "" } else { "s" },
                    hex.join(" ") + if bytes.len() == 1 { " is" } else { " are" }
                ),
                notes: Vec::new(),
            });
        }
    }
    Err(Report { diagnostics })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_passes() {
        assert_eq!(
            decode("a", "ORG 100B * 漢\n".as_bytes()).unwrap(),
            "ORG 100B * 漢\n"
        );
    }

    #[test]
    fn a_bad_byte_is_named_with_line_and_column() {
        let r = decode("p.asm", b"      ORG 100B\n  LDA \xe9X\xff\n").unwrap_err();
        assert_eq!(
            r.to_string(),
            "p.asm:2:7: byte 0xE9 is not UTF-8 text (a source is ASCII text)\n  LDA \\xE9X\\xFF\n      ^^^^\n\
             p.asm:2:12: byte 0xFF is not UTF-8 text (a source is ASCII text)\n  LDA \\xE9X\\xFF\n           ^^^^\n2 errors"
        );
    }
}
