//! Shares: `--share K/N` runs the K-th of N disjoint parts of a run, so that several machines
//! (a cluster's job array) can play them side by side and a merge put them together.
//!
//! A run numbers its items from 0 (a tournament's matches in pairing order, an experiment's
//! games across all its cells); share K takes the numbers equal to K−1 modulo N. Taking every
//! N-th item, rather than a block, gives every share a slice of every part of the run, so
//! shares take about as long. An item keeps its own seed whichever share plays it (`seed`).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::Range;
use std::str::FromStr;

/// The K-th of N shares (1 ≤ K ≤ N).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Share {
    pub k: u32,
    pub n: u32,
}

/// A `--share` that is not K/N with 1 ≤ K ≤ N.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("--share `{text}`: {why}")]
pub struct ShareError {
    pub text: String,
    pub why: &'static str,
}

impl Share {
    /// The whole of a run in one piece.
    pub const WHOLE: Share = Share { k: 1, n: 1 };

    /// Share `k` of `n`, or an error naming what is wrong.
    pub fn new(k: u32, n: u32) -> Result<Share, ShareError> {
        if n == 0 || k == 0 || k > n {
            return Err(ShareError {
                text: format!("{k}/{n}"),
                why: "needs 1 <= K <= N",
            });
        }
        Ok(Share { k, n })
    }

    /// Whether this share plays item `index` (numbered from 0).
    pub fn holds(&self, index: u64) -> bool {
        index % u64::from(self.n) == u64::from(self.k - 1)
    }

    /// How many of the items numbered `range` this share plays.
    pub fn count(&self, range: Range<u64>) -> u64 {
        let (n, r) = (u64::from(self.n), u64::from(self.k - 1));
        // Items below x that are r modulo n.
        let below = |x: u64| x / n + u64::from(x % n > r);
        below(range.end).saturating_sub(below(range.start))
    }

    /// The items numbered `range` this share plays, in order.
    pub fn items(self, range: Range<u64>) -> impl Iterator<Item = u64> {
        range.filter(move |&i| self.holds(i))
    }

    /// All N shares of a run split into `n`.
    pub fn all(n: u32) -> impl Iterator<Item = Share> {
        (1..=n).map(move |k| Share { k, n })
    }
}

impl fmt::Display for Share {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.k, self.n)
    }
}

impl FromStr for Share {
    type Err = ShareError;

    fn from_str(s: &str) -> Result<Share, ShareError> {
        let bad = |why| ShareError {
            text: s.to_string(),
            why,
        };
        let (k, n) = s
            .split_once('/')
            .ok_or_else(|| bad("expected K/N, e.g. 3/8"))?;
        let k: u32 = k.trim().parse().map_err(|_| bad("K is not a number"))?;
        let n: u32 = n.trim().parse().map_err(|_| bad("N is not a number"))?;
        Share::new(k, n).map_err(|e| bad(e.why))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn parse() {
        assert_eq!("3/8".parse::<Share>().unwrap(), Share { k: 3, n: 8 });
        assert_eq!(
            " 2 / 3 ".trim().parse::<Share>().unwrap(),
            Share { k: 2, n: 3 }
        );
        for (bad, why) in [
            ("3", "expected K/N"),
            ("0/4", "1 <= K <= N"),
            ("5/4", "1 <= K <= N"),
            ("a/4", "K is not"),
            ("1/0", "1 <= K <= N"),
            ("1/x", "N is not"),
            ("", "expected K/N"),
        ] {
            let e = bad.parse::<Share>().unwrap_err().to_string();
            assert!(e.starts_with(&format!("--share `{bad}`: ")), "{e}");
            assert!(e.contains(why), "{e}");
        }
        assert!(Share::new(4, 3).is_err());
    }

    proptest! {
        #[test]
        fn shares_partition_every_range(start in 0u64..60, len in 0u64..60, n in 1u32..9) {
            let range = start..start + len;
            for i in range.clone() {
                prop_assert_eq!(Share::all(n).filter(|s| s.holds(i)).count(), 1);
            }
            let total: u64 = Share::all(n).map(|s| s.count(range.clone())).sum();
            prop_assert_eq!(total, len);
            for s in Share::all(n) {
                prop_assert_eq!(s.count(range.clone()), s.items(range.clone()).count() as u64);
            }
        }
    }
}
