//! Constants written in `OCT`, `DEC`, `ASC` and literals.
//!
//! ```text
//! OCT 177,-1,100000     octal, optional sign, no B          (-1 is 177777)
//! DEC 10,-5,32767       decimal integers, -32768..32767
//! ASC 3,HELLO!          n words, 2n characters (blanks count)
//! LDA =D10              literal: decimal          =B177  octal
//! LDA =AOK              two ASCII characters      =L expr  an expression's value
//! ```
//!
//! Implementation note 1: HP's `DEC` also takes floating-point constants (two words); this
//! assembler reports them as unsupported.

/// An octal constant as `OCT` and `=B` write it.
pub(crate) fn octal(text: &str) -> Result<u16, String> {
    let (neg, digits) = match text.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    if digits.is_empty() || !digits.chars().all(|c| ('0'..='7').contains(&c)) {
        return Err(format!("{text} is not an octal number"));
    }
    match u32::from_str_radix(digits, 8) {
        Ok(v) if v <= 0o177777 && !(neg && v > 0o100000) => {
            let v = v as u16;
            Ok(if neg { v.wrapping_neg() } else { v })
        }
        _ => Err(format!("{text} is out of range (-100000 to 177777 octal)")),
    }
}

/// A decimal integer constant as `DEC` and `=D` write it.
pub(crate) fn decimal(text: &str) -> Result<u16, String> {
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    if digits.contains(['.', 'E']) && digits.starts_with(|c: char| c.is_ascii_digit() || c == '.') {
        return Err(format!(
            "{text}: floating-point constants are not supported"
        ));
    }
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return Err(format!("{text} is not a decimal integer"));
    }
    match text.parse::<i64>() {
        Ok(v) if (-32768..=32767).contains(&v) => Ok(v as i16 as u16),
        _ => Err(format!("{text} is out of range (-32768 to 32767)")),
    }
}

/// Two characters in one word, the first in the upper byte.
pub(crate) fn pack(hi: u8, lo: u8) -> u16 {
    u16::from(hi) << 8 | u16::from(lo)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn octal_constants() {
        assert_eq!(octal("177"), Ok(0o177));
        assert_eq!(octal("-1"), Ok(0o177777));
        assert_eq!(octal("-100000"), Ok(0o100000));
        assert_eq!(octal("177777"), Ok(0o177777));
        assert!(octal("200000").is_err());
        assert!(octal("-100001").is_err());
        assert!(octal("18").is_err());
        assert!(octal("").is_err());
    }

    #[test]
    fn decimal_constants() {
        assert_eq!(decimal("10"), Ok(10));
        assert_eq!(decimal("-1"), Ok(0o177777));
        assert_eq!(decimal("-32768"), Ok(0o100000));
        assert!(decimal("32768").is_err());
        assert!(decimal("1.5").unwrap_err().contains("floating"));
        assert!(decimal("X").is_err());
    }
}
