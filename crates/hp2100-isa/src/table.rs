//! The opcode table, and the indices through which the decoder reads it: like the descriptor
//! tables of SIMH's HP 2100 simulator, each group's rows are found by a field of the word
//! (bits 14-11 for memory references, 11, 9 and 8-6 for I/O, 11-4 for the EAU) instead of a
//! search, so decoding costs one array read.

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

/// What the CPU executes: one class per operation (the A and B forms of an instruction share
/// theirs; the register is bit 11). The decoder hands the CPU a class, the timing comes from
/// the class's rows.
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
    Mpy,
    Div,
    Dld,
    Dst,
    Asl,
    Asr,
    Lsl,
    Lsr,
    Rrl,
    Rrr,
}

/// Number of classes (the length of per-class tables).
pub const CLASSES: usize = Class::Rrr as usize + 1;

impl Class {
    /// The instruction reads its memory operand (so a literal may stand for it).
    pub const fn reads_memory(self) -> bool {
        matches!(
            self,
            Class::And
                | Class::Xor
                | Class::Ior
                | Class::Add
                | Class::Cpx
                | Class::Ldx
                | Class::Mpy
                | Class::Div
        )
    }

    /// How many words from the effective address the class writes: the return address of
    /// JSB, the word ISZ counts, STA/STB's store, DST's two words (the debugger's `back`
    /// saves them).
    pub const fn words_written(self) -> u16 {
        match self {
            Class::Jsb | Class::Isz | Class::Stx => 1,
            Class::Dst => 2,
            _ => 0,
        }
    }
}

/// What an instruction does to the flow of control, for a debugger's `next` and for tracing
/// (JSB is a [`Flow::Call`]). One type for both machines, defined in `machine_core`.
pub use machine_core::Flow;

/// One row of the opcode table: the bits a mnemonic sets (`value`), which bits it fixes
/// (`mask`; the rest is operand), how its operand is written, its class, its flow and the
/// memory cycles it takes.
#[derive(Clone, Copy, Debug)]
pub struct OpInfo {
    pub mnemonic: &'static str,
    pub value: u16,
    pub mask: u16,
    pub kind: Kind,
    pub class: Class,
    pub flow: Flow,
    /// Memory cycles of the execution with direct addressing (see the sources below).
    pub cycles: u8,
}

impl OpInfo {
    /// Words the instruction occupies.
    pub const fn words(&self) -> u16 {
        match self.kind {
            Kind::EauMem => 2,
            _ => 1,
        }
    }

    /// Whether `word` is this row written out (the operand bits aside).
    pub const fn matches(&self, word: u16) -> bool {
        word & self.mask == self.value
    }
}

macro_rules! ops {
    ($( $m:literal $value:literal $mask:tt $kind:ident $class:ident $flow:ident $cyc:literal ;)*) => {
        /// The HP 2100A instruction set. Micro-ops of the SRG are listed in their op-1 form;
        /// the op-2 form is the same code in bits 2-0 with enable bit 4 (see
        /// [`crate::encode_micro`]). The micro-ops that both groups have are in their SRG form
        /// (see [`asg_form`]), and the alter/skip rows are in the order HP's assembler wants
        /// them, which the disassembler follows.
        pub const OPCODES: &[OpInfo] = &[ $( OpInfo {
            mnemonic: $m, value: $value, mask: $mask, kind: Kind::$kind, class: Class::$class,
            flow: Flow::$flow, cycles: $cyc,
        }, )* ];
    };
}

const MRG: u16 = 0o074000;
const SRG1: u16 = 0o005700; // A/B, enable 1, op 1
const IOG: u16 = 0o177700;
const IOGC: u16 = 0o176700; // the ,C bit is an operand
const ALL: u16 = 0o177777;
const ALLC: u16 = 0o176777;
const SHIFT: u16 = 0o177760;
const CLX: u16 = 0o007400;
const CXE: u16 = 0o002300;

// Cycles: one memory cycle is 980 ns. No per-instruction timing table of the 2100A (the
// appendix of 02100-90001) could be found; the figures come from three kinds of source,
// tagged as in the project's `docs/hp2100a.md` §2:
//
// * [HP-SW] derived from constants in HP's own software. The diagnostic configurator
//   (24296-60001) times 1 ms with 252 passes of `INB,SZB` / `JMP *-1` on a 2100, and HP's TV
//   interface diagnostic (91200-18003) times 44 ms with 8975 passes of `ISZ` / `JMP *-1`.
//   The only plausible integer solution is ASG = 2, JMP = 2, ISZ = 3 cycles.
// * [RECALL] remembered figures, unverified (the other memory references, MPY, DIV, DLD,
//   DST).
// * [ASSUMED] chosen for consistency where nothing is known (SRG like the ASG, IOG, EAU
//   shifts).
//
// Extras outside the rows: one cycle per level of indirect addressing, count / 5 cycles of an
// EAU shift, and the user-microcode no-operation ([`Instr::cycles`](crate::Instr::cycles)).
#[rustfmt::skip]
ops! {
//  mnemonic value     mask  kind      class flow   cycles
    // Memory reference group [RECALL: fetch + operand], JMP and ISZ [HP-SW].
    "AND" 0o010000 MRG  Mrg       And   Normal  2;
    "JSB" 0o014000 MRG  Mrg       Jsb   Call    2;
    "XOR" 0o020000 MRG  Mrg       Xor   Normal  2;
    "JMP" 0o024000 MRG  Mrg       Jmp   Jump    2;
    "IOR" 0o030000 MRG  Mrg       Ior   Normal  2;
    "ISZ" 0o034000 MRG  Mrg       Isz   Skip    3;
    "ADA" 0o040000 MRG  Mrg       Add   Normal  2;
    "ADB" 0o044000 MRG  Mrg       Add   Normal  2;
    "CPA" 0o050000 MRG  Mrg       Cpx   Skip    2;
    "CPB" 0o054000 MRG  Mrg       Cpx   Skip    2;
    "LDA" 0o060000 MRG  Mrg       Ldx   Normal  2;
    "LDB" 0o064000 MRG  Mrg       Ldx   Normal  2;
    "STA" 0o070000 MRG  Mrg       Stx   Normal  2;
    "STB" 0o074000 MRG  Mrg       Stx   Normal  2;
    // Shift/rotate group (op-1 form) [ASSUMED: as the ASG].
    "ALS" 0o001000 SRG1 Srg       Srg   Normal  2;
    "ARS" 0o001100 SRG1 Srg       Srg   Normal  2;
    "RAL" 0o001200 SRG1 Srg       Srg   Normal  2;
    "RAR" 0o001300 SRG1 Srg       Srg   Normal  2;
    "ALR" 0o001400 SRG1 Srg       Srg   Normal  2;
    "ERA" 0o001500 SRG1 Srg       Srg   Normal  2;
    "ELA" 0o001600 SRG1 Srg       Srg   Normal  2;
    "ALF" 0o001700 SRG1 Srg       Srg   Normal  2;
    "BLS" 0o005000 SRG1 Srg       Srg   Normal  2;
    "BRS" 0o005100 SRG1 Srg       Srg   Normal  2;
    "RBL" 0o005200 SRG1 Srg       Srg   Normal  2;
    "RBR" 0o005300 SRG1 Srg       Srg   Normal  2;
    "BLR" 0o005400 SRG1 Srg       Srg   Normal  2;
    "ERB" 0o005500 SRG1 Srg       Srg   Normal  2;
    "ELB" 0o005600 SRG1 Srg       Srg   Normal  2;
    "BLF" 0o005700 SRG1 Srg       Srg   Normal  2;
    "NOP" 0o000000 ALL  Srg       Srg   Normal  2;
    // Alter/skip group [HP-SW], in HP's order; CLE, SLA and SLB are in both groups.
    "CLA" 0o002400 CLX  Asg       Asg   Normal  2;
    "CMA" 0o003000 CLX  Asg       Asg   Normal  2;
    "CCA" 0o003400 CLX  Asg       Asg   Normal  2;
    "CLB" 0o006400 CLX  Asg       Asg   Normal  2;
    "CMB" 0o007000 CLX  Asg       Asg   Normal  2;
    "CCB" 0o007400 CLX  Asg       Asg   Normal  2;
    "SEZ" 0o002040 0o002040 Asg   Asg   Skip    2;
    "CLE" 0o000040 0o000040 Either Srg  Normal  2;
    "CME" 0o002200 CXE  Asg       Asg   Normal  2;
    "CCE" 0o002300 CXE  Asg       Asg   Normal  2;
    "SSA" 0o002020 0o006020 Asg   Asg   Skip    2;
    "SSB" 0o006020 0o006020 Asg   Asg   Skip    2;
    "SLA" 0o000010 0o004010 Either Srg  Skip    2;
    "SLB" 0o004010 0o004010 Either Srg  Skip    2;
    "INA" 0o002004 0o006004 Asg   Asg   Normal  2;
    "INB" 0o006004 0o006004 Asg   Asg   Normal  2;
    "SZA" 0o002002 0o006002 Asg   Asg   Skip    2;
    "SZB" 0o006002 0o006002 Asg   Asg   Skip    2;
    "RSS" 0o002001 0o002001 Asg   Asg   Skip    2;
    // I/O group [ASSUMED]; the overflow forms on select code 1 first, for the disassembler.
    "STO" 0o102101 ALL  IoFixed   Stf   Normal  2;
    "CLO" 0o103101 ALL  IoFixed   Clf   Normal  2;
    "SOC" 0o102201 ALLC IoFixed   Sfc   Skip    2;
    "SOS" 0o102301 ALLC IoFixed   Sfs   Skip    2;
    "HLT" 0o102000 IOGC Io        Hlt   Halt    2;
    "STF" 0o102100 IOG  Io        Stf   Normal  2;
    "CLF" 0o103100 IOG  Io        Clf   Normal  2;
    "SFC" 0o102200 IOGC Io        Sfc   Skip    2;
    "SFS" 0o102300 IOGC Io        Sfs   Skip    2;
    "MIA" 0o102400 IOGC Io        Mi    Normal  2;
    "MIB" 0o106400 IOGC Io        Mi    Normal  2;
    "LIA" 0o102500 IOGC Io        Li    Normal  2;
    "LIB" 0o106500 IOGC Io        Li    Normal  2;
    "OTA" 0o102600 IOGC Io        Ot    Normal  2;
    "OTB" 0o106600 IOGC Io        Ot    Normal  2;
    "STC" 0o102700 IOGC Io        Stc   Normal  2;
    "CLC" 0o106700 IOGC Io        Clc   Normal  2;
    // Extended arithmetic unit (standard on the 2100A) [RECALL]; shifts [ASSUMED].
    "MPY" 0o100200 ALL  EauMem    Mpy   Normal 11;
    "DIV" 0o100400 ALL  EauMem    Div   Normal 17;
    "DLD" 0o104200 ALL  EauMem    Dld   Normal  6;
    "DST" 0o104400 ALL  EauMem    Dst   Normal  6;
    "ASL" 0o100020 SHIFT EauShift Asl   Normal  2;
    "ASR" 0o101020 SHIFT EauShift Asr   Normal  2;
    "LSL" 0o100040 SHIFT EauShift Lsl   Normal  2;
    "LSR" 0o101040 SHIFT EauShift Lsr   Normal  2;
    "RRL" 0o100100 SHIFT EauShift Rrl   Normal  2;
    "RRR" 0o101100 SHIFT EauShift Rrr   Normal  2;
}

/// Cycles of an EAU shift: the row's figure plus count / 5, so 2-5 cycles (about 2-5 µs) for
/// counts 1-16 [ASSUMED: the facts give only "about 2-5 µs"].
pub const fn eau_shift_cycles(class: Class, count: u32) -> u32 {
    class_cycles(class) + count / 5
}

/// Codes of the user-microcode space execute as no-operations, charged as a register
/// reference instruction [ASSUMED].
pub const MAC_NOP_CYCLES: u32 = 2;

/// The row of a mnemonic (upper case).
pub fn lookup(mnemonic: &str) -> Option<&'static OpInfo> {
    OPCODES.iter().find(|o| o.mnemonic == mnemonic)
}

/// The alter/skip form (value, mask) of a micro-op row: CLE is bits 7-6 = 01 there, SLA and
/// SLB keep their bit; alter/skip rows are their own form.
pub const fn asg_form(o: &OpInfo) -> (u16, u16) {
    match o.kind {
        Kind::Either if o.value & 0o40 != 0 => (0o002100, CXE),
        Kind::Either => (o.value | 0o002000, o.mask | 0o002000),
        _ => (o.value, o.mask),
    }
}

// ----- indices into the table, built at compile time (the decoder's lookups) -----

/// No row: an index entry that names nothing.
const NONE: u8 = u8::MAX;

/// The first row in `kinds` that `w` writes out, or [`NONE`].
const fn find(w: u16, a: Kind, b: Kind) -> u8 {
    let mut i = 0;
    while i < OPCODES.len() {
        let o = &OPCODES[i];
        if (o.kind as u8 == a as u8 || o.kind as u8 == b as u8) && o.matches(w) {
            return i as u8;
        }
        i += 1;
    }
    NONE
}

/// Memory-reference rows by bits 14-11 (entries 0 and 1 are the other groups).
const MRG_INDEX: [u8; 16] = {
    let mut t = [NONE; 16];
    let mut k = 2;
    while k < 16 {
        t[k] = find((k as u16) << 11, Kind::Mrg, Kind::Mrg);
        k += 1;
    }
    t
};

/// I/O rows by bit 11, bit 9 and bits 8-6. Bit 11 is ignored by the operations that have no
/// B form (HLT, STF, CLF, SFC, SFS), as by the hardware.
const IOG_INDEX: [u8; 32] = {
    let mut t = [NONE; 32];
    let mut k = 0;
    while k < 32 {
        let k16 = k as u16;
        let w = 0o102000 | (k16 & 0o20) << 7 | (k16 & 0o10) << 6 | (k16 & 7) << 6;
        let mut r = find(w, Kind::Io, Kind::Io);
        if r == NONE {
            r = find(w & !0o004000, Kind::Io, Kind::Io);
        }
        t[k] = r;
        k += 1;
    }
    t
};

/// The bits of an EAU word the 2100A decodes for a row, as SIMH's 2100 decodes them (note
/// in `decode.rs`): MPY leaves bits 3-0 free (100200-100217), DIV, DLD and DST bits 7-0
/// (100400-100777, 104000-104377, 104400-104777); a shift's bits 3-0 are its count.
pub const fn eau_decode_mask(o: &OpInfo) -> u16 {
    match o.class {
        Class::Mpy => 0o177760,
        Class::Div | Class::Dld | Class::Dst => 0o177400,
        _ => o.mask,
    }
}

/// Whether the CPU performs EAU row `o` for `word` (the decoded bits agree).
const fn eau_decodes(o: &OpInfo, word: u16) -> bool {
    let m = eau_decode_mask(o);
    word & m == o.value & m
}

/// EAU rows by bits 11-4 (the rest of an EAU word: bit 15 set, bits 14-12 and 10 clear).
const EAU_INDEX: [u8; 256] = {
    let mut t = [NONE; 256];
    let mut k = 0;
    while k < 256 {
        let w = 0o100000 | ((k as u16) << 4);
        let mut i = 0;
        while i < OPCODES.len() {
            let o = &OPCODES[i];
            if matches!(o.kind, Kind::EauMem | Kind::EauShift) && eau_decodes(o, w) {
                t[k] = i as u8;
                break;
            }
            i += 1;
        }
        k += 1;
    }
    t
};

/// Cycles of each class, from its rows.
const CLASS_CYCLES: [u8; CLASSES] = {
    let mut t = [0; CLASSES];
    let mut i = OPCODES.len();
    while i > 0 {
        i -= 1;
        t[OPCODES[i].class as usize] = OPCODES[i].cycles;
    }
    t
};

const fn at(i: u8) -> Option<&'static OpInfo> {
    if i == NONE {
        None
    } else {
        Some(&OPCODES[i as usize])
    }
}

/// The row of the operation the CPU performs for `word`: a memory reference, an I/O
/// instruction or an EAU instruction. `None` for the micro-op groups (see [`micro_rows`]),
/// the user-microcode space and undefined codes.
#[inline(always)]
pub const fn row(word: u16) -> Option<&'static OpInfo> {
    if word & 0o070000 != 0 {
        return at(MRG_INDEX[((word >> 11) & 0o17) as usize]);
    }
    if word & 0o100000 == 0 {
        return None;
    }
    if word & 0o002000 != 0 {
        let k = ((word >> 7) & 0o20) | ((word >> 6) & 0o10) | ((word >> 6) & 7);
        return at(IOG_INDEX[k as usize]);
    }
    match at(EAU_INDEX[((word >> 4) & 0o377) as usize]) {
        Some(o) if eau_decodes(o, word) => Some(o),
        _ => None,
    }
}

/// The row `word` writes out exactly, as an assembler would: like [`row`], but a bit that the
/// row fixes must have its value (`HLT` with bit 11 set is no instruction of the assembler),
/// and the overflow forms on select code 1 come first.
pub fn exact_row(word: u16) -> Option<&'static OpInfo> {
    if word & 0o102077 == 0o102001 {
        if let Some(o) = OPCODES
            .iter()
            .find(|o| o.kind == Kind::IoFixed && o.matches(word))
        {
            return Some(o);
        }
    }
    row(word).filter(|o| o.matches(word))
}

/// Memory cycles of a class, direct addressing.
#[inline(always)]
pub const fn class_cycles(class: Class) -> u32 {
    CLASS_CYCLES[class as usize] as u32
}

/// The rows a shift/rotate or alter/skip word combines, in the order HP's assembler writes
/// them (shift, CLE, SLx, shift for the SRG). The combination may not be one the assembler
/// would write: [`crate::encode_micro`] tells.
pub fn micro_rows(word: u16) -> Vec<&'static OpInfo> {
    let mut rows = Vec::new();
    if word & 0o170000 != 0 {
        return rows;
    }
    if word & 0o002000 != 0 {
        rows.extend(OPCODES.iter().filter(|o| {
            let (v, m) = asg_form(o);
            matches!(o.kind, Kind::Asg | Kind::Either) && word & m == v
        }));
        return rows;
    }
    if word == 0 {
        rows.extend(lookup("NOP"));
        return rows;
    }
    let reg = word & 0o004000;
    let shift = |code: u16| {
        OPCODES.iter().find(|o| {
            o.kind == Kind::Srg && o.mask == SRG1 && o.value == reg | 0o001000 | code << 6
        })
    };
    if word & 0o001000 != 0 {
        rows.extend(shift((word >> 6) & 7));
    }
    rows.extend(
        OPCODES
            .iter()
            .filter(|o| o.kind == Kind::Either && o.matches(word)),
    );
    if word & 0o000020 != 0 {
        rows.extend(shift(word & 7));
    }
    rows
}

/// What a word does to the flow of control: its row's flow, or for a micro-op word a skip if
/// any of its micro-ops may skip.
pub fn flow(word: u16) -> Flow {
    match row(word) {
        Some(o) => o.flow,
        None => {
            let rows = micro_rows(word);
            if rows.iter().any(|o| o.flow == Flow::Skip) {
                Flow::Skip
            } else {
                Flow::Normal
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_indices_find_what_a_search_of_the_table_finds() {
        let micro = |o: &&OpInfo| matches!(o.kind, Kind::Srg | Kind::Asg | Kind::Either);
        for w in 0..=u16::MAX {
            let searched = OPCODES.iter().filter(|o| !micro(o)).find(|o| o.matches(w));
            assert_eq!(
                exact_row(w).map(|o| o.mnemonic),
                searched.map(|o| o.mnemonic),
                "{w:06o}"
            );
        }
    }

    #[test]
    fn the_rows_of_a_class_agree_on_its_cycles() {
        for o in OPCODES {
            assert_eq!(class_cycles(o.class), u32::from(o.cycles), "{}", o.mnemonic);
        }
    }
}
