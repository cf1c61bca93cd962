//! What the ASR-33 keyboard can send.
//!
//! The ASR-33 sends the 64 characters of ASCII columns 2-5 (blank to `_`) and the control
//! characters; it has no lower case and none of `` ` { | } ~ ``. A byte typed at a modern
//! terminal is mapped to the key a person at an ASR-33 would have struck, never dropped, so a
//! program always sees that something was typed and can refuse it with a reason: nothing typed
//! may silently vanish from a line and turn it into another entry (`e7|` read as `E7`).
//!
//! Notes:
//! 1. Columns 6-7 fold onto columns 4-5 by clearing bit 5, the one rule that makes lower case
//!    upper case: `a`-`z` become `A`-`Z` and `` ` { | } ~ `` become `@ [ \ ] ^`. A program
//!    that wants one of the missing characters reads its folded form (Quoridor reads `\` after
//!    a wall's square as the paper's `|`).
//! 2. A character beyond ASCII (a UTF-8 sequence from the terminal, e.g. a full-width digit)
//!    becomes one SUB (032), ASCII's character for "a character that cannot be represented";
//!    its continuation bytes send nothing. No program here takes SUB in an entry, so the line
//!    is refused instead of being read with the character left out.
//! 3. LF becomes CR (the RETURN key sends CR), DEL and backspace become RUBOUT (177), and the
//!    other control characters pass through unchanged (the ASR-33 sends them with CTRL).

/// SUB, ASCII's substitute for a character that cannot be represented (note 2).
pub const SUB: u8 = 0x1a;

/// Map a byte typed at a modern terminal to what an ASR-33 keyboard would send, or `None` for
/// the continuation bytes of a character beyond ASCII (its first byte sent [`SUB`]).
pub fn asr33_key(byte: u8) -> Option<u8> {
    match byte {
        b'\n' => Some(b'\r'),
        0x08 | 0x7f => Some(0x7f),
        c @ 0x60..=0x7e => Some(c & !0x20),
        0x80..=0xbf => None,
        0xc0..=0xff => Some(SUB),
        c => Some(c),
    }
}

/// The keys a line of text sends (RETURN not included).
pub fn asr33_keys(text: &str) -> Vec<u8> {
    text.bytes().filter_map(asr33_key).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn upper_case_and_return() {
        assert_eq!(asr33_key(b'a'), Some(b'A'));
        assert_eq!(asr33_key(b'\n'), Some(b'\r'));
        assert_eq!(asr33_key(b'\r'), Some(b'\r'));
        assert_eq!(asr33_key(b'5'), Some(b'5'));
        assert_eq!(asr33_key(0x08), Some(0x7f));
    }

    #[test]
    fn missing_keys_fold_and_nothing_is_dropped() {
        assert_eq!(asr33_keys("e7|"), b"E7\\");
        assert_eq!(asr33_keys("`{|}~"), b"@[\\]^");
        // Every printable ASCII character sends exactly one key.
        for b in 0x20..0x7f_u8 {
            let k = asr33_key(b).unwrap();
            assert!((0x20..0x60).contains(&k), "{b:#x} sent {k:#x}");
        }
    }

    #[test]
    fn a_character_beyond_ascii_is_one_sub() {
        // A full-width 8 (U+FF18) and an e with an acute accent.
        assert_eq!(asr33_keys("h\u{ff18}"), [b'H', SUB]);
        assert_eq!(asr33_keys("1\u{e9}2"), [b'1', SUB, b'2']);
    }
}
