//! Disassembly in the assembler's own syntax, with `+label+` names when symbols are known.
//!
//! The output always reassembles to the same word (given the same symbols): words that are
//! not instructions come out as `oct. nnnnnnnn`.

use crate::decode::{decode, Instr};
use crate::table::Class;
use crate::word::{sext15, Word};
use std::collections::BTreeMap;

/// How far past a label an address is still written as `+label++k`.
const MAX_OFFSET: u16 = 0o100;

/// Address labels for disassembly: address -> name (without the plus signs).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Symbols {
    by_addr: BTreeMap<u16, String>,
}

impl Symbols {
    pub fn new() -> Self {
        Self::default()
    }

    /// Add a label; the first name given for an address is kept.
    pub fn insert(&mut self, addr: u16, name: &str) {
        self.by_addr.entry(addr).or_insert_with(|| name.to_string());
    }

    /// The label at exactly `addr`.
    pub fn name(&self, addr: u16) -> Option<&str> {
        self.by_addr.get(&addr).map(String::as_str)
    }

    /// The address of a label (case-insensitive).
    pub fn lookup(&self, name: &str) -> Option<u16> {
        self.by_addr
            .iter()
            .find(|(_, n)| n.eq_ignore_ascii_case(name))
            .map(|(&a, _)| a)
    }

    pub fn is_empty(&self) -> bool {
        self.by_addr.is_empty()
    }

    /// All labels in address order.
    pub fn iter(&self) -> impl Iterator<Item = (u16, &str)> {
        self.by_addr.iter().map(|(&a, n)| (a, n.as_str()))
    }

    /// `+name+`, `+name++k`, or an octal number with a leading 0.
    pub fn address(&self, addr: u16) -> String {
        match self.by_addr.range(..=addr).next_back() {
            Some((&a, n)) if a == addr => format!("+{n}+"),
            Some((&a, n)) if addr - a < MAX_OFFSET => format!("+{n}++{}", addr - a),
            _ => octal(addr as u32),
        }
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
        Class::Mem if i.x == 0 => (syms.address(i.addr), ""),
        Class::Mem | Class::RegMem | Class::RegJump => (syms.address(i.addr), reg.as_str()),
        Class::RegImm if m == "axi" => (sext15(i.addr).to_string(), reg.as_str()),
        // lxi loads counts and addresses: a label only where one sits exactly there.
        Class::RegImm => match syms.name(i.addr) {
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
        assert_eq!(dis(0o10101017), "lda   +fit++15,1");
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
