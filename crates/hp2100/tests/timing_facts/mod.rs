//! The HP 2100A facts' timing table (`docs/hp2100a.md` of the project's shared material,
//! §2.3 "Proposed timing table for the emulator", provenance in §2.1-2.2), copied as outside
//! data, and the instructions it times, by their encodings. Shared by the machine's test
//! (`crates/hp2100/tests/instruction_times.rs`, which runs each instruction) and the
//! instruction table's (`crates/hp2100-isa/tests/timing.rs`, which decodes each); that
//! module's header gives the sources and their tags.

#![allow(dead_code)] // each test uses part of it

/// One row of the facts' §2.3 table: the class as the facts name it, its memory cycles
/// (980 ns each) with direct addressing, and the source's tag.
pub struct Row {
    pub class: &'static str,
    pub cycles: u64,
    pub tag: &'static str,
}

/// The table, copied from the facts (§2.3); the EAU shifts' row ("≈ 2 cycles + a count-
/// dependent part", ≈ 2-5 µs, "unknown; no source") is [`SHIFT_US`].
pub const MRG: Row = Row {
    class: "AND, XOR, IOR, ADA/B, CPA/B, LDA/B (direct)",
    cycles: 2,
    tag: "[RECALL]",
};
pub const STORE_JSB: Row = Row {
    class: "STA/B, JSB (direct)",
    cycles: 2,
    tag: "[RECALL]",
};
pub const JMP: Row = Row {
    class: "JMP (direct)",
    cycles: 2,
    tag: "[HP-SW] derived",
};
pub const ISZ: Row = Row {
    class: "ISZ (direct)",
    cycles: 3,
    tag: "[HP-SW] derived",
};
/// "Each indirect level: +1" [RECALL].
pub const INDIRECT: u64 = 1;
pub const ASG: Row = Row {
    class: "ASG (any combination)",
    cycles: 2,
    tag: "[HP-SW] derived",
};
pub const SRG: Row = Row {
    class: "SRG (any combination)",
    cycles: 2,
    tag: "assumed equal to ASG",
};
pub const IOG: Row = Row {
    class: "IOG (STF/CLF/SFS/SFC/LIx/MIx/OTx/STC/CLC/HLT)",
    cycles: 2,
    tag: "[RECALL] assumption",
};
pub const MPY: Row = Row {
    class: "MPY",
    cycles: 11,
    tag: "[RECALL] unverified (≈11)",
};
pub const DIV: Row = Row {
    class: "DIV",
    cycles: 17,
    tag: "[RECALL] unverified (≈17)",
};
pub const DLD_DST: Row = Row {
    class: "DLD, DST",
    cycles: 6,
    tag: "[RECALL] unverified (≈6)",
};
/// The EAU shifts: "≈ 2–5 µs", as a range of microseconds.
pub const SHIFT_US: std::ops::RangeInclusive<f64> = 1.9..=5.0;
/// One memory cycle, ns (§2.1: 980 ns).
pub const CYCLE_NS: f64 = 980.0;

/// An instruction the table times: its name, its words (a two-word instruction's address
/// second), its row and the levels of indirection its address goes through.
pub struct Case {
    pub name: String,
    pub words: Vec<u16>,
    pub row: &'static Row,
    pub levels: u64,
}

fn case(name: &str, words: &[u16], row: &'static Row, levels: u64) -> Case {
    Case {
        name: name.to_string(),
        words: words.to_vec(),
        row,
        levels,
    }
}

/// Where the memory references point (the machine's test lays out its core to match):
/// operands at 200 (through 201 one level of indirection, through 202 two), a jump's target
/// at 300 (through 210, 211).
pub const OPERAND: [(u16, u64); 3] = [(0o200, 0), (0o100201, 1), (0o100202, 2)];
pub const TARGET: [(u16, u64); 3] = [(0o300, 0), (0o100210, 1), (0o100211, 2)];

/// Every instruction the table times, memory references direct and indirect, micro-
/// instructions alone and combined, I/O instructions on two select codes.
pub fn instructions() -> Vec<Case> {
    let mut all = Vec::new();
    let mrg: [(&str, u16, &'static Row); 14] = [
        ("AND", 0o010000, &MRG),
        ("XOR", 0o020000, &MRG),
        ("IOR", 0o030000, &MRG),
        ("ADA", 0o040000, &MRG),
        ("ADB", 0o044000, &MRG),
        ("CPA", 0o050000, &MRG),
        ("CPB", 0o054000, &MRG),
        ("LDA", 0o060000, &MRG),
        ("LDB", 0o064000, &MRG),
        ("STA", 0o070000, &STORE_JSB),
        ("STB", 0o074000, &STORE_JSB),
        ("JSB", 0o014000, &STORE_JSB),
        ("JMP", 0o024000, &JMP),
        ("ISZ", 0o034000, &ISZ),
    ];
    for (name, op, row) in mrg {
        let to = if name == "JSB" || name == "JMP" {
            TARGET
        } else {
            OPERAND
        };
        for (address, levels) in to {
            all.push(case(
                &format!("{name} {address:o}"),
                &[op | address],
                row,
                levels,
            ));
        }
    }
    let asg: [(&str, u16); 22] = [
        ("CLA", 0o002400),
        ("CMA", 0o003000),
        ("CCA", 0o003400),
        ("CLB", 0o006400),
        ("CMB", 0o007000),
        ("CCB", 0o007400),
        ("SEZ", 0o002040),
        ("CLE", 0o002100),
        ("CME", 0o002200),
        ("CCE", 0o002300),
        ("SSA", 0o002020),
        ("SSB", 0o006020),
        ("SLA", 0o002010),
        ("SLB", 0o006010),
        ("INA", 0o002004),
        ("INB", 0o006004),
        ("SZA", 0o002002),
        ("SZB", 0o006002),
        ("RSS", 0o002001),
        ("CLA,INA,SZA", 0o002406),
        ("CCB,SEZ,CME,SSB,SLB,INB,SZB,RSS", 0o007677),
        ("CCE,SLA,INA,RSS", 0o002315),
    ];
    all.extend(asg.iter().map(|&(n, w)| case(n, &[w], &ASG, 0)));
    let srg: [(&str, u16); 20] = [
        ("NOP", 0o000000),
        ("ALS", 0o001000),
        ("ARS", 0o001100),
        ("RAL", 0o001200),
        ("RAR", 0o001300),
        ("ALR", 0o001400),
        ("ERA", 0o001500),
        ("ELA", 0o001600),
        ("ALF", 0o001700),
        ("BLS", 0o005000),
        ("BRS", 0o005100),
        ("RBL", 0o005200),
        ("RBR", 0o005300),
        ("BLR", 0o005400),
        ("ERB", 0o005500),
        ("ELB", 0o005600),
        ("BLF", 0o005700),
        ("CLE (SRG)", 0o000040),
        ("ALF,CLE,SLA,ALF", 0o001777),
        ("RBL,CLE,SLB,BLS", 0o005270),
    ];
    all.extend(srg.iter().map(|&(n, w)| case(n, &[w], &SRG, 0)));
    // On select code 1 (the overflow register and the switch register) and on select code
    // 20; skips taken or not.
    let iog: [(&str, u16); 25] = [
        ("STO", 0o102101),
        ("CLO", 0o103101),
        ("SOC", 0o102201),
        ("SOS", 0o102301),
        ("LIA 1", 0o102501),
        ("LIB 1", 0o106501),
        ("MIA 1", 0o102401),
        ("MIB 1", 0o106401),
        ("OTA 1", 0o102601),
        ("OTB 1", 0o106601),
        ("STF 20", 0o102120),
        ("CLF 20", 0o103120),
        ("SFC 20", 0o102220),
        ("SFS 20", 0o102320),
        ("MIA 20", 0o102420),
        ("MIB 20", 0o106420),
        ("LIA 20", 0o102520),
        ("LIB 20", 0o106520),
        ("OTA 20", 0o102620),
        ("OTB 20", 0o106620),
        ("STC 20", 0o102720),
        ("CLC 20", 0o106720),
        ("STC 20,C", 0o103720),
        ("LIA 20,C", 0o103520),
        ("HLT 77", 0o102077),
    ];
    all.extend(iog.iter().map(|&(n, w)| case(n, &[w], &IOG, 0)));
    let eau: [(&str, u16, &'static Row); 4] = [
        ("MPY", 0o100200, &MPY),
        ("DIV", 0o100400, &DIV),
        ("DLD", 0o104200, &DLD_DST),
        ("DST", 0o104400, &DLD_DST),
    ];
    for (name, op, row) in eau {
        for (address, levels) in OPERAND {
            all.push(case(
                &format!("{name} {address:o}"),
                &[op, address],
                row,
                levels,
            ));
        }
    }
    all
}

/// The EAU shifts, each with counts 1-16 ([`SHIFT_US`]).
pub const SHIFTS: [(&str, u16); 6] = [
    ("ASL", 0o100020),
    ("ASR", 0o101020),
    ("LSL", 0o100040),
    ("LSR", 0o101040),
    ("RRL", 0o100100),
    ("RRR", 0o101100),
];
