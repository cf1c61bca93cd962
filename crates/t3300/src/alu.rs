//! Arithmetic, logic and shifts on 24-bit two's complement words (spec §4.2, §4.4, §6).
//!
//! Pure functions, so they can be checked against plain references (the tests below compare
//! each one with a bit-by-bit or wide-integer version on random operands).

use t3300_isa::word::{Word, WORD_BITS, WORD_MASK};

const MASK48: u64 = (1 << 48) - 1;

/// A + B, and whether the signed result overflowed 24 bits.
#[inline(always)]
pub fn add(a: Word, b: Word) -> (Word, bool) {
    let s = a.signed() + b.signed();
    (Word::from_signed(s as i64), s != (s << 8) >> 8)
}

/// A − B, and whether the signed result overflowed 24 bits.
#[inline(always)]
pub fn sub(a: Word, b: Word) -> (Word, bool) {
    let s = a.signed() - b.signed();
    (Word::from_signed(s as i64), s != (s << 8) >> 8)
}

/// The 48-bit signed product A × M as (high word, low word): A:Q.
#[inline]
pub fn mul(a: Word, m: Word) -> (Word, Word) {
    let p = a.signed() as i64 * m.signed() as i64;
    (Word::from_signed(p >> 24), Word::from_signed(p))
}

/// A:Q ÷ M as (quotient, remainder), truncating toward zero; the remainder has the dividend's
/// sign. `None` when M is 0 or the quotient does not fit 24 bits (the machine then sets OV
/// and leaves A and Q unchanged, spec §6).
#[inline]
pub fn div(a: Word, q: Word, m: Word) -> Option<(Word, Word)> {
    let dividend = ((a.signed() as i64) << 24) | q.get() as i64;
    let m = m.signed() as i64;
    if m == 0 {
        return None;
    }
    let quo = dividend / m;
    let rem = dividend % m;
    (quo == (quo << 40) >> 40).then(|| (Word::from_signed(quo), Word::from_signed(rem)))
}

/// Logical left shift of A by `s` (0–63) places.
#[inline(always)]
pub fn lsl(a: Word, s: u32) -> Word {
    if s >= WORD_BITS {
        Word::ZERO
    } else {
        Word::new(a.get() << s)
    }
}

/// Logical right shift of A.
#[inline(always)]
pub fn lsr(a: Word, s: u32) -> Word {
    if s >= WORD_BITS {
        Word::ZERO
    } else {
        Word::new(a.get() >> s)
    }
}

/// Arithmetic right shift of A (the sign fills in).
#[inline(always)]
pub fn asr(a: Word, s: u32) -> Word {
    Word::from_signed((a.signed() >> s.min(WORD_BITS - 1)) as i64)
}

/// Rotate A left by `s` mod 24 places.
#[inline(always)]
pub fn rol(a: Word, s: u32) -> Word {
    let r = s % WORD_BITS;
    let v = a.get();
    if r == 0 {
        a
    } else {
        Word::new((v << r) | (v >> (WORD_BITS - r)))
    }
}

fn join(a: Word, q: Word) -> u64 {
    ((a.get() as u64) << 24) | q.get() as u64
}

fn split(v: u64) -> (Word, Word) {
    (Word::new((v >> 24) as u32), Word::new(v as u32 & WORD_MASK))
}

/// Logical left shift of A:Q (48 bits).
#[inline]
pub fn lls(a: Word, q: Word, s: u32) -> (Word, Word) {
    split(if s >= 48 {
        0
    } else {
        (join(a, q) << s) & MASK48
    })
}

/// Logical right shift of A:Q (48 bits).
#[inline]
pub fn lrs(a: Word, q: Word, s: u32) -> (Word, Word) {
    split(if s >= 48 { 0 } else { join(a, q) >> s })
}

/// Normalise A:Q: shift left until A<23> = 1. Returns the new A:Q and the count. A:Q = 0 is
/// left alone with count 0 (spec §4.4: "or A:Q = 0").
#[inline]
pub fn nrm(a: Word, q: Word) -> (Word, Word, u32) {
    let v = join(a, q);
    if v == 0 {
        return (a, q, 0);
    }
    let k = v.leading_zeros() - 16;
    let (a, q) = split(v << k);
    (a, q, k)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn w(v: u32) -> Word {
        Word::new(v)
    }

    /// Reference: value of a 24-bit pattern by weights, −2^23 for bit 23.
    fn value(x: u32) -> i64 {
        (0..24)
            .map(|b| {
                if x >> b & 1 == 1 {
                    if b == 23 {
                        -(1i64 << 23)
                    } else {
                        1i64 << b
                    }
                } else {
                    0
                }
            })
            .sum()
    }

    fn fits24(v: i64) -> bool {
        (-(1 << 23)..(1 << 23)).contains(&v)
    }

    fn bits(x: u64, n: u32) -> Vec<u8> {
        (0..n).rev().map(|b| (x >> b & 1) as u8).collect()
    }

    fn from_bits(v: &[u8]) -> u64 {
        v.iter().fold(0, |acc, &b| acc << 1 | b as u64)
    }

    #[test]
    fn fixed_cases() {
        assert_eq!(add(w(0o37777777), w(1)), (w(0o40000000), true));
        assert_eq!(add(w(0o77777777), w(1)), (w(0), false));
        assert_eq!(sub(w(0o40000000), w(1)), (w(0o37777777), true));
        assert_eq!(sub(w(0), w(0o40000000)), (w(0o40000000), true));
        assert_eq!(mul(w(0o77777777), w(0o77777777)), (w(0), w(1)));
        assert_eq!(mul(w(0o77777777), w(1)), (w(0o77777777), w(0o77777777)));
        assert_eq!(mul(w(0o40000000), w(0o40000000)), (w(0o20000000), w(0)));
        // 7 / 2 and -7 / 2 truncate toward zero, the remainder takes the dividend's sign.
        assert_eq!(div(w(0), w(7), w(2)), Some((w(3), w(1))));
        assert_eq!(
            div(w(0o77777777), Word::from_signed(-7), w(2)),
            Some((Word::from_signed(-3), Word::from_signed(-1)))
        );
        assert_eq!(div(w(0), w(7), w(0)), None);
        assert_eq!(div(w(1), w(0), w(1)), None);
        assert_eq!(div(w(0o77777777), w(0o40000000), w(0o77777777)), None); // -2^23 / -1
        assert_eq!(lsl(w(0o164000), 4), w(0o3500000));
        assert_eq!(lsr(w(0o164000), 4), w(0o7200)); // one row down
        assert_eq!(asr(w(0o40000000), 63), w(0o77777777));
        assert_eq!(rol(w(0o40000001), 1), w(0o00000003));
        assert_eq!(lls(w(0), w(0o40000000), 1), (w(1), w(0)));
        assert_eq!(lrs(w(1), w(0), 1), (w(0), w(0o40000000)));
        assert_eq!(nrm(w(0), w(1)), (w(0o40000000), w(0), 47));
        assert_eq!(nrm(w(0o164000), w(0)), (w(0o72000000), w(0), 8));
        assert_eq!(nrm(w(0), w(0)), (w(0), w(0), 0));
    }

    proptest! {
        #[test]
        fn add_sub_against_wide_integers(a in 0u32..=WORD_MASK, b in 0u32..=WORD_MASK) {
            let s = value(a) + value(b);
            prop_assert_eq!(add(w(a), w(b)), (w((s & 0xff_ffff) as u32), !fits24(s)));
            let d = value(a) - value(b);
            prop_assert_eq!(sub(w(a), w(b)), (w((d & 0xff_ffff) as u32), !fits24(d)));
        }

        #[test]
        fn mul_against_i128(a in 0u32..=WORD_MASK, b in 0u32..=WORD_MASK) {
            let p = value(a) as i128 * value(b) as i128;
            let (hi, lo) = mul(w(a), w(b));
            let joined = ((hi.get() as i128) << 24) | lo.get() as i128;
            let back = if joined >> 47 & 1 == 1 { joined - (1i128 << 48) } else { joined };
            prop_assert_eq!(back, p);
        }

        #[test]
        fn div_against_i128(a in 0u32..=WORD_MASK, q in 0u32..=WORD_MASK, m in 0u32..=WORD_MASK) {
            let dividend = value(a) as i128 * (1 << 24) + q as i128;
            let divisor = value(m) as i128;
            let expect = if divisor == 0 { None } else {
                let mut quo = dividend.abs() / divisor.abs();
                if (dividend < 0) != (divisor < 0) { quo = -quo; }
                let rem = dividend - quo * divisor;
                fits24(quo as i64).then_some((quo as i64, rem as i64))
            };
            let got = div(w(a), w(q), w(m)).map(|(x, r)| (x.signed() as i64, r.signed() as i64));
            prop_assert_eq!(got, expect);
        }

        #[test]
        fn div_inverts_mul(a in 0u32..=WORD_MASK, m in 1u32..=WORD_MASK) {
            let (hi, lo) = mul(w(a), w(m));
            prop_assert_eq!(div(hi, lo, w(m)), Some((w(a), w(0))));
        }

        #[test]
        fn shifts_against_bit_vectors(a in 0u32..=WORD_MASK, q in 0u32..=WORD_MASK, s in 0u32..64) {
            let va = bits(a as u64, 24);
            let mut l = va.clone(); let mut r = va.clone(); let mut ar = va.clone(); let mut ro = va.clone();
            for _ in 0..s {
                l.remove(0); l.push(0);
                r.pop(); r.insert(0, 0);
                ar.pop(); ar.insert(0, va[0]);
            }
            for _ in 0..s % 24 { let b = ro.remove(0); ro.push(b); }
            prop_assert_eq!(lsl(w(a), s).get() as u64, from_bits(&l));
            prop_assert_eq!(lsr(w(a), s).get() as u64, from_bits(&r));
            prop_assert_eq!(asr(w(a), s).get() as u64, from_bits(&ar));
            prop_assert_eq!(rol(w(a), s).get() as u64, from_bits(&ro));
            let mut d = bits((a as u64) << 24 | q as u64, 48);
            let mut e = d.clone();
            for _ in 0..s { d.remove(0); d.push(0); e.pop(); e.insert(0, 0); }
            let (ha, hq) = lls(w(a), w(q), s);
            prop_assert_eq!((ha.get() as u64) << 24 | hq.get() as u64, from_bits(&d));
            let (ra, rq) = lrs(w(a), w(q), s);
            prop_assert_eq!((ra.get() as u64) << 24 | rq.get() as u64, from_bits(&e));
        }

        #[test]
        fn nrm_against_a_loop(a in 0u32..=WORD_MASK, q in 0u32..=WORD_MASK, k in 0u32..48) {
            // Thin the operand out so every count occurs.
            let (a, q) = lrs(w(a), w(q), k);
            let (mut x, mut y, mut n) = (a, q, 0);
            while (x.get() | y.get()) != 0 && !x.is_negative() {
                (x, y) = lls(x, y, 1);
                n += 1;
            }
            prop_assert_eq!(nrm(a, q), (x, y, n));
        }
    }
}
