//! `boot dpc`: the disc loader (`asm/hp2100/dbl.asm`, our own program doing what HP's Basic
//! Moving-Head Disc Loader does when SIMH boots the disc), its words for the interface's
//! select code, and the operator's boot from it.
//!
//! The loader's words refer to one another on their own page and to nothing else of the
//! top 64 words (its one absolute word is the program's entry, `DEF 2055B,I`), so the image
//! assembled for 16K runs unchanged at the top of any memory size, as SIMH installs its disc
//! loader at the top of each size.

use super::SC_DPD;
use machine_core::Stop;

/// The disc loader (`asm/hp2100/dbl.asm`, assembled into `roms/dbl.abs`): our own program
/// that does what HP's Basic Moving-Head Disc Loader does when SIMH boots the disc.
pub const DBL_TAPE: &[u8] = include_bytes!("../../../../../roms/dbl.abs");

/// The select codes the loader is assembled for.
const DBL_SC: u8 = SC_DPD;
/// The loader's head/sector word (head 2: the fixed disc) and the one for the cartridge.
const DBL_FIXED: u16 = 0o001000;
const DBL_REMOVABLE: u16 = 0o000000;
/// The loader's DMA control word 1.
const DBL_CW1: u16 = 0o120000 | DBL_SC as u16;

/// The loader's 64 words for the data channel at `sc` (the command channel at `sc + 1`),
/// reading the cartridge (head 0) or the fixed disc (head 2).
pub fn loader_words(sc: u8, removable: bool) -> Vec<u16> {
    let records = hp2100_isa::tape::parse(DBL_TAPE).expect("roms/dbl.abs is a valid tape");
    let base = (crate::boot::BBL_MEMORY_WORDS - crate::LOADER_WORDS) as u16;
    let mut words = vec![0u16; crate::LOADER_WORDS as usize];
    for r in &records {
        for (i, &w) in r.words.iter().enumerate() {
            let a = r.addr.wrapping_add(i as u16).wrapping_sub(base) as usize;
            if let Some(slot) = words.get_mut(a) {
                *slot = w;
            }
        }
    }
    for w in &mut words {
        let io = *w & 0o170000 == 0o100000 && *w & 0o2000 != 0;
        let code = (*w & 0o77) as u8;
        if io && (code == DBL_SC || code == DBL_SC + 1) {
            *w = (*w & !0o77) | u16::from(code - DBL_SC + sc);
        } else if *w == DBL_CW1 {
            *w = 0o120000 | u16::from(sc);
        } else if *w == DBL_FIXED && removable {
            *w = DBL_REMOVABLE;
        }
    }
    words
}

impl crate::Machine {
    /// The disc loader into the protected top 64 words for the interface's select codes, P
    /// at its first word and LOADER ENABLE on, nothing run: SIMH's `load dpc`.
    ///
    /// # Errors
    /// The disc interface is not in the machine.
    pub fn install_disc_loader(&mut self, removable: bool) -> Result<(), String> {
        let dpd = crate::Machine::slot("DPD").expect("the registry has DPD");
        let (sc, present) = self.select_code(dpd);
        if !present {
            return Err("the disc interface is not in the machine (set dpc enabled)".into());
        }
        self.install_loader(&loader_words(sc, removable));
        self.p = self.loader_base();
        self.set_loader_enabled(true);
        Ok(())
    }

    /// `boot dpc`: the disc loader into the protected loader area, LOADER ENABLE, PRESET and
    /// RUN from its first word; it reads cylinder 0 of drive 0's fixed disc (the cartridge
    /// with `removable`) into 2011 and calls the program there (`JSB 2055B,I`).
    ///
    /// # Errors
    /// No disc interface or DMA in the machine, or drive 0 not attached.
    pub fn boot_disc(
        &mut self,
        removable: bool,
        limit: crate::panel::Limit,
    ) -> Result<Stop, String> {
        let dpd = crate::Machine::slot("DPD").expect("the registry has DPD");
        if !self.select_code(dpd).1 {
            return Err("the disc interface is not in the machine (set dpc enabled)".into());
        }
        if !self
            .select_code(crate::Machine::slot("DMA1").expect("DMA1"))
            .1
        {
            return Err("the disc loader reads by DMA: set dma1 enabled".into());
        }
        if self.cards.dp.attached(0).is_none() {
            return Err("no disc image on drive 0 (attach dpc FILE)".into());
        }
        self.install_disc_loader(removable)?;
        self.s = self.loader_base();
        self.load_address();
        self.set_loader_enabled(true);
        self.preset();
        Ok(self.run(limit))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_loader_follows_the_card() {
        let w = loader_words(0o30, true);
        assert!(w.contains(&0o120030), "DMA word");
        assert!(w.contains(&0o106731), "CLC 31");
        assert!(!w.contains(&DBL_FIXED));
        assert_eq!(loader_words(SC_DPD, false).len(), 64);
    }

    #[test]
    fn the_disc_boots_at_the_top_of_any_size() {
        let dir = std::env::temp_dir().join(format!("retro-dbl-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let image = dir.join("boot.img");
        // Cylinder 0, head 2, sector 0 lands at 2011: 2055 holds the entry, 2100, where the
        // program halts with 102055.
        let mut img = vec![0u8; 2_494_464];
        for (addr, w) in [(0o2055usize, 0o2100u16), (0o2101, 0o102055)] {
            let at = (2 * 12 * 128 + addr - 0o2011) * 2;
            img[at..at + 2].copy_from_slice(&w.to_le_bytes());
        }
        std::fs::write(&image, &img).unwrap();
        for k in [8u32, 16, 32] {
            let mut c = crate::scp::Console::new(Vec::new());
            let text = format!(
                "set -f cpu {k}K\nset dpc enabled\nset dma1 enabled\nset runlimit 60 seconds\nattach dpc {}\nboot dpc\n",
                image.display()
            );
            c.run_text("t", &text).unwrap();
            let stop = c.last_stop.unwrap();
            assert_eq!(stop.halt_code(), Some(0o102055), "{k}K: {stop:?}");
            // JSB 2055,I left its return in 2100: the loader's last words, at the top.
            let top = k * 1024 - 64;
            let ret = u32::from(c.machine.peek_core(0o2100));
            assert!((top..k * 1024).contains(&ret), "{k}K: return {ret:o}");
        }
        std::fs::remove_dir_all(&dir).ok();
    }
}
