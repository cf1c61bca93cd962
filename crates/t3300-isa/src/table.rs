//! The one T3300-R opcode table: mnemonic, code, operand class, memory cycles and control flow.
//!
//! The decoder, the disassembler, the assembler, the emulator's cycle counts and the
//! debugger's "step over" all read this table, so replacing the reconstructed instruction set
//! (spec §4.10, step 1–2) means editing this file. Source: `docs/t3300.md` §4.4 of the
//! project (all entries are reconstruction [R]; none is documented for the real machine).
//!
//! Cycles count 2.0 µs memory cycles, the fetch included (§4.5). Extra costs outside the
//! table: one cycle per indirect level, ⌈s/8⌉ per shift of s places, and the device time of
//! `tyo tyi rpt ppt` (all in [`crate::timing`]).

/// How the operand of an instruction is written and what its fields mean.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// `hlt [code]`: the address field is a code shown on the console; I and X are 0.
    Halt,
    /// `op[*] addr[,n]`: memory reference with indexing and indirection.
    Mem,
    /// `ldx[*] addr,n` / `stx[*] addr,n`: X names the register; indirection allowed.
    RegMem,
    /// `lxi value,n` / `axi value,n`: 15-bit immediate into or onto register n.
    RegImm,
    /// `tix addr,n`: count register n down and jump; never indirect.
    RegJump,
    /// `lai value` / `aai value`: sign-extended 15-bit immediate.
    Imm,
    /// `lsl s` …: shift count in address<5:0>, the other address bits 0.
    Shift,
    /// `nrm ,n`: normalise, shift count to register n; address 0.
    Nrm,
    /// Operate group (opcode 70): no operand; the function is in address<5:0>.
    Operate,
    /// Operate group with a register: `tax ,n` / `txa ,n`.
    RegOperate,
    /// Typewriter and paper tape: no operand.
    Io,
}

impl Class {
    /// The I bit may be set.
    pub const fn allows_indirect(self) -> bool {
        matches!(self, Class::Mem | Class::RegMem)
    }

    /// The X field names a register (and must be 1–3) instead of indexing.
    pub const fn names_register(self) -> bool {
        matches!(
            self,
            Class::RegMem | Class::RegImm | Class::RegJump | Class::Nrm | Class::RegOperate
        )
    }

    /// The X field indexes the address (0 = no indexing).
    pub const fn indexes(self) -> bool {
        matches!(self, Class::Mem)
    }

    /// The instruction has an effective address (it reads, writes or jumps to memory).
    pub const fn has_ea(self) -> bool {
        matches!(self, Class::Mem | Class::RegMem | Class::RegJump)
    }
}

/// Control flow, for the debugger's "step over" (`jsr` is a [`Flow::Call`]) and for traces.
/// One type for both machines, defined in `machine_core`.
pub use machine_core::Flow;

/// One row of the opcode table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpInfo {
    /// Lower-case mnemonic, as the listings print it.
    pub mnemonic: &'static str,
    /// Bits 23–18.
    pub op: u8,
    /// Operate group only: the function in address<5:0>; 0 elsewhere.
    pub func: u8,
    pub class: Class,
    /// Memory cycles, fetch included, before indirect, shift and device extras.
    pub cycles: u8,
    pub flow: Flow,
    /// What it does, in the notation of the spec.
    pub summary: &'static str,
}

/// The operate-group opcode.
pub const OPERATE: u8 = 0o70;

macro_rules! ops {
    ($( $m:literal $op:literal $func:literal $class:ident $cyc:literal $flow:ident $sum:literal ;)*) => {
        /// The instruction set, in opcode order.
        pub const OPS: &[OpInfo] = &[ $( OpInfo {
            mnemonic: $m, op: $op, func: $func, class: Class::$class, cycles: $cyc,
            flow: Flow::$flow, summary: $sum,
        }, )* ];
    };
}

#[rustfmt::skip]
ops! {
//  mnem   op    func class       cyc flow    summary
    "hlt"  0o00  0  Halt          1  Halt    "halt; the address field is shown on the console";
    "lda"  0o10  0  Mem           2  Normal  "A <- M[ea]";
    "ldq"  0o11  0  Mem           2  Normal  "Q <- M[ea]";
    "sta"  0o12  0  Mem           2  Normal  "M[ea] <- A";
    "stq"  0o13  0  Mem           2  Normal  "M[ea] <- Q";
    "ldx"  0o14  0  RegMem        2  Normal  "Xn <- M[ea]<14:0>";
    "stx"  0o15  0  RegMem        2  Normal  "M[ea] <- Xn";
    "lxi"  0o16  0  RegImm        1  Normal  "Xn <- address";
    "axi"  0o17  0  RegImm        1  Normal  "Xn <- (Xn + address) mod 2^15";
    "add"  0o20  0  Mem           2  Normal  "A <- A + M[ea]; OV on overflow";
    "sub"  0o21  0  Mem           2  Normal  "A <- A - M[ea]; OV on overflow";
    "mul"  0o22  0  Mem          10  Normal  "A:Q <- A * M[ea] (48-bit signed)";
    "div"  0o23  0  Mem          12  Normal  "Q <- A:Q / M[ea], A <- remainder; OV on overflow or /0";
    "lai"  0o24  0  Imm           1  Normal  "A <- sign-extended immediate";
    "aai"  0o25  0  Imm           1  Normal  "A <- A + sign-extended immediate; OV on overflow";
    "and"  0o30  0  Mem           2  Normal  "A <- A and M[ea]";
    "ora"  0o31  0  Mem           2  Normal  "A <- A or M[ea]";
    "xor"  0o32  0  Mem           2  Normal  "A <- A xor M[ea]";
    "anc"  0o33  0  Mem           2  Normal  "A <- A and not M[ea]";
    "isz"  0o40  0  Mem           2  Skip    "M[ea] <- M[ea] + 1; skip if zero";
    "ske"  0o41  0  Mem           2  Skip    "skip if A = M[ea]";
    "skg"  0o42  0  Mem           2  Skip    "skip if A > M[ea] (signed)";
    "skt"  0o43  0  Mem           2  Skip    "skip if (A and M[ea]) = 0";
    "skb"  0o44  0  Mem           2  Skip    "skip if (A and M[ea]) != 0";
    "jmp"  0o50  0  Mem           1  Jump    "P <- ea";
    "jsr"  0o51  0  Mem           2  Call    "M[ea] <- P+1; P <- ea+1";
    "jaz"  0o52  0  Mem           1  Jump    "if A = 0, P <- ea";
    "jnz"  0o53  0  Mem           1  Jump    "if A != 0, P <- ea";
    "jam"  0o54  0  Mem           1  Jump    "if A < 0, P <- ea";
    "jpl"  0o55  0  Mem           1  Jump    "if A >= 0, P <- ea";
    "jov"  0o56  0  Mem           1  Jump    "if OV: clear OV, P <- ea";
    "tix"  0o57  0  RegJump       1  Jump    "Xn <- Xn - 1; if Xn != 0, P <- address";
    "lsl"  0o60  0  Shift         1  Normal  "A <- A << s (logical)";
    "lsr"  0o61  0  Shift         1  Normal  "A <- A >> s (logical)";
    "asr"  0o62  0  Shift         1  Normal  "A <- A >> s (arithmetic)";
    "rol"  0o63  0  Shift         1  Normal  "rotate A left by s (mod 24)";
    "lls"  0o64  0  Shift         1  Normal  "A:Q <- A:Q << s (48-bit logical)";
    "lrs"  0o65  0  Shift         1  Normal  "A:Q <- A:Q >> s (48-bit logical)";
    "nrm"  0o66  0  Nrm           1  Normal  "shift A:Q left until A<23> = 1; count to Xn";
    "nop"  0o70  0o00 Operate     1  Normal  "no operation";
    "cla"  0o70  0o01 Operate     1  Normal  "A <- 0";
    "clq"  0o70  0o02 Operate     1  Normal  "Q <- 0";
    "cma"  0o70  0o03 Operate     1  Normal  "A <- not A";
    "nga"  0o70  0o04 Operate     1  Normal  "A <- -A; OV on overflow";
    "ina"  0o70  0o05 Operate     1  Normal  "A <- A + 1; OV on overflow";
    "dca"  0o70  0o06 Operate     1  Normal  "A <- A - 1; OV on overflow";
    "taq"  0o70  0o07 Operate     1  Normal  "Q <- A";
    "tqa"  0o70  0o10 Operate     1  Normal  "A <- Q";
    "xaq"  0o70  0o11 Operate     1  Normal  "swap A and Q";
    "tax"  0o70  0o12 RegOperate  1  Normal  "Xn <- A<14:0>";
    "txa"  0o70  0o13 RegOperate  1  Normal  "A <- Xn";
    "clo"  0o70  0o14 Operate     1  Normal  "OV <- 0";
    "tyo"  0o74  0  Io            1  Normal  "type A<7:0> on the console typewriter";
    "tyi"  0o75  0  Io            1  Normal  "A <- next keyboard character";
    "rpt"  0o76  0  Io            1  Normal  "A <- next paper-tape frame; at end A = -1, OV set";
    "ppt"  0o77  0  Io            1  Normal  "punch A<7:0> on paper tape";
}

/// Opcode constants for the emulator's `match`, checked against [`OPS`] by a test.
pub mod op {
    pub const HLT: u8 = 0o00;
    pub const LDA: u8 = 0o10;
    pub const LDQ: u8 = 0o11;
    pub const STA: u8 = 0o12;
    pub const STQ: u8 = 0o13;
    pub const LDX: u8 = 0o14;
    pub const STX: u8 = 0o15;
    pub const LXI: u8 = 0o16;
    pub const AXI: u8 = 0o17;
    pub const ADD: u8 = 0o20;
    pub const SUB: u8 = 0o21;
    pub const MUL: u8 = 0o22;
    pub const DIV: u8 = 0o23;
    pub const LAI: u8 = 0o24;
    pub const AAI: u8 = 0o25;
    pub const AND: u8 = 0o30;
    pub const ORA: u8 = 0o31;
    pub const XOR: u8 = 0o32;
    pub const ANC: u8 = 0o33;
    pub const ISZ: u8 = 0o40;
    pub const SKE: u8 = 0o41;
    pub const SKG: u8 = 0o42;
    pub const SKT: u8 = 0o43;
    pub const SKB: u8 = 0o44;
    pub const JMP: u8 = 0o50;
    pub const JSR: u8 = 0o51;
    pub const JAZ: u8 = 0o52;
    pub const JNZ: u8 = 0o53;
    pub const JAM: u8 = 0o54;
    pub const JPL: u8 = 0o55;
    pub const JOV: u8 = 0o56;
    pub const TIX: u8 = 0o57;
    pub const LSL: u8 = 0o60;
    pub const LSR: u8 = 0o61;
    pub const ASR: u8 = 0o62;
    pub const ROL: u8 = 0o63;
    pub const LLS: u8 = 0o64;
    pub const LRS: u8 = 0o65;
    pub const NRM: u8 = 0o66;
    pub const OPR: u8 = 0o70;
    pub const TYO: u8 = 0o74;
    pub const TYI: u8 = 0o75;
    pub const RPT: u8 = 0o76;
    pub const PPT: u8 = 0o77;

    /// Operate-group functions (address<5:0> of opcode 70).
    pub mod f {
        pub const NOP: u16 = 0o00;
        pub const CLA: u16 = 0o01;
        pub const CLQ: u16 = 0o02;
        pub const CMA: u16 = 0o03;
        pub const NGA: u16 = 0o04;
        pub const INA: u16 = 0o05;
        pub const DCA: u16 = 0o06;
        pub const TAQ: u16 = 0o07;
        pub const TQA: u16 = 0o10;
        pub const XAQ: u16 = 0o11;
        pub const TAX: u16 = 0o12;
        pub const TXA: u16 = 0o13;
        pub const CLO: u16 = 0o14;
    }
}

/// Base cycles by opcode (0 for unassigned codes), derived from [`OPS`] at compile time so the
/// emulator's hot loop can index an array instead of searching the table.
pub const BASE_CYCLES: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < OPS.len() {
        t[OPS[i].op as usize] = OPS[i].cycles;
        i += 1;
    }
    t
};

/// The table row of a mnemonic (lower or upper case).
pub fn lookup(mnemonic: &str) -> Option<&'static OpInfo> {
    OPS.iter()
        .find(|o| o.mnemonic.eq_ignore_ascii_case(mnemonic))
}

/// No row: an index's empty entry.
const NO_ROW: u8 = u8::MAX;

/// [`OPS`]'s rows by opcode (outside the operate group) and by function (in it), made when
/// compiled: every instruction the machine runs is decoded, often several times.
const INDEX: ([u8; 64], [u8; 64]) = {
    assert!(OPS.len() < NO_ROW as usize);
    let (mut by_op, mut by_func) = ([NO_ROW; 64], [NO_ROW; 64]);
    let mut i = 0;
    while i < OPS.len() {
        let o = &OPS[i];
        if o.op == OPERATE {
            by_func[o.func as usize] = i as u8;
        } else {
            by_op[o.op as usize] = i as u8;
        }
        i += 1;
    }
    (by_op, by_func)
};

/// The table row for an opcode and, in the operate group, a function.
pub fn row(op: u8, func: u8) -> Option<&'static OpInfo> {
    let (by_op, by_func) = &INDEX;
    let i = if op == OPERATE {
        *by_func.get(usize::from(func))?
    } else {
        *by_op.get(usize::from(op))?
    };
    OPS.get(usize::from(i))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mnemonics_are_unique_and_lower_case() {
        for (i, a) in OPS.iter().enumerate() {
            assert_eq!(a.mnemonic, a.mnemonic.to_ascii_lowercase());
            for b in &OPS[i + 1..] {
                assert_ne!(a.mnemonic, b.mnemonic);
                assert!(
                    a.op != b.op || (a.op == OPERATE && a.func != b.func),
                    "{a:?}"
                );
            }
        }
    }

    #[test]
    fn constants_match_the_table() {
        use op::*;
        let pairs = [
            ("hlt", HLT),
            ("lda", LDA),
            ("ldq", LDQ),
            ("sta", STA),
            ("stq", STQ),
            ("ldx", LDX),
            ("stx", STX),
            ("lxi", LXI),
            ("axi", AXI),
            ("add", ADD),
            ("sub", SUB),
            ("mul", MUL),
            ("div", DIV),
            ("lai", LAI),
            ("aai", AAI),
            ("and", AND),
            ("ora", ORA),
            ("xor", XOR),
            ("anc", ANC),
            ("isz", ISZ),
            ("ske", SKE),
            ("skg", SKG),
            ("skt", SKT),
            ("skb", SKB),
            ("jmp", JMP),
            ("jsr", JSR),
            ("jaz", JAZ),
            ("jnz", JNZ),
            ("jam", JAM),
            ("jpl", JPL),
            ("jov", JOV),
            ("tix", TIX),
            ("lsl", LSL),
            ("lsr", LSR),
            ("asr", ASR),
            ("rol", ROL),
            ("lls", LLS),
            ("lrs", LRS),
            ("nrm", NRM),
            ("nop", OPR),
            ("tyo", TYO),
            ("tyi", TYI),
            ("rpt", RPT),
            ("ppt", PPT),
        ];
        for (m, code) in pairs {
            assert_eq!(lookup(m).map(|o| o.op), Some(code), "{m}");
        }
        let funcs = [
            ("nop", f::NOP),
            ("cla", f::CLA),
            ("clq", f::CLQ),
            ("cma", f::CMA),
            ("nga", f::NGA),
            ("ina", f::INA),
            ("dca", f::DCA),
            ("taq", f::TAQ),
            ("tqa", f::TQA),
            ("xaq", f::XAQ),
            ("tax", f::TAX),
            ("txa", f::TXA),
            ("clo", f::CLO),
        ];
        for (m, func) in funcs {
            assert_eq!(
                lookup(m).map(|o| (o.op, o.func as u16)),
                Some((OPR, func)),
                "{m}"
            );
        }
        let operate = OPS.iter().filter(|o| o.op == OPERATE).count();
        assert_eq!(operate, funcs.len());
        assert_eq!(OPS.len(), pairs.len() + funcs.len() - 1);
    }

    #[test]
    fn spec_cycle_counts() {
        let c = |m: &str| lookup(m).map(|o| o.cycles);
        assert_eq!(c("hlt"), Some(1));
        assert_eq!(c("lda"), Some(2));
        assert_eq!(c("mul"), Some(10));
        assert_eq!(c("div"), Some(12));
        assert_eq!(c("jmp"), Some(1));
        assert_eq!(c("jsr"), Some(2));
        assert_eq!(BASE_CYCLES[0o22], 10);
        assert_eq!(BASE_CYCLES[0o01], 0);
        assert_eq!(lookup("LDA").map(|o| o.op), Some(0o10));
        assert_eq!(row(0o70, 0o13).map(|o| o.mnemonic), Some("txa"));
        assert_eq!(row(0o70, 0o15), None);
        assert_eq!(row(0o01, 0), None);
        assert_eq!(row(0o100, 0), None);
        assert_eq!(row(OPERATE, 0o100), None);
        // The index gives what a search of the table gives, for every opcode and function.
        for op in 0..=0o77 {
            for func in 0..=0o77 {
                let found = OPS
                    .iter()
                    .find(|o| o.op == op && (op != OPERATE || o.func == func));
                assert_eq!(row(op, func).map(|o| o.mnemonic), found.map(|o| o.mnemonic));
            }
        }
    }
}
