//! Assembler tests: the spec's fixed facts, every operand form, all errors reported, and
//! round trips through the disassembler.

use crate::{assemble, assemble_bytes, listing_symbols, Assembly};
use proptest::prelude::*;
use t3300_isa::{disassemble, Symbols, Word};

fn asm(src: &str) -> Assembly {
    match assemble("t.asm", src) {
        Ok(a) => a,
        Err(e) => panic!("{e}"),
    }
}

/// Words from `org.` 0 of a program made of `body` lines.
fn words(body: &str) -> Vec<u32> {
    let a = asm(&format!("{body}\n end.\n"));
    a.image.words.values().map(|w| w.get()).collect()
}

fn errors(src: &str) -> String {
    match assemble("t.asm", src) {
        Ok(_) => panic!("assembled: {src}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn fixed_facts_of_the_spec() {
    assert_eq!(words(" oct. 164000"), vec![0o164000]);
    assert_eq!(words(" fix. -1"), vec![0o77777777]);
    assert_eq!(words(" fix. 017"), vec![15]);
    assert_eq!(words(" lda 017"), vec![0o10000017]);
    // §4.3: `10200147` is `lda +t+,2` with +t+ = 00147.
    assert_eq!(
        asm(" lda +t+,2\n org. 0147\n+t+ fix. 0\n end.").image.words[&0].get(),
        0o10200147
    );
}

#[test]
fn the_papers_own_lines() {
    // Appendix of the paper, verbatim apart from the OCR break in "+fo+ b".
    let src = "\
+form+      oct.164000,161000,107000,0,144200,142100,104300,0
             oct.72000,70400,43400,0,62100,61040,42140,42300
+fred+      oct.164000,72000,7200,3500,350,164
+bo+        oct.110,111,144,145,240,274,302,421
             oct.422,425,454,766,1443,3404,3530
+ti+        fix. 0, 24, 42, 52, 58, 71, 82
            end.";
    let a = asm(src);
    assert_eq!(a.symbol("form"), Some(0));
    assert_eq!(a.symbol("fred"), Some(16));
    assert_eq!(a.symbol("ti"), Some(37));
    let w = |k: u16| a.image.words[&k].get();
    assert_eq!(
        (w(0), w(16), w(21), w(35), w(38)),
        (0o164000, 0o164000, 0o164, 0o3404, 24)
    );
}

#[test]
fn spec_example_program() {
    let src = include_str!("../../../asm/t3300/fit.asm");
    let a = asm(src);
    let lda = a
        .image
        .words
        .iter()
        .find(|(_, w)| w.op() == 0o10 && w.x() == 1)
        .map(|(_, w)| *w);
    let pl = a.symbol("pl").unwrap() as u32;
    assert_eq!(
        lda,
        Some(Word::new(0o10100000 | (pl - 1))),
        "lda +pl+-1,1 is 10 1 ppppp"
    );
}

#[test]
fn operand_forms() {
    let src = "
        org.  0100
+a+     lda   +a+
        lda*  +a++1,3
        sta   *+2
        ldx*  +a+,2
        stx   +a+,1
        lxi   48,1
        axi   -1,1
        tix   +a+,1
        lai   -16384
        aai   16383
        lsl   63
        nrm   ,2
        cla
        tax   ,3
        tyo
        hlt
        hlt   017
+b+     equ.  +a+-0100+5
        oct.  -1, +b+, 10
        fix.  +a+, -8388608
        txt.  'HELLO'
        bss.  2
        JMP   +A+
        lai   'A'
        fix.  '0'+9, ''''
        end.  +a+";
    let a = asm(src);
    let got: Vec<u32> = a.image.words.values().map(|w| w.get()).collect();
    let expect = vec![
        0o10000100, 0o10700101, 0o12000104, 0o14600100, 0o15100100, 0o16100060, 0o17177777,
        0o57100100, 0o24040000, 0o25037777, 0o60000077, 0o66200000, 0o70000001, 0o70300012,
        0o74000000, 0o00000000, 0o00000017, 0o77777777, 5, 8, 0o100, 0o40000000, 0x48454c,
        0x4c4f20, 0, 0, 0o50000100, 0o24000101, 0o71, 0o47,
    ];
    assert_eq!(got, expect);
    assert_eq!(a.image.start, 0o100);
    assert_eq!(a.symbol("b"), Some(5));
}

#[test]
fn every_error_is_reported_with_file_line_column_and_caret() {
    let src = "\
+a+   lda  +nope+
+a+   sta  0
      lai* 5
      lsl  64
      cla  5
      tix  +a+
      lda  1,4
      fix. 8388608
      oct. 8
      frob 1
      org. +later+
+later+ lda 0100000
      lda  +a+ junk
";
    let e = errors(src);
    let expect = "\
t.asm:1:12: undefined label +nope+
+a+   lda  +nope+
           ^
t.asm:2:1: +a+ is already defined at line 1
+a+   sta  0
^
t.asm:1:1: note: +a+ is first defined here
+a+   lda  +nope+
^
t.asm:3:7: lai cannot be indirect (no *)
      lai* 5
      ^
t.asm:4:12: 64 (0100) is out of range for a shift count (0 to 077)
      lsl  64
           ^
t.asm:5:12: cla takes no operand
      cla  5
           ^
t.asm:6:7: tix needs a register, written ,1 ,2 or ,3
      tix  +a+
      ^
t.asm:7:14: register 4: must be 1, 2 or 3
      lda  1,4
             ^
t.asm:8:12: 8388608 (040000000) is out of range for a fix. value (-040000000 to 037777777)
      fix. 8388608
           ^
t.asm:9:12: digit 8 in the octal number 8
      oct. 8
           ^
t.asm:10:7: unknown operation 'frob'
      frob 1
      ^
t.asm:11:12: org. needs a value known here; +later+ is defined later or not at all
      org. +later+
           ^
t.asm:12:13: 32768 (0100000) is out of range for an address (0 to 077777)
+later+ lda 0100000
            ^
t.asm:13:16: unexpected 'j' in the operand
      lda  +a+ junk
               ^
t.asm:14:1: missing end. at the end of the program

^
14 errors";
    assert_eq!(e, expect);
}

#[test]
fn more_errors() {
    assert!(errors(" org. 077777\n lda 0\n lda 0\n end.").contains("runs past address 077777"));
    let twice = errors(" org. 0100\n lda 0\n org. 0100\n lda 0\n end.");
    assert!(twice.contains("t.asm:4:1: address 00100 is already assembled by line 2\n"));
    assert!(twice.contains("t.asm:2:1: note: address 00100 is first assembled here\n"));
    assert!(errors(" equ. 5\n end.").contains("equ. needs a label"));
    assert!(errors(" end. 0100000").contains("start address"));
    assert!(errors(" lda +a+\n end.").contains("undefined label +a+"));
    assert!(errors(" tax 1,1\n end.").contains("tax takes no operand but its register"));
    assert!(errors(" jmp\n end.").contains("jmp needs an address"));
    assert!(errors(" lai 1,1\n end.").contains("lai takes no register"));
    assert!(errors(" lai 'AB'\n end.").contains("holds one character"));
}

#[test]
fn lines_after_end_are_not_read() {
    assert_eq!(words(" fix. 1\n end.\n this is not read"), vec![1]);
}

#[test]
fn listing_and_its_symbol_table() {
    let a = asm("* demo\n        org.  01000\n+go+    lda   +v+\n        hlt\n+v+     oct.  1,2\n+k+     equ.  -1\n        bss.  2\n        end.  +go+\n");
    let expect = "\
T3300-R (TOSBAC-3300 reconstruction, not the historical instruction set)
SMAP II-style assembly listing: t.asm

LOC   WORD      SOURCE
                * demo
01000                   org.  01000
01000 10001002  +go+    lda   +v+
01001 00000000          hlt
01002 00000001  +v+     oct.  1,2
01003 00000002
      77777777  +k+     equ.  -1
01004                   bss.  2
01000                   end.  +go+

SYMBOL TABLE
+go+       01000
+k+        77777777  equ.
+v+        01002
";
    assert_eq!(a.listing, expect);
    let s = listing_symbols(&a.listing).unwrap();
    assert_eq!(
        (s.value("go"), s.value("v"), s.value("k")),
        (Some(0o1000), Some(0o1002), None)
    );
    assert_eq!(a.image.words.len(), 6);
    assert!(listing_symbols("no table").is_err());
    assert!(listing_symbols("SYMBOL TABLE\n+a+ 9\n").is_err());
}

#[test]
fn a_byte_that_is_not_utf8_is_named_with_line_and_column() {
    let e = assemble_bytes("b.asm", b"        org. 0\n+a\xe9+   hlt\n        end.\n")
        .expect_err("assembled");
    assert!(
        e.to_string()
            .starts_with("b.asm:2:3: byte 0xE9 is not UTF-8 text"),
        "{e}"
    );
    assert!(assemble_bytes("b.asm", b"        hlt\n        end.\n").is_ok());
}

/// A file that is not source at all: the report stops after `asm_core::MAX_ERRORS` errors, its
/// echoed lines cut to `asm_core::echo::MAX_COLUMNS` with no control character left, and its
/// count is of all errors.
#[test]
fn a_flood_of_errors_is_cut_short_and_made_visible() {
    let line = format!("\u{1b}[2J{}", "x".repeat(500));
    let src = vec![line.as_str(); 1000].join("\n");
    let e = errors(&src);
    assert!(!e.contains('\u{1b}'), "{e}");
    assert!(e.contains("^[[2J"), "{e}");
    assert!(e
        .lines()
        .all(|l| l.chars().count() <= 2 * asm_core::echo::MAX_COLUMNS + 20));
    assert_eq!(e.matches("t.asm:").count(), asm_core::MAX_ERRORS, "{e}");
    assert!(e.contains("too many errors; stopping"), "{e}");
    assert!(e.ends_with(" errors"), "{e}");
}

/// Reassemble one disassembled word at address 0 with the given labels defined.
fn reassemble(text: &str, syms: &Symbols) -> Word {
    let mut src = String::from("        org. 0\n");
    src.push_str(&format!("        {text}\n"));
    for (a, n) in syms.labels() {
        src.push_str(&format!("+{n}+ equ. 0{a:o}\n"));
    }
    src.push_str("        end.\n");
    asm(&src).image.words[&0]
}

proptest! {
    #[test]
    fn disassemble_then_assemble_gives_the_word(v in 0u32..=0o77777777) {
        let w = Word::new(v);
        let text = disassemble(w, &Symbols::new());
        prop_assert_eq!(reassemble(&text, &Symbols::new()), w, "{}", text);
    }

    #[test]
    fn round_trip_with_labels(v in 0u32..=0o77777777, a in 0u16..0o77700, b in 0u16..0o77700) {
        let mut syms = Symbols::new();
        syms.insert(u32::from(a), "abc");
        syms.insert(u32::from(b), "q1");
        let w = Word::new(v);
        let text = disassemble(w, &syms);
        prop_assert_eq!(reassemble(&text, &syms), w, "{}", text);
    }

    #[test]
    fn random_text_never_panics(s in "\\PC{0,200}") {
        let _ = assemble("r.asm", &s);
    }

    #[test]
    fn random_assembler_like_text_never_panics(lines in proptest::collection::vec("[+a-z0-9 ,.*;'\\-\t]{0,30}", 0..12)) {
        let _ = assemble("r.asm", &lines.join("\n"));
    }

    #[test]
    fn random_bytes_never_panic(b in proptest::collection::vec(any::<u8>(), 0..300)) {
        let _ = assemble("r.asm", &String::from_utf8_lossy(&b));
    }
}
