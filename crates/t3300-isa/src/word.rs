//! The 24-bit word and the 15-bit address, with the masking kept in one place.
//!
//! ```text
//!  23          18 17 16 15 14                               0
//! +--------------+--+-----+-----------------------------------+
//! |    opcode    | I|  X  |              address              |
//! +--------------+--+-----+-----------------------------------+
//! octal digits:  O O    D          A A A A A       (D = 4·I + X)
//! ```
//!
//! Integers are 24-bit two's complement (−8,388,608 … +8,388,607); see note R2 in the crate
//! header. Every conversion between the bit pattern and a signed value goes through this file.

use std::fmt;

/// Bits of a word.
pub const WORD_BITS: u32 = 24;
/// Mask of a 24-bit word.
pub const WORD_MASK: u32 = 0o7777_7777;
/// Bit 23, the sign.
pub const SIGN_BIT: u32 = 0o4000_0000;
/// Mask of a 15-bit address (and of an index register).
pub const ADDR_MASK: u16 = 0o77777;
/// Words of the largest memory (15-bit address).
pub const MAX_MEMORY: usize = 1 << 15;

/// A 24-bit word. The constructor masks, so every `Word` holds at most 24 bits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Word(u32);

impl Word {
    pub const ZERO: Word = Word(0);
    /// All ones: −1.
    pub const ONES: Word = Word(WORD_MASK);

    /// The low 24 bits of `v`.
    #[inline(always)]
    pub const fn new(v: u32) -> Word {
        Word(v & WORD_MASK)
    }

    /// The 24-bit two's complement pattern of `v` (taken modulo 2^24).
    #[inline(always)]
    pub const fn from_signed(v: i64) -> Word {
        Word((v as u32) & WORD_MASK)
    }

    /// The bit pattern.
    #[inline(always)]
    pub const fn get(self) -> u32 {
        self.0
    }

    /// The value as a 24-bit two's complement integer.
    #[inline(always)]
    pub const fn signed(self) -> i32 {
        ((self.0 << 8) as i32) >> 8
    }

    /// Bit 23 set.
    #[inline(always)]
    pub const fn is_negative(self) -> bool {
        self.0 & SIGN_BIT != 0
    }

    /// Bits 23–18: the operation code.
    #[inline(always)]
    pub const fn op(self) -> u8 {
        (self.0 >> 18) as u8
    }

    /// Bit 17: the indirect flag.
    #[inline(always)]
    pub const fn indirect(self) -> bool {
        self.0 & (1 << 17) != 0
    }

    /// Bits 16–15: the X field (index register 1–3, or 0 for none).
    #[inline(always)]
    pub const fn x(self) -> u8 {
        ((self.0 >> 15) & 3) as u8
    }

    /// Bits 14–0: the address field.
    #[inline(always)]
    pub const fn addr(self) -> u16 {
        (self.0 & ADDR_MASK as u32) as u16
    }

    /// Assemble a word from its fields (each masked to its width).
    pub const fn from_fields(op: u8, indirect: bool, x: u8, addr: u16) -> Word {
        Word::new(
            ((op as u32 & 0o77) << 18)
                | ((indirect as u32) << 17)
                | ((x as u32 & 3) << 15)
                | (addr & ADDR_MASK) as u32,
        )
    }
}

impl fmt::Display for Word {
    /// Eight octal digits, the way the console and the listings show a word.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:08o}", self.0)
    }
}

impl From<Word> for u32 {
    fn from(w: Word) -> u32 {
        w.0
    }
}

/// Sign-extend a 15-bit immediate (as `lai` and `aai` do).
#[inline(always)]
pub const fn sext15(v: u16) -> i32 {
    ((v as i32) << 17) >> 17
}

/// Format an address as five octal digits.
pub fn oct5(a: u16) -> String {
    format!("{:05o}", a & ADDR_MASK)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_read_off_the_octal_digits() {
        // §4.3: `10200147` is `lda +t+,2` with +t+ = 00147.
        let w = Word::new(0o10200147);
        assert_eq!(
            (w.op(), w.indirect(), w.x(), w.addr()),
            (0o10, false, 2, 0o147)
        );
        assert_eq!(Word::from_fields(0o10, false, 2, 0o147), w);
        let w = Word::new(0o50600010);
        assert_eq!(
            (w.op(), w.indirect(), w.x(), w.addr()),
            (0o50, true, 2, 0o10)
        );
    }

    #[test]
    fn signed_view() {
        assert_eq!(Word::from_signed(-1).get(), 0o77777777);
        assert_eq!(Word::from_signed(-1).signed(), -1);
        assert_eq!(Word::new(0o40000000).signed(), -8_388_608);
        assert_eq!(Word::new(0o37777777).signed(), 8_388_607);
        assert_eq!(Word::new(0x1ff_ffff).get(), WORD_MASK);
        assert_eq!(sext15(0o77777), -1);
        assert_eq!(sext15(0o37777), 16383);
        assert_eq!(sext15(0o40000), -16384);
        assert_eq!(Word::new(0o164000).to_string(), "00164000");
    }
}
