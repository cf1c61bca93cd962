//! Shares: `--share K/N` runs the K-th of N disjoint parts of an experiment's games, so that a
//! cluster's job array can run them side by side and `merge` can put them together.
//!
//! All the games of all cells are numbered in one sequence, game `j` of cell `c` being
//! `c·games + j` (`games` a cell); share K takes the numbers equal to K−1 modulo N, so every
//! share gets a slice of every cell (the cells differ in speed, so shares take about as long).
//! Every game keeps the seed of its game number within its cell, so which share plays it
//! changes nothing.

use crate::error::{LabError, Result};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The K-th of N shares (1 ≤ K ≤ N).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Share {
    pub k: u32,
    pub n: u32,
}

impl Share {
    /// The whole of a run in one piece.
    pub const WHOLE: Share = Share { k: 1, n: 1 };

    /// Whether this share plays game `game` of cell `cell`, of `games` a cell.
    pub fn holds(&self, games: u64, cell: usize, game: u64) -> bool {
        (cell as u64 * games + game) % u64::from(self.n) == u64::from(self.k - 1)
    }

    /// How many of a cell's `games` this share plays.
    pub fn quota(&self, games: u64, cell: usize) -> u64 {
        (0..games).filter(|&j| self.holds(games, cell, j)).count() as u64
    }
}

impl fmt::Display for Share {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.k, self.n)
    }
}

impl FromStr for Share {
    type Err = LabError;

    fn from_str(s: &str) -> Result<Share> {
        let bad = |why: &str| LabError::Parameter(format!("--share `{s}`: {why}"));
        let (k, n) = s
            .split_once('/')
            .ok_or_else(|| bad("expected K/N, e.g. 3/8"))?;
        let k: u32 = k.trim().parse().map_err(|_| bad("K is not a number"))?;
        let n: u32 = n.trim().parse().map_err(|_| bad("N is not a number"))?;
        if n == 0 || k == 0 || k > n {
            return Err(bad("needs 1 <= K <= N"));
        }
        Ok(Share { k, n })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn parse() {
        assert_eq!("3/8".parse::<Share>().unwrap(), Share { k: 3, n: 8 });
        for bad in ["3", "0/4", "5/4", "a/4", "1/0", ""] {
            let e = bad.parse::<Share>().unwrap_err().to_string();
            assert!(e.contains("--share"), "{e}");
        }
    }

    proptest! {
        #[test]
        fn shares_partition_every_cell(cells in 1usize..9, games in 0u64..50, n in 1u32..7) {
            for c in 0..cells {
                for j in 0..games {
                    let owners = (1..=n).filter(|&k| Share { k, n }.holds(games, c, j)).count();
                    prop_assert_eq!(owners, 1);
                }
                let total: u64 = (1..=n).map(|k| Share { k, n }.quota(games, c)).sum();
                prop_assert_eq!(total, games);
            }
        }
    }
}
