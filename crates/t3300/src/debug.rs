//! The T3300-R as the debugger sees it: `machine_core::Debuggable` for [`Machine`].
//!
//! Words are 24 bits, addresses 15 bits, numbers octal, labels written `+name+` as the
//! assembler writes them (`t3300-asm`). Disassembly, flow classes and effective addresses come
//! from the one opcode table (`t3300_isa::OPS`) through the machine's own views
//! ([`Machine::disassemble_at`], [`Machine::flow_at`], [`Machine::effective_address`]).
//!
//! | register | bits | shown on every step |
//! |----------|------|---------------------|
//! | P        | 15   | (as the address)    |
//! | A, Q     | 24   | yes                 |
//! | X1–X3    | 15   | yes                 |
//! | OV       | 1    | yes                 |
//!
//! The machine stops with `machine_core::Stop` itself: `hlt` is a halt whose code is the
//! address field, with P after it; an illegal word is an unimplemented instruction; the cycle
//! limit is the run limit.
//!
//! Implementation notes:
//!
//! 1. Snapshots for the debugger's `back` are small: an instruction changes at most one word
//!    of core (`sta stq stx isz jsr`, always at its effective address), so a snapshot is the
//!    CPU state (registers, cycles, instruction count), that word, the reader's position, the
//!    punch's length and the keyboard wait count.
//! 2. A `tyi` gives no snapshot: a key taken from the operator cannot be given back, so the
//!    debugger's history starts again after it. A character a `tyo` has printed stays on the
//!    paper when the debugger goes back over it; the machine state, time included, does not.

use crate::exec::Core;
use crate::machine::Machine;
use machine_core::{Debuggable, Decoded, Flow, Register, Stop, Symbols};
use std::any::Any;
use t3300_isa::table::op;
use t3300_isa::word::{Word, ADDR_MASK};
use t3300_isa::{decode, disassemble};

/// What undoes one instruction (note 1).
#[derive(Clone, Copy, Debug)]
struct Undo {
    core: Core,
    /// The word at the effective address, before the instruction.
    word: Option<(u16, Word)>,
    reader: usize,
    punched: usize,
    key_waits: u32,
}

impl Debuggable for Machine {
    fn word_bits(&self) -> u32 {
        24
    }

    fn address_bits(&self) -> u32 {
        15
    }

    fn memory_words(&self) -> u32 {
        Machine::memory_words(self) as u32
    }

    fn step(&mut self) -> Result<(), Stop> {
        Machine::step(self)
    }

    fn pc(&self) -> u32 {
        u32::from(Machine::pc(self))
    }

    fn peek(&self, addr: u32) -> u32 {
        Machine::peek(self, addr as u16 & ADDR_MASK).get()
    }

    fn poke(&mut self, addr: u32, value: u32) {
        // Above the installed memory the word is not there: the store is ignored, and `x`
        // shows the 0 a read finds.
        Machine::poke(self, addr as u16 & ADDR_MASK, Word::new(value));
    }

    fn disassemble(&self, addr: u32, symbols: &Symbols) -> Decoded {
        let a = addr as u16 & ADDR_MASK;
        let w = Machine::peek(self, a);
        Decoded {
            text: disassemble(w, symbols),
            words: vec![w.get()],
            flow: self.flow_at(a),
        }
    }

    fn label_marks(&self) -> (&'static str, &'static str) {
        ("+", "+")
    }

    fn flow(&self, addr: u32) -> Flow {
        self.flow_at(addr as u16 & ADDR_MASK)
    }

    fn effective_address(&self) -> Option<u32> {
        Machine::effective_address(self).map(u32::from)
    }

    fn registers(&self) -> Vec<Register> {
        let r = self.regs();
        let reg = |name, value: u32, bits, brief| Register {
            name,
            value: u64::from(value),
            bits,
            brief,
        };
        vec![
            reg("P", u32::from(r.p), 15, false),
            reg("A", r.a.get(), 24, true),
            reg("Q", r.q.get(), 24, true),
            reg("X1", u32::from(r.x(1)), 15, true),
            reg("X2", u32::from(r.x(2)), 15, true),
            reg("X3", u32::from(r.x(3)), 15, true),
            reg("OV", u32::from(r.ov), 1, true),
        ]
    }

    fn set_register(&mut self, name: &str, value: u64) -> Result<(), String> {
        let upper = name.to_ascii_uppercase();
        let bits = match upper.as_str() {
            "A" | "Q" => 24,
            "P" | "X1" | "X2" | "X3" => 15,
            "OV" => 1,
            _ => return Err(format!("{name} is not a register (P A Q X1 X2 X3 OV)")),
        };
        if value >= 1 << bits {
            return Err(format!("{value:o} does not fit in {upper} ({bits} bits)"));
        }
        if Machine::set_register(self, &upper, value as u32) {
            Ok(())
        } else {
            Err(format!("{name} cannot be set"))
        }
    }

    fn cycles(&self) -> u64 {
        Machine::cycles(self)
    }

    fn seconds(&self) -> f64 {
        self.time_ns() as f64 / 1e9
    }

    fn cycles_for_ns(&self, ns: u64) -> u64 {
        ns.div_ceil(self.config().cycle_ns)
    }

    fn snapshot(&self) -> Option<Box<dyn Any>> {
        let w = Machine::peek(self, Machine::pc(self));
        if decode(w).is_some_and(|i| i.info.op == op::TYI) {
            return None; // note 2
        }
        let word = Machine::effective_address(self).map(|ea| (ea, Machine::peek(self, ea)));
        Some(Box::new(Undo {
            core: self.core,
            word,
            reader: self.io.reader.position(),
            punched: self.io.punch.tape().len(),
            key_waits: self.io.key_waits,
        }))
    }

    fn restore(&mut self, snapshot: &dyn Any) -> Result<(), String> {
        let u = snapshot
            .downcast_ref::<Undo>()
            .ok_or("not a T3300-R snapshot")?;
        self.core = u.core;
        if let Some((a, w)) = u.word {
            self.mem.write(a, w);
        }
        self.io.reader.rewind_to(u.reader);
        self.io.punch.truncate(u.punched);
        self.io.key_waits = u.key_waits;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Config;
    use machine_core::Debugger;
    use teletype::Scripted;

    /// Sums a table with `tix`, doubles the sum in a subroutine, counts with `isz`.
    const PROGRAM: &str = "\
        org.  01000
+go+    lxi   3,1
        cla
+loop+  add   +tab+-1,1
        tix   +loop+,1
        sta   +sum+
        jsr   +dbl+
        isz   +cnt+
        hlt   1
        hlt   07777
+dbl+   fix.  0
        lsl   1
        sta   +sum+
        jmp*  +dbl+
+tab+   fix.  5,6,7
+sum+   fix.  0
+cnt+   fix.  -1
        end.  +go+
";

    fn debugger(source: &str) -> Debugger<Machine> {
        let a = t3300_asm::assemble("t.asm", source).unwrap();
        let mut m = Machine::new(Config::default(), Scripted::new());
        m.load(&a.image).unwrap();
        let mut d = Debugger::new(m);
        d.set_symbols(t3300_asm::listing_symbols(&a.listing).unwrap());
        d
    }

    fn session(d: &mut Debugger<Machine>, script: &str) -> String {
        let mut out = Vec::new();
        d.script(script.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn scripted_session() {
        let mut d = debugger(PROGRAM);
        let got = session(
            &mut d,
            "step 4\nwatch +sum+\ncontinue\ndelete +sum+\nnext\nx +sum+\nback 3\nx +sum+\nregs\n\
             break +cnt+\ncontinue\nshow break\ndelete\ncontinue\ntime\n",
        );
        let want = "\
=> 01000  16100003           +go+   lxi   3,1
> step 4
01000  16100003           +go+   lxi   3,1                         A 00000000 Q 00000000 X1 00003 X2 00000 X3 00000 OV 0  cyc 1
01001  70000001                  cla                               A 00000000 Q 00000000 X1 00003 X2 00000 X3 00000 OV 0  cyc 2
01002  20101014           +loop+ add   +dbl++3,1         ea 01017  A 00000007 Q 00000000 X1 00003 X2 00000 X3 00000 OV 0  cyc 4
01003  57101002                  tix   +loop+,1          ea 01002  A 00000007 Q 00000000 X1 00002 X2 00000 X3 00000 OV 0  cyc 5
> watch +sum+
watch 01020 (+sum+) = 00000000
> continue
watch 01020 (+sum+): 00000000 -> 00000022
=> 01005  51001011                  jsr   +dbl+
> delete +sum+
deleted 01020 (+sum+)
> next
=> 01006  40001021                  isz   +cnt+
> x +sum+
01020  00000044           +sum+  hlt   044
> back 3
back 3
=> 01012  60000001                  lsl   1
> x +sum+
01020  00000022           +sum+  hlt   022
> regs
P 01012  A 00000022  Q 00000000  X1 00000  X2 00000  X3 00000  OV 0
> break +cnt+
> continue
HALT 00007777 at P: 01011
=> 01011  00001006           +dbl+  hlt   01006
> show break
1021:\tE
> delete
all breakpoints and watches deleted
> continue
HALT 00001006 at P: 01012
=> 01012  60000001                  lsl   1
> time
cycles 25  time 0.000050 s
";
        assert_eq!(got, want);
    }

    /// The lines a `step` printed, up to the next command.
    fn steps_after(text: &str) -> Vec<&str> {
        text.lines().take_while(|l| !l.starts_with('>')).collect()
    }

    #[test]
    fn back_then_step_again_repeats_the_same_instructions() {
        let mut d = debugger(PROGRAM);
        let got = session(&mut d, "step 12\nback 12\nstep 12\n");
        let parts: Vec<&str> = got.split("> step 12\n").collect();
        assert_eq!(parts.len(), 3, "{got}");
        let first = steps_after(parts[1]);
        let again = steps_after(parts[2]);
        assert!(parts[1].contains("> back 12\nback 12\n=> 01000"), "{got}");
        assert_eq!(first.len(), 12, "{got}");
        assert_eq!(first, again, "{got}");
        assert!(first[11].starts_with("01013  12001020"), "{got}");
        assert!(first[11].contains("A 00000044"), "{got}");
    }

    #[test]
    fn garbage_commands_get_messages() {
        let mut d = debugger(PROGRAM);
        let got = session(
            &mut d,
            "break +nosuch+\nx 100000\nstep x\ndeposit A 100000000\ndeposit OV 2\n\
             back\nx +tab++2 2\nstore +sum+ 5 6\nd +sum+ 7\nx +sum+\nfrobnicate\nwatch\nnext\nback zero\n",
        );
        for m in [
            "? +nosuch+ is neither a symbol nor a number",
            "? 100000 is not an address",
            "? step count x is not a decimal number",
            "? 100000000 does not fit in A (24 bits)",
            "? 2 does not fit in OV (1 bits)",
            "> back\n? no instructions to go back over",
            "> x +tab++2 2\n01017  00000007           ",
            "01020  00000000           +sum+  hlt\n",
            "> store +sum+ 5 6\n01020  00000005           +sum+  hlt   05\n01021  00000006           +cnt+  hlt   06\n",
            "> d +sum+ 7\n> x +sum+\n01020  00000007           +sum+  hlt   07\n",
            "? unknown command frobnicate",
            "watches: none",
            "> next\n01000  16100003           +go+   lxi   3,1",
            "? back count zero is not a decimal number",
        ] {
            assert!(got.contains(m), "{m:?} missing from\n{got}");
        }
    }

    #[test]
    fn no_going_back_over_a_key_and_time_for_the_typewriter() {
        let src = "\
        org.  0100
+go+    tyi
        tyo
        hlt
        end.  +go+
";
        let a = t3300_asm::assemble("k.asm", src).unwrap();
        let mut host = Scripted::new();
        host.type_now("K");
        let mut m = Machine::new(Config::default(), host);
        m.load(&a.image).unwrap();
        let mut d = Debugger::new(m);
        let got = session(&mut d, "step\nback\nstep\nback\nregs\ntime\nstep 2\nstep\n");
        // After tyi nothing can be undone; after tyo the machine (not the paper) goes back.
        assert!(
            got.contains("> back\n? no instructions to go back over"),
            "{got}"
        );
        assert!(
            got.contains("> back\nback 1\n=> 00101  74000000                  tyo\n"),
            "{got}"
        );
        assert!(got.contains("P 00101  A 00000113"), "{got}");
        // One character time (100 ms) for the key.
        assert!(got.contains("cycles 50001  time 0.100002 s"), "{got}");
        assert!(got.contains("HALT 00000000 at P: 00103"), "{got}");
        assert!(
            got.ends_with("HALT 00000000 at P: 00104\n=> 00104  00000000                  hlt\n"),
            "{got}"
        );
        // The key printed as struck, the tyo, and the tyo again after going back over it.
        assert_eq!(d.machine().host::<Scripted>().unwrap().paper(), "KKK");
    }
}
