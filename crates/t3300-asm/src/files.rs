//! The assembler and the disassembler on files, as `retro t3300 asm|run|disasm|debug|console|
//! bench` use them (the T3300-R's counterpart of the HP 2100A assembler's files): a source
//! assembled into an image file and its listing, a program read from an image or assembled
//! from a source on the spot with its labels (a listing's when given), an image disassembled
//! with those labels, and the benchmark loop assembled.
//!
//! Implementation notes:
//!
//! 1. An assembly with errors writes nothing: neither the image nor the listing.
//! 2. A file whose name ends in `.asm` (any case) is a source; any other is an image.
//! 3. A listing's labels replace those of the program.

use crate::assemble;
use std::path::Path;
use t3300_isa::{Image, Symbols};

/// A text file: a byte that is not UTF-8 is named by line and column.
fn read(p: &Path) -> Result<String, String> {
    machine_core::text::read_text(p).map_err(|e| e.to_string())
}

fn write(p: &Path, data: impl AsRef<[u8]>) -> Result<(), String> {
    std::fs::write(p, data).map_err(|e| format!("{}: {e}", p.display()))
}

/// Assemble `src` into the image file `output` (and the listing, when asked): `Ok(Ok(what
/// was written))`, or `Ok(Err(the assembler's diagnostics))` with nothing written (note 1).
///
/// # Errors
/// An unreadable source or an unwritable output, named.
pub fn assemble_file(
    src: &Path,
    output: &Path,
    listing: Option<&Path>,
) -> Result<Result<String, String>, String> {
    let text = read(src)?;
    let a = match assemble(&src.display().to_string(), &text) {
        Ok(a) => a,
        Err(e) => return Ok(Err(e.to_string())),
    };
    write(output, a.image.to_text())?;
    if let Some(l) = listing {
        write(l, &a.listing)?;
    }
    Ok(Ok(format!(
        "T3300-R: {} words, start {:05o}, {} symbols -> {}",
        a.image.words.len(),
        a.image.start,
        a.symbols.len(),
        output.display()
    )))
}

/// An image file, or a source file (`.asm`, note 2) assembled on the spot; with its labels.
///
/// # Errors
/// An unreadable file, a source that does not assemble, an image that does not parse.
pub fn load_program(path: &Path) -> Result<(Image, Symbols), String> {
    let text = read(path)?;
    if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("asm"))
    {
        let a = assemble(&path.display().to_string(), &text).map_err(|e| e.to_string())?;
        return Ok((a.image.clone(), a.labels()));
    }
    let image = Image::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok((image, Symbols::new()))
}

/// A program and its labels, those of `listing` when given (note 3).
///
/// # Errors
/// As [`load_program`], or a listing that cannot be read.
pub fn program_and_labels(path: &Path, listing: Option<&Path>) -> Result<(Image, Symbols), String> {
    let (image, mut syms) = load_program(path)?;
    if let Some(l) = listing {
        syms = crate::listing_symbols(&read(l)?).map_err(|e| format!("{}: {e}", l.display()))?;
    }
    Ok((image, syms))
}

/// The disassembly of an image (or a source), `+label+` names from its listing when given.
///
/// # Errors
/// An unreadable or unparsable program or listing.
pub fn disassembly(path: &Path, listing: Option<&Path>) -> Result<String, String> {
    let (image, syms) = program_and_labels(path, listing)?;
    let mut out = format!(
        "T3300-R (TOSBAC-3300 reconstruction) disassembly of {}; start {:05o}\n",
        path.display(),
        image.start
    );
    for (&a, &w) in &image.words {
        let label = syms
            .label_at(u32::from(a))
            .map(|n| format!("+{n}+"))
            .unwrap_or_default();
        out.push_str(&format!(
            "{a:05o} {w}  {label:<8} {}\n",
            t3300_isa::disassemble(w, &syms)
        ));
    }
    Ok(out)
}

/// The benchmark loop's source (`retro t3300 bench`) and its name.
pub const BENCH_SOURCE: &str = include_str!("../../../asm/t3300/bench.asm");
pub const BENCH_NAME: &str = "asm/t3300/bench.asm";

/// The benchmark loop assembled: its image and the address of its pass count, `+passes+`.
///
/// # Errors
/// A loop that does not assemble or has no `+passes+`.
pub fn bench_loop() -> Result<(Image, u16), String> {
    let a = assemble(BENCH_NAME, BENCH_SOURCE).map_err(|e| e.to_string())?;
    let passes = a
        .symbol("passes")
        .ok_or(format!("{BENCH_NAME} has no +passes+"))?;
    Ok((a.image, passes as u16))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn tmp(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("t3300-asm-files-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        d.join(name)
    }

    fn source(name: &str) -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../asm/t3300")
            .join(name)
    }

    #[test]
    fn a_source_assembled_to_files_reads_back_with_its_listing_s_labels() {
        let (img, lst) = (tmp("print.img"), tmp("print.lst"));
        let said = assemble_file(&source("print.asm"), &img, Some(&lst)).unwrap();
        assert!(said.unwrap().starts_with("T3300-R: "));
        assert!(read(&lst)
            .unwrap()
            .starts_with("T3300-R (TOSBAC-3300 reconstruction"));
        let (from_image, none) = load_program(&img).unwrap();
        let (from_source, labels) = load_program(&source("print.asm")).unwrap();
        assert_eq!(from_image, from_source);
        assert_eq!(none.label_at(0o1000), None);
        assert_eq!(labels.label_at(0o1000), Some("go"));
        let listed = disassembly(&img, Some(&lst)).unwrap();
        assert!(
            listed.contains("01000 10001062  +go+     lda   +k82+\n"),
            "{listed}"
        );
        let (_, passes) = bench_loop().unwrap();
        assert!(passes > 0);
    }

    #[test]
    fn a_bad_source_writes_nothing_and_bad_files_are_named() {
        let (bad, img) = (tmp("bad.asm"), tmp("bad.img"));
        write(&bad, " lda +nowhere+\n").unwrap();
        assert!(assemble_file(&bad, &img, None).unwrap().is_err());
        assert!(!img.exists());
        assert!(load_program(&bad).is_err());
        let not_image = tmp("not.img");
        write(&not_image, "hello").unwrap();
        let e = load_program(&not_image).unwrap_err();
        assert!(e.contains("not a T3300-R image"), "{e}");
        let latin1 = tmp("latin1.asm");
        std::fs::write(&latin1, b"* caf\xe9\n").unwrap();
        assert_eq!(
            load_program(&latin1).unwrap_err(),
            format!("{}:1:6: byte 0xe9 is not UTF-8 text", latin1.display())
        );
    }
}
