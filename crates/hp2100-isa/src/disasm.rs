//! The disassembler: words to HP assembler text that assembles back to the same words.

use crate::micro::encode_micro;
use crate::table::{exact_row, micro_rows, row, Kind};

/// The H/C bit of the I/O group: clear the flag afterwards.
const CLEAR_FLAG: u16 = 0o001000;

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

/// The row a word the assembler would not write executes as, named as SIMH's console names
/// it: an I/O instruction without a B form with bit 11 set (`106040`: `HLT 40`), a
/// two-word EAU instruction with bits 3-0 set (`100214`: `MPY`; SIMH shows the other free
/// bits as a number).
fn executed_row(word: u16) -> Option<&'static crate::table::OpInfo> {
    let iog = word & 0o172000 == 0o102000;
    if iog {
        return exact_row(word & !0o004000).filter(|o| matches!(o.kind, Kind::Io | Kind::IoFixed));
    }
    row(word).filter(|o| o.kind == Kind::EauMem && word & 0o177760 == o.value)
}

/// The micro-ops of a shift/rotate or alter/skip word, if the assembler would encode them as
/// exactly `w`; as executed, an alter/skip word or `000000` with none is `NOP` (as SIMH).
fn micro(w: u16, executed: bool) -> Option<String> {
    let parts: Vec<&str> = micro_rows(w).iter().map(|o| o.mnemonic).collect();
    if parts.is_empty() && executed && w & 0o170000 == 0 && (w == 0 || w & 0o002000 != 0) {
        return Some("NOP".into());
    }
    (!parts.is_empty() && (executed || encode_micro(&parts) == Ok(w))).then(|| parts.join(","))
}

/// Disassemble the word at `at` (`next` is the following word, used by two-word
/// instructions). `symbol` names addresses where a listing gives names. The text assembles
/// back to the same word, so a word the assembler cannot write is `OCT` (`lib.rs` note 2).
pub fn disassemble(
    at: u16,
    word: u16,
    next: u16,
    symbol: &dyn Fn(u16) -> Option<String>,
) -> Disassembly {
    disassemble_as(at, word, next, symbol, false)
}

/// Disassemble as the CPU executes the word, for the console and the debugger: as
/// [`disassemble`], except that a current-page reference on page 0 names the base-page
/// word it reaches (`026100` at 100 is `JMP 100B`, as SIMH's console shows it), although
/// the assembler would write that text with the page bit clear; and a shift or alter/skip
/// word shows the micro-operations it performs even where the assembler would not encode
/// them as that word (`000123`: `RAR`; one with none, `002000`, is `NOP`; as SIMH shows them).
pub fn disassemble_executed(
    at: u16,
    word: u16,
    next: u16,
    symbol: &dyn Fn(u16) -> Option<String>,
) -> Disassembly {
    disassemble_as(at, word, next, symbol, true)
}

fn disassemble_as(
    at: u16,
    word: u16,
    next: u16,
    symbol: &dyn Fn(u16) -> Option<String>,
    executed: bool,
) -> Disassembly {
    let one = |text: String| Disassembly { text, len: 1 };
    let found = exact_row(word).or_else(|| executed.then(|| executed_row(word)).flatten());
    let Some(o) = found else {
        if let Some(r) = row(word).filter(|o| o.kind == Kind::EauMem && !executed) {
            // A two-word EAU instruction with free bits set (`decode.rs` note 1): the
            // assembler writes it as its two words. (The console shows the one word, as
            // SIMH's does.)
            debug_assert_eq!(r.words(), 2);
            return Disassembly {
                text: format!("OCT {word:o},{next:o}"),
                len: 2,
            };
        }
        return micro(word, executed)
            .map(one)
            .unwrap_or_else(|| oct_word(word));
    };
    let m = o.mnemonic;
    let clear = word & CLEAR_FLAG != 0 && o.mask & CLEAR_FLAG == 0;
    match o.kind {
        Kind::Mrg => {
            let current = word & 0o002000 != 0;
            if current && at & 0o76000 == 0 && !executed {
                return oct_word(word);
            }
            let page = if current { at & 0o76000 } else { 0 };
            let i = if word & 0o100000 != 0 { ",I" } else { "" };
            one(format!(
                "{m} {}{i}",
                addr_text(page | word & 0o1777, symbol)
            ))
        }
        Kind::Io => {
            let c = if clear { ",C" } else { "" };
            one(format!("{m} {}{c}", octal(word & 0o77)))
        }
        Kind::IoFixed => one(format!("{m}{}", if clear { " C" } else { "" })),
        Kind::EauMem => {
            let ind = if next & 0o100000 != 0 { ",I" } else { "" };
            Disassembly {
                text: format!("{m} {}{ind}", addr_text(next & 0o77777, symbol)),
                len: 2,
            }
        }
        Kind::EauShift => one(format!(
            "{m} {}",
            match word & 0o17 {
                0 => 16,
                n => n,
            }
        )),
        Kind::Srg | Kind::Asg | Kind::Either => micro(word, executed)
            .map(one)
            .unwrap_or_else(|| oct_word(word)),
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
        let executed = |at, w| disassemble_executed(at, w, 0, &|_| None).text;
        assert_eq!(executed(0o100, 0o026100), "JMP 100B");
        assert_eq!(executed(0o100, 0o062010), "LDA 10B");
        assert_eq!(executed(0o4100, 0o062010), "LDA 4010B");
        assert_eq!(executed(0o100, 0o000123), "RAR");
        assert_eq!(executed(0o100, 0o002000), "NOP");
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
