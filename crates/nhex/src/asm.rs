//! The precomputed tables as HP 2100 assembler source (`OCT`/`DEC` data), for the assembly
//! version of NHEX: the pattern table, the six neighbour offsets, and the evaluation values.
//!
//! Syntax: a label starts in column 1 (at most 5 characters), then the opcode and the operand
//! separated by blanks; `*` in column 1 starts a comment line. `OCT` operands are octal digits
//! (a word 0–177777), `DEC` operands decimal (−32768..32767).
//!
//! Pattern record (one per representative, in table order):
//!
//! ```text
//! word 1   100000B if full (three-set term), + 40000B if cell-edge, + |D|*400B + |M|
//! word 2   cell-cell: the byte pair (a, b) of Q − P; cell-edge: the row of P (1 = next to the edge)
//! then     |D| offset bytes, two per word, high byte first, keys (M) first; a byte holds
//!          a in its high 4 bits and b in its low 4 bits, each two's complement (-8..7);
//!          a last odd byte is followed by a zero byte
//! ```
//!
//! The table ends with a zero word. Offsets of a cell-edge pattern are in the frame of edge ⊤:
//! a along the edge relative to P, b = row − 1; the other edges are reached by rotation
//! (`table::edge_turn`).

use crate::board::DIRS;
use crate::eval::{CENTRE_P, CENTRE_REST, VAL_INTRUDE, VAL_KEY, VAL_OWN};
use crate::table::{Ends, Kind, Table};
use std::fmt::Write;

fn nib(x: i8) -> u16 {
    (x as u16) & 0xf
}

fn off_byte(p: (i8, i8)) -> u16 {
    (nib(p.0) << 4) | nib(p.1)
}

/// The words of one record.
pub fn record_words(p: &crate::table::Pattern) -> Vec<u16> {
    let mut head: u16 = ((p.d.len() as u16) << 8) | p.m.len() as u16;
    if p.kind == Kind::Full {
        head |= 0o100000;
    }
    let second = match p.ends {
        Ends::Cells(q) => ((q.0 as u8 as u16) << 8) | (q.1 as u8 as u16),
        Ends::Edge(r) => {
            head |= 0o40000;
            r as u16
        }
    };
    let mut w = vec![head, second];
    let bytes: Vec<u16> = p.cells_keys_first().into_iter().map(off_byte).collect();
    for pair in bytes.chunks(2) {
        w.push((pair[0] << 8) | pair.get(1).copied().unwrap_or(0));
    }
    w
}

/// Decode one record (for tests: the assembly layout round-trips).
pub fn decode_record(w: &[u16]) -> Option<(crate::table::Pattern, usize)> {
    let head = *w.first()?;
    if head == 0 {
        return None;
    }
    let nd = ((head >> 8) & 0o77) as usize;
    let nm = (head & 0xff) as usize;
    let sx = |x: u16| -> i8 { ((x as i8) << 4) >> 4 };
    let ends = if head & 0o40000 != 0 {
        Ends::Edge(w[1] as i8)
    } else {
        Ends::Cells(((w[1] >> 8) as u8 as i8, (w[1] & 0xff) as u8 as i8))
    };
    let mut cells = Vec::new();
    for k in 0..nd {
        let word = w[2 + k / 2];
        let byte = if k % 2 == 0 { word >> 8 } else { word & 0xff };
        cells.push((sx(byte >> 4), sx(byte & 0xf)));
    }
    let mut d = cells.clone();
    d.sort();
    let mut m = cells[..nm].to_vec();
    m.sort();
    let kind = if head & 0o100000 != 0 {
        Kind::Full
    } else {
        Kind::Semi
    };
    Some((
        crate::table::Pattern { kind, ends, d, m },
        2 + nd.div_ceil(2),
    ))
}

/// `retro hex gen-tables`: the standard tables' source written to `output` (its folder made
/// if missing); what was written.
///
/// # Errors
/// A folder or file that cannot be written, named.
pub fn write_tables(output: &std::path::Path) -> Result<String, String> {
    let t = Table::standard();
    let (src, words) = tables_source(t);
    if let Some(dir) = output.parent() {
        if !dir.as_os_str().is_empty() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
    }
    std::fs::write(output, src).map_err(|e| format!("{}: {e}", output.display()))?;
    let n = t.patterns.len();
    Ok(format!("{}: {n} patterns, {words} words", output.display()))
}

/// The assembler source and its size in words.
pub fn tables_source(t: &Table) -> (String, usize) {
    let mut s = String::new();
    let mut words = 0usize;
    let b = t.bounds;
    let _ = writeln!(
        s,
        "* NHEX TABLES, WRITTEN BY RETRO HEX GEN-TABLES. DO NOT EDIT."
    );
    let _ = writeln!(
        s,
        "* PATTERN TABLE OF THE C, C*, M CALCULUS (PAPER 2(1)), ONE REPRESENTATIVE"
    );
    let _ = writeln!(
        s,
        "* PER CLASS UNDER TRANSLATION AND ROTATION. BOUNDS: LEVEL <= {}, CELL",
        b.max_level
    );
    let _ = writeln!(
        s,
        "* CARRIERS <= {}, EDGE CARRIERS <= {}, ROWS <= {}.",
        b.dmax_cell, b.dmax_edge, b.max_row
    );
    let _ = writeln!(
        s,
        "* RECORD: HEAD = FULL*100000B + EDGE*40000B + ND*400B + NM,"
    );
    let _ = writeln!(
        s,
        "*   THEN DELTA (A,B BYTES) OR ROW, THEN ND OFFSET BYTES, KEYS FIRST,"
    );
    let _ = writeln!(
        s,
        "*   TWO PER WORD; OFFSET BYTE = A*20B + B (4-BIT TWO'S COMPLEMENT)."
    );
    let _ = writeln!(s, "*   A ZERO WORD ENDS THE TABLE.");
    let line = |s: &mut String, label: &str, op: &str, operand: String, comment: &str| {
        let text = format!("{label:<6}{op:<4}{operand:<8}{comment}");
        let _ = writeln!(s, "{}", text.trim_end());
    };
    line(
        &mut s,
        "NPAT",
        "DEC",
        t.patterns.len().to_string(),
        "NUMBER OF PATTERNS",
    );
    words += 1;
    for (i, p) in t.patterns.iter().enumerate() {
        let w = record_words(p);
        let label = if i == 0 {
            "PTAB".to_string()
        } else {
            String::new()
        };
        let what = match (p.kind, p.ends) {
            (Kind::Semi, Ends::Cells(q)) => format!("{:>4} C* CELL  Q-P = {},{}", i + 1, q.0, q.1),
            (Kind::Full, Ends::Cells(q)) => format!("{:>4} C  CELL  Q-P = {},{}", i + 1, q.0, q.1),
            (Kind::Semi, Ends::Edge(r)) => format!("{:>4} C* EDGE  ROW {r}", i + 1),
            (Kind::Full, Ends::Edge(r)) => format!("{:>4} C  EDGE  ROW {r}", i + 1),
        };
        for (k, x) in w.iter().enumerate() {
            line(
                &mut s,
                if k == 0 { &label } else { "" },
                "OCT",
                format!("{x:o}"),
                if k == 0 { &what } else { "" },
            );
        }
        words += w.len();
    }
    line(&mut s, "", "OCT", "0".into(), "END OF PATTERN TABLE");
    words += 1;
    let _ = writeln!(
        s,
        "* NEIGHBOUR OFFSETS (DU,DV), EACH THE LAST TURNED BY 60 DEGREES"
    );
    for (k, d) in DIRS.iter().enumerate() {
        line(
            &mut s,
            if k == 0 { "DIRS" } else { "" },
            "DEC",
            d.0.to_string(),
            "",
        );
        line(&mut s, "", "DEC", d.1.to_string(), "");
        words += 2;
    }
    let _ = writeln!(
        s,
        "* EVALUATION VALUES BY CATEGORY 1-5 (PAPER 3(6)): KEY, OWN M-BAR, INTRUSION"
    );
    for (label, vals) in [("VKEY", VAL_KEY), ("VOWN", VAL_OWN), ("VINT", VAL_INTRUDE)] {
        for (k, v) in vals.iter().enumerate() {
            line(
                &mut s,
                if k == 0 { label } else { "" },
                "DEC",
                v.to_string(),
                "",
            );
            words += 1;
        }
    }
    let _ = writeln!(s, "* CENTRE BONUS (PAPER 3(7))");
    line(&mut s, "CBONP", "DEC", CENTRE_P.to_string(), "CENTRE POINT");
    line(
        &mut s,
        "CBONR",
        "DEC",
        CENTRE_REST.to_string(),
        "REST OF THE REGION",
    );
    words += 2;
    let _ = writeln!(s, "* TOTAL {words} WORDS");
    (s, words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_are_written_where_asked() {
        let dir = std::env::temp_dir().join(format!("nhex-tables-{}", std::process::id()));
        let said = write_tables(&dir.join("sub/t.asm")).unwrap();
        assert!(said.ends_with(" words"), "{said}");
        let text = std::fs::read_to_string(dir.join("sub/t.asm")).unwrap();
        assert!(text.starts_with("* NHEX TABLES"));
        std::fs::write(dir.join("file"), "").unwrap();
        assert!(write_tables(&dir.join("file/t.asm")).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn records_round_trip() {
        let t = Table::standard();
        for p in &t.patterns {
            let w = record_words(p);
            let (q, len) = decode_record(&w).unwrap();
            assert_eq!(&q, p);
            assert_eq!(len, w.len());
        }
    }

    #[test]
    fn source_lines_have_hp_fields() {
        let (s, words) = tables_source(Table::standard());
        assert!(words > 100 && words < 8192, "{words} words");
        for l in s.lines() {
            if l.starts_with('*') {
                continue;
            }
            let f: Vec<&str> = l.split_whitespace().collect();
            let (op, operand) = if l.starts_with(' ') {
                (f[0], f[1])
            } else {
                (f[1], f[2])
            };
            assert!(op == "OCT" || op == "DEC", "{l}");
            if op == "OCT" {
                assert!(
                    u32::from_str_radix(operand, 8).is_ok_and(|x| x <= 0o177777),
                    "{l}"
                );
            } else {
                assert!(operand.parse::<i16>().is_ok(), "{l}");
            }
            assert!(
                l.split_whitespace().next().unwrap().len() <= 5 || l.starts_with(' '),
                "{l}"
            );
        }
    }
}
