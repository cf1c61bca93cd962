//! The HP 2100A as the debugger sees it: `machine_core::Debuggable` for [`Machine`].
//!
//! Words are 16 bits, addresses 15 bits, numbers octal, as on the 2100A panel. Memory is
//! examined as the CPU sees it: addresses 0 and 1 are the A and B registers, and the loader
//! area reads 0 while it is protected (`docs/hp2100a.md` §1.1). Disassembly and flow classes
//! come from the one opcode table in `hp2100-isa`.
//!
//! | register | bits | shown on every step |
//! |----------|------|---------------------|
//! | A, B     | 16   | yes                 |
//! | P        | 15   |                     |
//! | S        | 16   |                     |
//! | E, O     | 1    | yes                 |
//! | T        | 16   |                     |
//! | ION      | 1    | interrupt system on |
//! | CIR      | 6    |                     |
//!
//! Implementation notes:
//!
//! 1. The effective address follows the indirect chain as the CPU would, through A and B,
//!    stopping after the machine's indirect limit; a pending interrupt, which would run a
//!    trap cell instead, is not foreseen.
//! 2. Snapshots for the debugger's `back` are small: the registers (A B P S E O T, CIR, the
//!    interrupt system and its deferral, the loader switch), time, the memory protect and
//!    power-fail state, and the core words the next instruction can write, known from the
//!    opcode table (`Class::words_written`: JSB, ISZ, STA/STB one word, DST two) at its
//!    effective address. The instruction may be a trap cell's, if an interrupt is pending or
//!    a device event is due, so those cells' instructions are looked at too.
//! 3. When the next instruction can reach the I/O cards (an I/O instruction, an interrupt, a
//!    device event due), the snapshot holds every card's state as well (`Card::save`). A card
//!    that cannot undo what it may do then (the teleprinter about to take a key from the
//!    operator, the punch about to punch a frame) gives no snapshot, and the debugger's
//!    history starts again after that instruction. A character printed stays on the paper.

use crate::io::{MemoryProtect, PowerFail};
use crate::Machine;
use hp2100_isa::{decode, disassemble_executed, Instr};
use machine_core::{Debuggable, Decoded, Flow, Register, Stop, Symbols};
use std::any::Any;

/// The 2100A's numbers and their parsing live with the instruction set.
pub use hp2100_isa::{parse_octal, NUMBERS};

const ADDR_MASK: u16 = 0o77777;
const INDIRECT: u16 = 0o100000;

/// What a word does to the flow of control, from the opcode table.
pub use hp2100_isa::flow;

/// What undoes one instruction (notes 2 and 3).
struct Undo {
    a: u16,
    b: u16,
    p: u16,
    s: u16,
    t: u16,
    e: bool,
    o: bool,
    ion: bool,
    ion_defer: bool,
    cir: u8,
    loader_enabled: bool,
    cycles: u64,
    instructions: u64,
    mp: MemoryProtect,
    pwr: PowerFail,
    /// Core words the instruction may write, with their values before it.
    words: Vec<(u16, u16)>,
    /// The cards' state, when the instruction can reach them.
    cards: Vec<(usize, Box<dyn Any>)>,
}

impl Machine {
    /// The operand address of the instruction at `at`, run from P or from a trap cell
    /// (`trap`: current page is page 0, and an EAU instruction's address word is at P).
    fn operand_address(&self, at: u16, trap: bool) -> Option<u16> {
        match decode(Machine::peek(self, at)) {
            Instr::Mrg {
                indirect,
                current,
                offset,
                ..
            } => {
                let base = if current && !trap { at & 0o76000 } else { 0 };
                self.resolve_quietly(base | offset, indirect)
            }
            Instr::EauMem { .. } => {
                let word_at = if trap { self.p } else { at.wrapping_add(1) };
                let a = Machine::peek(self, word_at & ADDR_MASK);
                self.resolve_quietly(a & ADDR_MASK, a & INDIRECT != 0)
            }
            _ => None,
        }
    }

    /// The core words the instruction at `at` can write, with their values now (note 2).
    fn words_written(&self, at: u16, trap: bool, into: &mut Vec<(u16, u16)>) {
        let n = decode(Machine::peek(self, at))
            .class()
            .map_or(0, |c| c.words_written());
        if n == 0 {
            return;
        }
        if let Some(ea) = self.operand_address(at, trap) {
            for a in (0..n).map(|i| ea.wrapping_add(i) & ADDR_MASK) {
                // A and B are registers, saved as such.
                if a >= 2 {
                    into.push((a, self.peek_core(a)));
                }
            }
        }
    }

    /// Follow an address word's indirect chain as the CPU reads it.
    fn resolve_quietly(&self, mut addr: u16, mut indirect: bool) -> Option<u16> {
        let mut levels = 0;
        while indirect {
            levels += 1;
            if levels > self.indirect_limit {
                return None;
            }
            let w = self.peek(addr);
            indirect = w & INDIRECT != 0;
            addr = w & ADDR_MASK;
        }
        Some(addr)
    }
}

impl Debuggable for Machine {
    fn word_bits(&self) -> u32 {
        16
    }

    fn address_bits(&self) -> u32 {
        15
    }

    fn step(&mut self) -> Result<(), Stop> {
        Machine::step(self)
    }

    fn pc(&self) -> u32 {
        u32::from(self.p)
    }

    fn memory_words(&self) -> u32 {
        Machine::memory_words(self)
    }

    fn peek(&self, addr: u32) -> u32 {
        u32::from(Machine::peek(self, addr as u16 & ADDR_MASK))
    }

    fn poke(&mut self, addr: u32, value: u32) {
        Machine::poke(self, addr as u16 & ADDR_MASK, value as u16);
    }

    fn disassemble(&self, addr: u32, symbols: &Symbols) -> Decoded {
        let at = addr as u16 & ADDR_MASK;
        let w = Machine::peek(self, at);
        let next = Machine::peek(self, (at + 1) & ADDR_MASK);
        let d = disassemble_executed(at, w, next, &|a| {
            symbols.label_at(u32::from(a)).map(str::to_string)
        });
        let words = if d.len == 2 {
            vec![u32::from(w), u32::from(next)]
        } else {
            vec![u32::from(w)]
        };
        Decoded {
            text: d.text,
            words,
            flow: flow(w),
        }
    }

    fn flow(&self, addr: u32) -> Flow {
        flow(Machine::peek(self, addr as u16 & ADDR_MASK))
    }

    fn effective_address(&self) -> Option<u32> {
        self.operand_address(self.p, false).map(u32::from)
    }

    fn registers(&self) -> Vec<Register> {
        let r = |name, value: u64, bits, brief| Register {
            name,
            value,
            bits,
            brief,
        };
        vec![
            r("A", self.a.into(), 16, true),
            r("B", self.b.into(), 16, true),
            r("P", self.p.into(), 15, false),
            r("S", self.s.into(), 16, false),
            r("E", self.e.into(), 1, true),
            r("O", self.o.into(), 1, true),
            r("T", self.t.into(), 16, false),
            r("ION", self.ion.into(), 1, false),
            r("CIR", self.cir.into(), 6, false),
        ]
    }

    fn set_register(&mut self, name: &str, value: u64) -> Result<(), String> {
        let fits = |bits: u32| value < 1 << bits;
        match name.to_ascii_uppercase().as_str() {
            "A" if fits(16) => self.a = value as u16,
            "B" if fits(16) => self.b = value as u16,
            "P" if fits(15) => self.p = value as u16,
            "S" if fits(16) => self.s = value as u16,
            "E" if fits(1) => self.e = value == 1,
            "O" if fits(1) => self.o = value == 1,
            "ION" if fits(1) => self.ion = value == 1,
            "A" | "B" | "P" | "S" | "E" | "O" | "ION" => {
                return Err(format!("{value:o} does not fit in {name}"))
            }
            _ => return Err(format!("{name} cannot be set")),
        }
        Ok(())
    }

    fn cycles(&self) -> u64 {
        self.cycles
    }

    fn seconds(&self) -> f64 {
        Machine::seconds(self)
    }

    fn cycles_for_ns(&self, ns: u64) -> u64 {
        crate::timing::cycles_for_ns(ns)
    }

    fn snapshot(&self) -> Option<Box<dyn Any>> {
        // The instructions that may run next: the one at P, or a trap cell's (note 2).
        let mut traps: Vec<u8> = Vec::new();
        let due = self.cycles >= self.next_event;
        if due {
            traps.extend(self.select_codes());
        }
        if self.intrq != 0 {
            traps.push(self.intrq);
        }
        let mut words = Vec::new();
        self.words_written(self.p, false, &mut words);
        for &sc in &traps {
            self.words_written(u16::from(sc), true, &mut words);
        }
        let is_io = |at: u16| matches!(decode(Machine::peek(self, at)), Instr::Io { .. });
        let cards = if !traps.is_empty() || is_io(self.p) {
            self.save_cards()? // note 3
        } else {
            Vec::new()
        };
        Some(Box::new(Undo {
            a: self.a,
            b: self.b,
            p: self.p,
            s: self.s,
            t: self.t,
            e: self.e,
            o: self.o,
            ion: self.ion,
            ion_defer: self.ion_defer,
            cir: self.cir,
            loader_enabled: self.loader_enabled,
            cycles: self.cycles,
            instructions: self.instructions,
            mp: self.cards.mp,
            pwr: self.cards.pwr,
            words,
            cards,
        }))
    }

    fn restore(&mut self, snapshot: &dyn Any) -> Result<(), String> {
        let u = snapshot
            .downcast_ref::<Undo>()
            .ok_or("not an HP 2100A snapshot")?;
        (self.a, self.b, self.p, self.s, self.t) = (u.a, u.b, u.p, u.s, u.t);
        (self.e, self.o, self.ion, self.ion_defer) = (u.e, u.o, u.ion, u.ion_defer);
        self.cir = u.cir;
        self.set_loader_enabled(u.loader_enabled);
        (self.cycles, self.instructions) = (u.cycles, u.instructions);
        (self.cards.mp, self.cards.pwr) = (u.mp, u.pwr);
        for &(a, w) in u.words.iter().rev() {
            self.poke_core(a, w);
        }
        self.restore_cards(&u.cards);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Config;
    use machine_core::Flow;

    fn machine(words: &[(u16, u16)]) -> Machine {
        let mut m = Machine::new(Config::default()).unwrap();
        for &(a, w) in words {
            m.poke_core(a, w);
        }
        m
    }

    #[test]
    fn flows() {
        assert_eq!(flow(0o014200), Flow::Call); // JSB
        assert_eq!(flow(0o124500), Flow::Jump); // JMP ,I
        assert_eq!(flow(0o034000), Flow::Skip); // ISZ
        assert_eq!(flow(0o002003), Flow::Skip); // SZA,RSS
        assert_eq!(flow(0o000033), Flow::Skip); // SLA,RAR
        assert_eq!(flow(0o001727), Flow::Normal); // ALF,ALF
        assert_eq!(flow(0o102077), Flow::Halt);
        assert_eq!(flow(0o102310), Flow::Skip); // SFS 10
        assert_eq!(flow(0o060100), Flow::Normal);
    }

    #[test]
    fn effective_addresses() {
        // LDA 4010B,I at 4100: 4010 holds 100000+200, 200 holds 300.
        let mut m = machine(&[
            (0o4100, 0o162010),
            (0o4010, 0o100200),
            (0o200, 0o300),
            (0o4101, 0o100200), // MPY 1,I: B holds the operand address
            (0o4102, 0o100001),
        ]);
        m.p = 0o4100;
        assert_eq!(m.effective_address(), Some(0o300));
        m.p = 0o4101;
        m.b = 0o1234;
        assert_eq!(m.effective_address(), Some(0o1234));
        m.p = 0o4102;
        assert_eq!(m.effective_address(), None); // ASL 1
                                                 // A loop of indirect pointers has no effective address.
        let mut m = machine(&[(0o100, 0o160200), (0o200, 0o100200)]);
        m.p = 0o100;
        assert_eq!(m.effective_address(), None);
    }

    #[test]
    fn registers_and_disassembly() {
        let mut m = machine(&[(0o100, 0o100200), (0o101, 0o000123)]);
        let mut x = Symbols::new();
        x.insert(0o123, "X");
        let d = Debuggable::disassemble(&m, 0o100, &x);
        assert_eq!(d.text, "MPY X");
        assert_eq!(d.words, vec![0o100200, 0o123]);
        m.set_register("e", 0).unwrap();
        m.set_register("P", 0o77777).unwrap();
        assert!(m.set_register("P", 0o100000).is_err());
        assert!(m.set_register("T", 1).is_err());
        let regs = m.registers();
        assert_eq!(regs[2].value, 0o77777);
        assert_eq!(regs[4].value, 0);
    }

    /// ```text
    ///       ORG 100B
    /// START LDA X
    ///       JSB DBL
    ///       STA Y
    ///       HLT 77B
    /// DBL   NOP
    /// TWICE ADA A
    ///       JMP DBL,I
    /// X     DEC 21
    /// Y     NOP
    ///       END START
    /// ```
    #[rustfmt::skip]
    const PROGRAM: &[(u16, u16)] = &[
        (0o100, 0o060107), (0o101, 0o014104), (0o102, 0o070110), (0o103, 0o102077),
        (0o104, 0o000000), (0o105, 0o040000), (0o106, 0o124104), (0o107, 0o000025),
        (0o110, 0o000000),
    ];

    fn debugger() -> machine_core::Debugger<Machine> {
        let mut m = machine(PROGRAM);
        m.p = 0o100;
        let mut d = machine_core::Debugger::new(m);
        d.set_symbols(
            [
                ("START", 0o100),
                ("DBL", 0o104),
                ("TWICE", 0o105),
                ("X", 0o107),
                ("Y", 0o110),
            ]
            .into_iter()
            .map(|(n, v)| machine_core::Symbol {
                name: n.into(),
                value: v,
                label: true,
            })
            .collect(),
        );
        d
    }

    fn session(script: &str) -> String {
        let mut d = debugger();
        let mut out = Vec::new();
        d.script(script.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn step_over_a_jsb_break_at_a_symbol_examine() {
        let got = session(
            "step\nnext\nx X 2\nbreak TWICE\ndeposit P START\ncontinue\nregs\ncontinue\ntime\nquit\n",
        );
        let want = "\
=> 00100  060107         START  LDA X
> step
00100  060107         START  LDA X                       ea 00107  A 000025 B 000000 E 1 O 0  cyc 2
> next
=> 00102  070110                STA Y
> x X 2
00107  000025         X      ERA
00110  000000         Y      NOP
> break TWICE
> deposit P START
> continue
breakpoint at 00105 (TWICE)
=> 00105  040000         TWICE  ADA A
> regs
A 000025  B 000000  P 00105  S 000000  E 1  O 0  T 000102  ION 0  CIR 00
> continue
HALT 102077 at P: 00104
=> 00104  000102         DBL    OCT 000102
> time
cycles 22  time 0.000022 s
> quit
";
        assert_eq!(got, want);
    }

    #[test]
    fn next_over_a_skip_return_and_a_watch() {
        // A subroutine that returns to P+2 still ends `next`.
        let mut d = debugger();
        d.machine_mut().poke_core(0o105, 0o034104); // TWICE ISZ DBL: skip return
        let mut out = Vec::new();
        d.script("step\nnext\nwatch Y\ncontinue\n".as_bytes(), &mut out)
            .unwrap();
        let got = String::from_utf8(out).unwrap();
        assert!(got.contains("> next\n=> 00103  102077"), "{got}");
    }

    #[test]
    fn a_breakpoint_on_a_subroutine_stops_the_call_into_it() {
        // DBL is the JSB's return-address word: it is never executed, but the call stops.
        let got = session("break DBL\ncontinue\nquit\n");
        assert!(
            got.contains(
                "> continue\nbreakpoint at 00105 (TWICE)\n=> 00105  040000         TWICE  ADA A"
            ),
            "{got}"
        );
    }

    /// Every kind of write the snapshot must undo: a load, ISZ, JSB and its return, DST's two
    /// words, the S display (`OTA 1`) and the interrupt system (`STF 0`).
    ///
    /// ```text
    ///       ORG 100B
    ///       LDA X
    ///       ISZ CNT
    ///       JSB SUB
    ///       DST PAIR
    ///       OTA 1
    ///       STF 0
    ///       HLT 77B
    /// SUB   NOP
    ///       ADA X
    ///       JMP SUB,I
    /// X     DEC 21
    /// CNT   OCT 177776
    /// PAIR  BSS 2
    /// ```
    #[rustfmt::skip]
    const WRITES: &[(u16, u16)] = &[
        (0o100, 0o060115), (0o101, 0o034116), (0o102, 0o014110), (0o103, 0o104400),
        (0o104, 0o000117), (0o105, 0o102601), (0o106, 0o102100), (0o107, 0o102077),
        (0o110, 0o000000), (0o111, 0o040115), (0o112, 0o124110), (0o115, 0o000025),
        (0o116, 0o177776),
    ];

    /// Run a debugger script on `m` from 100; the debugger and what it printed.
    fn script_from_100(mut m: Machine, script: &str) -> (machine_core::Debugger<Machine>, String) {
        m.p = 0o100;
        let mut d = machine_core::Debugger::new(m);
        let mut out = Vec::new();
        d.script(script.as_bytes(), &mut out).unwrap();
        (d, String::from_utf8(out).unwrap())
    }

    /// The lines a `step` printed, up to the next command.
    fn steps_after(text: &str) -> Vec<&str> {
        text.lines().take_while(|l| !l.starts_with('>')).collect()
    }

    #[test]
    fn back_then_step_again_repeats_the_same_instructions() {
        let (_, got) = script_from_100(
            machine(WRITES),
            "deposit B 7\nstep 8\nx 110 11\nregs\nback 8\nx 110 11\nregs\nstep 8\nx 110 11\nregs\n",
        );
        let parts: Vec<&str> = got.split("> step 8\n").collect();
        assert_eq!(parts.len(), 3, "{got}");
        let (first, again) = (steps_after(parts[1]), steps_after(parts[2]));
        assert_eq!(first.len(), 8, "{got}");
        assert_eq!(first, again, "{got}");
        assert!(first[7].starts_with("00106  102100"), "{got}");
        // After the steps: core and registers changed; after back, as they were.
        let views: Vec<&str> = got
            .split("> x 110 11\n")
            .skip(1)
            .map(|v| v.split("\n> back").next().unwrap())
            .map(|v| v.split("\n> step").next().unwrap().trim_end())
            .collect();
        assert_eq!(views.len(), 3);
        assert_eq!(views[0], views[2], "{got}");
        assert!(views[0].contains("00116  177777"), "{got}");
        assert!(views[0].contains("00117  000052") && views[0].contains("00120  000007"));
        assert!(views[0].contains("00110  000103"), "{got}");
        assert!(views[1].contains("00116  177776") && views[1].contains("00110  000000"));
        assert!(views[1].contains("00117  000000") && views[1].contains("00120  000000"));
        assert!(views[1].contains("A 000000  B 000007  P 00100  S 000000  E 1  O 0"));
        assert!(
            views[0].contains("S 000052") && views[0].contains("ION 1"),
            "{got}"
        );
        assert!(got.contains("> back 8\nback 8\n=> 00100  060115"), "{got}");
    }

    /// ```text
    ///       ORG 100B
    ///       LDA CW          input mode, echo to the printer
    ///       OTA 11B
    ///       STC 11B,C
    ///       SFS 11B         wait for the key
    ///       JMP *-1
    ///       LIA 11B
    ///       HLT 77B
    /// CW    OCT 160000
    /// ```
    #[rustfmt::skip]
    const READ_A_KEY: &[(u16, u16)] = &[
        (0o100, 0o060110), (0o101, 0o102611), (0o102, 0o103711), (0o103, 0o102311),
        (0o104, 0o024103), (0o105, 0o102511), (0o106, 0o102077), (0o110, 0o160000),
    ];

    #[test]
    fn no_going_back_over_a_key_taken_from_the_teletype() {
        let mut m = machine(READ_A_KEY);
        let mut host = teletype::Scripted::new();
        host.type_now("K");
        m.cards.tty.attach(host);
        let (d, got) = script_from_100(
            m,
            "help\nstep 3\nback 3\nstep 3\nbreak 105\ncontinue\nback 5\nregs\ndelete\nstep 3\n",
        );
        assert!(got.contains("back [N]"), "help lists back: {got}");
        // Before the key: the control word, the STC and the first SFS are undone.
        assert!(got.contains("> back 3\nback 3\n=> 00100  060110"), "{got}");
        // The key came in the wait loop: `back` stops there.
        let after = &got[got.find("> back 5").unwrap()..];
        assert!(
            after.starts_with("> back 5\n? no instructions to go back over")
                || after.starts_with("> back 5\nback 1 (the history ends here)"),
            "{got}"
        );
        assert!(got.contains("HALT 102077 at P: 00107"), "{got}");
        assert!(got.contains("A 000113"), "the key K: {got}");
        let tty = &d.machine().cards.tty;
        assert_eq!(tty.host::<teletype::Scripted>().unwrap().paper(), "K");
    }
}
