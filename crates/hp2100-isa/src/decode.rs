//! Decoding a word into the form the CPU executes.
//!
//! Implementation notes:
//!
//! 1. The EAU's words: HP's 2100A manuals give each instruction's code (MPY 100200, DIV
//!    100400, DLD 104200, DST 104400, the shifts with their counts) and say nothing of the
//!    other codes of the EAU's groups, which the project's reference material does not
//!    settle. They are decoded as Open SIMH 4's 2100 decodes them (run on each code:
//!    `crates/hp2100/tests/simh4/eau.do`): MPY for 100200-100217, DIV for 100400-100777,
//!    DLD for 104000-104377, DST for 104400-104777 (the bits in between do not count), and
//!    every other code of 100000-101777 and 104000-105777 (100000, 100060, 101000 ...) a
//!    no-operation of one word, as SIMH runs them unless told to stop on them.

use crate::table::{class_cycles, eau_shift_cycles, row, Class, Kind, MAC_NOP_CYCLES};

/// The accumulator an instruction names (bit 11).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reg {
    A,
    B,
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
    /// I/O group (`class` from HLT to CLC). `clear` is the H/C bit (clear the flag
    /// afterwards) for the operations that have one.
    Io {
        class: Class,
        reg: Reg,
        clear: bool,
        sc: u8,
    },
    /// EAU two-word instructions, MPY, DIV, DLD, DST (the operand address is in the next
    /// word).
    EauMem { class: Class },
    /// EAU shift of the 32-bit B:A (`class` from ASL to RRR) by `count` (1-16; a count field
    /// of 0 means 16).
    Shift { class: Class, count: u8 },
    /// A code the 2100A executes as no operation: the user-microcode space (101400-101777,
    /// 105000-105777 without firmware options) and the EAU groups' undefined codes (note 1).
    Mac(u16),
    /// A code the CPU cannot execute (none on the 2100A: note 1).
    Undefined(u16),
}

/// Memory-reference classes by bits 14-11 (entries 0 and 1 are the other groups), from the
/// table.
pub const MRG_CLASSES: [Class; 16] = {
    let mut t = [Class::Srg; 16];
    let mut k = 2;
    while k < 16 {
        if let Some(o) = row((k as u16) << 11) {
            t[k] = o.class;
        }
        k += 1;
    }
    t
};

/// Decode a word. Every 16-bit value decodes.
#[inline(always)]
pub fn decode(w: u16) -> Instr {
    let reg = if w & 0o004000 != 0 { Reg::B } else { Reg::A };
    if w & 0o070000 != 0 {
        // Bits 14-11 give the opcode; for groups 1-3 bit 11 splits AND/JSB, XOR/JMP, IOR/ISZ.
        return Instr::Mrg {
            class: MRG_CLASSES[((w >> 11) & 0o17) as usize],
            reg,
            indirect: w & 0o100000 != 0,
            current: w & 0o002000 != 0,
            offset: w & 0o1777,
        };
    }
    if w & 0o100000 == 0 {
        return if w & 0o002000 != 0 {
            Instr::Asg(w)
        } else {
            Instr::Srg(w)
        };
    }
    match row(w) {
        Some(o) => match o.kind {
            Kind::EauMem => Instr::EauMem { class: o.class },
            Kind::EauShift => Instr::Shift {
                class: o.class,
                count: match (w & 0o17) as u8 {
                    0 => 16,
                    n => n,
                },
            },
            _ => Instr::Io {
                class: o.class,
                reg,
                clear: w & 0o001000 != 0 && o.mask & 0o001000 == 0,
                sc: (w & 0o77) as u8,
            },
        },
        // The user-microcode space and the EAU groups' other codes (note 1).
        None if w & 0o002000 == 0 => Instr::Mac(w),
        None => Instr::Undefined(w),
    }
}

impl Instr {
    /// The class the CPU executes, or `None` for MAC/undefined codes.
    pub fn class(&self) -> Option<Class> {
        Some(match *self {
            Instr::Mrg { class, .. }
            | Instr::Io { class, .. }
            | Instr::EauMem { class }
            | Instr::Shift { class, .. } => class,
            Instr::Srg(_) => Class::Srg,
            Instr::Asg(_) => Class::Asg,
            Instr::Mac(_) | Instr::Undefined(_) => return None,
        })
    }

    /// Memory cycles with direct addressing: the table's figure for the class, plus the
    /// shift's extra; a user-microcode no-operation is charged as a register reference
    /// instruction, an undefined code nothing (it stops the machine).
    pub fn cycles(&self) -> u32 {
        match *self {
            Instr::Shift { class, count } => eau_shift_cycles(class, u32::from(count)),
            Instr::Mac(_) => MAC_NOP_CYCLES,
            Instr::Undefined(_) => 0,
            i => i.class().map_or(0, class_cycles),
        }
    }

    /// Words the instruction occupies.
    pub fn words(&self) -> u16 {
        match self {
            Instr::EauMem { .. } => 2,
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
                class: Class::Stc,
                reg: Reg::A,
                clear: true,
                sc: 0o10
            }
        );
        assert_eq!(
            decode(0o106711),
            Instr::Io {
                class: Class::Clc,
                reg: Reg::B,
                clear: false,
                sc: 0o11
            }
        );
        assert_eq!(
            decode(0o103101),
            Instr::Io {
                class: Class::Clf,
                reg: Reg::A,
                clear: false,
                sc: 1
            }
        );
        assert_eq!(
            decode(0o102077),
            Instr::Io {
                class: Class::Hlt,
                reg: Reg::A,
                clear: false,
                sc: 0o77
            }
        );
        assert_eq!(
            decode(0o100020),
            Instr::Shift {
                class: Class::Asl,
                count: 16
            }
        );
        assert_eq!(
            decode(0o101103),
            Instr::Shift {
                class: Class::Rrr,
                count: 3
            }
        );
        assert_eq!(decode(0o101400), Instr::Mac(0o101400));
        // The EAU's free bits and undefined codes (note 1).
        for (w, class) in [
            (0o100201, Class::Mpy),
            (0o100217, Class::Mpy),
            (0o100577, Class::Div),
            (0o104000, Class::Dld),
            (0o104377, Class::Dld),
            (0o104777, Class::Dst),
        ] {
            assert_eq!(decode(w), Instr::EauMem { class }, "{w:o}");
        }
        for w in [
            0o100000, 0o100060, 0o100220, 0o100237, 0o100300, 0o101000, 0o101060, 0o101200,
        ] {
            assert_eq!(decode(w), Instr::Mac(w), "{w:o}");
        }
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
