//! What the opcode field names: a machine instruction from the `hp2100-isa` table, a
//! combination of shift/rotate or alter/skip micro-ops, or a pseudo-op.

use hp2100_isa::{encode_micro, lookup, Kind, MicroError, OpInfo};

/// The pseudo-ops of HP's assembler that absolute programs use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Pseudo {
    /// `ORG expr`: set the location counter.
    Org,
    /// `LABEL EQU expr`: give a symbol a value.
    Equ,
    /// `DEF expr[,I]`: an address word (bit 15 = indirect).
    Def,
    /// `BSS n`: reserve n words.
    Bss,
    /// `OCT n,n,...`: octal constants, written without `B`.
    Oct,
    /// `DEC n,n,...`: decimal integer constants.
    Dec,
    /// `ASC n,<2n characters>`: characters, two to a word.
    Asc,
    /// `END [expr]`: the end of the source, with the program's start address.
    End,
    /// `ABS expr`: a word holding the value of the expression.
    Abs,
    /// `HED text`: the listing heading.
    Hed,
    /// `SPC n`, `SKP`: listing spacing, kept as plain listing lines.
    Spc,
    Skp,
    /// `SUP`, `UNS`, `LST`, `UNL`: listing controls (suppress or list the further words of a
    /// multi-word statement; list or stop listing), which change no word of the binary.
    ListCtl,
    /// `IFN`, `IFZ`: the statements up to the next `XIF` are assembled only when the control
    /// statement has the option N (resp. Z).
    Ifn,
    Ifz,
    /// `XIF`: the end of a conditional section.
    Xif,
    /// `ORR`: return to the location the first of a run of `ORG`s interrupted.
    Orr,
    /// `ORB`: assemble on the base page (relocatable programs).
    Orb,
    /// `REP n`: assemble the next statement n times.
    Rep,
    /// `NAM name`: a relocatable program's name.
    Nam,
    /// `ENT s,s,...`: entry points other programs may name.
    Ent,
    /// `EXT s,s,...`: external symbols, defined by other programs.
    Ext,
    /// `COM s(n),...`: blocks of common storage.
    Com,
    /// `DEX`: three-word extended-precision constants.
    Dex,
    /// `FAD`, `FSB`, `FMP`, `FDV` (by index in [`FLOAT_OPS`]): floating-point arithmetic, a
    /// call of the library routine `.FAD` (...) and a DEF of the operand.
    Float(u8),
}

/// The floating-point pseudo instructions.
pub(crate) const FLOAT_OPS: [&str; 4] = ["FAD", "FSB", "FMP", "FDV"];

/// A classified opcode field.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Op {
    Machine(&'static OpInfo),
    /// A micro-op combination, already encoded.
    Micro(u16),
    Pseudo(Pseudo),
}

const PSEUDO: &[(&str, Pseudo)] = &[
    ("ORG", Pseudo::Org),
    ("EQU", Pseudo::Equ),
    ("DEF", Pseudo::Def),
    ("BSS", Pseudo::Bss),
    ("OCT", Pseudo::Oct),
    ("DEC", Pseudo::Dec),
    ("ASC", Pseudo::Asc),
    ("END", Pseudo::End),
    ("ABS", Pseudo::Abs),
    ("HED", Pseudo::Hed),
    ("SPC", Pseudo::Spc),
    ("SKP", Pseudo::Skp),
    ("SUP", Pseudo::ListCtl),
    ("UNS", Pseudo::ListCtl),
    ("LST", Pseudo::ListCtl),
    ("UNL", Pseudo::ListCtl),
    ("IFN", Pseudo::Ifn),
    ("IFZ", Pseudo::Ifz),
    ("XIF", Pseudo::Xif),
    ("ORR", Pseudo::Orr),
    ("ORB", Pseudo::Orb),
    ("REP", Pseudo::Rep),
    ("NAM", Pseudo::Nam),
    ("ENT", Pseudo::Ent),
    ("EXT", Pseudo::Ext),
    ("COM", Pseudo::Com),
    ("DEX", Pseudo::Dex),
    ("FAD", Pseudo::Float(0)),
    ("FSB", Pseudo::Float(1)),
    ("FMP", Pseudo::Float(2)),
    ("FDV", Pseudo::Float(3)),
];

/// Pseudo-ops of HP's later assemblers (RTE, DOS) that the Extended Assembler does not have.
const UNSUPPORTED: &[&str] = &["EMA", "MIC", "DEY", "DIAG"];

/// Classify an opcode field (case is ignored).
pub(crate) fn classify(field: &str) -> Result<Op, String> {
    let up = field.to_ascii_uppercase();
    if let Some(&(_, p)) = PSEUDO.iter().find(|(n, _)| *n == up) {
        return Ok(Op::Pseudo(p));
    }
    if UNSUPPORTED.contains(&up.as_str()) {
        return Err(format!("pseudo-op {up} is not in HP's Extended Assembler"));
    }
    let names: Vec<&str> = up.split(',').collect();
    if let [one] = names[..] {
        match lookup(one) {
            Some(info) if !matches!(info.kind, Kind::Srg | Kind::Asg | Kind::Either) => {
                return Ok(Op::Machine(info))
            }
            Some(_) => {}
            None if one.is_empty() => return Err("missing opcode".into()),
            None => return Err(format!("unknown opcode {one}")),
        }
    }
    encode_micro(&names).map(Op::Micro).map_err(|e| match e {
        MicroError::NotMicro(n) if n.is_empty() => "empty micro-op in a combination".into(),
        MicroError::NotMicro(n) if lookup(&n).is_some() => {
            format!("{n} cannot be combined with other instructions")
        }
        MicroError::NotMicro(n) => format!("unknown opcode {n}"),
        other => other.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes() {
        assert!(matches!(classify("lda"), Ok(Op::Machine(i)) if i.mnemonic == "LDA"));
        assert!(matches!(classify("CCE,SEZ,RSS"), Ok(Op::Micro(0o002341))));
        assert!(matches!(classify("CLE"), Ok(Op::Micro(0o000040))));
        assert!(matches!(classify("ORG"), Ok(Op::Pseudo(Pseudo::Org))));
        assert!(classify("FOO").unwrap_err().contains("unknown opcode FOO"));
        assert!(classify("LDA,CLA")
            .unwrap_err()
            .contains("cannot be combined"));
        assert!(classify("CLA,RAL").is_err());
        assert!(classify("CLA,").is_err());
        assert!(classify("EMA").unwrap_err().contains("Extended Assembler"));
        assert!(matches!(classify("XIF"), Ok(Op::Pseudo(Pseudo::Xif))));
    }
}
