//! One instruction typed at the console (SIMH's `deposit -m ADDR TEXT`): a mnemonic of the
//! opcode table and its operand, numbers in octal as the console reads them (`LDA 400,I`,
//! `STC 10,C`, `MPY 200`, `ASL 4`, `CLA,INA,SZA,RSS`, `HLT 77`), into the word or words the
//! assembler would write at the address it goes to.
//!
//! Sources: HP's instruction formats (`docs/hp2100a.md` §1); SIMH's `hp2100` reads the same
//! forms (`crates/hp2100/tests/simh4/deposit.do`).
//!
//! Implementation notes:
//!
//! 1. A memory reference reaches the base page (an address below 2000) or the page the
//!    instruction is stored on, as the assembler decides; another page is refused.

use crate::micro::encode_micro;
use crate::table::{lookup, Kind};

/// The words of `text` stored at `at`.
///
/// # Errors
/// What is wrong with the line.
pub fn assemble_line(text: &str, at: u16) -> Result<Vec<u16>, String> {
    let text = text.trim();
    let (mnemonic, operand) = match text.find(char::is_whitespace) {
        Some(i) => (&text[..i], text[i..].trim()),
        None => (text, ""),
    };
    let upper = mnemonic.to_ascii_uppercase();
    let octal = |s: &str| {
        u16::from_str_radix(s.trim(), 8).map_err(|_| format!("{} is not an octal number", s.trim()))
    };
    // Micro-ops, one or several separated by commas.
    if upper.contains(',')
        || lookup(&upper).is_some_and(|o| matches!(o.kind, Kind::Srg | Kind::Asg | Kind::Either))
    {
        if !operand.is_empty() {
            return Err(format!("{mnemonic} takes no operand"));
        }
        let parts: Vec<&str> = upper.split(',').map(str::trim).collect();
        return encode_micro(&parts)
            .map(|w| vec![w])
            .map_err(|e| e.to_string());
    }
    let o = lookup(&upper).ok_or_else(|| format!("{mnemonic} is not an instruction"))?;
    let upper_op = operand.to_ascii_uppercase();
    let (operand, flag) = match upper_op.rsplit_once(',') {
        Some((a, f)) if f.trim() == "I" || f.trim() == "C" => {
            (a.trim().to_string(), f.trim().to_string())
        }
        _ => (upper_op.trim().to_string(), String::new()),
    };
    let indirect = flag == "I";
    let clear = flag == "C";
    let needs_operand = || {
        if operand.is_empty() {
            Err(format!("{mnemonic} needs an operand"))
        } else {
            Ok(())
        }
    };
    match o.kind {
        Kind::Mrg => {
            needs_operand()?;
            if clear {
                return Err(format!("{mnemonic} takes ,I, not ,C"));
            }
            let a = octal(&operand)?;
            if a > 0o77777 {
                return Err(format!("{operand} is beyond the last address"));
            }
            let page = if a < 0o2000 {
                0
            } else if a & 0o76000 == at & 0o76000 {
                0o2000
            } else {
                return Err(format!(
                    "{operand} is neither on the base page nor on the page of {at:o} (note 1)"
                ));
            };
            Ok(vec![
                o.value | page | (a & 0o1777) | if indirect { 0o100000 } else { 0 },
            ])
        }
        Kind::Io => {
            needs_operand()?;
            if indirect {
                return Err(format!("{mnemonic} takes ,C, not ,I"));
            }
            let sc = octal(&operand)?;
            if sc > 0o77 {
                return Err(format!("{operand} is not a select code (0-77)"));
            }
            Ok(vec![o.value | sc | if clear { 0o1000 } else { 0 }])
        }
        Kind::IoFixed => {
            if !operand.is_empty() && operand != "C" {
                return Err(format!("{mnemonic} takes no operand but C"));
            }
            Ok(vec![
                o.value | if clear || operand == "C" { 0o1000 } else { 0 },
            ])
        }
        Kind::EauMem => {
            needs_operand()?;
            let a = octal(&operand)?;
            if a > 0o77777 || clear {
                return Err(format!("{operand} is not an address"));
            }
            Ok(vec![o.value, a | if indirect { 0o100000 } else { 0 }])
        }
        Kind::EauShift => {
            needs_operand()?;
            // The count is decimal in HP's assembler and SIMH's console alike (1-16).
            let n: u16 = operand
                .parse()
                .ok()
                .filter(|n| (1..=16).contains(n))
                .ok_or_else(|| format!("{operand} is not a shift count (1-16)"))?;
            Ok(vec![o.value | (n & 0o17)])
        }
        _ => Err(format!("{mnemonic} is not an instruction")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::disasm::disassemble_executed;

    #[test]
    fn each_form_assembles_as_the_disassembler_reads_it() {
        for (at, text, words) in [
            (0o310, "LDA 400", vec![0o060400]),
            (0o310, "lda 400,i", vec![0o160400]),
            (0o4100, "JMP 4120", vec![0o026120]),
            (0o100, "STC 10,C", vec![0o103710]),
            (0o100, "HLT 77", vec![0o102077]),
            (0o100, "CLO", vec![0o103101]),
            (0o100, "MPY 200", vec![0o100200, 0o000200]),
            (0o100, "DLD 200,I", vec![0o104200, 0o100200]),
            (0o100, "ASL 16", vec![0o100020]),
            (0o100, "CLA,INA", vec![0o002404]),
            (0o100, "NOP", vec![0o000000]),
        ] {
            assert_eq!(assemble_line(text, at).as_deref(), Ok(&words[..]), "{text}");
        }
        let d = disassemble_executed(0o4100, 0o026120, 0, &|_| None);
        assert_eq!(d.text, "JMP 4120B");
    }

    #[test]
    fn what_cannot_be_written_is_refused() {
        for (at, text) in [
            (0o100, "LDA 4000"),
            (0o100, "FOO 1"),
            (0o100, "LDA"),
            (0o100, "STC 100"),
            (0o100, "ASL 17"),
            (0o100, "CLA 5"),
            (0o100, "LDA 9"),
        ] {
            assert!(assemble_line(text, at).is_err(), "{text}");
        }
    }
}
