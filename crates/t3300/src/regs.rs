//! The programmer-visible registers (spec §4.1, [R]): A, Q, X1–X3, P, OV.

use t3300_isa::word::{Word, ADDR_MASK};

/// Register names, in the order a debugger shows them.
pub const REGISTER_NAMES: [&str; 7] = ["P", "A", "Q", "X1", "X2", "X3", "OV"];

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Regs {
    /// Accumulator.
    pub a: Word,
    /// Extension register (multiplier/quotient; joins A in 48-bit shifts).
    pub q: Word,
    /// X1–X3 packed 16 bits each at bits 16, 32 and 48. Bits 0–15 stand for the "no index
    /// register" case and stay 0, so `ea = address + xi(X field)` needs no test, and the
    /// whole set is one host register in the run loop.
    xs: u64,
    /// Program counter, 15 bits.
    pub p: u16,
    /// Overflow flip-flop.
    pub ov: bool,
}

impl Regs {
    /// Index register n (1–3); 0 for any other n.
    pub fn x(&self, n: usize) -> u16 {
        if (1..=3).contains(&n) {
            self.xi(n as u8)
        } else {
            0
        }
    }

    /// Set index register n (1–3) to the low 15 bits of v; other n are ignored.
    pub fn set_x(&mut self, n: usize, v: u16) {
        if (1..=3).contains(&n) {
            self.set_xi(n as u8, v);
        }
    }

    /// Index register by X field (0–3; 0 gives 0).
    #[inline(always)]
    pub(crate) fn xi(&self, n: u8) -> u16 {
        (self.xs >> ((n & 3) * 16)) as u16
    }

    /// Set index register by X field 1–3 (15 bits kept).
    #[inline(always)]
    pub(crate) fn set_xi(&mut self, n: u8, v: u16) {
        let sh = (n & 3) * 16;
        if sh != 0 {
            self.xs = (self.xs & !(0xffff << sh)) | (((v & ADDR_MASK) as u64) << sh);
        }
    }

    /// The registers as (name, value) pairs, in [`REGISTER_NAMES`] order.
    pub fn list(&self) -> Vec<(&'static str, u32)> {
        let v = [
            self.p as u32,
            self.a.get(),
            self.q.get(),
            self.xi(1) as u32,
            self.xi(2) as u32,
            self.xi(3) as u32,
            self.ov as u32,
        ];
        REGISTER_NAMES.iter().copied().zip(v).collect()
    }

    /// Set a register by name (case-insensitive); the value is masked to the register's
    /// width. Returns false for an unknown name.
    pub fn set(&mut self, name: &str, v: u32) -> bool {
        match name.to_ascii_uppercase().as_str() {
            "P" => self.p = v as u16 & ADDR_MASK,
            "A" => self.a = Word::new(v),
            "Q" => self.q = Word::new(v),
            "X1" => self.set_x(1, v as u16),
            "X2" => self.set_x(2, v as u16),
            "X3" => self.set_x(3, v as u16),
            "OV" => self.ov = v & 1 != 0,
            _ => return false,
        }
        true
    }

    /// Octal digits to show a register with.
    pub fn digits(name: &str) -> usize {
        match name {
            "A" | "Q" => 8,
            "OV" => 1,
            _ => 5,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_masks_to_width() {
        let mut r = Regs::default();
        assert!(r.set("x2", 0o177777));
        assert!(r.set("A", 0o177777777));
        assert!(r.set("p", 0o100001));
        assert!(!r.set("B", 1));
        assert_eq!(r.x(2), 0o77777);
        assert_eq!(r.x(0), 0);
        assert_eq!(r.a, Word::ONES);
        assert_eq!(r.list()[0], ("P", 1));
        r.set_x(0, 5);
        assert_eq!([r.xi(0), r.xi(1), r.xi(2), r.xi(3)], [0, 0, 0o77777, 0]);
    }
}
