//! HP's Extended Assembler run on our 2100A (`hp2100_software::asmb`): it turns HP's own
//! `tools/siotty.asm` into exactly `tools/siotty.abs`'s memory image, and NHEX's sources
//! (`asm/hp2100/nhex*.asm`, read as one source behind the operator's control statement) into
//! exactly the memory image of `roms/nhex.abs`, which our assembler wrote.
//!
//! HP's tapes are not part of the project: they are read from `$HP2100_SOFTWARE_DIR`, else
//! `../shared/hp2100-software` beside the checkout; without them (checked when the tests
//! run, crate `needs`) the tests report themselves ignored, and the test summary counts them.

use hp2100_isa::tape;
use hp2100_software::asmb;
use hp2100_software::Folder;
use std::collections::BTreeMap;
use std::path::PathBuf;

needs::tests! {
    #[needs("hp-software")] hps_assembler_makes_siotty_abs_of_siotty_asm,
    #[needs("hp-software")] hps_assembler_makes_nhex_abs_of_nhexs_sources,
    #[needs("hp-software")] hps_assembler_writes_ours_for_hpbasic_asm,
}

fn root() -> PathBuf {
    needs::root()
}

fn folder() -> Folder {
    Folder::at(needs::folder("hp-software"))
}

/// The words a tape puts into core, by address (the loader's view of it).
fn image(bytes: &[u8], what: &str) -> BTreeMap<u16, u16> {
    let mut m = BTreeMap::new();
    for r in tape::parse(bytes).unwrap_or_else(|e| panic!("{what}: {e}")) {
        for (i, &w) in r.words.iter().enumerate() {
            m.insert(r.addr.wrapping_add(i as u16), w);
        }
    }
    m
}

/// The addresses where two images differ, for the failure message.
fn differences(a: &BTreeMap<u16, u16>, b: &BTreeMap<u16, u16>) -> Vec<String> {
    let mut keys: Vec<u16> = a.keys().chain(b.keys()).copied().collect();
    keys.sort_unstable();
    keys.dedup();
    keys.into_iter()
        .filter(|k| a.get(k) != b.get(k))
        .take(20)
        .map(|k| format!("{k:05o}: {:?} / {:?}", a.get(&k), b.get(&k)))
        .collect()
}

fn hps_assembler_makes_siotty_abs_of_siotty_asm() {
    let f = folder();
    let source = f
        .read("tools/siotty.asm", "the SIO teleprinter driver's source")
        .unwrap();
    let want = f
        .read("tools/siotty.abs", "the SIO teleprinter driver")
        .unwrap();
    let a = asmb::assemble(&f, &source).unwrap();
    assert!(a.no_errors(), "{}", a.listing);
    assert_eq!(a.stop.halt_code(), Some(0o102077), "{}", a.stop);
    let (ours, hps) = (
        image(&a.tape, "the punched tape"),
        image(&want, "siotty.abs"),
    );
    assert_eq!(ours, hps, "{:?}", differences(&ours, &hps));
}

fn hps_assembler_makes_nhex_abs_of_nhexs_sources() {
    // The control statement is the tape's own (`nhex-tape.asm`: absolute, binary, IFN
    // sections; no listing: the teleprinter would print for hours of 2100A time, and errors
    // are printed all the same).
    let mut source = Vec::new();
    for name in NHEX_SOURCES {
        source.extend(std::fs::read(root().join(name)).unwrap());
    }
    let a = asmb::assemble(&folder(), &source).unwrap();
    assert!(a.no_errors(), "{}", a.listing);
    let want = std::fs::read(root().join("roms/nhex.abs")).unwrap();
    let (ours, rom) = (
        image(&a.tape, "the punched tape"),
        image(&want, "roms/nhex.abs"),
    );
    assert_eq!(ours, rom, "{:?}", differences(&ours, &rom));
}

/// `hpbasic.asm` against `hpbasic.abs` differs in four floating-point constants (the last bit
/// of their mantissa: `crates/hp2100-asm/tests/hp_sources.rs`). HP's own assembler, run here
/// on HP's source, writes this assembler's words there, not the distributed binary's: the
/// binary was not punched by this assembler from this text. The control statement is the
/// source's without its listing options (`L`, `T`), which change no word.
fn hps_assembler_writes_ours_for_hpbasic_asm() {
    let f = folder();
    let text = f.read("basic/hpbasic.asm", "HP BASIC's source").unwrap();
    let first = text.iter().position(|&b| b == b'\n').unwrap();
    assert!(
        text.starts_with(b"ASMB,A,B,L,T"),
        "hpbasic.asm's control statement"
    );
    let mut source = b"ASMB,A,B".to_vec();
    source.extend_from_slice(&text[b"ASMB,A,B,L,T".len()..first]);
    source.extend_from_slice(&text[first..]);
    let a = asmb::assemble(&f, &source).unwrap();
    assert!(a.no_errors(), "{}", a.listing);
    let ours = hp2100_asm::assemble_program(
        &hp2100_asm::Source::from_bytes("hpbasic.asm", &text).unwrap(),
    );
    assert!(ours.is_ok(), "{}", ours.report);
    let (hps, ours) = (
        image(&a.tape, "the punched tape"),
        image(&ours.tape(), "our assembler's tape"),
    );
    assert_eq!(hps, ours, "{:?}", differences(&hps, &ours));
}

/// NHEX's source files in their assembly order (`crates/nhex-hp2100/src/rom.rs`).
const NHEX_SOURCES: [&str; 6] = [
    "asm/hp2100/nhex-tape.asm",
    "asm/hp2100/nhex.asm",
    "asm/hp2100/nhex-init.asm",
    "asm/hp2100/nhex-eng.asm",
    "asm/hp2100/nhex-tables.asm",
    "asm/hp2100/nhex-data.asm",
];
