//! Encodings of every instruction form and pseudo-op, in octal, against `docs/hp2100a.md` §1.

use hp2100_asm::{assemble, assemble_words, Source};

/// Assemble one statement at `org` and return its words.
fn words(org: u16, stmt: &str) -> Vec<u16> {
    let src = format!("      ORG {org:o}B\n      {stmt}\n      END\n");
    match assemble_words("t.asm", &src) {
        Ok(w) => w.into_iter().map(|(_, w)| w).collect(),
        Err(r) => panic!("{stmt}: {r}"),
    }
}

#[rustfmt::skip]
const CASES: &[(u16, &str, &[u16])] = &[
    (0o100,  "LDA 500B,I",        &[0o160500]),
    (0o100,  "JMP 500B,I",        &[0o124500]),
    (0o4100, "LDA 4110B",         &[0o062110]),
    (0o100,  "JSB 200B",          &[0o014200]),
    (0o100,  "ISZ A",             &[0o034000]),
    (0o100,  "STB B",             &[0o074001]),
    (0o100,  "ADA 1777B",         &[0o041777]),
    (0o2000, "CPB 2777B",         &[0o056777]),
    (0o100,  "ALF,ALF",           &[0o001727]),
    (0o100,  "RAL,RAL",           &[0o001222]),
    (0o100,  "CLE,ERA",           &[0o000065]),
    (0o100,  "SLA,RAR",           &[0o000033]),
    (0o100,  "CLE",               &[0o000040]),
    (0o100,  "SLA",               &[0o000010]),
    (0o100,  "BLS",               &[0o005000]),
    (0o100,  "CMA,INA,SZA,RSS",   &[0o003007]),
    (0o100,  "CCE,SEZ,RSS",       &[0o002341]),
    (0o100,  "CLA,INA",           &[0o002404]),
    (0o100,  "SZA,RSS",           &[0o002003]),
    (0o100,  "NOP",               &[0o000000]),
    (0o100,  "STC 10B,C",         &[0o103710]),
    (0o100,  "SFS 0,C",           &[0o103300]),
    (0o100,  "HLT 77B",           &[0o102077]),
    (0o100,  "HLT",               &[0o102000]),
    (0o100,  "CLC 11B",           &[0o106711]),
    (0o100,  "OTB 11B",           &[0o106611]),
    (0o100,  "LIA 1",             &[0o102501]),
    (0o100,  "STF 0",             &[0o102100]),
    (0o100,  "CLF 0",             &[0o103100]),
    (0o100,  "STO",               &[0o102101]),
    (0o100,  "CLO",               &[0o103101]),
    (0o100,  "SOC",               &[0o102201]),
    (0o100,  "SOS C",             &[0o103301]),
    (0o100,  "MPY 123B,I",        &[0o100200, 0o100123]),
    (0o100,  "DIV 2000B",         &[0o100400, 0o002000]),
    (0o100,  "DLD 30000B",        &[0o104200, 0o030000]),
    (0o100,  "DST A",             &[0o104400, 0o000000]),
    (0o100,  "ASL 16",            &[0o100020]),
    (0o100,  "ASR 1",             &[0o101021]),
    (0o100,  "LSL 4",             &[0o100044]),
    (0o100,  "LSR 15",            &[0o101057]),
    (0o100,  "RRL 8",             &[0o100110]),
    (0o100,  "RRR 3",             &[0o101103]),
    (0o100,  "JMP *-1",           &[0o024077]),
    (0o3000, "JMP *+2",           &[0o027002]),
    (0o100,  "DEF 3000B,I",       &[0o103000]),
    (0o100,  "DEF *",             &[0o000100]),
    (0o100,  "ABS -1",            &[0o177777]),
    (0o100,  "ABS 100B-2",        &[0o000076]),
    (0o100,  "OCT 177,-1,100000", &[0o177, 0o177777, 0o100000]),
    (0o100,  "DEC 10,-5,32767",   &[10, 0o177773, 32767]),
    (0o100,  "ASC 3,HELLO!",      &[0o044105, 0o046114, 0o047441]),
    (0o100,  "ASC 2,A",           &[0o040440, 0o020040]),
    (0o100,  "ASC 1,  ",          &[0o020040]),
    (0o100,  "lda 5",             &[0o060005]),
];

#[test]
fn documented_encodings() {
    for (org, stmt, want) in CASES {
        assert_eq!(words(*org, stmt), *want, "{stmt} at {org:o}");
    }
}

#[test]
fn comments_after_operandless_instructions() {
    assert_eq!(words(0o100, "CLA,INA   make one"), [0o002404]);
    assert_eq!(words(0o100, "SOC       overflow?"), [0o102201]);
    assert_eq!(words(0o100, "LDA 5     five"), [0o060005]);
    assert_eq!(words(0o100, "ASC 1,AB  comment"), [0o040502]);
}

#[test]
fn literals_are_pooled_after_the_block() {
    let src = r"
      ORG 100B
      LDA =D10
      ADA =B177
      CPA =AOK
      LDB =D10
      LDB =LEND+1
END   HLT 77B
      ORG 200B
      LDA =D10
      END
";
    let w = assemble_words("t.asm", src).unwrap();
    assert_eq!(
        w,
        vec![
            (0o100, 0o060106),
            (0o101, 0o040107),
            (0o102, 0o050110),
            (0o103, 0o064106),
            (0o104, 0o064111),
            (0o105, 0o102077),
            (0o106, 10),
            (0o107, 0o177),
            (0o110, 0o047513),
            (0o111, 0o106),
            (0o200, 0o060201),
            (0o201, 10),
        ]
    );
}

#[test]
fn equ_and_start_address() {
    let src = r"
TTY   EQU 11B
N     EQU -10
      ORG 2000B
START OTA TTY
      LDA COUNT
      JMP START
COUNT ABS N
      END START
";
    let a = assemble(&[Source::new("t.asm", src)]);
    assert!(a.is_ok(), "{}", a.report);
    assert_eq!(a.start, Some(0o2000));
    assert_eq!(a.symbol("N"), Some(0o177766));
    assert_eq!(
        a.words,
        vec![
            (0o2000, 0o102611),
            (0o2001, 0o062003),
            (0o2002, 0o026000),
            (0o2003, 0o177766)
        ]
    );
}

#[test]
fn bss_leaves_a_gap_and_splits_records() {
    let src = "      ORG 100B\nX     NOP\n      BSS 3\nY     DEF X\n      END\n";
    let a = assemble(&[Source::new("t.asm", src)]);
    assert!(a.is_ok(), "{}", a.report);
    assert_eq!(a.symbol("Y"), Some(0o104));
    let r = a.records();
    assert_eq!(r.len(), 2);
    assert_eq!((r[1].addr, r[1].words.clone()), (0o104, vec![0o100]));
    let back = hp2100_isa::tape::parse(&a.tape()).unwrap();
    assert_eq!(back, r);
}
