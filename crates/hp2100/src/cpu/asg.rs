//! Alter/skip group: pure micro-op execution.
//!
//! Order (`docs/hp2100a.md` §1.5, checked against SIMH runs): CLx then CMx; SEZ tested on E
//! before the E micro-ops; CLE then CME; SSx and SLx tested on the value after CLx/CMx; INx
//! (E set on wrap to 0, O set on a result of 100000; neither ever cleared); SZx tested after
//! INx. Without RSS any true test skips. With RSS each test is inverted and the results are
//! OR-ed, except that SSx and SLx together with RSS skip only if bit 15 and bit 0 are both 1.
//! RSS alone always skips. At most one word is skipped.

/// Result of an ASG word: new register value, E, O, and whether to skip.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Asg {
    pub v: u16,
    pub e: bool,
    pub o: bool,
    pub skip: bool,
}

#[inline]
pub fn exec(ir: u16, v: u16, e: bool, o: bool) -> Asg {
    let (mut v, mut e, mut o) = (v, e, o);
    match (ir >> 8) & 3 {
        1 => v = 0,
        2 => v = !v,
        3 => v = 0xffff,
        _ => {}
    }
    let rss = ir & 1 != 0;
    let mut skip = false;
    if ir & 0o40 != 0 {
        skip |= e == rss; // SEZ: E = 0 (RSS: E = 1)
    }
    match (ir >> 6) & 3 {
        1 => e = false,
        2 => e = !e,
        3 => e = true,
        _ => {}
    }
    let ss = ir & 0o20 != 0;
    let sl = ir & 0o10 != 0;
    if ss && sl && rss {
        skip |= v & 0x8001 == 0x8001;
    } else {
        if ss {
            skip |= (v & 0x8000 != 0) == rss;
        }
        if sl {
            skip |= (v & 1 != 0) == rss;
        }
    }
    if ir & 0o4 != 0 {
        v = v.wrapping_add(1);
        if v == 0 {
            e = true;
        }
        if v == 0x8000 {
            o = true;
        }
    }
    if ir & 0o2 != 0 {
        skip |= (v == 0) != rss;
    }
    if rss && ir & 0o72 == 0 {
        skip = true;
    }
    Asg { v, e, o, skip }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn documented_cases() {
        assert!(exec(0o002031, 0o100001, false, false).skip);
        assert!(!exec(0o002031, 0o100000, false, false).skip);
        let r = exec(0o003007, 1, false, false); // CMA,INA,SZA,RSS on 1 -> -1, nonzero, skip
        assert_eq!((r.v, r.skip), (0o177777, true));
        let r = exec(0o002004, 0o177777, false, false); // INA wraps: E set
        assert_eq!((r.v, r.e, r.o), (0, true, false));
        let r = exec(0o002004, 0o077777, false, false); // INA to 100000: O set
        assert_eq!((r.v, r.o), (0o100000, true));
        assert!(exec(0o002001, 5, false, false).skip); // RSS alone
        assert!(exec(0o002040, 5, false, false).skip); // SEZ, E = 0
        assert!(exec(0o002341, 5, true, false).skip); // CCE,SEZ,RSS: E tested before CCE
        assert!(!exec(0o002341, 5, false, false).skip);
    }

    /// Reference model written from the rules as prose, test by test.
    fn model(ir: u16, v0: u16, e0: bool, o0: bool) -> Asg {
        let bit = |n: u16| ir & (1 << n) != 0;
        let mut v = v0;
        if bit(8) {
            v = 0;
        }
        if bit(9) {
            v = !v;
        }
        let mut tests: Vec<bool> = Vec::new(); // each: the condition holds
        let rss = bit(0);
        if bit(5) {
            tests.push(!e0);
        }
        let mut e = e0;
        if bit(6) {
            e = false;
        }
        if bit(7) {
            e = !e;
        }
        let both = bit(4) && bit(3) && rss;
        if bit(4) && !both {
            tests.push(v & 0x8000 == 0);
        }
        if bit(3) && !both {
            tests.push(v & 1 == 0);
        }
        let mut o = o0;
        if bit(2) {
            let n = (u32::from(v) + 1) as u16;
            e |= n == 0;
            o |= n == 0x8000;
            v = n;
        }
        if bit(1) {
            tests.push(v == 0);
        }
        let mut skip = tests.iter().any(|&t| t != rss);
        if both {
            skip |= v0_after_alter(ir, v0) & 0x8001 == 0x8001;
        }
        if rss && !bit(5) && !bit(4) && !bit(3) && !bit(1) {
            skip = true;
        }
        Asg { v, e, o, skip }
    }

    fn v0_after_alter(ir: u16, v: u16) -> u16 {
        match ir >> 8 & 3 {
            1 => 0,
            2 => !v,
            3 => 0xffff,
            _ => v,
        }
    }

    #[test]
    fn every_asg_word_exhaustively() {
        let values = [
            0u16, 1, 2, 0o100000, 0o100001, 0o177777, 0o077777, 0o125252, 0o052525,
        ];
        for low in 0..0o2000u16 {
            let ir = 0o002000 | low;
            for &v in &values {
                for e in [false, true] {
                    for o in [false, true] {
                        assert_eq!(
                            exec(ir, v, e, o),
                            model(ir, v, e, o),
                            "{ir:06o} {v:06o} {e} {o}"
                        );
                    }
                }
            }
        }
    }

    proptest! {
        #[test]
        fn every_asg_word_matches_the_model(low in 0u16..0o2000, v: u16, e: bool, o: bool) {
            let ir = 0o002000 | low;
            prop_assert_eq!(exec(ir, v, e, o), model(ir, v, e, o));
        }
    }
}
