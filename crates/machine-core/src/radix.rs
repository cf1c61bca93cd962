//! Numbers in a machine's own radix and widths, for the debugger's input and output.

/// How wide numbers are and in what radix they are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Radix {
    pub radix: u32,
    pub word_bits: u32,
    pub address_bits: u32,
}

/// Digits needed for a `bits`-wide value in `radix`.
fn digits(bits: u32, radix: u32) -> usize {
    let max = if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    };
    let mut n = 1;
    let mut v = max / u64::from(radix.max(2));
    while v > 0 {
        n += 1;
        v /= u64::from(radix.max(2));
    }
    n
}

fn format(v: u64, radix: u32, width: usize) -> String {
    let mut s = String::new();
    let mut v = v;
    let r = u64::from(radix.clamp(2, 36));
    loop {
        s.push(char::from_digit((v % r) as u32, r as u32).unwrap_or('?'));
        v /= r;
        if v == 0 {
            break;
        }
    }
    while s.len() < width {
        s.push('0');
    }
    s.chars().rev().collect::<String>().to_ascii_uppercase()
}

impl Radix {
    pub fn word(&self, v: u32) -> String {
        format(u64::from(v), self.radix, digits(self.word_bits, self.radix))
    }

    pub fn address(&self, v: u32) -> String {
        format(
            u64::from(v),
            self.radix,
            digits(self.address_bits, self.radix),
        )
    }

    /// A value `bits` wide (a register).
    pub fn value(&self, v: u64, bits: u32) -> String {
        format(v, self.radix, digits(bits, self.radix))
    }

    /// Width of a formatted word.
    pub fn word_width(&self) -> usize {
        digits(self.word_bits, self.radix)
    }

    /// Parse a number: digits in the machine's radix (a trailing `B` is accepted in octal, as
    /// HP writes it), or `#` followed by decimal digits.
    pub fn parse(&self, text: &str) -> Option<u64> {
        if let Some(d) = text.strip_prefix('#') {
            return d.parse().ok();
        }
        let t = match text.strip_suffix(['B', 'b']) {
            Some(t) if self.radix == 8 => t,
            _ => text,
        };
        if t.is_empty() {
            return None;
        }
        u64::from_str_radix(t, self.radix).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HP: Radix = Radix {
        radix: 8,
        word_bits: 16,
        address_bits: 15,
    };

    #[test]
    fn widths() {
        assert_eq!(HP.word(0o102077), "102077");
        assert_eq!(HP.word(5), "000005");
        assert_eq!(HP.address(0o100), "00100");
        assert_eq!(HP.value(1, 1), "1");
        let t = Radix {
            radix: 8,
            word_bits: 24,
            address_bits: 15,
        };
        assert_eq!(t.word(0o77777777), "77777777");
        let h = Radix {
            radix: 16,
            word_bits: 24,
            address_bits: 16,
        };
        assert_eq!(h.word(0xABC), "000ABC");
    }

    #[test]
    fn parsing() {
        assert_eq!(HP.parse("100"), Some(0o100));
        assert_eq!(HP.parse("100B"), Some(0o100));
        assert_eq!(HP.parse("#64"), Some(64));
        assert_eq!(HP.parse("9"), None);
        assert_eq!(HP.parse(""), None);
        assert_eq!(HP.parse("B"), None);
    }
}
