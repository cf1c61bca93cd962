//! Extended Arithmetic Unit (standard on the 2100A): pure arithmetic on B:A.
//!
//! `docs/hp2100a.md` §1.8 (SIMH `cpu1.c`, checked by runs). B holds the high word, A the low
//! word of a 32-bit value. No EAU instruction touches E.

/// MPY: B:A = A x m, signed 16 x 16 -> 32. O is cleared.
#[inline]
pub fn mpy(a: u16, m: u16) -> (u16, u16) {
    let p = i32::from(a as i16) * i32::from(m as i16);
    (p as u16, (p >> 16) as u16)
}

/// DIV: signed B:A / m. Returns (A, B, overflow): A = quotient, B = remainder with the
/// dividend's sign.
///
/// The divide works on magnitudes: when the high word of the dividend's magnitude is not
/// smaller than the divisor's magnitude the quotient cannot fit and the unit stops at once
/// (O set; A and B are then left holding the dividend's magnitude, as SIMH does). Otherwise the
/// 16-bit quotient and the remainder of the magnitudes are formed and given their signs; a
/// quotient whose sign comes out wrong sets O, with A and B holding those results (HP's EAU
/// diagnostic checks them: 031465 051463 / 031523 leaves B,A = 031202 177553).
#[inline]
pub fn div(a: u16, b: u16, m: u16) -> (u16, u16, bool) {
    let dividend = (u32::from(b) << 16 | u32::from(a)) as i32;
    let divisor = i32::from(m as i16);
    let (md, mv) = (
        u64::from(dividend.unsigned_abs()),
        u64::from(divisor.unsigned_abs()),
    );
    if mv == 0 || md >> 16 >= mv {
        return (md as u16, (md >> 16) as u16, true);
    }
    let negative = (dividend < 0) != (divisor < 0);
    let q = (md / mv) as u16;
    let r = (md % mv) as u16;
    let q = if negative { q.wrapping_neg() } else { q };
    let r = if dividend < 0 { r.wrapping_neg() } else { r };
    let overflow = q != 0 && (q & 0x8000 != 0) != negative;
    (q, r, overflow)
}

fn join(a: u16, b: u16) -> u32 {
    u32::from(b) << 16 | u32::from(a)
}

fn split(v: u32) -> (u16, u16) {
    (v as u16, (v >> 16) as u16)
}

/// ASL n: arithmetic left shift of B:A keeping the sign; O set if any bit shifted out of
/// bit 30 differs from the sign, else cleared. Returns (A, B, O).
pub fn asl(a: u16, b: u16, n: u32) -> (u16, u16, bool) {
    let v = join(a, b);
    let sign = v & 0x8000_0000;
    let mut o = false;
    let mut m = v & 0x7fff_ffff;
    for _ in 0..n {
        if (m >> 30 & 1) != sign >> 31 {
            o = true;
        }
        m = (m << 1) & 0x7fff_ffff;
    }
    let (a, b) = split(m | sign);
    (a, b, o)
}

/// ASR n: arithmetic right shift of B:A; O is cleared.
pub fn asr(a: u16, b: u16, n: u32) -> (u16, u16) {
    split(((join(a, b) as i32) >> n.min(31)) as u32)
}

/// LSL n / LSR n: logical shifts of B:A, zero fill.
pub fn lsl(a: u16, b: u16, n: u32) -> (u16, u16) {
    split(if n >= 32 { 0 } else { join(a, b) << n })
}

pub fn lsr(a: u16, b: u16, n: u32) -> (u16, u16) {
    split(if n >= 32 { 0 } else { join(a, b) >> n })
}

/// RRL n / RRR n: rotates of B:A.
pub fn rrl(a: u16, b: u16, n: u32) -> (u16, u16) {
    split(join(a, b).rotate_left(n))
}

pub fn rrr(a: u16, b: u16, n: u32) -> (u16, u16) {
    split(join(a, b).rotate_right(n))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn examples() {
        assert_eq!(mpy(0o177777, 2), (0o177776, 0o177777)); // -1 x 2 = -2
        assert_eq!(div(7, 0, 2), (3, 1, false));
        assert_eq!(
            div((-7i16) as u16, 0o177777, 2),
            ((-3i16) as u16, (-1i16) as u16, false)
        );
        assert!(div(0, 1, 1).2); // 65536 / 1 overflows
        assert!(div(5, 0, 0).2);
        assert_eq!(
            div(0o051463, 0o031465, 0o031523),
            (0o177553, 0o031202, true)
        );
        assert_eq!(div(0o100000, 0o177777, 1), (0o100000, 0, false)); // -32768 / 1 fits
        assert_eq!(asl(0, 0o040000, 1), (0, 0, true)); // bit 30 lost differs from sign 0
        assert_eq!(asl(1, 0o100000, 1), (2, 0o100000, true));
        assert_eq!(asl(1, 0o140000, 1), (2, 0o100000, false));
        assert_eq!(asr(0, 0o100000, 16), (0o100000, 0o177777));
        assert_eq!(rrr(1, 0, 1), (0, 0o100000));
        assert_eq!(lsl(0o100000, 0, 1), (0, 1));
    }

    proptest! {
        #[test]
        fn mpy_matches_i32(a: i16, m: i16) {
            let (lo, hi) = mpy(a as u16, m as u16);
            prop_assert_eq!(join(lo, hi) as i32, i32::from(a) * i32::from(m));
        }

        #[test]
        fn div_matches_i64(dividend: i32, m: i16) {
            let (a, b) = split(dividend as u32);
            let (q, r, o) = div(a, b, m as u16);
            if m != 0 {
                let qq = i64::from(dividend) / i64::from(m);
                let rr = i64::from(dividend) % i64::from(m);
                if (-32768..32768).contains(&qq) {
                    prop_assert!(!o);
                    prop_assert_eq!(i64::from(q as i16), qq);
                    prop_assert_eq!(i64::from(r as i16), rr);
                } else {
                    prop_assert!(o);
                }
            } else {
                prop_assert!(o);
            }
        }

        #[test]
        fn shifts_match_u64_reference(a: u16, b: u16, n in 1u32..=16) {
            let v = join(a, b);
            prop_assert_eq!(join_t(lsl(a, b, n)), ((u64::from(v) << n) & 0xffff_ffff) as u32);
            prop_assert_eq!(join_t(lsr(a, b, n)), v >> n);
            prop_assert_eq!(join_t(rrl(a, b, n)), ((u64::from(v) << n | u64::from(v) >> (32 - n)) & 0xffff_ffff) as u32);
            prop_assert_eq!(join_t(asr(a, b, n)), ((v as i32) >> n) as u32);
            let (la, lb, o) = asl(a, b, n);
            let wide = i64::from(v as i32) << n;
            let kept = (wide as u32 & 0x7fff_ffff) | (v & 0x8000_0000);
            prop_assert_eq!(join(la, lb), kept);
            // Overflow exactly when the shifted value does not fit in 32 signed bits.
            prop_assert_eq!(o, wide != i64::from(wide as i32));
        }
    }

    fn join_t((a, b): (u16, u16)) -> u32 {
        join(a, b)
    }
}
