//! Merging shares: the items of a run gathered from the files its shares wrote, each item
//! once, and what is still owed: the shares of which no file was found, and those whose files
//! hold fewer items than the share plays. Since every item depends only on its seed, a merge
//! of all shares, complete, equals one unsplit run.

use crate::share::Share;
use std::collections::BTreeMap;

/// The items of one run gathered from its shares, by key, and how many each share brought.
#[derive(Debug, Clone)]
pub struct Gathered<K, V> {
    /// N: the number of shares the run was split into.
    pub n: u32,
    pub items: BTreeMap<K, V>,
    /// Share K's items found, for each K of which a file was found.
    found: BTreeMap<u32, u64>,
}

/// An item found twice with different contents.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conflict;

impl<K: Ord, V: PartialEq> Gathered<K, V> {
    pub fn new(n: u32) -> Self {
        Gathered {
            n,
            items: BTreeMap::new(),
            found: BTreeMap::new(),
        }
    }

    /// A file of `share` was found (even one holding no item yet).
    pub fn file_of(&mut self, share: Share) {
        self.found.entry(share.k).or_default();
    }

    /// Item `key` found in a file of `share`; an item found before must be the same.
    ///
    /// # Errors
    /// [`Conflict`] when another file holds the same item with other contents.
    pub fn add(&mut self, share: Share, key: K, value: V) -> Result<(), Conflict> {
        match self.items.get(&key) {
            Some(old) if *old != value => return Err(Conflict),
            // The same item again (a share's file in two folders) counts once.
            Some(_) => {}
            None => {
                self.items.insert(key, value);
                *self.found.entry(share.k).or_default() += 1;
            }
        }
        self.file_of(share);
        Ok(())
    }

    /// What the merge still lacks, in words: the shares missing, then each share with fewer
    /// than its `quota` of `unit`; empty when the run is complete.
    pub fn problems(&self, quota: impl Fn(Share) -> u64, unit: &str) -> Vec<String> {
        let mut missing = Vec::new();
        let mut out = Vec::new();
        for share in Share::all(self.n) {
            let Some(&got) = self.found.get(&share.k) else {
                missing.push(share.to_string());
                continue;
            };
            let want = quota(share);
            if got < want {
                out.push(format!("share {share} incomplete ({got} of {want} {unit})"));
            }
        }
        if !missing.is_empty() {
            out.insert(0, format!("shares missing: {}", missing.join(", ")));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_and_incomplete_shares_are_named() {
        let mut g: Gathered<u64, &str> = Gathered::new(3);
        let s = |k| Share { k, n: 3 };
        g.file_of(s(1));
        for i in Share::items(s(1), 0..10) {
            g.add(s(1), i, "x").unwrap();
        }
        g.add(s(3), 2, "y").unwrap();
        assert_eq!(g.add(s(3), 2, "z"), Err(Conflict));
        let quota = |share: Share| share.count(0..10);
        assert_eq!(
            g.problems(quota, "games"),
            ["shares missing: 2/3", "share 3/3 incomplete (1 of 3 games)"]
        );
        for i in Share::items(s(2), 0..10).chain(Share::items(s(3), 0..10)) {
            let k = if i % 3 == 1 { 2 } else { 3 };
            g.add(s(k), i, if k == 2 { "x" } else { "y" }).unwrap();
        }
        assert_eq!(g.items.len(), 10);
        assert!(g.problems(quota, "games").is_empty());
    }
}
