//! Decoding and encoding through the opcode table.
//!
//! Decoding is strict (note R5 of the crate header): a word is an instruction only if every
//! field its class does not use is zero, its register field names X1–X3 where the class needs
//! a register, and its opcode (and operate function) is assigned. The emulator stops with
//! "illegal instruction" on exactly the words [`decode`] rejects, so running into data stops
//! early, and every instruction the disassembler prints reassembles to the same word.

use crate::table::{row, Class, OpInfo, OPERATE};
use crate::word::Word;

/// A decoded instruction: its table row and its fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Instr {
    pub info: &'static OpInfo,
    pub indirect: bool,
    /// Index register (indexing class) or target register (register classes); 0 = none.
    pub x: u8,
    /// The address field: an address, a constant, a shift count or (operate) the function.
    pub addr: u16,
}

impl Instr {
    /// The word this instruction assembles to.
    pub fn encode(&self) -> Word {
        Word::from_fields(self.info.op, self.indirect, self.x, self.addr)
    }
}

/// Decode a word, or `None` if it is not a legal instruction.
pub fn decode(w: Word) -> Option<Instr> {
    let op = w.op();
    let func = if op == OPERATE {
        (w.addr() & 0o77) as u8
    } else {
        0
    };
    let info = row(op, func)?;
    let (i, x, a) = (w.indirect(), w.x(), w.addr());
    let class = info.class;
    if i && !class.allows_indirect() {
        return None;
    }
    if class.names_register() {
        if x == 0 {
            return None;
        }
    } else if x != 0 && !class.indexes() {
        return None;
    }
    let addr_ok = match class {
        Class::Halt | Class::Mem | Class::RegMem | Class::RegImm | Class::RegJump | Class::Imm => {
            true
        }
        Class::Shift | Class::Operate | Class::RegOperate => a & !0o77 == 0,
        Class::Nrm | Class::Io => a == 0,
    };
    addr_ok.then_some(Instr {
        info,
        indirect: i,
        x,
        addr: a,
    })
}

/// Whether the emulator executes `w` (the same rule as [`decode`]).
pub fn is_legal(w: Word) -> bool {
    decode(w).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::lookup;

    fn d(w: u32) -> Option<(&'static str, bool, u8, u16)> {
        decode(Word::new(w)).map(|i| (i.info.mnemonic, i.indirect, i.x, i.addr))
    }

    #[test]
    #[rustfmt::skip]
    fn decode_table() {
        assert_eq!(d(0o00000000), Some(("hlt", false, 0, 0)));
        assert_eq!(d(0o00001234), Some(("hlt", false, 0, 0o1234)));
        assert_eq!(d(0o00400000), None); // hlt with I
        assert_eq!(d(0o10200147), Some(("lda", false, 2, 0o147)));
        assert_eq!(d(0o10700147), Some(("lda", true, 3, 0o147)));
        assert_eq!(d(0o14100010), Some(("ldx", false, 1, 0o10)));
        assert_eq!(d(0o14000010), None); // ldx without a register
        assert_eq!(d(0o14500010), Some(("ldx", true, 1, 0o10)));
        assert_eq!(d(0o16100060), Some(("lxi", false, 1, 48)));
        assert_eq!(d(0o16500060), None); // lxi indirect
        assert_eq!(d(0o57101003), Some(("tix", false, 1, 0o1003)));
        assert_eq!(d(0o57501003), None);
        assert_eq!(d(0o24077777), Some(("lai", false, 0, 0o77777)));
        assert_eq!(d(0o24100001), None); // lai with X
        assert_eq!(d(0o60000004), Some(("lsl", false, 0, 4)));
        assert_eq!(d(0o60000104), None); // shift count above 63
        assert_eq!(d(0o66200000), Some(("nrm", false, 2, 0)));
        assert_eq!(d(0o66000000), None);
        assert_eq!(d(0o70000001), Some(("cla", false, 0, 1)));
        assert_eq!(d(0o70100001), None); // cla with a register
        assert_eq!(d(0o70300012), Some(("tax", false, 3, 0o12)));
        assert_eq!(d(0o70000012), None); // tax without a register
        assert_eq!(d(0o70000015), None); // unassigned function
        assert_eq!(d(0o74000000), Some(("tyo", false, 0, 0)));
        assert_eq!(d(0o74000001), None);
        for op in [0o01, 0o07, 0o26, 0o27, 0o34, 0o37, 0o45, 0o47, 0o67, 0o71, 0o73] {
            assert_eq!(d((op as u32) << 18), None, "{op:o}");
        }
    }

    #[test]
    fn encode_inverts_decode() {
        let i = Instr {
            info: lookup("jmp").unwrap(),
            indirect: true,
            x: 2,
            addr: 0o10,
        };
        assert_eq!(i.encode(), Word::new(0o50600010));
        assert_eq!(decode(i.encode()), Some(i));
    }
}
