//! Every 16-bit word through the one opcode table's four readers: the decoder, the
//! disassembler, the assembler and the emulator's timing must agree on each.

use hp2100::timing::INDIRECT;
use hp2100::{Config, Machine, Stop};
use hp2100_asm::assemble_words;
use hp2100_isa::{decode, disassemble, flow, micro_rows, row, Class, Flow, Instr};

/// Where each word is placed, and the address word that follows it (a direct pointer).
const AT: u16 = 0o4100;
const NEXT: u16 = 0o000200;

/// Levels of indirection the CPU follows from `ea` (at most 16, the default limit).
fn levels(m: &Machine, mut ea: u16) -> u32 {
    let mut n = 0;
    loop {
        let w = m.peek(ea);
        n += 1;
        if w & 0o100000 == 0 || n >= 16 {
            return n;
        }
        ea = w & 0o77777;
    }
}

/// The cycles the table gives for `w` at [`AT`] in machine `m`, indirection included.
fn table_cycles(m: &Machine, w: u16) -> u32 {
    let i = decode(w);
    let extra = match i {
        Instr::Mrg {
            indirect: true,
            current,
            offset,
            ..
        } => levels(m, if current { AT & 0o76000 } else { 0 } | offset) * INDIRECT,
        _ => 0,
    };
    i.cycles() + extra
}

/// The flow of control as the manual describes it, from the bits: JSB calls, JMP jumps, ISZ
/// and CPx skip, an SRG word with SLx or an ASG word with any of SEZ, SSx, SLx, SZx or RSS may
/// skip, SFS and SFC skip, HLT halts.
fn flow_by_bits(i: Instr) -> Flow {
    match i {
        Instr::Mrg { class, .. } => match class {
            Class::Jsb => Flow::Call,
            Class::Jmp => Flow::Jump,
            Class::Isz | Class::Cpx => Flow::Skip,
            _ => Flow::Normal,
        },
        Instr::Srg(w) if w & 0o000010 != 0 => Flow::Skip,
        Instr::Asg(w) if w & 0o000073 != 0 => Flow::Skip,
        Instr::Io {
            class: Class::Hlt, ..
        } => Flow::Halt,
        Instr::Io {
            class: Class::Sfs | Class::Sfc,
            ..
        } => Flow::Skip,
        _ => Flow::Normal,
    }
}

fn check(w: u16) -> Result<(), String> {
    // Decode: the class is the class of the word's row (or the micro-op group's).
    let i = decode(w);
    match (row(w), i) {
        (Some(o), i) if i.class() != Some(o.class) => {
            return Err(format!("decodes as {i:?}, row {}", o.mnemonic))
        }
        (None, Instr::Srg(_) | Instr::Asg(_)) => {
            if micro_rows(w)
                .iter()
                .any(|o| !matches!(o.class, Class::Srg | Class::Asg))
            {
                return Err("a micro-op row outside the groups".into());
            }
        }
        (None, Instr::Mac(_) | Instr::Undefined(_)) | (Some(_), _) => {}
        (None, i) => return Err(format!("{i:?} has no row")),
    }
    if flow(w) != flow_by_bits(i) {
        return Err(format!(
            "flow {:?}, by the bits {:?}",
            flow(w),
            flow_by_bits(i)
        ));
    }

    // Disassemble, then assemble the text back to the same words.
    let d = disassemble(AT, w, NEXT, &|_| None);
    if d.len != i.words() {
        return Err(format!(
            "{:?}: {} words, decoded {}",
            d.text,
            d.len,
            i.words()
        ));
    }
    let src = format!("      ORG {AT:o}B\n      {}\n      END\n", d.text);
    let want = [(AT, w), (AT + 1, NEXT)][..usize::from(d.len)].to_vec();
    match assemble_words("w.asm", &src) {
        Ok(got) if got == want => {}
        Ok(got) => return Err(format!("{:?} assembles to {got:?}", d.text)),
        Err(r) => return Err(format!("{:?}: {r}", d.text)),
    }

    // Timing: the emulator charges what the table says.
    let mut m = Machine::new(Config::default()).unwrap();
    m.poke_core(AT, w);
    m.poke_core(AT + 1, NEXT);
    m.p = AT;
    let want = table_cycles(&m, w);
    match m.step() {
        Ok(()) | Err(Stop::Halt { .. } | Stop::IndirectLoop { .. }) => {}
        Err(Stop::Unimplemented { .. }) if matches!(i, Instr::Undefined(_)) => {}
        Err(s) => return Err(format!("{:?} stops: {s:?}", d.text)),
    }
    if m.cycles != u64::from(want) {
        return Err(format!("{:?}: {} cycles, table {want}", d.text, m.cycles));
    }
    Ok(())
}

#[test]
fn every_word_decodes_disassembles_assembles_and_times_as_the_table_says() {
    let failures: Vec<String> = (0..=u16::MAX)
        .filter_map(|w| check(w).err().map(|e| format!("{w:06o}: {e}")))
        .take(20)
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
