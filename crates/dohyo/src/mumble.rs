//! The mumble (つぶやき): the optional second line of `5moku.res`, at most 30 bytes (§3.2).
//!
//! A PC-98 program wrote it in Shift_JIS; a program of today writes UTF-8. The dohyo keeps the
//! first 30 bytes and decodes them as UTF-8 when they are valid UTF-8, else as Shift_JIS.
//! Shift_JIS text with kana or kanji is almost never valid UTF-8 (its lead bytes 0x81-0x9F and
//! 0xE0-0xEF are followed by bytes that UTF-8 forbids there), so the choice is safe in practice.
//! A UTF-8 character cut by the 30-byte limit is dropped; control characters are removed so
//! that a mumble cannot move the cursor on the screen.

/// The guide's limit on a mumble, in bytes.
pub const MUMBLE_BYTES: usize = 30;

/// Decode a mumble line (without its line end).
pub fn decode(raw: &[u8]) -> String {
    let raw = &raw[..raw.len().min(MUMBLE_BYTES)];
    let text = match std::str::from_utf8(raw) {
        Ok(s) => s.to_string(),
        Err(e) if e.error_len().is_none() && e.valid_up_to() > 0 => {
            // Valid UTF-8 cut at the limit in the middle of a character.
            String::from_utf8_lossy(&raw[..e.valid_up_to()]).into_owned()
        }
        Err(_) => encoding_rs::SHIFT_JIS
            .decode_without_bom_handling(raw)
            .0
            .into_owned(),
    };
    text.chars().filter(|c| !c.is_control()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_guides_mumble_reads_in_both_encodings() {
        let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode("負けないぞー");
        assert_eq!(decode(&sjis), "負けないぞー");
        assert_eq!(decode("負けないぞー".as_bytes()), "負けないぞー");
    }

    #[test]
    fn long_mumbles_are_cut_at_30_bytes_on_a_character() {
        let long = "あ".repeat(20); // 60 bytes in UTF-8
        assert_eq!(decode(long.as_bytes()), "あ".repeat(10));
        let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode(&long); // 40 bytes
        assert_eq!(decode(&sjis), "あ".repeat(15));
        assert_eq!(decode(b"ab\x1b[2Jc"), "ab[2Jc");
    }
}
