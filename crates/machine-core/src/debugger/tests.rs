//! The debugger against a toy machine: 16-bit words, 8-bit addresses, opcode in bits 15-12.
//!
//! ```text
//! 0 HLT    1 LDA a   2 ADD a   3 STA a   4 JMP a
//! 5 CALL a (m[a] = return address, P = a+1)   6 RET a (P = m[a])   7 SZA (skip if A = 0)
//! ```

use super::*;
use crate::{Decoded, Register, Symbol};
use std::sync::atomic::Ordering;

#[derive(Clone)]

struct Toy {
    mem: [u16; 256],
    a: u16,
    p: u8,
    cycles: u64,
}

impl Toy {
    fn new(program: &[(u8, u16)]) -> Self {
        let mut t = Toy {
            mem: [0; 256],
            a: 0,
            p: 0,
            cycles: 0,
        };
        for &(a, w) in program {
            t.mem[a as usize] = w;
        }
        t
    }
}

impl Debuggable for Toy {
    fn word_bits(&self) -> u32 {
        16
    }
    fn address_bits(&self) -> u32 {
        8
    }
    fn step(&mut self) -> Result<(), Stop> {
        let w = self.mem[self.p as usize];
        let a = (w & 0xFF) as u8;
        let at = self.p;
        self.p = self.p.wrapping_add(1);
        self.cycles += 2;
        match w >> 12 {
            0 => {
                return Err(Stop::Halt {
                    code: u32::from(w),
                    at: u32::from(at),
                    p: u32::from(self.p),
                })
            }
            1 => self.a = self.mem[a as usize],
            2 => self.a = self.a.wrapping_add(self.mem[a as usize]),
            3 => self.mem[a as usize] = self.a,
            4 => self.p = a,
            5 => {
                self.mem[a as usize] = u16::from(self.p);
                self.p = a.wrapping_add(1);
            }
            6 => self.p = self.mem[a as usize] as u8,
            7 => {
                if self.a == 0 {
                    self.p = self.p.wrapping_add(1)
                }
            }
            _ => {
                return Err(Stop::Unimplemented {
                    p: u32::from(at),
                    word: u32::from(w),
                })
            }
        }
        Ok(())
    }
    fn pc(&self) -> u32 {
        u32::from(self.p)
    }
    fn peek(&self, addr: u32) -> u32 {
        u32::from(self.mem[addr as usize & 0xFF])
    }
    fn poke(&mut self, addr: u32, value: u32) {
        self.mem[addr as usize & 0xFF] = value as u16;
    }
    fn disassemble(&self, addr: u32, symbols: &Symbols) -> Decoded {
        let w = self.mem[addr as usize & 0xFF];
        let a = u32::from(w & 0xFF);
        let name = symbols
            .label_at(a)
            .map_or_else(|| format!("{a:o}"), str::to_string);
        let (text, flow) = match w >> 12 {
            0 => ("HLT".to_string(), Flow::Halt),
            1 => (format!("LDA {name}"), Flow::Normal),
            2 => (format!("ADD {name}"), Flow::Normal),
            3 => (format!("STA {name}"), Flow::Normal),
            4 => (format!("JMP {name}"), Flow::Jump),
            5 => (format!("CALL {name}"), Flow::Call),
            6 => (format!("RET {name}"), Flow::Jump),
            7 => ("SZA".to_string(), Flow::Skip),
            _ => (format!("DATA {w:o}"), Flow::Normal),
        };
        Decoded {
            text,
            words: vec![u32::from(w)],
            flow,
        }
    }
    fn effective_address(&self) -> Option<u32> {
        let w = self.mem[self.p as usize];
        matches!(w >> 12, 1..=6).then_some(u32::from(w & 0xFF))
    }
    fn registers(&self) -> Vec<Register> {
        vec![
            Register {
                name: "A",
                value: u64::from(self.a),
                bits: 16,
                brief: true,
            },
            Register {
                name: "P",
                value: u64::from(self.p),
                bits: 8,
                brief: false,
            },
        ]
    }
    fn set_register(&mut self, name: &str, value: u64) -> Result<(), String> {
        match name.to_ascii_uppercase().as_str() {
            "A" if value <= 0xFFFF => self.a = value as u16,
            "P" if value <= 0xFF => self.p = value as u8,
            _ => return Err(format!("cannot set {name} to {value:o}")),
        }
        Ok(())
    }
    fn cycles(&self) -> u64 {
        self.cycles
    }
    fn seconds(&self) -> f64 {
        self.cycles as f64 * 1e-6
    }
    fn cycles_for_ns(&self, ns: u64) -> u64 {
        ns.div_ceil(1000)
    }
    /// The whole toy: it is small. Word 0377 set to 1 makes the toy refuse (a stand-in for
    /// an instruction that cannot be undone).
    fn snapshot(&self) -> Option<Box<dyn Any>> {
        (self.mem[0o377] == 0).then(|| Box::new(self.clone()) as Box<dyn Any>)
    }
    fn restore(&mut self, snapshot: &dyn Any) -> Result<(), String> {
        let t = snapshot.downcast_ref::<Toy>().ok_or("not a toy snapshot")?;
        *self = t.clone();
        Ok(())
    }
}

fn program() -> Debugger<Toy> {
    // MAIN: LDA X / CALL SUB / STA Y / HLT ;  SUB: return cell, ADD X, RET SUB
    let toy = Toy::new(&[
        (0o0, 0o010020),
        (0o1, 0o050010),
        (0o2, 0o030021),
        (0o3, 0o000077),
        (0o11, 0o020020),
        (0o12, 0o060010),
        (0o20, 5),
    ]);
    let mut d = Debugger::new(toy);
    d.set_symbols(
        [
            ("MAIN", 0, true),
            ("SUB", 0o10, true),
            ("X", 0o20, true),
            ("Y", 0o21, true),
            ("TEN", 10, false),
        ]
        .into_iter()
        .map(|(n, v, label)| Symbol {
            name: n.into(),
            value: v,
            label,
        })
        .collect(),
    );
    d
}

fn session<M: Debuggable>(d: &mut Debugger<M>, script: &str) -> String {
    let mut out = Vec::new();
    d.script(script.as_bytes(), &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn scripted_session() {
    let mut d = program();
    let got = session(
        &mut d,
        "step\nnext\nx SUB 3\nwatch Y\ncontinue\ncontinue\nregs\ntime\ndeposit A 7\nstore A 7\nstore X 1 TEN\ndeposit 20-21 3\nx X 2\nbogus\nquit\nstep\n",
    );
    let want = "\
=> 000  010020         MAIN   LDA X
> step
000  010020         MAIN   LDA X                         ea 020    A 000005  cyc 2
> next
=> 002  030021                STA Y
> x SUB 3
010  000002         SUB    HLT
011  020020                ADD X
012  060010                RET SUB
> watch Y
watch 021 (Y) = 000000
> continue
watch 021 (Y): 000000 -> 000012
=> 003  000077                HLT
> continue
HALT 000077 at P: 004
=> 004  000000                HLT
> regs
A 000012  P 004
> time
cycles 12  time 0.000012 s
> deposit A 7
> store A 7
A 000007
> store X 1 TEN
020  000001         X      HLT
021  000012         Y      HLT
> deposit 20-21 3
> x X 2
020  000003         X      HLT
021  000003         Y      HLT
> bogus
? unknown command bogus (help lists them)
> quit
";
    assert_eq!(got, want);
}

#[test]
fn breakpoints_stop_and_resume() {
    let mut d = program();
    let got = session(
        &mut d,
        "break SUB+1\nshow break\ncontinue\ncontinue\ndelete SUB+1\ndelete SUB+1\n",
    );
    // SIMH's break says nothing; show break lists.
    assert!(
        got.contains("> break SUB+1\n> show break\n11:\tE\n"),
        "{got}"
    );
    // The first continue stops at the breakpoint; the second resumes from it to the halt.
    assert!(got.contains("breakpoint at 011\n=> 011  020020"), "{got}");
    assert!(got.contains("HALT 000077"), "{got}");
    assert!(got.contains("deleted 011\n"), "{got}");
    assert!(got.contains("? no breakpoint or watch at 011"), "{got}");
}

#[test]
fn next_stops_inside_the_call_at_a_breakpoint() {
    let mut d = program();
    let got = session(&mut d, "step\nbreak 12\nnext\n");
    assert!(
        got.ends_with("breakpoint at 012\n=> 012  060010                RET SUB\n"),
        "{got}"
    );
}

#[test]
fn trace_and_limit() {
    let mut d = program();
    // An endless loop: JMP to itself.
    d.machine_mut().poke(0, 0o040000);
    d.set_limit(Limit::instructions(3));
    let got = session(
        &mut d,
        "trace on\ncontinue\ntrace off\ncontinue\ntrace maybe\n",
    );
    // The first shown position, three traced steps, and where each run stopped.
    assert_eq!(got.matches("JMP MAIN").count(), 1 + 3 + 2, "{got}");
    for cycles in [6, 12] {
        let said = format!("run limit reached after {cycles} cycles (the limit: 3 instructions)");
        assert!(got.contains(&said), "{said:?} missing from\n{got}");
    }
    assert!(got.contains("? trace on|off"), "{got}");
}

#[test]
fn a_step_count_past_the_run_limit_stops_at_the_limit() {
    let mut d = program();
    // An endless loop: JMP to itself; a huge step count must not outrun the limit.
    d.machine_mut().poke(0, 0o040000);
    d.set_limit(Limit::instructions(3));
    let got = session(&mut d, "step 521002126426\n");
    assert!(
        got.contains("run limit reached after 6 cycles (the limit: 3 instructions)"),
        "{got}"
    );
    assert!(got.matches("JMP MAIN").count() <= 5, "{got}");
}

#[test]
fn step_stops_at_halt_and_bad_input_is_reported() {
    let mut d = program();
    let got = session(&mut d, "step 10\nx 400\nx\nstep two\ndeposit 5 200000\n");
    assert!(got.contains("HALT 000077 at P: 004\n=> 004"), "{got}");
    assert_eq!(
        got.matches("\n000  ").count() + got.matches("\n001  ").count(),
        2
    );
    assert!(got.contains("? 400 is not an address"), "{got}");
    assert!(got.contains("? x ADDR [N]"), "{got}");
    assert!(
        got.contains("? step count two is not a decimal number"),
        "{got}"
    );
    assert!(
        got.contains("? Invalid argument: 200000 does not fit in a"),
        "{got}"
    );
}

#[test]
fn back_undoes_steps_and_runs() {
    let mut d = program();
    let got = session(
        &mut d,
        "back\nstep 3\nback 2\nregs\nx Y\ncontinue\nx Y\nback 100\nregs\ntime\nstep\nback x\n",
    );
    assert!(
        got.contains("> back\n? no instructions to go back over"),
        "{got}"
    );
    // LDA X, CALL SUB, ADD X: back 2 returns to the CALL with A = 5.
    assert!(
        got.contains(
            "> back 2\nback 2\n=> 001  050010                CALL SUB\n> regs\nA 000005  P 001\n"
        ),
        "{got}"
    );
    assert!(got.contains("> x Y\n021  000000"), "{got}");
    assert!(got.contains("> x Y\n021  000012"), "{got}");
    // The run to the halt is undone to the start, and so is the time.
    assert!(
        got.contains("> back 100\nback 6 (the history ends here)\n=> 000  010020         MAIN   LDA X\n> regs\nA 000000  P 000\n> time\ncycles 0 "),
        "{got}"
    );
    assert!(
        got.contains("? back count x is not a decimal number"),
        "{got}"
    );
}

#[test]
fn back_stops_at_a_deposit_and_at_what_cannot_be_undone() {
    let mut d = program();
    let got = session(
        &mut d,
        "step\ndeposit A 3\nback\nstep\ndeposit 377 1\nstep\nback\n",
    );
    assert_eq!(
        got.matches("? no instructions to go back over").count(),
        2,
        "{got}"
    );
    let mut d = Debugger::new(Plain(program().into_machine()));
    let got = session(&mut d, "step\nback\n");
    assert!(
        got.ends_with("> back\n? this machine cannot step backwards\n"),
        "{got}"
    );
}

#[test]
fn labels_in_the_machine_s_own_marks() {
    let mut d = Debugger::new(Plain(program().into_machine()));
    d.set_symbols(program().symbols.clone());
    let got = session(
        &mut d,
        "x +SUB++1\nbreak +X+\nbreak +Y\nbreak +nothing+\nx sub\nshow break\nbreak\nnobreak +X+\nshow break\n",
    );
    assert!(
        got.contains("> x +SUB++1\n011  020020                ADD +X+\n"),
        "{got}"
    );
    assert!(got.contains("> show break\n20:\tE\n"), "{got}");
    // SIMH's break without a list sets one at P; nobreak takes a label too.
    assert!(
        got.ends_with("> nobreak +X+\n> show break\n0:\tE\n"),
        "{got}"
    );
    assert!(
        got.contains("? +Y is neither a symbol nor a number"),
        "{got}"
    );
    assert!(
        got.contains("? +nothing+ is neither a symbol nor a number"),
        "{got}"
    );
    assert!(
        got.contains("> x sub\n010  000000         +SUB+  HLT\n"),
        "{got}"
    );
}

/// The toy without snapshots, writing labels `+NAME+`.
struct Plain(Toy);

impl Debuggable for Plain {
    fn word_bits(&self) -> u32 {
        16
    }
    fn address_bits(&self) -> u32 {
        8
    }
    fn step(&mut self) -> Result<(), Stop> {
        self.0.step()
    }
    fn pc(&self) -> u32 {
        self.0.pc()
    }
    fn peek(&self, addr: u32) -> u32 {
        self.0.peek(addr)
    }
    fn poke(&mut self, addr: u32, value: u32) {
        self.0.poke(addr, value)
    }
    fn disassemble(&self, addr: u32, symbols: &Symbols) -> Decoded {
        let mut d = self.0.disassemble(addr, &Symbols::new());
        let a = self.0.mem[addr as usize & 0xFF] as u32 & 0xFF;
        if let Some(l) = symbols.label_at(a) {
            d.text = d.text.replace(&format!("{a:o}"), &format!("+{l}+"));
        }
        d
    }
    fn label_marks(&self) -> (&'static str, &'static str) {
        ("+", "+")
    }
    fn effective_address(&self) -> Option<u32> {
        self.0.effective_address()
    }
    fn registers(&self) -> Vec<Register> {
        self.0.registers()
    }
    fn set_register(&mut self, name: &str, value: u64) -> Result<(), String> {
        self.0.set_register(name, value)
    }
    fn cycles(&self) -> u64 {
        self.0.cycles()
    }
    fn seconds(&self) -> f64 {
        self.0.seconds()
    }
    fn cycles_for_ns(&self, ns: u64) -> u64 {
        self.0.cycles_for_ns(ns)
    }
}

#[test]
fn the_operator_s_stop_ends_a_run_with_the_state_kept() {
    let mut d = program();
    // An endless loop: JMP to itself; no limit, so only the switch can end it.
    d.machine_mut().poke(0, 0o040000);
    let switch = Arc::new(AtomicBool::new(true));
    d.set_stop_switch(switch.clone());
    let got = session(&mut d, "continue\nregs\n");
    assert!(
        got.contains("> continue\nstopped by the operator at P: 000\n=> 000  040000"),
        "{got}"
    );
    assert!(
        !switch.load(Ordering::Relaxed),
        "the stop releases the switch"
    );
    // The machine ran up to the look and kept its time.
    assert_eq!(d.machine().cycles(), 2 * crate::run::SLICE);
}

/// MAIN calls A, A calls B, and B returns past the word after its call (a "skip return",
/// made by adding 1 to its entry word), as HP subroutines that take arguments do.
fn nested() -> Debugger<Toy> {
    Debugger::new(Toy::new(&[
        (0o0, 0o050010),  // CALL A
        (0o1, 0o000077),  // HLT 77
        (0o11, 0o050020), // A: CALL B
        (0o12, 0o000012), //    HLT 12 (skipped)
        (0o13, 0o060010), //    RET A
        (0o21, 0o010020), // B: LDA B
        (0o22, 0o020040), //    ADD ONE
        (0o23, 0o030020), //    STA B
        (0o24, 0o060020), //    RET B
        (0o40, 1),        // ONE
    ]))
}

#[test]
fn finish_runs_to_where_the_subroutine_returns() {
    let mut d = nested();
    let got = session(
        &mut d,
        "finish\nstep 2\nfinish\nback\nfinish\nfinish\nfinish\n",
    );
    assert!(
        got.contains("> finish\n? not in a subroutine: no call the debugger ran is still open\n"),
        "{got}"
    );
    // From inside B: B returns to 013, past the HLT after the call.
    assert!(
        got.contains("> finish\n=> 013  060010                RET 10\n> back\nback 1\n=> 024  060020                RET 20\n"),
        "{got}"
    );
    // Going back reopened B's call: finish returns from it again, then from A, then nothing.
    assert!(
        got.ends_with("> finish\n=> 013  060010                RET 10\n> finish\n=> 001  000077                HLT\n> finish\n? not in a subroutine: no call the debugger ran is still open\n"),
        "{got}"
    );
}

#[test]
fn finish_stops_at_a_breakpoint_on_the_way() {
    let mut d = nested();
    let got = session(&mut d, "step\nbreak 23\nfinish\nfinish\n");
    assert!(
        got.contains("> finish\nbreakpoint at 023\n=> 023  030020"),
        "{got}"
    );
    // Still inside B (and A): the next finish leaves B.
    assert!(
        got.ends_with("> finish\n=> 013  060010                RET 10\n"),
        "{got}"
    );
}

#[test]
fn until_runs_to_an_address_and_go_starts_from_one() {
    let mut d = program();
    let got = session(&mut d, "until Y-16\nuntil\nregs\ngo 2\ngo 400\n");
    assert!(
        got.contains("> until Y-16\n=> 003  000077                HLT\n"),
        "{got}"
    );
    assert!(got.contains("> until\n? until ADDR\n"), "{got}");
    assert!(got.contains("A 000012  P 003\n"), "{got}");
    assert!(got.contains("> go 2\nHALT 000077 at P: 004\n"), "{got}");
    assert!(got.contains("? 400 is not an address"), "{got}");
}

#[test]
fn print_evaluates_numbers_symbols_and_registers() {
    let mut d = program();
    let got = session(
        &mut d,
        "step\nprint X+1\nprint A\nprint P + 2\nprint #10-1\nprint SUB+X-A\nprint 0-1\nprint nothing\nprint\n",
    );
    for want in [
        "> print X+1\nX+1 = 000021  #17\n",
        "> print A\nA = 000005  #5\n",
        "> print P + 2\nP+2 = 000003  #3\n",
        "> print #10-1\n#10-1 = 000011  #9\n",
        "> print SUB+X-A\nSUB+X-A = 000023  #19\n",
        "> print 0-1\n0-1 = 1777777777777777777777  #-1\n",
        "> print nothing\n? nothing is neither a symbol nor a number\n",
        "> print\n? print EXPR",
    ] {
        assert!(got.contains(want), "{want:?} missing from\n{got}");
    }
}

#[test]
fn an_empty_line_at_the_prompt_repeats_the_last_step() {
    let mut d = program();
    let mut out = Vec::new();
    for line in ["step", "", "x Y", "", "regs"] {
        d.typed(line, &mut out).unwrap();
    }
    let got = String::from_utf8(out).unwrap();
    // Three steps: the typed one, then an empty line before `x` and one after it.
    assert_eq!(got.matches("  cyc ").count(), 3, "{got}");
    assert!(got.ends_with("\nA 000012  P 012\n"), "{got}");
    // In a script an empty line does nothing.
    let mut d = program();
    assert_eq!(session(&mut d, "step\n\n\n").matches("  cyc ").count(), 1);
}

#[test]
fn help_lists_back_only_where_the_machine_can_go_back() {
    let got = session(&mut program(), "help\n");
    assert!(got.contains("\nback [N]"), "{got}");
    assert!(
        got.contains("\nfinish ") && got.contains("\nprint EXPR"),
        "{got}"
    );
    let got = session(
        &mut Debugger::new(Plain(program().into_machine())),
        "help\n",
    );
    assert!(!got.contains("back"), "{got}");
    assert!(got.contains("\nstep [N]"), "{got}");
}

#[test]
fn do_runs_a_file_of_commands() {
    let dir = std::env::temp_dir().join(format!("debugger-do-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let steps = dir.join("steps.txt");
    std::fs::write(&steps, "step\nprint A\n").unwrap();
    let me = dir.join("me.txt");
    std::fs::write(&me, format!("print 1\ndo {}\n", me.display())).unwrap();
    let quits = dir.join("quits.txt");
    std::fs::write(&quits, "quit\nprint 2\n").unwrap();
    let mut d = program();
    let got = session(
        &mut d,
        &format!(
            "do {}\ndo {}\ndo /no/such/file\ndo {}\nprint 3\n",
            steps.display(),
            me.display(),
            quits.display()
        ),
    );
    assert!(got.contains("> step\n000  010020"), "{got}");
    assert!(got.contains("> print A\nA = 000005  #5\n"), "{got}");
    assert_eq!(got.matches("> print 1\n").count(), MAX_DO_DEPTH, "{got}");
    assert!(
        got.contains("more than 20 scripts inside one another"),
        "{got}"
    );
    assert!(got.contains("? do: cannot read /no/such/file"), "{got}");
    // `quit` in a script ends the session.
    assert!(got.ends_with("> quit\n"), "{got}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn simh_names_examine_deposit_nobreak_and_show_break() {
    let mut d = program();
    let got = session(
        &mut d,
        "d 30 7\ne 30\ne 20/2\ne A,P\ne X\nbreak SUB\nshow break\nnobreak SUB\nshow break\ne 400\n",
    );
    // `d` deposits (it deleted breakpoints before); `e A` is the register.
    assert!(got.contains("> e 30\n30:\t000007\n"), "{got}");
    assert!(
        got.contains("> e 20/2\n20:\t000005\n21:\t000000\n"),
        "{got}"
    );
    assert!(got.contains("> e A,P\nA:\t000000\nP:\t000\n"), "{got}");
    // A symbol is examined as `x` examines it.
    assert!(got.contains("> e X\n020  000005"), "{got}");
    assert!(
        got.contains("> show break\n10:\tE\n> nobreak SUB\n"),
        "{got}"
    );
    assert!(
        got.contains("> show break\n> e 400\n? Invalid argument"),
        "{got}"
    );
}

#[test]
fn nowatch_removes_a_watch_and_leaves_breakpoints() {
    let mut d = program();
    let got = session(
        &mut d,
        "watch Y\nbreak SUB+1\nnowatch Y\nnowatch Y\nshow break\ncontinue\nwatch X\nnowatch\nwatch\n",
    );
    assert!(
        got.contains("> nowatch Y\ndeleted watch 021 (Y)\n"),
        "{got}"
    );
    assert!(
        got.contains("> nowatch Y\n? no watch at 021 (Y)\n"),
        "{got}"
    );
    assert!(got.contains("> show break\n11:\tE\n"), "{got}");
    assert!(
        got.contains("breakpoint at 011\n"),
        "the watch did not stop it: {got}"
    );
    assert!(
        got.ends_with("all watches deleted\n> watch\nwatches: none\n"),
        "{got}"
    );
}

#[test]
fn a_debugger_set_aside_keeps_its_state_for_a_lent_machine() {
    let mut d = program();
    session(&mut d, "step 2\nwatch Y\n");
    let (parked, mut own) = d.with_machine(());
    // A console that owns the machine lends it for a command and takes the debugger back.
    let (mut lent, ()) = parked.with_machine(&mut own);
    let got = session(&mut lent, "back 2\n");
    assert!(
        got.ends_with("> back 2\nback 2\n=> 000  010020         MAIN   LDA X\n"),
        "{got}"
    );
    let got = session(&mut lent, "continue\n");
    assert!(got.contains("watch 021 (Y): 000000 -> 000012"), "{got}");
    let (parked, _) = lent.with_machine(());
    assert_eq!(parked.symbols().value("SUB"), Some(0o10));
    assert_eq!(own.p, 3);
    // A change outside the debugger: no history, and watches take the new values.
    let (mut lent, ()) = parked.with_machine(&mut own);
    lent.machine_mut().mem[0o21] = 9;
    lent.machine_changed();
    let got = session(&mut lent, "back\ndeposit P 0\ncontinue\n");
    assert!(
        got.contains("> back\n? no instructions to go back over"),
        "{got}"
    );
    assert!(got.contains("watch 021 (Y): 000011 -> 000012"), "{got}");
}

#[test]
fn a_run_its_limit_ended_resumes_toward_its_goal() {
    // `next` over MAIN's CALL SUB, one instruction a slice.
    let mut d = program();
    d.set_limit(Limit::instructions(1));
    let mut out = Vec::new();
    d.command("step", &mut out).unwrap();
    d.command("next", &mut out).unwrap();
    assert!(d.paused(), "next over the call stops at the limit");
    assert!(matches!(d.last_stop(), Some(Stop::RunLimit { .. })));
    let mut slices = 1;
    while d.paused() {
        assert!(d.resume(&mut out).unwrap());
        slices += 1;
        assert!(slices < 10, "{}", String::from_utf8_lossy(&out));
    }
    // The call's three instructions (CALL, ADD, RET), then the goal: P at STA Y.
    assert_eq!(slices, 3);
    assert_eq!(d.last_stop(), None);
    assert_eq!(d.machine().pc(), 2);
    assert!(!d.resume(&mut out).unwrap(), "nothing is paused now");
    // A command drops a paused run; a halt is the last stop.
    d.set_limit(Limit::instructions(1));
    d.command("continue", &mut out).unwrap();
    assert!(d.paused());
    d.command("regs", &mut out).unwrap();
    assert!(!d.paused());
    d.set_limit(Limit::NONE);
    d.command("continue", &mut out).unwrap();
    assert!(matches!(d.last_stop(), Some(Stop::Halt { .. })));
    assert!(!d.paused());
}
