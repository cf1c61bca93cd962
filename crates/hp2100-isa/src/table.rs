//! The opcode table.

/// How an instruction's operand field is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Memory reference: an address on the base page or the current page, optional `,I`.
    Mrg,
    /// A shift/rotate micro-op, combinable with others of the SRG (`ALF,ALF`, `CLE,ERA`).
    Srg,
    /// An alter/skip micro-op, combinable with others of the ASG (`CMA,INA,SZA,RSS`).
    Asg,
    /// A micro-op valid in both groups (CLE, SLA, SLB): the combination decides the group.
    Either,
    /// I/O group with a select code and an optional `,C` (clear flag).
    Io,
    /// I/O group on a fixed select code (the overflow forms STO/CLO/SOC/SOS), optional `,C`.
    IoFixed,
    /// EAU two-word instruction: the second word is an address, indirect allowed.
    EauMem,
    /// EAU 32-bit shift by 1..16.
    EauShift,
}

/// Classes of execution, as the timing table and the decoder see them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    And,
    Jsb,
    Xor,
    Jmp,
    Ior,
    Isz,
    Add,
    Cpx,
    Ldx,
    Stx,
    Srg,
    Asg,
    Io,
    Mpy,
    Div,
    Dld,
    Dst,
    EauShift,
}

/// What an instruction does to the flow of control, for a debugger's `next` and for tracing
/// (JSB is a [`Flow::Call`]). One type for both machines, defined in `machine_core`.
pub use machine_core::Flow;

/// One row of the opcode table: the bits a mnemonic sets (`value`), which bits it fixes
/// (`mask`; the rest is operand), how its operand is written, and its class.
#[derive(Clone, Copy, Debug)]
pub struct OpInfo {
    pub mnemonic: &'static str,
    pub value: u16,
    pub mask: u16,
    pub kind: Kind,
    pub class: Class,
    pub flow: Flow,
}

const fn op(
    mnemonic: &'static str,
    value: u16,
    mask: u16,
    kind: Kind,
    class: Class,
    flow: Flow,
) -> OpInfo {
    OpInfo {
        mnemonic,
        value,
        mask,
        kind,
        class,
        flow,
    }
}

use Class as C;
use Flow as F;
use Kind as K;

const MRG: u16 = 0o074000;
const SRG1: u16 = 0o005700; // A/B, enable 1, op 1
const IOG: u16 = 0o177700;
const IOGC: u16 = 0o176700; // the ,C bit is an operand

/// The HP 2100A instruction set. Micro-ops of the SRG are listed in their op-1 form; the
/// op-2 form is the same code in bits 2-0 with enable bit 4 (see [`crate::encode_micro`]).
#[rustfmt::skip]
pub static OPCODES: &[OpInfo] = &[
    // Memory reference group.
    op("AND", 0o010000, MRG, K::Mrg, C::And, F::Normal),
    op("JSB", 0o014000, MRG, K::Mrg, C::Jsb, F::Call),
    op("XOR", 0o020000, MRG, K::Mrg, C::Xor, F::Normal),
    op("JMP", 0o024000, MRG, K::Mrg, C::Jmp, F::Jump),
    op("IOR", 0o030000, MRG, K::Mrg, C::Ior, F::Normal),
    op("ISZ", 0o034000, MRG, K::Mrg, C::Isz, F::Skip),
    op("ADA", 0o040000, MRG, K::Mrg, C::Add, F::Normal),
    op("ADB", 0o044000, MRG, K::Mrg, C::Add, F::Normal),
    op("CPA", 0o050000, MRG, K::Mrg, C::Cpx, F::Skip),
    op("CPB", 0o054000, MRG, K::Mrg, C::Cpx, F::Skip),
    op("LDA", 0o060000, MRG, K::Mrg, C::Ldx, F::Normal),
    op("LDB", 0o064000, MRG, K::Mrg, C::Ldx, F::Normal),
    op("STA", 0o070000, MRG, K::Mrg, C::Stx, F::Normal),
    op("STB", 0o074000, MRG, K::Mrg, C::Stx, F::Normal),
    // Shift/rotate group (op-1 form).
    op("ALS", 0o001000, SRG1, K::Srg, C::Srg, F::Normal),
    op("ARS", 0o001100, SRG1, K::Srg, C::Srg, F::Normal),
    op("RAL", 0o001200, SRG1, K::Srg, C::Srg, F::Normal),
    op("RAR", 0o001300, SRG1, K::Srg, C::Srg, F::Normal),
    op("ALR", 0o001400, SRG1, K::Srg, C::Srg, F::Normal),
    op("ERA", 0o001500, SRG1, K::Srg, C::Srg, F::Normal),
    op("ELA", 0o001600, SRG1, K::Srg, C::Srg, F::Normal),
    op("ALF", 0o001700, SRG1, K::Srg, C::Srg, F::Normal),
    op("BLS", 0o005000, SRG1, K::Srg, C::Srg, F::Normal),
    op("BRS", 0o005100, SRG1, K::Srg, C::Srg, F::Normal),
    op("RBL", 0o005200, SRG1, K::Srg, C::Srg, F::Normal),
    op("RBR", 0o005300, SRG1, K::Srg, C::Srg, F::Normal),
    op("BLR", 0o005400, SRG1, K::Srg, C::Srg, F::Normal),
    op("ERB", 0o005500, SRG1, K::Srg, C::Srg, F::Normal),
    op("ELB", 0o005600, SRG1, K::Srg, C::Srg, F::Normal),
    op("BLF", 0o005700, SRG1, K::Srg, C::Srg, F::Normal),
    op("NOP", 0o000000, 0o177777, K::Srg, C::Srg, F::Normal),
    // In both groups: SRG forms shown (ASG: CLE 002100, SLA 002010, SLB 006010).
    op("CLE", 0o000040, 0o000040, K::Either, C::Srg, F::Normal),
    op("SLA", 0o000010, 0o004010, K::Either, C::Srg, F::Skip),
    op("SLB", 0o004010, 0o004010, K::Either, C::Srg, F::Skip),
    // Alter/skip group.
    op("CLA", 0o002400, 0o007400, K::Asg, C::Asg, F::Normal),
    op("CMA", 0o003000, 0o007400, K::Asg, C::Asg, F::Normal),
    op("CCA", 0o003400, 0o007400, K::Asg, C::Asg, F::Normal),
    op("CLB", 0o006400, 0o007400, K::Asg, C::Asg, F::Normal),
    op("CMB", 0o007000, 0o007400, K::Asg, C::Asg, F::Normal),
    op("CCB", 0o007400, 0o007400, K::Asg, C::Asg, F::Normal),
    op("CME", 0o002200, 0o002300, K::Asg, C::Asg, F::Normal),
    op("CCE", 0o002300, 0o002300, K::Asg, C::Asg, F::Normal),
    op("SEZ", 0o002040, 0o002040, K::Asg, C::Asg, F::Skip),
    op("SSA", 0o002020, 0o006020, K::Asg, C::Asg, F::Skip),
    op("SSB", 0o006020, 0o006020, K::Asg, C::Asg, F::Skip),
    op("INA", 0o002004, 0o006004, K::Asg, C::Asg, F::Normal),
    op("INB", 0o006004, 0o006004, K::Asg, C::Asg, F::Normal),
    op("SZA", 0o002002, 0o006002, K::Asg, C::Asg, F::Skip),
    op("SZB", 0o006002, 0o006002, K::Asg, C::Asg, F::Skip),
    op("RSS", 0o002001, 0o002001, K::Asg, C::Asg, F::Skip),
    // I/O group.
    op("HLT", 0o102000, IOGC, K::Io, C::Io, F::Halt),
    op("STF", 0o102100, IOG, K::Io, C::Io, F::Normal),
    op("CLF", 0o103100, IOG, K::Io, C::Io, F::Normal),
    op("SFC", 0o102200, IOGC, K::Io, C::Io, F::Skip),
    op("SFS", 0o102300, IOGC, K::Io, C::Io, F::Skip),
    op("MIA", 0o102400, IOGC, K::Io, C::Io, F::Normal),
    op("MIB", 0o106400, IOGC, K::Io, C::Io, F::Normal),
    op("LIA", 0o102500, IOGC, K::Io, C::Io, F::Normal),
    op("LIB", 0o106500, IOGC, K::Io, C::Io, F::Normal),
    op("OTA", 0o102600, IOGC, K::Io, C::Io, F::Normal),
    op("OTB", 0o106600, IOGC, K::Io, C::Io, F::Normal),
    op("STC", 0o102700, IOGC, K::Io, C::Io, F::Normal),
    op("CLC", 0o106700, IOGC, K::Io, C::Io, F::Normal),
    op("STO", 0o102101, 0o177777, K::IoFixed, C::Io, F::Normal),
    op("CLO", 0o103101, 0o177777, K::IoFixed, C::Io, F::Normal),
    op("SOC", 0o102201, 0o176777, K::IoFixed, C::Io, F::Skip),
    op("SOS", 0o102301, 0o176777, K::IoFixed, C::Io, F::Skip),
    // Extended arithmetic unit (standard on the 2100A).
    op("MPY", 0o100200, 0o177777, K::EauMem, C::Mpy, F::Normal),
    op("DIV", 0o100400, 0o177777, K::EauMem, C::Div, F::Normal),
    op("DLD", 0o104200, 0o177777, K::EauMem, C::Dld, F::Normal),
    op("DST", 0o104400, 0o177777, K::EauMem, C::Dst, F::Normal),
    op("ASL", 0o100020, 0o177760, K::EauShift, C::EauShift, F::Normal),
    op("ASR", 0o101020, 0o177760, K::EauShift, C::EauShift, F::Normal),
    op("LSL", 0o100040, 0o177760, K::EauShift, C::EauShift, F::Normal),
    op("LSR", 0o101040, 0o177760, K::EauShift, C::EauShift, F::Normal),
    op("RRL", 0o100100, 0o177760, K::EauShift, C::EauShift, F::Normal),
    op("RRR", 0o101100, 0o177760, K::EauShift, C::EauShift, F::Normal),
];

/// The table row of a mnemonic (upper case).
pub fn lookup(mnemonic: &str) -> Option<&'static OpInfo> {
    OPCODES.iter().find(|o| o.mnemonic == mnemonic)
}
