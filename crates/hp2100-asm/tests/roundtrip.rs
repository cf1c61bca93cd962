//! Round trips with the disassembler of `hp2100-isa`, and robustness on arbitrary input.

use hp2100_asm::{assemble, assemble_words, listing_start, listing_symbols, Source};
use hp2100_isa::disassemble;
use proptest::prelude::*;

/// Disassemble `word` (followed by `next`) at `at`, assemble the text at `at`, and compare.
fn round_trip(at: u16, word: u16, next: u16) -> Result<(), String> {
    let d = disassemble(at, word, next, &|_| None);
    let src = format!("      ORG {at:o}B\n      {}\n      END\n", d.text);
    let want: Vec<(u16, u16)> = [(at, word), (at + 1, next)][..d.len as usize].to_vec();
    match assemble_words("w.asm", &src) {
        Ok(got) if got == want => Ok(()),
        Ok(got) => Err(format!("{word:06o} at {at:05o}: {:?} gave {got:?}", d.text)),
        Err(r) => Err(format!("{word:06o} at {at:05o}: {:?}: {r}", d.text)),
    }
}

#[test]
fn every_word_on_the_base_page_and_another_page() {
    for at in [0o100, 0o4100, 0o77000] {
        for w in 0..=u16::MAX {
            if let Err(e) = round_trip(at, w, 0o100123) {
                panic!("{e}");
            }
        }
    }
}

proptest! {
    #[test]
    fn any_word_at_any_address(at in 0u16..0o77777, word in any::<u16>(), next in any::<u16>()) {
        prop_assert_eq!(round_trip(at, word, next), Ok(()));
    }

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        if let Err(r) = Source::from_bytes("r.asm", &bytes) {
            prop_assert!(r.diagnostics.iter().all(|d| d.place.line >= 1 && d.place.col >= 1));
            prop_assert!(std::str::from_utf8(&bytes).is_err());
        }
        let a = assemble(&[Source::new("r.asm", String::from_utf8_lossy(&bytes))]);
        let _ = a.tape();
        let _ = listing_symbols(a.listing());
    }

    #[test]
    fn random_statements_never_panic(lines in proptest::collection::vec(line(), 0..40)) {
        let text = lines.join("\n");
        let a = assemble(&[Source::new("r.asm", text.as_str())]);
        // Every error names this file and a line of it (or the line after the last).
        for d in &a.report.diagnostics {
            prop_assert_eq!(d.place.file.as_str(), "r.asm");
            prop_assert!(d.place.line >= 1 && d.place.line <= lines.len() + 1);
        }
        if a.is_ok() {
            prop_assert!(hp2100_isa::tape::parse(&a.tape()).is_ok() || a.words.is_empty());
        }
    }

    #[test]
    fn listing_symbols_read_back(values in proptest::collection::vec(any::<u16>(), 1..30)) {
        let mut src = String::from("      ORG 100B\n");
        for (k, v) in values.iter().enumerate() {
            src.push_str(&format!("E{k}    EQU {v:o}B\nL{k}    OCT {v:o}\n"));
        }
        src.push_str("      END L0\n");
        let a = assemble(&[Source::new("s.asm", src.as_str())]);
        prop_assert!(a.is_ok(), "{}", a.report);
        prop_assert_eq!(listing_start(a.listing()), Some(0o100));
        let syms = listing_symbols(a.listing()).unwrap();
        prop_assert_eq!(syms.len(), 2 * values.len());
        for (k, v) in values.iter().enumerate() {
            let e = syms.iter().find(|s| s.name == format!("E{k}")).unwrap();
            prop_assert_eq!((e.value, e.label), (u32::from(*v), false));
            let l = syms.iter().find(|s| s.name == format!("L{k}")).unwrap();
            prop_assert_eq!((l.value, l.label), (0o100 + k as u32, true));
        }
    }
}

/// Plausible and implausible statements built from assembler vocabulary.
fn line() -> impl Strategy<Value = String> {
    let label = prop::sample::select(vec!["", "X", "LOOP", "A", "TOOLONG", "1X", "X.Y", "END"]);
    let op = prop::sample::select(vec![
        "LDA",
        "JMP",
        "ORG",
        "EQU",
        "BSS",
        "ASC",
        "DEC",
        "OCT",
        "DEF",
        "ABS",
        "END",
        "MPY",
        "ASL",
        "STC",
        "SOC",
        "HLT",
        "CLA,INA",
        "CLE,ERA",
        "SZA,RSS,X",
        "HED",
        "",
        "FOO",
        "NAM",
    ]);
    let operand = prop::sample::select(vec![
        "",
        "X",
        "*-1",
        "LOOP,I",
        "=D10",
        "=B7",
        "=AOK",
        "=LX+1",
        "=A",
        "10B,C",
        "3,ABCDEF",
        "100000B",
        "-1",
        "1,2,3",
        "77777B",
        "=",
        ",",
        "*",
        "X+",
        "2*3",
        "C",
        "30,Z",
        "1.5",
        "\u{e9}",
        "=Q1",
        "X,I,C",
        "=\u{e9}",
        "=\u{e9}\u{e9}",
        "=A\u{20ac}x",
        "=L\u{e9}",
        "=D\u{e9}",
    ]);
    (label, op, operand, "[ -~\u{e9}\u{20ac}]{0,6}").prop_map(|(l, o, p, junk)| {
        if o.is_empty() && l.is_empty() {
            format!("*{junk}")
        } else {
            format!("{l:6}{o} {p} {junk}")
        }
    })
}
