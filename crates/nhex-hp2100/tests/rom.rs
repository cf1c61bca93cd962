//! The tape and listing in `roms/` are a fresh assembly of `asm/hp2100/nhex*.asm`, the tables
//! file is a fresh `retro hex gen-tables`, and the program fits the 16K machine below the
//! loader. Run with `UPDATE_GOLDEN=1` to rewrite `roms/nhex.abs` and `roms/nhex.lst` after
//! changing a source on purpose (regenerate the tables first with
//! `retro hex gen-tables -o asm/hp2100/nhex-tables.asm`); that run fails, since the crate
//! still holds the old tape and listing, and the next one checks them.

use nhex_hp2100::rom;
use std::collections::HashSet;

#[test]
fn the_tables_file_is_a_fresh_generation() {
    assert!(
        rom::TABLES == rom::fresh_tables(),
        "asm/hp2100/nhex-tables.asm differs from the reference's tables: run \
         `retro hex gen-tables -o asm/hp2100/nhex-tables.asm`, then UPDATE_GOLDEN=1"
    );
}

#[test]
fn the_rom_is_a_fresh_assembly() {
    let a = rom::assemble_sources();
    assert!(a.is_ok(), "{}", a.report);
    let root = rom::repo_root();
    expected_output::check_bytes(root.join("roms/nhex.abs"), &a.tape());
    expected_output::check(root.join("roms/nhex.lst"), a.listing());
    // After a rewrite the crate still holds the old tape until it is built again: this fails
    // on that run and passes on the next.
    assert_eq!(
        rom::TAPE,
        a.tape().as_slice(),
        "the tape built into the crate"
    );
}

#[test]
fn the_program_fits_below_the_loader() {
    let a = rom::assembly();
    assert!(a.is_ok(), "{}", a.report);
    // No word is assembled twice (the page ORGs do not overlap the code before them).
    let mut seen = HashSet::new();
    for &(addr, _) in &a.words {
        assert!(seen.insert(addr), "address {addr:05o} assembled twice");
    }
    let size = rom::size(a);
    let (_, last_work) = size.work;
    assert!(
        last_work < 0o37700,
        "the work areas end at {last_work:05o}, inside the loader"
    );
    assert!(a.words.iter().all(|&(addr, _)| addr < 0o37700));
    assert_eq!(a.symbol("START").map(|_| ()), Some(()));
    // The tape's entry convention: address 2 jumps to START.
    let w2 = a.words.iter().find(|w| w.0 == 2).map(|w| w.1);
    assert_eq!(w2, Some(0o124003), "JMP 3,I at 2");
    let w3 = a.words.iter().find(|w| w.0 == 3).map(|w| w.1);
    assert_eq!(w3, a.symbol("START"));
}

#[test]
fn the_listing_gives_the_symbols_of_the_tape() {
    let a = rom::assembly();
    for name in ["START", "POS", "RMOV", "XMOV", "XWIN", "XEVL", "LL", "LH"] {
        assert_eq!(
            rom::symbols().value(name).map(|v| v as u16),
            a.symbol(name),
            "{name}"
        );
    }
}
