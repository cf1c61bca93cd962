//! What the ASR-33 keyboard can send.

/// Map a byte typed at a modern terminal to what an ASR-33 keyboard would send, or `None` for
/// a byte it could not produce. Lower case becomes upper case (the ASR-33 has no lower case),
/// LF becomes CR (the RETURN key sends CR), DEL/backspace become RUBOUT (177), and the other
/// control characters pass through unchanged (the ASR-33 sends them with CTRL).
pub fn asr33_key(byte: u8) -> Option<u8> {
    match byte & 0x7f {
        b'\n' => Some(b'\r'),
        0x08 | 0x7f => Some(0x7f),
        c @ b'a'..=b'z' => Some(c - 32),
        b'{'..=b'~' => None,
        c => Some(c),
    }
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
        assert_eq!(asr33_key(b'~'), None);
        assert_eq!(asr33_key(0xc1), Some(b'A'));
    }
}
