//! The operator's boot from the photoreader, through our Basic Binary Loader.
//!
//! `docs/hp2100a.md` §4.3: tape in the reader, S = 037700 and LOAD ADDRESS, LOADER ENABLE,
//! PRESET, RUN; the loader reads the tape and halts with 102077 (the halt re-protects the
//! loader area), at HP's address for it: P = 037716 at 16K, 077716 at 32K (`bbl_halt`). The loader is `asm/hp2100/bbl.asm`, assembled into `roms/bbl.abs`; it is
//! built into this crate and installed in the protected top 64 words, as the 2100A's loader
//! lived in core that the operator filled once.
//!
//! Implementation notes:
//!
//! 1. The loader image is assembled for a 16K machine (037700-037777) and moved to the top
//!    64 words of any other size, as HP's loader was kept in the top of each machine's core:
//!    its references stay on its own page (the page offsets do not change, the sizes being
//!    whole pages), and its one absolute word, the negated first address it checks a
//!    record against (`MBBL`), is set for the size.
//! 2. The loader is assembled for the photoreader on select code 10. When the reader's card
//!    sits elsewhere (`set ptr sc=13`), `boot ptr` installs the loader with its reader I/O
//!    instructions set to that select code, as the operator set the loader's I/O
//!    instructions by hand and as SIMH's BOOT PTR does.

use crate::panel::Limit;
use crate::Machine;
use hp2100_isa::tape;
use machine_core::Stop;

/// The assembled Basic Binary Loader (absolute binary tape of `asm/hp2100/bbl.asm`).
pub const BBL_TAPE: &[u8] = include_bytes!("../../../roms/bbl.abs");

/// Memory size the loader image is assembled for.
pub const BBL_MEMORY_WORDS: u32 = 16 * 1024;

/// The loader's 64 words, read from its tape image.
pub fn bbl_words() -> Vec<u16> {
    let records = tape::parse(BBL_TAPE).expect("roms/bbl.abs is a valid tape (checked by a test)");
    let base = (BBL_MEMORY_WORDS - crate::LOADER_WORDS) as u16;
    let mut words = vec![0u16; crate::LOADER_WORDS as usize];
    for r in &records {
        for (i, &w) in r.words.iter().enumerate() {
            let a = r.addr.wrapping_add(i as u16).wrapping_sub(base) as usize;
            if let Some(slot) = words.get_mut(a) {
                *slot = w;
            }
        }
    }
    words
}

/// The select code the loader is assembled for (note 2).
const BBL_PTR_SC: u16 = 0o10;

/// The loader's 64 words for the photoreader on select code `sc` (note 2).
pub fn bbl_words_for(sc: u8) -> Vec<u16> {
    let mut words = bbl_words();
    for w in &mut words {
        let io = *w & 0o170000 == 0o100000 && *w & 0o2000 != 0;
        if io && *w & 0o77 == BBL_PTR_SC {
            *w = (*w & !0o77) | u16::from(sc);
        }
    }
    words
}

/// The negated first address the 16K image holds (`MBBL` in `asm/hp2100/bbl.asm`).
const MBBL_16K: u16 = 0u16.wrapping_sub((BBL_MEMORY_WORDS - crate::LOADER_WORDS) as u16);

/// The loader's 64 words for the top of a machine of `memory_words`, its reader on select
/// code `sc` (notes 1, 2).
pub fn bbl_words_at(sc: u8, memory_words: u32) -> Vec<u16> {
    let base = (memory_words - crate::LOADER_WORDS) as u16;
    bbl_words_for(sc)
        .into_iter()
        .map(|w| {
            if w == MBBL_16K {
                0u16.wrapping_sub(base)
            } else {
                w
            }
        })
        .collect()
}

/// Why the machine cannot be booted.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum BootError {
    #[error("no tape in the photoreader")]
    NoTape,
    #[error("the loader is assembled for {0}K words; set the memory to 16K to boot")]
    MemorySize(u32),
}

/// The loader into the protected top 64 words for the reader's select code and the memory
/// size, P at its first word and LOADER ENABLE on, nothing run: SIMH's `load ptr`.
pub fn install_bbl(m: &mut Machine) {
    let (sc, _) = m.select_code(Machine::slot("PTR").expect("the registry has PTR"));
    m.install_loader(&bbl_words_at(sc, m.memory_words()));
    m.p = m.loader_base();
    m.set_loader_enabled(true);
}

/// The operator's boot: returns the loader's stop (`HLT 77` = 102077 when the tape loaded).
///
/// # Errors
/// No tape, or a memory size the loader does not fit.
pub fn boot_ptr(m: &mut Machine, limit: Limit) -> Result<Stop, BootError> {
    if !m.cards.ptr.loaded() {
        return Err(BootError::NoTape);
    }
    install_bbl(m);
    m.s = m.loader_base();
    m.load_address();
    m.set_loader_enabled(true);
    m.preset();
    Ok(m.run(limit))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_loader_moves_to_the_top_of_any_size() {
        // The one absolute word is MBBL, and only it changes.
        assert_eq!(bbl_words().iter().filter(|&&w| w == MBBL_16K).count(), 1);
        assert_eq!(bbl_words_at(0o10, 16 * 1024), bbl_words());
        let big = bbl_words_at(0o10, 32 * 1024);
        let changed: Vec<(u16, u16)> = bbl_words()
            .into_iter()
            .zip(big)
            .filter(|(a, b)| a != b)
            .collect();
        assert_eq!(changed, [(0o140100, 0o100100)], "-37700 becomes -77700");
    }

    #[test]
    fn a_tape_boots_at_32k_and_8k() {
        // HLT 77 at 100, loaded by the loader at the top of each size.
        let tape = hp2100_isa::tape::write(
            &[hp2100_isa::tape::Record {
                addr: 0o100,
                words: vec![0o102077],
            }],
            10,
        );
        for k in [8, 32] {
            let mut m = Machine::new(crate::Config::default()).unwrap();
            m.set_memory_size(k * 1024).unwrap();
            m.cards.ptr.load(tape.clone());
            let stop = boot_ptr(&mut m, Limit::seconds(5.0)).unwrap();
            assert_eq!(stop.halt_code(), Some(0o102077), "{k}K: {stop:?}");
            assert_eq!(m.peek_core(0o100), 0o102077, "{k}K");
            // HP's end-of-tape halt, 15 words into the 64: P is the word after it.
            assert_eq!(u32::from(m.p), k * 1024 - 64 + 0o16, "{k}K: P {:o}", m.p);
        }
    }

    #[test]
    fn the_loader_reads_the_select_code_it_is_given() {
        assert_eq!(bbl_words_for(0o10), bbl_words());
        let moved = bbl_words_for(0o13);
        let changed: Vec<(u16, u16)> = bbl_words()
            .into_iter()
            .zip(moved)
            .filter(|(a, b)| a != b)
            .collect();
        // STC PTR,C; SFS PTR; LIA PTR: each now names select code 13.
        assert_eq!(changed.len(), 3, "{changed:?}");
        assert!(changed
            .iter()
            .all(|&(a, b)| a & 0o77 == 0o10 && b == (a & !0o77) | 0o13));
    }
}
