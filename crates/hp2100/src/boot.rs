//! The operator's boot from the photoreader, through our Basic Binary Loader.
//!
//! `docs/hp2100a.md` §4.3: tape in the reader, S = 037700 and LOAD ADDRESS, LOADER ENABLE,
//! PRESET, RUN; the loader reads the tape and halts with 102077 (the halt re-protects the
//! loader area). The loader is `asm/hp2100/bbl.asm`, assembled into `roms/bbl.abs`; it is
//! built into this crate and installed in the protected top 64 words, as the 2100A's loader
//! lived in core that the operator filled once.
//!
//! Implementation notes:
//!
//! 1. The loader image is assembled for a 16K machine (037700-037777). Booting a machine of
//!    another size is refused: the loader's own addresses would be wrong there.
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

/// Why the machine cannot be booted.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum BootError {
    #[error("no tape in the photoreader")]
    NoTape,
    #[error("the loader is assembled for {0}K words; set the memory to 16K to boot")]
    MemorySize(u32),
}

/// The operator's boot: returns the loader's stop (`HLT 77` = 102077 when the tape loaded).
///
/// # Errors
/// No tape, or a memory size the loader does not fit.
pub fn boot_ptr(m: &mut Machine, limit: Limit) -> Result<Stop, BootError> {
    if !m.cards.ptr.loaded() {
        return Err(BootError::NoTape);
    }
    if m.memory_words() != BBL_MEMORY_WORDS {
        return Err(BootError::MemorySize(BBL_MEMORY_WORDS / 1024));
    }
    let (sc, _) = m.select_code(Machine::slot("PTR").expect("the registry has PTR"));
    m.install_loader(&bbl_words_for(sc));
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
