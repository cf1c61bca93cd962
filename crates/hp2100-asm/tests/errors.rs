//! Every error is reported, each as `FILE:LINE:COL: message`, the line and a caret.

use hp2100_asm::{assemble, Source};

fn report(src: &str) -> String {
    let a = assemble(&[Source::new("p.asm", src)]);
    assert!(!a.is_ok(), "no errors in:\n{src}");
    a.report.to_string()
}

#[test]
fn all_errors_reported_in_source_order() {
    let src = r"      ORG 4000B
START LDA FOO
      LDA 2345B
START NOP
      STC 100B
      ASL 17
      CLA,CMA
      XYZ 1
      END START
";
    let want = r"p.asm:2:11: UN: undefined symbol FOO
START LDA FOO
          ^^^
p.asm:3:11: M: target 02345 is on neither the base page (00000-01777) nor the current page (04000-05777)
      LDA 2345B
          ^^^^^
p.asm:4:1: DD: duplicate symbol START
START NOP
^^^^^
p.asm:2:1: note: START first defined here
START LDA FOO
^^^^^
p.asm:5:11: M: select code 100B is out of range (0B to 77B)
      STC 100B
          ^^^^
p.asm:6:11: M: shift count 17 is out of range (1 to 16)
      ASL 17
          ^^
p.asm:7:7: OP: CMA conflicts with an earlier micro-op in the same field
      CLA,CMA
      ^^^^^^^
p.asm:8:7: OP: unknown opcode XYZ
      XYZ 1
      ^^^
7 errors";
    assert_eq!(report(src), want);
}

#[test]
fn page_zero_reaches_only_the_base_page() {
    let r = report("      ORG 100B\n      JMP 4000B\n      END\n");
    assert!(
        r.contains("target 04000 is not on the base page (00000-01777), the only page an instruction at 00100 reaches"),
        "{r}"
    );
}

#[test]
fn literal_out_of_reach() {
    // The block runs from page 1 into page 2, so its pool lands on page 2.
    let mut src = String::from("      ORG 3770B\n      LDA =D5\n");
    for _ in 0..10 {
        src.push_str("      NOP\n");
    }
    src.push_str("      END\n");
    let r = report(&src);
    assert!(
        r.contains("p.asm:2:11: M: literal =D5 at 04003 is on neither the base page (00000-01777) nor the current page (02000-03777)"),
        "{r}"
    );
}

#[test]
fn pass_one_values_must_be_defined_earlier() {
    let r = report("      ORG X\nX     EQU 100B\n      END\n");
    assert!(
        r.starts_with("p.asm:1:11: M: X must be defined before this ORG"),
        "{r}"
    );
}

#[test]
fn misc_errors() {
    for (src, msg) in [
        (
            "      LDA 5\n      END\n",
            "1:7: NO: no ORG before the first word",
        ),
        ("      ORG 100B\n      NOP\n", "3:1: missing END"),
        (
            "      ORG 100B\n      END\n      NOP\n",
            "3:1: statement after END",
        ),
        (
            "      ORG 100B\nTOOLONG NOP\n      END\n",
            "label TOOLONG is longer than 5 characters",
        ),
        ("      ORG 100B\nA     NOP\n      END\n", "A is predefined"),
        (
            "      ORG 100B\n      STA =D1\n      END\n",
            "a literal cannot be the operand of STA",
        ),
        (
            "      ORG 100B\n      LDA =X1\n      END\n",
            "unknown literal",
        ),
        (
            "      ORG 100B\n      LDA 5,J\n      END\n",
            "expected I (indirect)",
        ),
        (
            "      ORG 100B\n      STF 1,C\n      END\n",
            "STF has no ,C form",
        ),
        (
            "      ORG 100B\n      DEC 1.5X\n      END\n",
            "1.5X is not a decimal number",
        ),
        (
            "      ORG 100B\n      DEC 40000\n      END\n",
            "40000 is out of range",
        ),
        (
            "      ORG 100B\n      OCT 9\n      END\n",
            "9 is not an octal number",
        ),
        (
            "      ORG 100B\n      ASC 29,X\n      END\n",
            "ASC word count 29 is out of range",
        ),
        (
            "      ORG 100B\n      LDA 2*3\n      END\n",
            "`*` is the location counter",
        ),
        (
            "      ORG 100B\n      LDA\n      END\n",
            "2:10: M: LDA needs an operand",
        ),
        (
            "      ORG 100B\n      NAM X\n      END\n",
            "NAM belongs to a relocatable program (ASMB,R); this assembly is absolute",
        ),
        (
            "      ORG 77777B\n      MPY 5\n      END\n",
            "runs past address 77777",
        ),
        (
            "      ORG 100B\nX     EQU\n      END\n",
            "EQU needs an operand",
        ),
        (
            "      ORG 100B\n      EQU 5\n      END\n",
            "EQU needs a label",
        ),
        (
            "      ORG 100B\nLOOP\n      END\n",
            "2:5: OP: missing opcode",
        ),
        (
            "      ORG 100B\n      ASC 1,\u{e9}\n      END\n",
            "is not an ASCII character",
        ),
    ] {
        let r = report(src);
        assert!(r.contains(msg), "want {msg:?} for:\n{src}\ngot:\n{r}");
    }
}

#[test]
fn a_bad_opcode_still_defines_its_label() {
    let r = report("      ORG 100B\nX     FOO\n      JMP X\n      END\n");
    assert_eq!(r.matches("p.asm:").count(), 1, "{r}");
}

#[test]
fn errors_flag_listing_lines() {
    let a = assemble(&[Source::new(
        "p.asm",
        "      ORG 100B\n      LDA FOO\n      END\n",
    )]);
    let l = a.listing();
    assert!(l.contains("    2 E00100 060000        LDA FOO"), "{l}");
    assert!(l.contains("1 ERROR\n"), "{l}");
}

/// A program that fills memory to 77777 and goes on does not wrap round to address 0: the
/// statement that would take the word after 77777 is the error (as the T3300-R assembler
/// refuses it).
#[test]
fn location_counter_does_not_wrap_past_77777() {
    let full = "      ORG 77776B\n      OCT 1\n      OCT 2\n      END\n";
    assert!(assemble(&[Source::new("p.asm", full)]).is_ok());
    for (src, at) in [
        (
            "      ORG 77777B\n      OCT 1\n      OCT 2\n      END\n",
            "p.asm:3:7:",
        ),
        (
            "      ORG 77776B\n      BSS 2\nX     NOP\n      END\n",
            "p.asm:3:7:",
        ),
        ("      ORG 77777B\n      LDA =D5\n      END\n", "p.asm:3:7:"),
    ] {
        let r = report(src);
        assert!(
            r.contains(&format!("{at} M: the program runs past address 77777")),
            "for:\n{src}\ngot:\n{r}"
        );
        assert_eq!(r.matches("runs past").count(), 1, "{r}");
    }
}

/// A byte that is not UTF-8 is an error naming the file, the line and the column.
#[test]
fn a_byte_that_is_not_utf8_is_named() {
    let r = Source::from_bytes("b.asm", b"      ORG 100B\n      LDA X\xff\n      END\n")
        .expect_err("decoded");
    assert!(
        r.to_string()
            .starts_with("b.asm:2:12: byte 0xFF is not UTF-8 text"),
        "{r}"
    );
}

/// Forty thousand errors print as the first twenty, each line visible and cut, and the count.
#[test]
fn a_flood_of_errors_is_cut_short_and_made_visible() {
    let line = format!("\x1b[2J LDA {}", "Z".repeat(400));
    let src = format!(
        "      ORG 100B\n{}\n      END\n",
        vec![line; 2000].join("\n")
    );
    let r = report(&src);
    assert!(!r.contains('\x1b') && r.contains("^[[2J"), "{r}");
    let errors = r
        .lines()
        .filter(|l| l.starts_with("p.asm:") && !l.contains(": note: "));
    assert_eq!(errors.count(), hp2100_asm::MAX_ERRORS, "{r}");
    assert!(r.contains("too many errors; stopping"), "{r}");
    assert!(r.lines().all(|l| l.chars().count() <= 300), "{r}");
}

/// Each error carries HP's two-letter code first (`codes.rs`), as HP's Extended Assembler
/// flags the statement; HP's control statement, conditionals and relocatable programs have
/// theirs too.
#[test]
fn hp_error_codes() {
    for (src, msg) in [
        (
            "ASMB,A,Q\n      ORG 100B\n      END\n",
            "1:8: CS: \"Q\" is not a control statement option",
        ),
        (
            "ASMB,A,N\n      ORG 100B\n      IFN\n      IFZ\n      XIF\n      END\n",
            "4:7: IF: conditional sections do not nest",
        ),
        (
            "ASMB,A\n      ORG 100B\n      IFN\n      NOP\n      END\n",
            "3:1: IF: no XIF closes",
        ),
        (
            "ASMB,R\n      NAM X\n      ENT Y\n      NOP\n      END\n",
            "3:11: EN: entry point Y is not defined",
        ),
        (
            "ASMB,R\n      NAM X\nY     NOP\nZ     DEF Y+Y\n      END\n",
            "4:11: M: the expression is not absolute",
        ),
        (
            "ASMB,R\n      NAM X\n      EXT E\n      DEF E+1\n      END\n",
            "4:11: M: an external symbol stands alone",
        ),
        (
            "ASMB,A\n      ORG 100B\n      NAM X\n      END\n",
            "3:7: IL: NAM belongs to a relocatable program",
        ),
        (
            "      ORG 100B\n      DEC 70000\n      END\n",
            "2:11: OV: 70000 is out of range",
        ),
    ] {
        let r = report(src);
        assert!(r.contains(msg), "want {msg:?} for:\n{src}\ngot:\n{r}");
    }
}

/// The options N and Z choose the conditional sections; a skipped section's lines are not
/// assembled at all (an unknown opcode there is no error).
#[test]
fn conditional_sections_follow_the_control_statement() {
    let src = |opts: &str| {
        format!("ASMB,A{opts}\n      ORG 100B\n      IFN\n      OCT 1\n      XIF\n      IFZ\n      OCT 2\n      BAD\n      XIF\n      OCT 3\n      END\n")
    };
    let words = |opts: &str| -> Vec<u16> {
        let a = assemble(&[Source::new("p.asm", src(opts))]);
        if opts.contains('Z') {
            assert!(!a.is_ok());
            return vec![];
        }
        assert!(a.is_ok(), "{}", a.report);
        a.words.iter().map(|w| w.1).collect()
    };
    assert_eq!(words(",N"), vec![1, 3]);
    assert_eq!(words(""), vec![3]);
    assert!(report(&src(",Z")).contains("8:7: OP: unknown opcode BAD"));
}
