//! The disassembler: words to HP assembler text that assembles back to the same words.

use crate::decode::{decode, Instr, IoOp, Reg, ShiftOp};
use crate::micro::encode_micro;
use crate::table::{Class, OPCODES};

/// One disassembled instruction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disassembly {
    /// Mnemonic and operand, e.g. `LDA 4110B,I` or `CMA,INA,SZA,RSS`.
    pub text: String,
    /// Words used (2 for MPY, DIV, DLD, DST).
    pub len: u16,
}

/// A number as HP's assembler reads it: octal with a trailing `B` (0-7 need none).
pub fn octal(v: u16) -> String {
    if v < 8 {
        v.to_string()
    } else {
        format!("{v:o}B")
    }
}

fn name(class: Class, reg: Reg) -> &'static str {
    let i = OPCODES
        .iter()
        .position(|o| o.class == class && (reg == Reg::A || o.value & 0o004000 != 0))
        .unwrap_or(0);
    OPCODES[i].mnemonic
}

fn addr_text(target: u16, symbol: &dyn Fn(u16) -> Option<String>) -> String {
    symbol(target).unwrap_or_else(|| match target {
        0 => "A".into(),
        1 => "B".into(),
        t => octal(t),
    })
}

fn oct_word(w: u16) -> Disassembly {
    Disassembly {
        text: format!("OCT {w:06o}"),
        len: 1,
    }
}

const SHIFTS: [[&str; 8]; 2] = [
    ["ALS", "ARS", "RAL", "RAR", "ALR", "ERA", "ELA", "ALF"],
    ["BLS", "BRS", "RBL", "RBR", "BLR", "ERB", "ELB", "BLF"],
];

fn srg(w: u16) -> Option<String> {
    if w == 0 {
        return Some("NOP".into());
    }
    let r = usize::from(w & 0o004000 != 0);
    let mut parts = Vec::new();
    if w & 0o001000 != 0 {
        parts.push(SHIFTS[r][((w >> 6) & 7) as usize]);
    }
    if w & 0o40 != 0 {
        parts.push("CLE");
    }
    if w & 0o10 != 0 {
        parts.push(["SLA", "SLB"][r]);
    }
    if w & 0o20 != 0 {
        parts.push(SHIFTS[r][(w & 7) as usize]);
    }
    canonical(w, parts)
}

fn asg(w: u16) -> Option<String> {
    let r = usize::from(w & 0o004000 != 0);
    let mut parts = Vec::new();
    match (w >> 8) & 3 {
        1 => parts.push(["CLA", "CLB"][r]),
        2 => parts.push(["CMA", "CMB"][r]),
        3 => parts.push(["CCA", "CCB"][r]),
        _ => {}
    }
    if w & 0o40 != 0 {
        parts.push("SEZ");
    }
    match (w >> 6) & 3 {
        1 => parts.push("CLE"),
        2 => parts.push("CME"),
        3 => parts.push("CCE"),
        _ => {}
    }
    for (bit, names) in [
        (0o20, ["SSA", "SSB"]),
        (0o10, ["SLA", "SLB"]),
        (0o4, ["INA", "INB"]),
        (0o2, ["SZA", "SZB"]),
    ] {
        if w & bit != 0 {
            parts.push(names[r]);
        }
    }
    if w & 1 != 0 {
        parts.push("RSS");
    }
    canonical(w, parts)
}

/// The text of `parts`, if the assembler would encode it as exactly `w`.
fn canonical(w: u16, parts: Vec<&str>) -> Option<String> {
    (!parts.is_empty() && encode_micro(&parts) == Ok(w)).then(|| parts.join(","))
}

/// Disassemble the word at `at` (`next` is the following word, used by two-word
/// instructions). `symbol` names addresses where a listing gives names.
pub fn disassemble(
    at: u16,
    word: u16,
    next: u16,
    symbol: &dyn Fn(u16) -> Option<String>,
) -> Disassembly {
    let one = |text: String| Disassembly { text, len: 1 };
    match decode(word) {
        Instr::Mrg {
            class,
            reg,
            indirect,
            current,
            offset,
        } => {
            if current && at & 0o76000 == 0 {
                return oct_word(word);
            }
            let target = if current {
                (at & 0o76000) | offset
            } else {
                offset
            };
            let i = if indirect { ",I" } else { "" };
            one(format!(
                "{} {}{}",
                name(class, reg),
                addr_text(target, symbol),
                i
            ))
        }
        Instr::Srg(w) => srg(w).map(one).unwrap_or_else(|| oct_word(w)),
        Instr::Asg(w) => asg(w).map(one).unwrap_or_else(|| oct_word(w)),
        Instr::Io { op, reg, clear, sc } => {
            let b = reg == Reg::B;
            let c = if clear { ",C" } else { "" };
            let fixed = |n: &str| one(format!("{n}{}", if clear { " C" } else { "" }));
            let m = match op {
                IoOp::Hlt | IoOp::Stf | IoOp::Clf | IoOp::Sfc | IoOp::Sfs if b => {
                    return oct_word(word)
                }
                IoOp::Stf if sc == 1 => return fixed("STO"),
                IoOp::Clf if sc == 1 => return fixed("CLO"),
                IoOp::Sfc if sc == 1 => return fixed("SOC"),
                IoOp::Sfs if sc == 1 => return fixed("SOS"),
                IoOp::Hlt => "HLT",
                IoOp::Stf => "STF",
                IoOp::Clf => "CLF",
                IoOp::Sfc => "SFC",
                IoOp::Sfs => "SFS",
                IoOp::Mi => ["MIA", "MIB"][usize::from(b)],
                IoOp::Li => ["LIA", "LIB"][usize::from(b)],
                IoOp::Ot => ["OTA", "OTB"][usize::from(b)],
                IoOp::Stc => "STC",
                IoOp::Clc => "CLC",
            };
            one(format!("{m} {}{c}", octal(sc as u16)))
        }
        i @ (Instr::Mpy | Instr::Div | Instr::Dld | Instr::Dst) => {
            let m = match i {
                Instr::Mpy => "MPY",
                Instr::Div => "DIV",
                Instr::Dld => "DLD",
                _ => "DST",
            };
            let ind = if next & 0o100000 != 0 { ",I" } else { "" };
            Disassembly {
                text: format!("{m} {}{ind}", addr_text(next & 0o77777, symbol)),
                len: 2,
            }
        }
        Instr::Shift { op, count } => {
            let m = match op {
                ShiftOp::Asl => "ASL",
                ShiftOp::Asr => "ASR",
                ShiftOp::Lsl => "LSL",
                ShiftOp::Lsr => "LSR",
                ShiftOp::Rrl => "RRL",
                ShiftOp::Rrr => "RRR",
            };
            one(format!("{m} {count}"))
        }
        Instr::Mac(w) | Instr::Undefined(w) => oct_word(w),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dis(at: u16, w: u16) -> String {
        disassemble(at, w, 0, &|_| None).text
    }

    #[test]
    fn documented_words() {
        assert_eq!(dis(0o4100, 0o062010), "LDA 4010B");
        assert_eq!(dis(0o100, 0o160500), "LDA 500B,I");
        assert_eq!(dis(0o100, 0o124500), "JMP 500B,I");
        assert_eq!(dis(0o100, 0o001727), "ALF,ALF");
        assert_eq!(dis(0o100, 0o000065), "CLE,ERA");
        assert_eq!(dis(0o100, 0o000033), "SLA,RAR");
        assert_eq!(dis(0o100, 0o003007), "CMA,INA,SZA,RSS");
        assert_eq!(dis(0o100, 0o103710), "STC 10B,C");
        assert_eq!(dis(0o100, 0o102077), "HLT 77B");
        assert_eq!(dis(0o100, 0o103101), "CLO");
        assert_eq!(dis(0o100, 0o103201), "SOC C");
        assert_eq!(dis(0o100, 0o100020), "ASL 16");
        assert_eq!(dis(0o100, 0o000600), "OCT 000600");
        assert_eq!(dis(0o100, 0o000021), "OCT 000021");
        assert_eq!(dis(0o100, 0o062010), "OCT 062010");
        assert_eq!(dis(0o100, 0o034000), "ISZ A");
        assert_eq!(
            disassemble(0o100, 0o100200, 0o100123, &|_| None).text,
            "MPY 123B,I"
        );
        assert_eq!(
            disassemble(0o100, 0o064200, 0, &|a| (a == 0o200)
                .then(|| "COUNT".into()))
            .text,
            "LDB COUNT"
        );
    }
}
