//! The 2100A's numbers as the operator types them: octal, 16-bit words, 15-bit addresses, a
//! trailing `B` allowed as HP writes octal, `#` for decimal. The debugger, the console and the
//! command line read and write them with this one description.

use machine_core::Radix;

/// Octal, 16-bit words, 15-bit addresses.
pub const NUMBERS: Radix = Radix {
    radix: 8,
    word_bits: 16,
    address_bits: 15,
};

/// An octal word of at most 16 bits, as the debugger reads one.
pub fn parse_octal(text: &str) -> Option<u16> {
    NUMBERS
        .parse(text.trim())
        .and_then(|v| u16::try_from(v).ok())
}

/// An octal word of at most 16 bits, or what is wrong with the text.
///
/// # Errors
/// Text that is not such a number.
pub fn octal_word(text: &str) -> Result<u16, String> {
    parse_octal(text).ok_or_else(|| format!("{text} is not an octal number of 16 bits"))
}

/// An octal address (at most 77777), or what is wrong with the text.
///
/// # Errors
/// Text that is not such an address.
pub fn octal_address(text: &str) -> Result<u16, String> {
    parse_octal(text)
        .filter(|&v| v <= crate::ADDR_MASK)
        .ok_or_else(|| format!("not an octal address: {text}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn octal_words_and_addresses() {
        assert_eq!(octal_word("177777"), Ok(0o177777));
        assert_eq!(octal_word("100B"), Ok(0o100));
        assert_eq!(octal_word("#10"), Ok(10));
        assert!(octal_word("200000").is_err());
        assert!(octal_word("9").is_err());
        assert_eq!(octal_address("77777"), Ok(0o77777));
        assert_eq!(
            octal_address("100000"),
            Err("not an octal address: 100000".into())
        );
    }
}
