//! The assembler and the disassembler on files, as `retro hp2100 asm|disasm|debug` use them:
//! sources assembled into a tape file and a listing, a listing's symbols read back, and a tape
//! (or words at an address) disassembled with a listing's labels.
//!
//! Implementation notes:
//!
//! 1. An assembly with errors writes no tape; the listing is written, with the faulty lines
//!    flagged `E`, so that it can be read beside the errors.
//! 2. A disassembled tape is the memory the loader would leave: later records overwrite
//!    earlier ones. Where a listing gives several labels for one address, the first in
//!    alphabetical order names it. A relocatable tape is listed record by record.
//! 3. One source file with several control statements (`ASMB,...`) holds several programs,
//!    assembled one by one onto one tape, as HP's library sources were; several source files
//!    are one program.

use crate::{
    assemble, listing_start, listing_symbols, reloc, Assembly, ListedSymbol, Source, LEADER,
};
use hp2100_isa::{disassemble_image, tape};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

/// Assemble `src` (in order, as one program) into the tape file `output`, and the listing
/// when asked: `Ok(Ok(what was written))`, or `Ok(Err(the report))` with no tape (note 1).
///
/// # Errors
/// A source that cannot be read, an output that cannot be written, each named.
pub fn assemble_files(
    src: &[PathBuf],
    output: &Path,
    listing: Option<&Path>,
) -> Result<Result<String, String>, String> {
    let mut sources = Vec::new();
    for p in src {
        let bytes = std::fs::read(p).map_err(|e| format!("{}: {e}", p.display()))?;
        match Source::from_bytes(p.display().to_string(), &bytes) {
            Ok(s) => sources.push(s),
            Err(report) => return Ok(Err(report.to_string())),
        }
    }
    let assemblies: Vec<Assembly> = match &sources[..] {
        [one] => crate::assemble_segments(one),
        _ => vec![assemble(&sources)],
    };
    if let Some(l) = listing {
        let text: String = assemblies.iter().map(Assembly::listing).collect();
        std::fs::write(l, text).map_err(|e| format!("{}: {e}", l.display()))?;
    }
    let failed: Vec<String> = assemblies
        .iter()
        .filter(|a| !a.is_ok())
        .map(|a| a.report.to_string())
        .collect();
    if !failed.is_empty() {
        return Ok(Err(failed.join("\n")));
    }
    let (tape, said) = match &assemblies[..] {
        [a] => {
            let tape = a.tape();
            let said = match &a.program {
                Some(p) => format!(
                    "relocatable program {}, {} words, {} records",
                    p.name,
                    p.program_length,
                    p.records().len()
                ),
                None => {
                    let start = a
                        .start
                        .map_or(String::new(), |s| format!(", start {s:05o}"));
                    format!(
                        "{} words in {} records{start}",
                        a.words.len(),
                        tape::parse(&tape).map_or(0, |r| r.len())
                    )
                }
            };
            (tape, said)
        }
        all => segments_tape(all)?,
    };
    std::fs::write(output, &tape).map_err(|e| format!("{}: {e}", output.display()))?;
    Ok(Ok(format!("{}: {said}", output.display())))
}

/// The tape of several programs: their records one after another (note 3).
fn segments_tape(all: &[Assembly]) -> Result<(Vec<u8>, String), String> {
    let programs: Vec<&reloc::Program> = all.iter().filter_map(|a| a.program.as_ref()).collect();
    if programs.len() == all.len() {
        let records: Vec<Vec<u16>> = programs.iter().flat_map(|p| p.records()).collect();
        let said = format!(
            "{} relocatable programs, {} records",
            programs.len(),
            records.len()
        );
        Ok((reloc::write(&records, LEADER), said))
    } else if programs.is_empty() {
        let records: Vec<tape::Record> = all.iter().flat_map(Assembly::records).collect();
        let words: usize = all.iter().map(|a| a.words.len()).sum();
        let said = format!(
            "{} absolute programs, {words} words in {} records",
            all.len(),
            records.len()
        );
        Ok((tape::write(&records, LEADER), said))
    } else {
        Err("the source mixes absolute and relocatable programs (ASMB,A and ASMB,R): they cannot share a tape".into())
    }
}

/// The symbols of a listing file and its START ADDRESS, if it names one.
///
/// # Errors
/// An unreadable listing, or one whose symbol table does not parse, named.
pub fn read_listing(path: &Path) -> Result<(Vec<ListedSymbol>, Option<u16>), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let syms = listing_symbols(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok((syms, listing_start(&text)))
}

/// The labels of a listing by address (note 2).
pub fn labels(listed: Vec<ListedSymbol>) -> HashMap<u16, String> {
    let mut m = HashMap::new();
    for s in listed.into_iter().filter(|s| s.label) {
        m.entry(s.value as u16).or_insert(s.name);
    }
    m
}

/// The disassembly of the tape file `path`, after a line naming its records and words.
///
/// # Errors
/// An unreadable file or one that is not an absolute binary tape, named.
pub fn disassemble_tape(path: &str, labels: &HashMap<u16, String>) -> Result<String, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    let records = match tape::parse(&bytes) {
        Ok(r) => r,
        Err(abs) => {
            return match reloc::parse(&bytes) {
                Ok(recs) => Ok(list_relocatable(path, &recs)),
                Err(rel) if looks_relocatable(&bytes) => {
                    Err(format!("{path}: relocatable tape: {rel}"))
                }
                Err(_) => Err(format!("{path}: {abs}")),
            };
        }
    };
    let words: usize = records.iter().map(|r| r.words.len()).sum();
    let mut image = BTreeMap::new();
    for r in &records {
        for (k, &w) in r.words.iter().enumerate() {
            image.insert(r.addr.wrapping_add(k as u16) & 0o77777, w);
        }
    }
    Ok(format!(
        "* {path}: {} records, {words} words\n{}",
        records.len(),
        disassemble_image(&image, labels)
    ))
}

/// True when a tape's first record has the head of a relocatable record (a NAM), so that a
/// damaged one is reported as relocatable.
fn looks_relocatable(bytes: &[u8]) -> bool {
    let Some(i) = bytes.iter().position(|&b| b != 0) else {
        return false;
    };
    bytes.get(i + 1) == Some(&0)
        && bytes
            .get(i + 2)
            .is_some_and(|&b| b >> 5 == reloc::NAM as u8)
}

/// A relocatable tape's records, one by one.
fn list_relocatable(path: &str, records: &[Vec<u16>]) -> String {
    let programs = records.iter().filter(|r| r[1] >> 13 == reloc::NAM).count();
    let mut out = format!(
        "* {path}: relocatable, {programs} program{}, {} records\n",
        if programs == 1 { "" } else { "s" },
        records.len()
    );
    for (k, r) in records.iter().enumerate() {
        out.push_str(&format!("{:4}  {}\n", k + 1, reloc::describe(r)));
    }
    out
}

/// The disassembly of `words` as memory from `start`.
pub fn disassemble_words(start: u16, words: &[u16], labels: &HashMap<u16, String>) -> String {
    let image: BTreeMap<u16, u16> = words
        .iter()
        .enumerate()
        .map(|(k, &w)| (start.wrapping_add(k as u16) & 0o77777, w))
        .collect();
    disassemble_image(&image, labels)
}

/// What `retro hp2100 disasm` prints: the tape `input[0]`, or with `addr` the octal words of
/// `input` as memory from that octal address; addresses named by `listing`'s labels.
///
/// # Errors
/// An unreadable tape or listing, a word or address that is not octal, or several tapes.
pub fn disassembly(
    input: &[String],
    addr: Option<&str>,
    listing: Option<&Path>,
) -> Result<String, String> {
    let labels = match listing {
        Some(p) => labels(read_listing(p)?.0),
        None => HashMap::new(),
    };
    match (addr, input) {
        (Some(start), _) => {
            let words = input
                .iter()
                .map(|w| hp2100_isa::octal_word(w))
                .collect::<Result<Vec<_>, _>>()?;
            let start = hp2100_isa::octal_word(start)? & 0o77777;
            Ok(disassemble_words(start, &words, &labels))
        }
        (None, [path]) => disassemble_tape(path, &labels),
        (None, _) => Err("give one tape, or --addr ADDR and octal words".into()),
    }
}

/// The symbols and start address of `retro hp2100 debug`: the listing's symbols (when
/// given), and `start` (octal), else the listing's START ADDRESS, else 2, where
/// `retro hp2100 run` starts the project's tapes (NHEX's listing names none).
///
/// # Errors
/// An unreadable listing, a start that is not octal.
pub fn debug_symbols(
    listing: Option<&Path>,
    start: Option<&str>,
) -> Result<(machine_core::Symbols, u16), String> {
    let (symbols, listed_start) = match listing {
        Some(p) => read_listing(p)?,
        None => (Vec::new(), None),
    };
    let start = match start {
        Some(s) => hp2100_isa::octal_word(s)? & 0o77777,
        None => listed_start.unwrap_or(0o2),
    };
    Ok((symbols.into_iter().collect(), start))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn assemble_to_a_tape_and_read_it_back() {
        let dir = std::env::temp_dir().join(format!("hp2100-asm-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (src, tape, lst) = (dir.join("t.asm"), dir.join("t.abs"), dir.join("t.lst"));
        std::fs::write(
            &src,
            "      ORG 100B\nGO    LDA K\n      HLT 77B\nK     OCT 7\n      END GO\n",
        )
        .unwrap();
        let said = assemble_files(std::slice::from_ref(&src), &tape, Some(&lst))
            .unwrap()
            .unwrap();
        assert!(
            said.ends_with("3 words in 1 records, start 00100"),
            "{said}"
        );
        let (syms, start) = read_listing(&lst).unwrap();
        assert_eq!(start, Some(0o100));
        let text = disassemble_tape(&tape.display().to_string(), &labels(syms)).unwrap();
        assert!(text.starts_with("* "), "{text}");
        assert!(text.contains("GO") && text.contains("LDA"), "{text}");
        std::fs::write(&src, "      ORG 100B\n      LDA NOWHERE\n      END\n").unwrap();
        std::fs::remove_file(&tape).unwrap();
        assert!(assemble_files(&[src], &tape, None).unwrap().is_err());
        assert!(!tape.exists());
        assert!(disassemble_tape("/no/such.abs", &HashMap::new()).is_err());
    }

    #[test]
    fn relocatable_segments_make_one_tape_and_are_listed() {
        let dir = std::env::temp_dir().join(format!("hp2100-asm-rel-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (src, tape) = (dir.join("r.asm"), dir.join("r.rel"));
        std::fs::write(
            &src,
            "ASMB,R,B,L\n      NAM ONE\n      ENT ONE\n      EXT TWO\nONE   NOP\n      JSB TWO\n      JMP ONE,I\n      END\n\
             ASMB,R,B,L\n      NAM TWO\n      ENT TWO\nTWO   NOP\n      JMP TWO,I\n      END\n",
        )
        .unwrap();
        let said = assemble_files(std::slice::from_ref(&src), &tape, None)
            .unwrap()
            .unwrap();
        assert!(
            said.ends_with("2 relocatable programs, 9 records"),
            "{said}"
        );
        let text = disassemble_tape(&tape.display().to_string(), &HashMap::new()).unwrap();
        assert!(
            text.contains("relocatable, 2 programs, 9 records"),
            "{text}"
        );
        assert!(
            text.contains("NAM ONE") && text.contains("EXT TWO#1") && text.contains("ENT TWO=0R"),
            "{text}"
        );
        // A damaged record is named.
        let mut bytes = std::fs::read(&tape).unwrap();
        let first = bytes.iter().position(|&b| b != 0).unwrap();
        bytes[first + 7] ^= 4;
        std::fs::write(&tape, &bytes).unwrap();
        let e = disassemble_tape(&tape.display().to_string(), &HashMap::new()).unwrap_err();
        assert!(
            e.contains("relocatable tape: record 1") && e.contains("checksum"),
            "{e}"
        );
        // An error in either program: no tape.
        std::fs::remove_file(&tape).unwrap();
        std::fs::write(&src, "ASMB,R\n      NAM ONE\n      END\nASMB,R\n      NAM TWO\n      JMP NOWHERE\n      END\n").unwrap();
        let e = assemble_files(&[src], &tape, None).unwrap().unwrap_err();
        assert!(e.contains("r.asm:6:"), "{e}");
        assert!(!tape.exists());
    }

    #[test]
    fn words_are_placed_from_their_address() {
        let text = disassemble_words(0o77777, &[0o102077, 0o2400], &HashMap::new());
        assert!(text.contains("77777") && text.contains("00000"), "{text}");
    }
}
