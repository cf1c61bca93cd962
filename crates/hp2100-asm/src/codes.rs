//! HP's error codes. HP's Extended Assembler flags a faulty statement with a two-letter code
//! before its sequence number and text (`extasmb.asm`, the table `CD` and the routine `ERPR`:
//! `ASC 11,OPCSDDILSYNOM OVSOENUN` and `ASC 1,IF`). This assembler gives each of its messages
//! the code HP's would print for that fault, first: `p.asm:2:11: UN: undefined symbol FOO`,
//! then the line and the caret under the faulty field.
//!
//! | code | HP's meaning | our messages |
//! |---|---|---|
//! | OP | illegal opcode | unknown opcode, micro-ops that do not combine, missing opcode |
//! | CS | control statement error | an option that is not A R B L T C N Z, a misplaced `ASMB` |
//! | DD | doubly defined symbol | duplicate symbol, a program symbol also named external |
//! | IL | illegal character or construction | a character where none belongs, a bad modifier (`,I` `,C`), a literal where none may be, a pseudo-op of the other kind of assembly |
//! | SY | symbol error | a label too long, starting with a digit, with an operator in it, missing or not allowed |
//! | NO | no origin | an absolute program's first word before any `ORG` |
//! | M  | operand error | a value out of range or out of reach, a missing operand, a symbol needed in pass 1 and defined later, an expression relocatable in no single way |
//! | OV | numeric overflow | a number that does not fit its word(s) |
//! | SO | symbol table overflow | (this assembler's table does not overflow) |
//! | EN | entry point error | an `ENT` symbol not defined, or absolute |
//! | UN | undefined symbol | undefined symbol |
//! | IF | IFN/IFZ error | nested sections, `XIF` without `IFN`/`IFZ`, a section not closed |
//!
//! Implementation note 1: HP's assembler has no message for a missing `END` or for
//! statements after it (its input simply ends); this assembler reports both without a code.

/// The code for a message (already given first as `XX: `, or found from its wording).
pub(crate) fn code(message: &str) -> Option<&'static str> {
    const CODES: [&str; 12] = [
        "OP", "CS", "DD", "IL", "SY", "NO", "M", "OV", "SO", "EN", "UN", "IF",
    ];
    if let Some((head, _)) = message.split_once(": ") {
        if let Some(c) = CODES.iter().find(|c| **c == head) {
            return Some(c);
        }
    }
    let has = |s: &str| message.contains(s);
    Some(
        if has("opcode")
            || has("micro-op")
            || has("cannot be combined")
            || has("Extended Assembler")
        {
            "OP"
        } else if has("control statement") || has("both given") {
            "CS"
        } else if has("duplicate symbol") || has("is predefined") {
            "DD"
        } else if has("undefined symbol") {
            "UN"
        } else if has("label") || has("program's name") {
            "SY"
        } else if has("no ORG") {
            "NO"
        } else if has("does not fit in 16 bits")
            || has("out of range (-32768")
            || has("octal)")
            || has("floating-point range")
        {
            "OV"
        } else if has("END") && !has("needs") {
            return None;
        } else if has("out of range")
            || has("base page")
            || has("needs")
            || has("must be defined before")
            || has("runs past")
            || has("missing")
            || has("ORR without")
        {
            "M"
        } else {
            "IL"
        },
    )
}

/// The message with its code first.
pub(crate) fn with_code(message: String) -> String {
    match code(&message) {
        Some(c) if !message.starts_with(&format!("{c}: ")) => format!("{c}: {message}"),
        _ => message,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes() {
        assert_eq!(
            with_code("undefined symbol FOO".into()),
            "UN: undefined symbol FOO"
        );
        assert_eq!(
            with_code("EN: entry point X is not defined".into()),
            "EN: entry point X is not defined"
        );
        assert_eq!(code("unknown opcode XYZ"), Some("OP"));
        assert_eq!(code("duplicate symbol START"), Some("DD"));
        assert_eq!(
            code("label TOOLONG is longer than 5 characters"),
            Some("SY")
        );
        assert_eq!(code("missing END"), None);
        assert_eq!(
            code("select code 100B is out of range (0B to 77B)"),
            Some("M")
        );
        assert_eq!(code("70000 is out of range (-32768 to 32767)"), Some("OV"));
        assert_eq!(code("expected I (indirect) after the comma"), Some("IL"));
    }
}
