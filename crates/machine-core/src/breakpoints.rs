//! Breakpoints: the one set of stop addresses that the machines' run loops and the debugger
//! share.
//!
//! A bit per address, so that a run loop asks about P with one load and a mask; the loops
//! ask only when the set is not empty, so a run without breakpoints pays nothing.

/// A set of addresses (below `2^address_bits`) at which a run stops before executing the
/// instruction there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Breakpoints {
    bits: Vec<u64>,
    mask: u32,
    count: usize,
}

impl Breakpoints {
    /// An empty set for a machine with `address_bits`-bit addresses (addresses are taken
    /// modulo the address space).
    pub fn new(address_bits: u32) -> Self {
        let words = (1usize << address_bits).div_ceil(64);
        Breakpoints {
            bits: vec![0; words],
            mask: (1u32 << address_bits) - 1,
            count: 0,
        }
    }

    fn place(&self, addr: u32) -> (usize, u64) {
        let a = addr & self.mask;
        (a as usize / 64, 1u64 << (a % 64))
    }

    /// Set a breakpoint; `false` when it was already set.
    pub fn insert(&mut self, addr: u32) -> bool {
        let (i, b) = self.place(addr);
        let new = self.bits[i] & b == 0;
        self.bits[i] |= b;
        self.count += usize::from(new);
        new
    }

    /// Clear a breakpoint; `false` when none was set there.
    pub fn remove(&mut self, addr: u32) -> bool {
        let (i, b) = self.place(addr);
        let had = self.bits[i] & b != 0;
        self.bits[i] &= !b;
        self.count -= usize::from(had);
        had
    }

    #[inline(always)]
    pub fn contains(&self, addr: u32) -> bool {
        let (i, b) = self.place(addr);
        self.bits[i] & b != 0
    }

    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    pub fn len(&self) -> usize {
        self.count
    }

    pub fn clear(&mut self) {
        self.bits.fill(0);
        self.count = 0;
    }

    /// The addresses, ascending.
    pub fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.bits.iter().enumerate().flat_map(|(i, &w)| {
            (0..64)
                .filter(move |k| w & (1u64 << k) != 0)
                .map(move |k| (i * 64 + k) as u32)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::Breakpoints;
    use proptest::prelude::*;
    use std::collections::BTreeSet;

    proptest! {
        #[test]
        fn behaves_as_a_set(ops in prop::collection::vec((any::<bool>(), 0u32..1 << 15), 0..200)) {
            let mut b = Breakpoints::new(15);
            let mut model = BTreeSet::new();
            for (set, a) in ops {
                if set {
                    prop_assert_eq!(b.insert(a), model.insert(a));
                } else {
                    prop_assert_eq!(b.remove(a), model.remove(&a));
                }
                prop_assert_eq!(b.len(), model.len());
                prop_assert_eq!(b.contains(a), model.contains(&a));
            }
            prop_assert!(b.iter().eq(model.iter().copied()));
        }
    }

    #[test]
    fn addresses_wrap_to_the_address_space() {
        let mut b = Breakpoints::new(15);
        b.insert(0o100000 + 5);
        assert!(b.contains(5));
        b.clear();
        assert!(b.is_empty() && !b.contains(5));
    }
}
