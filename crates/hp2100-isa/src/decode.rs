//! Decoding a word into the form the CPU executes.

use crate::table::Class;

/// The accumulator an instruction names (bit 11).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reg {
    A,
    B,
}

/// I/O group operations (bits 8-6, with bit 9 or 11 where they select the operation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IoOp {
    Hlt,
    Stf,
    Clf,
    Sfc,
    Sfs,
    Mi,
    Li,
    Ot,
    Stc,
    Clc,
}

/// EAU shifts and rotates of the 32-bit B:A.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShiftOp {
    Asl,
    Asr,
    Lsl,
    Lsr,
    Rrl,
    Rrr,
}

/// A decoded instruction word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Instr {
    /// Memory reference. `class` is one of the MRG classes; `reg` matters for ADx, CPx, LDx,
    /// STx; `current` is the Z/C bit; `offset` the 10-bit page offset.
    Mrg {
        class: Class,
        reg: Reg,
        indirect: bool,
        current: bool,
        offset: u16,
    },
    /// Shift/rotate group: the micro-ops are executed from the word's bits.
    Srg(u16),
    /// Alter/skip group: likewise.
    Asg(u16),
    /// I/O group. `clear` is the H/C bit (clear the flag afterwards) for the operations that
    /// have one.
    Io {
        op: IoOp,
        reg: Reg,
        clear: bool,
        sc: u8,
    },
    /// EAU two-word instructions (the operand address is in the next word).
    Mpy,
    Div,
    Dld,
    Dst,
    /// EAU shift by `count` (1-16; a count field of 0 means 16).
    Shift {
        op: ShiftOp,
        count: u8,
    },
    /// User-microcode space (101400-101777, 105000-105777 without options): no operation on
    /// a 2100A without firmware options, and no trap.
    Mac(u16),
    /// An undefined code in the EAU groups.
    Undefined(u16),
}

/// Memory-reference classes by bits 14-11 (entries 0 and 1 are the other groups).
#[rustfmt::skip]
pub const MRG_CLASSES: [Class; 16] = [
    Class::Srg, Class::Srg, Class::And, Class::Jsb, Class::Xor, Class::Jmp, Class::Ior, Class::Isz,
    Class::Add, Class::Add, Class::Cpx, Class::Cpx, Class::Ldx, Class::Ldx, Class::Stx, Class::Stx,
];

/// Decode a word. Every 16-bit value decodes.
#[inline(always)]
pub fn decode(w: u16) -> Instr {
    let group = (w >> 12) & 0o7;
    let reg = if w & 0o004000 != 0 { Reg::B } else { Reg::A };
    if group != 0 {
        // Bits 14-11 give the opcode; for groups 1-3 bit 11 splits AND/JSB, XOR/JMP, IOR/ISZ.
        return Instr::Mrg {
            class: MRG_CLASSES[((w >> 11) & 0o17) as usize],
            reg,
            indirect: w & 0o100000 != 0,
            current: w & 0o002000 != 0,
            offset: w & 0o1777,
        };
    }
    let bit10 = w & 0o002000 != 0;
    if w & 0o100000 == 0 {
        return if bit10 { Instr::Asg(w) } else { Instr::Srg(w) };
    }
    if bit10 {
        let sc = (w & 0o77) as u8;
        let hc = w & 0o001000 != 0;
        let (op, clear) = match (w >> 6) & 0o7 {
            0 => (IoOp::Hlt, hc),
            1 => (if hc { IoOp::Clf } else { IoOp::Stf }, false),
            2 => (IoOp::Sfc, hc),
            3 => (IoOp::Sfs, hc),
            4 => (IoOp::Mi, hc),
            5 => (IoOp::Li, hc),
            6 => (IoOp::Ot, hc),
            _ => (if reg == Reg::B { IoOp::Clc } else { IoOp::Stc }, hc),
        };
        return Instr::Io { op, reg, clear, sc };
    }
    decode_eau(w)
}

fn decode_eau(w: u16) -> Instr {
    match w {
        0o100200 => return Instr::Mpy,
        0o100400 => return Instr::Div,
        0o104200 => return Instr::Dld,
        0o104400 => return Instr::Dst,
        _ => {}
    }
    let shift = match w & 0o177760 {
        0o100020 => Some(ShiftOp::Asl),
        0o101020 => Some(ShiftOp::Asr),
        0o100040 => Some(ShiftOp::Lsl),
        0o101040 => Some(ShiftOp::Lsr),
        0o100100 => Some(ShiftOp::Rrl),
        0o101100 => Some(ShiftOp::Rrr),
        _ => None,
    };
    if let Some(op) = shift {
        let n = (w & 0o17) as u8;
        return Instr::Shift {
            op,
            count: if n == 0 { 16 } else { n },
        };
    }
    if (0o101400..=0o101777).contains(&w) || (0o105000..=0o105777).contains(&w) {
        return Instr::Mac(w);
    }
    Instr::Undefined(w)
}

impl Instr {
    /// The class the timing table charges, or `None` for MAC/undefined codes (charged as a
    /// register-reference instruction).
    pub fn class(&self) -> Option<Class> {
        Some(match self {
            Instr::Mrg { class, .. } => *class,
            Instr::Srg(_) => Class::Srg,
            Instr::Asg(_) => Class::Asg,
            Instr::Io { .. } => Class::Io,
            Instr::Mpy => Class::Mpy,
            Instr::Div => Class::Div,
            Instr::Dld => Class::Dld,
            Instr::Dst => Class::Dst,
            Instr::Shift { .. } => Class::EauShift,
            Instr::Mac(_) | Instr::Undefined(_) => return None,
        })
    }

    /// Words the instruction occupies.
    pub fn words(&self) -> u16 {
        match self {
            Instr::Mpy | Instr::Div | Instr::Dld | Instr::Dst => 2,
            _ => 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::OPCODES;

    #[test]
    fn documented_codes() {
        assert_eq!(
            decode(0o160500),
            Instr::Mrg {
                class: Class::Ldx,
                reg: Reg::A,
                indirect: true,
                current: false,
                offset: 0o500
            }
        );
        assert!(matches!(
            decode(0o124500),
            Instr::Mrg {
                class: Class::Jmp,
                indirect: true,
                ..
            }
        ));
        assert!(matches!(
            decode(0o014000),
            Instr::Mrg {
                class: Class::Jsb,
                ..
            }
        ));
        assert!(matches!(
            decode(0o036000),
            Instr::Mrg {
                class: Class::Isz,
                current: true,
                ..
            }
        ));
        assert_eq!(
            decode(0o103710),
            Instr::Io {
                op: IoOp::Stc,
                reg: Reg::A,
                clear: true,
                sc: 0o10
            }
        );
        assert_eq!(
            decode(0o106711),
            Instr::Io {
                op: IoOp::Clc,
                reg: Reg::B,
                clear: false,
                sc: 0o11
            }
        );
        assert_eq!(
            decode(0o103101),
            Instr::Io {
                op: IoOp::Clf,
                reg: Reg::A,
                clear: false,
                sc: 1
            }
        );
        assert_eq!(
            decode(0o102077),
            Instr::Io {
                op: IoOp::Hlt,
                reg: Reg::A,
                clear: false,
                sc: 0o77
            }
        );
        assert_eq!(
            decode(0o100020),
            Instr::Shift {
                op: ShiftOp::Asl,
                count: 16
            }
        );
        assert_eq!(
            decode(0o101103),
            Instr::Shift {
                op: ShiftOp::Rrr,
                count: 3
            }
        );
        assert_eq!(decode(0o101400), Instr::Mac(0o101400));
        assert_eq!(decode(0o100000), Instr::Undefined(0o100000));
    }

    #[test]
    fn table_and_decoder_agree() {
        // Every row's own bits decode to the row's class (the one table feeds the decoder).
        for o in OPCODES {
            match decode(o.value).class() {
                Some(c) => assert_eq!(c, o.class, "{}", o.mnemonic),
                None => panic!("{} does not decode", o.mnemonic),
            }
        }
    }
}
