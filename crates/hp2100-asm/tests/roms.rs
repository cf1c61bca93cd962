//! The images in `roms/` are exactly what the assembler makes of their sources in `asm/`.
//! Run with `UPDATE_GOLDEN=1` to rewrite them after changing a source on purpose.

use hp2100_asm::{assemble, Assembly, Source};
use std::path::PathBuf;

/// (source, image stem): `roms/<stem>.abs` (absolute binary tape) and `roms/<stem>.lst`.
const ROMS: &[(&str, &str)] = &[("asm/hp2100/bbl.asm", "bbl")];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn build(src: &str) -> Assembly {
    let text = std::fs::read_to_string(root().join(src)).expect(src);
    let a = assemble(&[Source::new(src, text)]);
    assert!(a.is_ok(), "{}", a.report);
    a
}

#[test]
fn roms_are_fresh_assemblies_of_their_sources() {
    for (src, stem) in ROMS {
        let a = build(src);
        expected_output::check_bytes(root().join(format!("roms/{stem}.abs")), &a.tape());
        expected_output::check(root().join(format!("roms/{stem}.lst")), a.listing());
    }
}

#[test]
fn the_loader_fits_its_protected_area() {
    let a = build("asm/hp2100/bbl.asm");
    assert!(a.words.len() <= 64, "{} words", a.words.len());
    assert!(a
        .words
        .iter()
        .all(|&(addr, _)| (0o37700..=0o37777).contains(&addr)));
    assert_eq!(a.start, Some(0o37700));
    // The tape in roms/ gives the machine the same words.
    let tape = std::fs::read(root().join("roms/bbl.abs")).unwrap();
    let recs = hp2100_isa::tape::parse(&tape).unwrap();
    let flat: Vec<(u16, u16)> = recs
        .iter()
        .flat_map(|r| {
            r.words
                .iter()
                .enumerate()
                .map(move |(k, &w)| (r.addr + k as u16, w))
        })
        .collect();
    assert_eq!(flat, a.words);
}
