//! The images in `roms/` are exactly what the assembler makes of their sources in `asm/`.
//! Run with `UPDATE_ROMS=1` to rewrite them after changing a source on purpose.

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
    let update = std::env::var_os("UPDATE_ROMS").is_some_and(|v| v == "1");
    for (src, stem) in ROMS {
        let a = build(src);
        let outputs = [
            (format!("roms/{stem}.abs"), a.tape()),
            (format!("roms/{stem}.lst"), a.listing().as_bytes().to_vec()),
        ];
        for (path, fresh) in outputs {
            let full = root().join(&path);
            if update {
                std::fs::write(&full, &fresh).expect(&path);
            } else {
                let committed = std::fs::read(&full).unwrap_or_default();
                assert!(
                    committed == fresh,
                    "{path} differs from a fresh assembly of {src}; rerun with UPDATE_ROMS=1 if the change is intended"
                );
            }
        }
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
