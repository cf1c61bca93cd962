//! Encoding combinations of shift/rotate and alter/skip micro-ops.

use crate::table::{asg_form, lookup, Kind};

/// Why a micro-op combination cannot be encoded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MicroError {
    #[error("{0} is not a shift/rotate or alter/skip micro-op")]
    NotMicro(String),
    #[error("{0} cannot be combined with shift/rotate micro-ops")]
    MixedGroups(String),
    #[error("{0} names the other accumulator")]
    MixedRegisters(String),
    #[error("{0} conflicts with an earlier micro-op in the same field")]
    Conflict(String),
    #[error("{0} is out of order (shift/rotate order: shift, CLE, SLx, shift)")]
    Order(String),
}

/// Encode a combination such as `["CMA", "INA", "SZA", "RSS"]` or `["CLE", "ERA"]`.
///
/// A combination with any alter/skip-only micro-op is an ASG word; otherwise it is an SRG word
/// (so `CLE` alone is 000040 and `SLA` alone 000010, as HP's assembler writes them). In the SRG
/// the first shift goes to op 1 unless CLE or SLx came before it, and a second shift goes to
/// op 2; the order must be shift, CLE, SLx, shift.
///
/// # Errors
/// See [`MicroError`].
pub fn encode_micro(names: &[&str]) -> Result<u16, MicroError> {
    let mut infos = Vec::with_capacity(names.len());
    for n in names {
        let info = lookup(n).filter(|o| matches!(o.kind, Kind::Srg | Kind::Asg | Kind::Either));
        infos.push(info.ok_or_else(|| MicroError::NotMicro(n.to_string()))?);
    }
    if infos.len() == 1 && infos[0].mnemonic == "NOP" {
        return Ok(0);
    }
    let asg = infos.iter().any(|o| o.kind == Kind::Asg);
    let mut reg: Option<u16> = None;
    let mut word: u16 = if asg { 0o002000 } else { 0 };
    // SRG slots: 0 = nothing yet, 1 = op 1 used, 2 = CLE, 3 = SLx, 4 = op 2 used.
    let mut stage = 0;
    for (o, name) in infos.iter().zip(names) {
        let name = name.to_string();
        if o.mnemonic == "NOP" {
            return Err(MicroError::Conflict(name));
        }
        let neutral = matches!(o.mnemonic, "CLE" | "CME" | "CCE" | "SEZ" | "RSS");
        if !neutral {
            let r = o.value & 0o004000;
            if reg.is_some_and(|x| x != r) {
                return Err(MicroError::MixedRegisters(name));
            }
            reg = Some(r);
        }
        if asg {
            if o.kind == Kind::Srg {
                return Err(MicroError::MixedGroups(name));
            }
            let bits = asg_form(o).0 & !0o006000;
            let field = match bits {
                b if b & 0o001400 != 0 => 0o001400,
                b if b & 0o000300 != 0 => 0o000300,
                b => b,
            };
            if word & field != 0 {
                return Err(MicroError::Conflict(name));
            }
            word |= bits;
        } else {
            match o.mnemonic {
                "CLE" => {
                    if stage >= 2 {
                        return Err(MicroError::Order(name));
                    }
                    word |= 0o000040;
                    stage = 2;
                }
                "SLA" | "SLB" => {
                    if stage >= 3 {
                        return Err(MicroError::Order(name));
                    }
                    word |= 0o000010;
                    stage = 3;
                }
                _ => {
                    let code = (o.value >> 6) & 0o7;
                    if stage == 0 {
                        word |= 0o001000 | code << 6;
                        stage = 1;
                    } else if stage < 4 {
                        word |= 0o000020 | code;
                        stage = 4;
                    } else {
                        return Err(MicroError::Conflict(name));
                    }
                }
            }
        }
    }
    Ok(word | reg.unwrap_or(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[rustfmt::skip]
    const CASES: &[(&[&str], u16)] = &[
        (&["ALF", "ALF"], 0o001727),
        (&["RAL", "RAL"], 0o001222),
        (&["CLE", "ERA"], 0o000065),
        (&["SLA", "RAR"], 0o000033),
        (&["CLE"], 0o000040),
        (&["SLA"], 0o000010),
        (&["BLS"], 0o005000),
        (&["CMA", "INA", "SZA", "RSS"], 0o003007),
        (&["CLA"], 0o002400),
        (&["CCE"], 0o002300),
        (&["SEZ"], 0o002040),
        (&["RSS"], 0o002001),
        (&["CLB"], 0o006400),
        (&["CLA", "CLE"], 0o002500),
        (&["SSA", "SLA", "RSS"], 0o002031),
        (&["SLB", "RSS"], 0o006011),
        (&["NOP"], 0),
        (&["CCE", "SEZ", "RSS"], 0o002341),
    ];

    #[test]
    fn documented_combinations() {
        for (names, w) in CASES {
            assert_eq!(encode_micro(names), Ok(*w), "{names:?}");
        }
    }

    #[test]
    fn bad_combinations() {
        assert!(matches!(
            encode_micro(&["CLA", "RAL"]),
            Err(MicroError::MixedGroups(_))
        ));
        assert!(matches!(
            encode_micro(&["CLA", "INB"]),
            Err(MicroError::MixedRegisters(_))
        ));
        assert!(matches!(
            encode_micro(&["CLA", "CMA"]),
            Err(MicroError::Conflict(_))
        ));
        assert!(matches!(
            encode_micro(&["SLA", "CLE"]),
            Err(MicroError::Order(_))
        ));
        assert!(matches!(
            encode_micro(&["RAL", "RAL", "RAL"]),
            Err(MicroError::Conflict(_))
        ));
        assert!(matches!(
            encode_micro(&["LDA"]),
            Err(MicroError::NotMicro(_))
        ));
    }
}
