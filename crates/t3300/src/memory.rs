//! Core memory: 8K, 16K or 32K words of 24 bits (spec §4.1, [R]).
//!
//! The address is 15 bits, so the array always has 32K cells; above the installed size the
//! cells stay zero and writes are ignored, which gives "reads beyond the installed size return
//! 0, writes are ignored" (the SDS behaviour the spec follows) without a test on every read.

use t3300_isa::word::{Word, ADDR_MASK, MAX_MEMORY};

/// Installed memory sizes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MemorySize {
    K8,
    K16,
    #[default]
    K32,
}

impl MemorySize {
    pub const fn words(self) -> usize {
        match self {
            MemorySize::K8 => 8192,
            MemorySize::K16 => 16384,
            MemorySize::K32 => 32768,
        }
    }

    /// From a size in K words (8, 16 or 32).
    pub fn from_k(k: u32) -> Option<Self> {
        match k {
            8 => Some(MemorySize::K8),
            16 => Some(MemorySize::K16),
            32 => Some(MemorySize::K32),
            _ => None,
        }
    }
}

pub struct Memory {
    cells: Box<[Word; MAX_MEMORY]>,
    size: usize,
}

impl Memory {
    pub fn new(size: MemorySize) -> Self {
        Self {
            cells: Box::new([Word::ZERO; MAX_MEMORY]),
            size: size.words(),
        }
    }

    /// Installed words.
    pub fn size(&self) -> usize {
        self.size
    }

    #[inline(always)]
    pub fn read(&self, a: u16) -> Word {
        read(&self.cells, a)
    }

    /// Store a word; ignored above the installed size. Returns whether the cell exists.
    #[inline(always)]
    pub fn write(&mut self, a: u16, w: Word) -> bool {
        write(&mut self.cells, self.size, a, w)
    }

    /// The cells and the installed size, for the CPU's bus.
    pub(crate) fn parts(&mut self) -> (&mut [Word; MAX_MEMORY], usize) {
        (&mut self.cells, self.size)
    }

    /// The cells, for reading without the CPU.
    pub(crate) fn cells(&self) -> &[Word; MAX_MEMORY] {
        &self.cells
    }

    /// Clear every cell.
    pub fn clear(&mut self) {
        self.cells.fill(Word::ZERO);
    }
}

/// A read: any 15-bit address (the cells above the installed size stay zero).
#[inline(always)]
pub(crate) fn read(cells: &[Word; MAX_MEMORY], a: u16) -> Word {
    cells[(a & ADDR_MASK) as usize]
}

/// A store, ignored above the installed size; returns whether the cell exists.
#[inline(always)]
pub(crate) fn write(cells: &mut [Word; MAX_MEMORY], size: usize, a: u16, w: Word) -> bool {
    let a = (a & ADDR_MASK) as usize;
    if a < size {
        cells[a] = w;
    }
    a < size
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn above_the_installed_size_reads_zero() {
        let mut m = Memory::new(MemorySize::K8);
        assert!(m.write(0o17777, Word::ONES));
        assert!(!m.write(0o20000, Word::ONES));
        assert_eq!(m.read(0o17777), Word::ONES);
        assert_eq!(m.read(0o20000), Word::ZERO);
        assert_eq!(m.read(0o77777), Word::ZERO);
        assert_eq!(MemorySize::from_k(16).map(MemorySize::words), Some(16384));
        assert_eq!(MemorySize::from_k(12), None);
    }
}
