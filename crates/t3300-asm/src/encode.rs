//! Encoding one instruction through the opcode table (`t3300_isa`), checking its operand
//! against its class: indirection, the register, and the range of the address field
//! (spec §4.7 and §6; refinement A6).

use crate::diag::{range, Diagnostic};
use crate::parse::Expr;
use t3300_isa::{Class, Word, ADDR_MASK};

/// Encode an instruction, checking its operand against its class (spec §4.7, §6).
pub(crate) fn encode(
    info: &t3300_isa::OpInfo,
    indirect: bool,
    op_col: usize,
    addr: Option<&Expr>,
    reg: Option<&Expr>,
    ev: &dyn Fn(&Expr) -> Result<i64, Diagnostic>,
    line: usize,
) -> Result<Word, Vec<Diagnostic>> {
    let m = info.mnemonic;
    let class = info.class;
    let mut errs = Vec::new();
    if indirect && !class.allows_indirect() {
        errs.push(Diagnostic::new(
            line,
            op_col,
            format!("{m} cannot be indirect (no *)"),
        ));
    }
    let mut x = 0u8;
    match (reg, class.names_register() || class.indexes()) {
        (Some(r), true) => match ev(r) {
            Ok(v @ 1..=3) => x = v as u8,
            Ok(v) => errs.push(Diagnostic::new(
                line,
                r.col,
                format!("register {v}: must be 1, 2 or 3"),
            )),
            Err(d) => errs.push(d),
        },
        (Some(r), false) => errs.push(Diagnostic::new(
            line,
            r.col,
            format!("{m} takes no register"),
        )),
        (None, _) if class.names_register() => errs.push(Diagnostic::new(
            line,
            op_col,
            format!("{m} needs a register, written ,1 ,2 or ,3"),
        )),
        (None, _) => {}
    }
    let field = |lo: i64, hi: i64, what: &str, errs: &mut Vec<Diagnostic>| -> u16 {
        match addr {
            None => {
                errs.push(Diagnostic::new(line, op_col, format!("{m} needs {what}")));
                0
            }
            Some(e) => match ev(e) {
                Ok(v) if (lo..=hi).contains(&v) => (v as u16) & ADDR_MASK,
                Ok(v) => {
                    errs.push(range(line, e.col, v, what, lo, hi));
                    0
                }
                Err(d) => {
                    errs.push(d);
                    0
                }
            },
        }
    };
    let max = ADDR_MASK as i64;
    let a = match class {
        Class::Halt if addr.is_none() => 0,
        Class::Halt => field(0, max, "a halt code", &mut errs),
        Class::Mem | Class::RegMem | Class::RegJump => field(0, max, "an address", &mut errs),
        Class::RegImm if m == "axi" => field(-max - 1, max, "an increment", &mut errs),
        Class::RegImm => field(0, max, "a value", &mut errs),
        Class::Imm => field(
            -(1 << 14),
            (1 << 14) - 1,
            "a signed 15-bit value",
            &mut errs,
        ),
        Class::Shift => field(0, 63, "a shift count", &mut errs),
        Class::Nrm | Class::RegOperate | Class::Operate | Class::Io => {
            if let Some(e) = addr {
                let only = if class.names_register() {
                    " but its register (,n)"
                } else {
                    ""
                };
                errs.push(Diagnostic::new(
                    line,
                    e.col,
                    format!("{m} takes no operand{only}"),
                ));
            }
            info.func as u16
        }
    };
    if errs.is_empty() {
        Ok(Word::from_fields(info.op, indirect, x, a))
    } else {
        Err(errs)
    }
}
