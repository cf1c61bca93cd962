//! Disassembly in the assembler's own syntax, with `+label+` names when symbols are known.
//!
//! The output always reassembles to the same word (given the same symbols): words that are
//! not instructions come out as `oct. nnnnnnnn`.
//!
//! Notes:
//!
//! 1. The symbol table is the debugger's ([`machine_core::Symbols`], re-exported here as
//!    [`Symbols`]): one table type for both machines' disassemblers and the debugger.
//! 2. An address up to 077 words past a label is written `+label++k`, `k` in octal with a
//!    leading 0 from 8 on (`+fit++017`), so the assembler (a leading 0 means octal) and the
//!    debugger (numbers in octal) read the same address back.

use crate::decode::{decode, Instr};
use crate::table::Class;
use crate::word::{sext15, Word};

/// The symbol table (note 1).
pub use machine_core::Symbols;

/// How far past a label an address is still written as `+label++k`.
const MAX_OFFSET: u32 = 0o100;

/// `+name+`, `+name++k` (note 2), or an octal number with a leading 0.
pub fn address(syms: &Symbols, addr: u16) -> String {
    let addr = u32::from(addr);
    match syms.label_before(addr) {
        Some((a, n)) if a == addr => format!("+{n}+"),
        Some((a, n)) if addr - a < 8 => format!("+{n}++{}", addr - a),
        Some((a, n)) if addr - a < MAX_OFFSET => format!("+{n}++{}", octal(addr - a)),
        _ => octal(addr),
    }
}

/// An octal literal as the assembler reads it: a leading 0 (just `0` for zero).
pub fn octal(v: u32) -> String {
    if v == 0 {
        "0".to_string()
    } else {
        format!("0{v:o}")
    }
}

/// Disassemble one word.
pub fn disassemble(w: Word, syms: &Symbols) -> String {
    match decode(w) {
        Some(i) => instruction(&i, syms),
        None => format!("oct.  {w}"),
    }
}

fn instruction(i: &Instr, syms: &Symbols) -> String {
    let m = i.info.mnemonic;
    let star = if i.indirect { "*" } else { "" };
    let reg = format!(",{}", i.x);
    let (operand, reg) = match i.info.class {
        Class::Halt if i.addr == 0 => (String::new(), ""),
        Class::Halt => (octal(i.addr as u32), ""),
        Class::Mem if i.x == 0 => (address(syms, i.addr), ""),
        Class::Mem | Class::RegMem | Class::RegJump => (address(syms, i.addr), reg.as_str()),
        Class::RegImm if m == "axi" => (sext15(i.addr).to_string(), reg.as_str()),
        // lxi loads counts and addresses: a label only where one sits exactly there.
        Class::RegImm => match syms.label_at(u32::from(i.addr)) {
            Some(n) => (format!("+{n}+"), reg.as_str()),
            None => (i.addr.to_string(), reg.as_str()),
        },
        Class::Imm => (sext15(i.addr).to_string(), ""),
        Class::Shift => (i.addr.to_string(), ""),
        Class::Nrm | Class::RegOperate => (String::new(), reg.as_str()),
        Class::Operate | Class::Io => (String::new(), ""),
    };
    let head = format!("{m}{star}");
    if operand.is_empty() && reg.is_empty() {
        head
    } else {
        format!("{head:<5} {operand}{reg}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dis(w: u32) -> String {
        let mut s = Symbols::new();
        s.insert(0o1000, "fit");
        s.insert(0o1020, "pl");
        disassemble(Word::new(w), &s)
    }

    #[test]
    fn forms() {
        assert_eq!(dis(0o10101017), "lda   +fit++017,1");
        assert_eq!(dis(0o10101007), "lda   +fit++7,1");
        assert_eq!(dis(0o10101100), "lda   +pl++060,1");
        assert_eq!(dis(0o10101120), "lda   01120,1");
        assert_eq!(dis(0o10101020), "lda   +pl+,1");
        assert_eq!(dis(0o10700007), "lda*  07,3");
        assert_eq!(dis(0o16100060), "lxi   48,1");
        assert_eq!(dis(0o16101020), "lxi   +pl+,1");
        assert_eq!(dis(0o17177777), "axi   -1,1");
        assert_eq!(dis(0o24077777), "lai   -1");
        assert_eq!(dis(0o57101000), "tix   +fit+,1");
        assert_eq!(dis(0o60000004), "lsl   4");
        assert_eq!(dis(0o66200000), "nrm   ,2");
        assert_eq!(dis(0o70000001), "cla");
        assert_eq!(dis(0o70300013), "txa   ,3");
        assert_eq!(dis(0o00000000), "hlt");
        assert_eq!(dis(0o00000017), "hlt   017");
        assert_eq!(dis(0o74000000), "tyo");
        assert_eq!(dis(0o01000000), "oct.  01000000");
        assert_eq!(dis(0o50000000), "jmp   0");
        assert_eq!(dis(0o50000777), "jmp   0777");
    }
}
