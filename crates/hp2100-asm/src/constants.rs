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
//! A `DEC` item with a decimal point or an exponent is a floating-point constant of two words
//! (`DEX`: three), in the HP 2100's format (HP 2100A Computer Reference Manual, 02100-90001,
//! floating-point numbers; the formula library's format):
//!
//! ```text
//! word 1: sign and mantissa bits 1-15      mantissa: a two's-complement fraction,
//! word 2: mantissa bits 16-23 | exponent   normalised: 1/2 <= |m| < 1 (-1/2 is -1 * 2^-1)
//!         exponent in bits 7-1, its sign in bit 0 (7-bit two's complement, sign apart)
//! ```
//!
//! So `DEC 1.` is `040000 000002`, `DEC -1.` is `100000 000000`, `DEC .5` is `040000 000000`.
//! The mantissa is rounded to nearest from the decimal value (the comparison with HP's
//! binaries in `tests/hp_sources.rs` checks every constant of HP's sources).
//!
//! Implementation note 1: the decimal value is converted through an IEEE double, which is
//! exact to 53 bits before the rounding to HP's 23 (or 39) bits.

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
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return Err(format!("{text} is not a decimal integer"));
    }
    match text.parse::<i64>() {
        Ok(v) if (-32768..=32767).contains(&v) => Ok(v as i16 as u16),
        _ => Err(format!("{text} is out of range (-32768 to 32767)")),
    }
}

/// True when a `DEC` item is floating point (it has a decimal point or an exponent).
pub(crate) fn is_float(text: &str) -> bool {
    let t = text.strip_prefix(['-', '+']).unwrap_or(text);
    t.starts_with(|c: char| c.is_ascii_digit() || c == '.') && t.contains(['.', 'E'])
}

/// A floating-point constant in `words` words (2 for `DEC`, 3 for `DEX`).
pub(crate) fn float(text: &str, words: usize) -> Result<Vec<u16>, String> {
    let bad = || format!("{text} is not a decimal number");
    let t = text.strip_prefix('+').unwrap_or(text);
    let ok = t
        .chars()
        .all(|c| c.is_ascii_digit() || matches!(c, '.' | 'E' | '-' | '+'));
    let x: f64 = if ok {
        t.parse().map_err(|_| bad())?
    } else {
        return Err(bad());
    };
    // Mantissa bits including the sign: 24 for two words, 40 for three.
    let bits = if words == 2 { 24 } else { 40 };
    let scale = (1u64 << (bits - 1)) as f64;
    if x == 0.0 {
        return Ok(vec![0; words]);
    }
    let (mut m, mut e) = (x.abs(), 0i32);
    while m >= 1.0 {
        m /= 2.0;
        e += 1;
    }
    while m < 0.5 {
        m *= 2.0;
        e -= 1;
    }
    let mut q = (m * scale).round() as i64;
    if q == 1 << (bits - 1) {
        q >>= 1;
        e += 1;
    }
    if x < 0.0 {
        q = -q;
        if q == -(1 << (bits - 2)) {
            // -1/2 is written -1 * 2^-1: a normalised negative mantissa starts 10.
            q = -(1 << (bits - 1));
            e -= 1;
        }
    }
    if !(-128..=127).contains(&e) {
        return Err(format!("{text} is out of the floating-point range"));
    }
    let q = (q as u64) & ((1u64 << bits) - 1);
    let exp = (((e as u16) & 0o177) << 1) | u16::from(e < 0);
    let mut out: Vec<u16> = (0..words - 1)
        .map(|k| (q >> (bits - 16 * (k + 1))) as u16)
        .collect();
    out.push((((q & 0o377) as u16) << 8) | exp);
    Ok(out)
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
        assert!(decimal("X").is_err());
        assert!(decimal("X").is_err());
    }

    #[test]
    fn floating_point() {
        assert_eq!(float("1.", 2), Ok(vec![0o040000, 0o000002]));
        assert_eq!(float("-1.", 2), Ok(vec![0o100000, 0o000000]));
        assert_eq!(float(".5", 2), Ok(vec![0o040000, 0o000000]));
        assert_eq!(float("-.5", 2), Ok(vec![0o100000, 0o000377]));
        assert_eq!(float("0.0", 2), Ok(vec![0, 0]));
        assert_eq!(float("2.", 3), Ok(vec![0o040000, 0, 0o000004]));
        assert!(float("1.5X", 2).is_err());
        assert!(is_float("1.") && is_float("-1.5E3") && !is_float("15") && !is_float("X.E"));
    }
}
