//! Shift/rotate group: pure micro-op execution.
//!
//! Order (02100-90001; `docs/hp2100a.md` §1.4): op 1, CLE, the SLx test on the intermediate
//! value, op 2. An op field whose enable bit is clear does nothing, except codes 101 (ERx) and
//! 110 (ELx), which still copy the register's LSB or MSB into E. HP's shift-rotate diagnostic
//! checks this. SRG never changes O.

/// One shift/rotate of a 16-bit register with E.
#[inline]
pub fn shift(code: u16, v: u16, e: bool) -> (u16, bool) {
    match code & 7 {
        0 => ((v & 0x8000) | ((v << 1) & 0x7fff), e), // ALS: sign kept, bit 14 lost
        1 => (((v as i16) >> 1) as u16, e),           // ARS
        2 => (v.rotate_left(1), e),                   // RAL
        3 => (v.rotate_right(1), e),                  // RAR
        4 => ((v << 1) & 0x7fff, e),                  // ALR
        5 => ((v >> 1) | (u16::from(e) << 15), v & 1 != 0), // ERA: 17-bit rotate right
        6 => ((v << 1) | u16::from(e), v & 0x8000 != 0), // ELA: 17-bit rotate left
        _ => (v.rotate_left(4), e),                   // ALF
    }
}

/// What a disabled op field does: only ERx/ELx codes touch E.
#[inline]
fn disabled(code: u16, v: u16, e: bool) -> bool {
    match code & 7 {
        5 => v & 1 != 0,
        6 => v & 0x8000 != 0,
        _ => e,
    }
}

/// Execute an SRG word on register value `v` with extend `e`: (new value, new E, skip).
#[inline]
pub fn exec(ir: u16, mut v: u16, mut e: bool) -> (u16, bool, bool) {
    let op1 = (ir >> 6) & 7;
    if ir & 0o001000 != 0 {
        (v, e) = shift(op1, v, e);
    } else {
        e = disabled(op1, v, e);
    }
    if ir & 0o40 != 0 {
        e = false;
    }
    let skip = ir & 0o10 != 0 && v & 1 == 0;
    let op2 = ir & 7;
    if ir & 0o20 != 0 {
        (v, e) = shift(op2, v, e);
    } else {
        e = disabled(op2, v, e);
    }
    (v, e, skip)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A naive model: the register and E as a bit vector, one named operation at a time.
    fn naive_shift(code: u16, v: u16, e: bool) -> (u16, bool) {
        let mut bits: Vec<bool> = (0..16).map(|i| v >> i & 1 != 0).collect(); // bits[0] = LSB
        let pack = |b: &[bool]| {
            b.iter()
                .enumerate()
                .fold(0u16, |acc, (i, &x)| acc | (u16::from(x) << i))
        };
        match code {
            0 => {
                let sign = bits[15];
                bits.insert(0, false);
                bits.truncate(16);
                bits[15] = sign;
                (pack(&bits), e)
            }
            1 => {
                let sign = bits[15];
                bits.remove(0);
                bits.push(sign);
                (pack(&bits), e)
            }
            2 => {
                let top = bits.pop().unwrap();
                bits.insert(0, top);
                (pack(&bits), e)
            }
            3 => {
                let low = bits.remove(0);
                bits.push(low);
                (pack(&bits), e)
            }
            4 => {
                bits.insert(0, false);
                bits.truncate(16);
                bits[15] = false;
                (pack(&bits), e)
            }
            5 => {
                let mut ext = bits.clone();
                ext.push(e); // bit 16 = E
                let low = ext.remove(0);
                ext.push(low);
                (pack(&ext[..16]), ext[16])
            }
            6 => {
                let mut ext = vec![e];
                ext.extend(bits);
                let top = ext.pop().unwrap();
                (pack(&ext), top)
            }
            _ => {
                let mut r = (v, e);
                for _ in 0..4 {
                    r = naive_shift(2, r.0, r.1);
                }
                r
            }
        }
    }

    fn naive_exec(ir: u16, v: u16, e: bool) -> (u16, bool, bool) {
        let (mut v, mut e) = (v, e);
        let op1 = ir >> 6 & 7;
        if ir & 0o1000 != 0 {
            (v, e) = naive_shift(op1, v, e);
        } else if op1 == 5 {
            e = v & 1 == 1;
        } else if op1 == 6 {
            e = v >> 15 == 1;
        }
        if ir & 0o40 != 0 {
            e = false;
        }
        let skip = ir & 0o10 != 0 && v % 2 == 0;
        let op2 = ir & 7;
        if ir & 0o20 != 0 {
            (v, e) = naive_shift(op2, v, e);
        } else if op2 == 5 {
            e = v & 1 == 1;
        } else if op2 == 6 {
            e = v >> 15 == 1;
        }
        (v, e, skip)
    }

    #[test]
    fn documented_cases() {
        assert_eq!(exec(0o000600, 0o100000, false), (0o100000, true, false)); // disabled ELA
        assert_eq!(exec(0o001727, 0o000017, false), (0o007400, false, false)); // ALF,ALF
        assert_eq!(exec(0o000065, 0o000003, true), (0o000001, true, false)); // CLE,ERA
        assert!(exec(0o000033, 0o000002, false).2); // SLA,RAR skips on even
        assert_eq!(exec(0o001000, 0o140001, false).0, 0o100002); // ALS
        assert_eq!(exec(0o001400, 0o140001, false).0, 0o000002); // ALR
    }

    #[test]
    fn every_srg_word_exhaustively() {
        let values = [
            0u16, 1, 2, 0o100000, 0o100001, 0o177777, 0o077777, 0o125252, 0o052525, 0o040000,
        ];
        for w in 0..0o2000u16 {
            for r in [0, 0o4000] {
                for &v in &values {
                    for e in [false, true] {
                        assert_eq!(
                            exec(w | r, v, e),
                            naive_exec(w, v, e),
                            "{:06o} {v:06o} {e}",
                            w | r
                        );
                    }
                }
            }
        }
    }

    proptest! {
        #[test]
        fn every_srg_word_matches_the_naive_model(w in 0u16..0o2000, v: u16, e: bool) {
            prop_assert_eq!(exec(w, v, e), naive_exec(w, v, e));
        }
    }
}
