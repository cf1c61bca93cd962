//! Unit tests of every instruction and addressing form, built from the opcode table (no
//! assembler involved), with their cycle counts.

use crate::{Config, Limit, Machine, MemorySize, Stop};
use proptest::prelude::*;
use t3300_isa::table::{lookup, Class, OPS};
use t3300_isa::{decode, Word};
use teletype::Scripted;

const ORG: u16 = 0o1000;
/// [`ORG`] as a [`Stop`] holds it.
const AT: u32 = ORG as u32;

fn machine() -> Machine {
    Machine::new(Config::default(), Scripted::new())
}

/// The word for `mnemonic` with I, X and address (operate: the function goes in by itself).
fn ins(mnemonic: &str, i: bool, x: u8, addr: u16) -> Word {
    let o = lookup(mnemonic).expect(mnemonic);
    Word::from_fields(o.op, i, x, addr | o.func as u16)
}

fn w(v: u32) -> Word {
    Word::new(v)
}

/// Put `prog` at ORG, P at ORG, and run one instruction; returns the stop and cycles used.
fn one(m: &mut Machine, word: Word) -> (Option<Stop>, u64) {
    m.poke(ORG, word);
    m.regs_mut().p = ORG;
    let c = m.cycles();
    let s = m.step().err();
    (s, m.cycles() - c)
}

#[test]
fn loads_and_stores() {
    let mut m = machine();
    m.poke(0o2000, w(0o12345670));
    assert_eq!(one(&mut m, ins("lda", false, 0, 0o2000)), (None, 2));
    assert_eq!(m.regs().a, w(0o12345670));
    assert_eq!(m.pc(), ORG + 1);
    one(&mut m, ins("ldq", false, 0, 0o2000));
    assert_eq!(m.regs().q, w(0o12345670));
    m.regs_mut().a = w(0o7);
    m.regs_mut().q = w(0o11);
    assert_eq!(one(&mut m, ins("sta", false, 0, 0o2001)), (None, 2));
    one(&mut m, ins("stq", false, 0, 0o2002));
    assert_eq!((m.peek(0o2001), m.peek(0o2002)), (w(7), w(0o11)));
}

#[test]
fn indexing_adds_no_time_and_wraps() {
    let mut m = machine();
    m.poke(0o2005, w(55));
    m.regs_mut().set_x(2, 5);
    assert_eq!(one(&mut m, ins("lda", false, 2, 0o2000)), (None, 2));
    assert_eq!(m.regs().a, w(55));
    // (77777 + 2006) mod 2^15 = 2005
    m.regs_mut().set_x(3, 0o77777);
    one(&mut m, ins("lda", false, 3, 0o2006));
    assert_eq!(m.regs().a, w(55));
}

#[test]
fn multi_level_indirect_indexes_every_level() {
    let mut m = machine();
    m.regs_mut().set_x(1, 1);
    m.regs_mut().set_x(2, 0o10);
    // lda* 3000,1 -> M[3001] = *3100,2 -> M[3110] = 3200 -> A = M[3200]
    m.poke(0o3001, ins("hlt", true, 2, 0o3100)); // an indirect word: I=1, X=2
    m.poke(0o3110, w(0o3200));
    m.poke(0o3200, w(0o4242));
    assert_eq!(one(&mut m, ins("lda", true, 1, 0o3000)), (None, 4));
    assert_eq!(m.regs().a, w(0o4242));
    m.regs_mut().p = ORG;
    assert_eq!(m.effective_address(), Some(0o3200));
}

#[test]
fn indirect_loop_stops_after_64_levels() {
    let mut m = machine();
    m.poke(0o3000, Word::new(0o00403000)); // *3000: points at itself
    let word = ins("jmp", true, 0, 0o3000);
    let (s, c) = one(&mut m, word);
    assert_eq!(
        s,
        Some(Stop::IndirectLoop {
            p: AT,
            word: word.get()
        })
    );
    assert_eq!((c, m.pc(), m.instructions()), (0, ORG, 0));
    assert_eq!(m.effective_address(), None);
    // 64 levels are still fine.
    for k in 0..63 {
        m.poke(0o3000 + k, Word::from_fields(0, true, 0, 0o3001 + k));
    }
    m.poke(0o3077, w(0o3400));
    let (s, c) = one(&mut m, word);
    assert_eq!((s, c, m.pc()), (None, 1 + 64, 0o3400));
}

#[test]
fn index_registers() {
    let mut m = machine();
    assert_eq!(one(&mut m, ins("lxi", false, 1, 48)), (None, 1));
    assert_eq!(m.regs().x(1), 48);
    one(&mut m, ins("axi", false, 1, 0o77777)); // axi -1,1
    assert_eq!(m.regs().x(1), 47);
    m.poke(0o2000, w(0o77654321));
    assert_eq!(one(&mut m, ins("ldx", false, 2, 0o2000)), (None, 2));
    assert_eq!(m.regs().x(2), 0o54321);
    // ldx does not index by X (X names the register) but follows indirection.
    m.poke(0o2001, w(0o2000));
    one(&mut m, ins("ldx", true, 3, 0o2001));
    assert_eq!(m.regs().x(3), 0o54321);
    one(&mut m, ins("stx", false, 1, 0o2002));
    assert_eq!(m.peek(0o2002), w(47));
    m.regs_mut().a = w(0o77712345);
    one(&mut m, ins("tax", false, 3, 0));
    assert_eq!(m.regs().x(3), 0o12345);
    m.regs_mut().a = Word::ZERO;
    one(&mut m, ins("txa", false, 1, 0));
    assert_eq!(m.regs().a, w(47));
}

#[test]
fn tix_counts_down() {
    let mut m = machine();
    m.regs_mut().set_x(1, 2);
    assert_eq!(one(&mut m, ins("tix", false, 1, 0o700)), (None, 1));
    assert_eq!((m.regs().x(1), m.pc()), (1, 0o700));
    one(&mut m, ins("tix", false, 1, 0o700));
    assert_eq!((m.regs().x(1), m.pc()), (0, ORG + 1));
    one(&mut m, ins("tix", false, 1, 0o700));
    assert_eq!((m.regs().x(1), m.pc()), (0o77777, 0o700));
}

#[test]
fn add_sub_and_sticky_overflow() {
    let mut m = machine();
    m.poke(0o2000, w(1));
    m.regs_mut().a = w(0o37777777);
    assert_eq!(one(&mut m, ins("add", false, 0, 0o2000)), (None, 2));
    assert_eq!((m.regs().a, m.regs().ov), (w(0o40000000), true));
    one(&mut m, ins("sub", false, 0, 0o2000));
    assert_eq!(
        (m.regs().a, m.regs().ov),
        (w(0o37777777), true),
        "OV stays set"
    );
    one(&mut m, ins("clo", false, 0, 0));
    assert!(!m.regs().ov);
    one(&mut m, ins("lai", false, 0, 0o77776));
    assert_eq!(m.regs().a, Word::from_signed(-2));
    one(&mut m, ins("aai", false, 0, 5));
    assert_eq!((m.regs().a, m.regs().ov), (w(3), false));
    m.regs_mut().a = w(0o40000000);
    one(&mut m, ins("aai", false, 0, 0o77777));
    assert_eq!((m.regs().a, m.regs().ov), (w(0o37777777), true));
}

#[test]
fn mul_and_div() {
    let mut m = machine();
    m.poke(0o2000, Word::from_signed(-3));
    m.regs_mut().a = w(1_000_000);
    assert_eq!(one(&mut m, ins("mul", false, 0, 0o2000)), (None, 10));
    assert_eq!(
        (m.regs().a, m.regs().q),
        (Word::ONES, Word::from_signed(-3_000_000))
    );
    m.poke(0o2001, w(10));
    m.regs_mut().a = Word::ZERO;
    m.regs_mut().q = w(12345);
    assert_eq!(one(&mut m, ins("div", false, 0, 0o2001)), (None, 12));
    assert_eq!(
        (m.regs().q, m.regs().a, m.regs().ov),
        (w(1234), w(5), false)
    );
    m.poke(0o2002, Word::ZERO);
    one(&mut m, ins("div", false, 0, 0o2002));
    assert_eq!(
        (m.regs().q, m.regs().a, m.regs().ov),
        (w(1234), w(5), true),
        "unchanged"
    );
}

#[test]
fn logic() {
    let mut m = machine();
    m.poke(0o2000, w(0o164000));
    for (op, expect) in [
        ("and", 0o100000),
        ("ora", 0o164770),
        ("xor", 0o064770),
        ("anc", 0o000770),
    ] {
        m.regs_mut().a = w(0o100770);
        assert_eq!(one(&mut m, ins(op, false, 0, 0o2000)), (None, 2), "{op}");
        assert_eq!(m.regs().a, w(expect), "{op}");
    }
}

#[test]
fn skips_both_ways_at_no_extra_cost() {
    let mut m = machine();
    m.poke(0o2000, w(0o164000));
    let cases = [
        ("ske", 0o164000, true),
        ("ske", 0o164001, false),
        ("skg", 0o164001, true),
        ("skg", 0o164000, false),
        ("skg", 0o77777777, false), // -1 > 164000 is false (signed)
        ("skt", 0o003500, true),
        ("skt", 0o004000, false),
        ("skb", 0o004000, true),
        ("skb", 0o003500, false),
    ];
    for (op, a, skips) in cases {
        m.regs_mut().a = w(a);
        assert_eq!(one(&mut m, ins(op, false, 0, 0o2000)), (None, 2), "{op}");
        assert_eq!(m.pc(), ORG + 1 + skips as u16, "{op} {a:o}");
        assert_eq!(m.regs().a, w(a), "{op} leaves A alone");
    }
    m.poke(0o2001, Word::from_signed(-2));
    one(&mut m, ins("isz", false, 0, 0o2001));
    assert_eq!((m.peek(0o2001), m.pc()), (Word::ONES, ORG + 1));
    one(&mut m, ins("isz", false, 0, 0o2001));
    assert_eq!((m.peek(0o2001), m.pc()), (Word::ZERO, ORG + 2));
}

#[test]
fn jumps_and_subroutines() {
    let mut m = machine();
    assert_eq!(one(&mut m, ins("jmp", false, 0, 0o1234)), (None, 1));
    assert_eq!(m.pc(), 0o1234);
    assert_eq!(one(&mut m, ins("jsr", false, 0, 0o3000)), (None, 2));
    assert_eq!((m.peek(0o3000), m.pc()), (w(ORG as u32 + 1), 0o3001));
    // jmp* 3000 returns after the jsr.
    assert_eq!(one(&mut m, ins("jmp", true, 0, 0o3000)), (None, 2));
    assert_eq!(m.pc(), ORG + 1);
    let cases = [
        ("jaz", 0, true),
        ("jaz", 1, false),
        ("jnz", 1, true),
        ("jnz", 0, false),
        ("jam", 0o40000000, true),
        ("jam", 0o37777777, false),
        ("jpl", 0, true),
        ("jpl", 0o77777777, false),
    ];
    for (op, a, taken) in cases {
        m.regs_mut().a = w(a);
        assert_eq!(one(&mut m, ins(op, false, 0, 0o700)), (None, 1), "{op}");
        assert_eq!(m.pc(), if taken { 0o700 } else { ORG + 1 }, "{op} {a:o}");
    }
    m.regs_mut().ov = true;
    one(&mut m, ins("jov", false, 0, 0o700));
    assert_eq!((m.pc(), m.regs().ov), (0o700, false));
    one(&mut m, ins("jov", false, 0, 0o700));
    assert_eq!(m.pc(), ORG + 1);
}

#[test]
fn shifts_cost_a_cycle_per_eight_places() {
    let mut m = machine();
    for (op, s, a, q, ea, eq) in [
        ("lsl", 4, 0o164000, 0, 0o3500000, 0),
        ("lsr", 1, 0o164000, 0, 0o72000, 0),
        ("asr", 9, 0o40000000, 0, 0o77740000, 0),
        ("rol", 23, 0o1, 0, 0o40000000, 0),
        ("lls", 24, 0o1, 0o2, 0o2, 0),
        ("lrs", 25, 0o4, 0, 0, 0o2),
        ("lrs", 1, 0o1, 0, 0, 0o40000000),
    ] {
        m.regs_mut().a = w(a);
        m.regs_mut().q = w(q);
        let (s2, c) = one(&mut m, ins(op, false, 0, s));
        assert_eq!((s2, c), (None, 1 + (s as u64).div_ceil(8)), "{op} {s}");
        assert_eq!((m.regs().a, m.regs().q), (w(ea), w(eq)), "{op} {s}");
    }
    m.regs_mut().a = w(0o164);
    m.regs_mut().q = Word::ZERO;
    assert_eq!(one(&mut m, ins("nrm", false, 2, 0)), (None, 1 + 3));
    assert_eq!((m.regs().a, m.regs().x(2)), (w(0o72000000), 17));
}

#[test]
fn operate_group() {
    let mut m = machine();
    let mut run = |op: &str, a: u32, q: u32| {
        m.regs_mut().a = w(a);
        m.regs_mut().q = w(q);
        m.regs_mut().ov = false;
        assert_eq!(one(&mut m, ins(op, false, 0, 0)), (None, 1), "{op}");
        (m.regs().a.get(), m.regs().q.get(), m.regs().ov)
    };
    assert_eq!(run("nop", 1, 2), (1, 2, false));
    assert_eq!(run("cla", 1, 2), (0, 2, false));
    assert_eq!(run("clq", 1, 2), (1, 0, false));
    assert_eq!(run("cma", 0o70707070, 2), (0o07070707, 2, false));
    assert_eq!(run("nga", 1, 2), (0o77777777, 2, false));
    assert_eq!(run("nga", 0o40000000, 2), (0o40000000, 2, true));
    assert_eq!(run("ina", 0o77777777, 2), (0, 2, false));
    assert_eq!(run("ina", 0o37777777, 2), (0o40000000, 2, true));
    assert_eq!(run("dca", 0, 2), (0o77777777, 2, false));
    assert_eq!(run("dca", 0o40000000, 2), (0o37777777, 2, true));
    assert_eq!(run("taq", 1, 2), (1, 1, false));
    assert_eq!(run("tqa", 1, 2), (2, 2, false));
    assert_eq!(run("xaq", 1, 2), (2, 1, false));
    m.regs_mut().ov = true;
    one(&mut m, ins("clo", false, 0, 0));
    assert!(!m.regs().ov);
}

#[test]
fn halt_shows_its_code_and_continues_after() {
    let mut m = machine();
    assert_eq!(
        one(&mut m, ins("hlt", false, 0, 0o17)),
        (
            Some(Stop::Halt {
                code: 0o17,
                at: AT,
                p: AT + 1
            }),
            1
        )
    );
    assert_eq!(m.pc(), ORG + 1);
    assert_eq!(m.instructions(), 1);
}

#[test]
fn every_unassigned_opcode_stops_with_p_and_the_word() {
    let mut m = machine();
    for op in 0u32..64 {
        if OPS.iter().any(|o| o.op as u32 == op) {
            continue;
        }
        let word = w(op << 18 | 0o123);
        assert_eq!(
            one(&mut m, word),
            (
                Some(Stop::Unimplemented {
                    p: AT,
                    word: word.get()
                }),
                0
            ),
            "{op:o}"
        );
        assert_eq!(m.pc(), ORG);
    }
    assert_eq!(m.instructions(), 0);
}

#[test]
fn table_cycles_are_what_execution_costs() {
    // TetaNES-style timing check: a plain instance of every row costs its table cycles.
    for o in OPS {
        if o.op == 0 {
            continue;
        }
        let cfg = Config {
            fast_typewriter: true,
            fast_tape: true,
            ..Config::default()
        };
        let mut m2 = Machine::new(cfg, Scripted::new());
        m2.host_mut::<Scripted>().unwrap().type_now("A");
        m2.mount_tape(vec![1]);
        let x = if o.class.names_register() { 1 } else { 0 };
        m2.regs_mut().set_x(1, 5);
        let addr = match o.class {
            Class::Mem | Class::RegMem | Class::RegJump | Class::RegImm | Class::Imm => 0o2000,
            _ => 0,
        };
        let (s, c) = one(&mut m2, ins(o.mnemonic, false, x, addr));
        assert_eq!((s, c), (None, o.cycles as u64), "{}", o.mnemonic);
    }
}

#[test]
fn memory_above_the_installed_size() {
    let cfg = Config {
        memory: MemorySize::K8,
        ..Config::default()
    };
    let mut m = Machine::new(cfg, Scripted::new());
    m.regs_mut().a = w(5);
    one(&mut m, ins("sta", false, 0, 0o20000));
    assert_eq!(m.peek(0o20000), Word::ZERO);
    one(&mut m, ins("sta", false, 0, 0o17777));
    assert_eq!(m.peek(0o17777), w(5));
    // Running off the end of an 8K memory reads zeros: a halt.
    m.regs_mut().p = 0o20000;
    assert_eq!(
        m.step().err(),
        Some(Stop::Halt {
            code: 0,
            at: 0o20000,
            p: 0o20001
        })
    );
}

#[test]
fn typewriter_out_and_in_at_ten_characters_a_second() {
    let mut m = machine();
    m.regs_mut().a = w(0o301); // 'A' with the parity bit
    assert_eq!(one(&mut m, ins("tyo", false, 0, 0)), (None, 1 + 50_000));
    assert_eq!(m.time_ns(), 100_002_000);
    assert_eq!(m.host::<Scripted>().unwrap().output(), b"A");
    m.host_mut::<Scripted>().unwrap().type_now("Z");
    assert_eq!(one(&mut m, ins("tyi", false, 0, 0)), (None, 1 + 50_000));
    assert_eq!(m.regs().a, w(b'Z' as u32));
    assert_eq!(
        m.host::<Scripted>().unwrap().output(),
        b"AZ",
        "the key is printed as it is struck"
    );
    assert_eq!(
        one(&mut m, ins("tyi", false, 0, 0)),
        (Some(Stop::InputExhausted { p: AT }), 0)
    );
    assert_eq!(m.pc(), ORG);
}

#[test]
fn waiting_for_a_key_takes_character_times_up_to_the_limit() {
    let cfg = Config {
        key_wait_limit: Some(3),
        ..Config::default()
    };
    let mut m = Machine::new(cfg, Scripted::from_lines("HI"));
    let (s, c) = one(&mut m, ins("tyi", false, 0, 0));
    assert_eq!((s, c, m.pc()), (None, 50_000, ORG), "still waiting");
    assert_eq!(m.step(), Ok(()), "still waiting");
    assert_eq!(m.step(), Ok(()), "still waiting");
    assert_eq!(m.step(), Err(Stop::InputExhausted { p: AT }));
    assert_eq!(m.instructions(), 0);
}

#[test]
fn paper_tape() {
    let mut m = machine();
    m.mount_tape(vec![0o377, 7]);
    assert_eq!(one(&mut m, ins("rpt", false, 0, 0)), (None, 1 + 2_500));
    assert_eq!(m.regs().a, w(0o377));
    one(&mut m, ins("ppt", false, 0, 0));
    one(&mut m, ins("rpt", false, 0, 0));
    assert_eq!((m.regs().a, m.regs().ov), (w(7), false));
    let (_, c) = one(&mut m, ins("ppt", false, 0, 0));
    assert_eq!(c, 1 + 8_334);
    one(&mut m, ins("rpt", false, 0, 0));
    assert_eq!((m.regs().a, m.regs().ov), (Word::ONES, true));
    assert_eq!(m.punched(), &[0o377, 7]);
}

#[test]
fn run_stops_at_breakpoints_and_cycle_limits() {
    let mut m = machine();
    // 1000: lxi 3,1 / 1001: tix 1001,1 / 1002: hlt 5
    m.poke(ORG, ins("lxi", false, 1, 3));
    m.poke(ORG + 1, ins("tix", false, 1, ORG + 1));
    m.poke(ORG + 2, ins("hlt", false, 0, 5));
    m.regs_mut().p = ORG;
    assert_eq!(
        m.run(Limit::NONE),
        Stop::Halt {
            code: 5,
            at: AT + 2,
            p: AT + 3
        }
    );
    assert_eq!((m.instructions(), m.cycles()), (5, 5));
    m.regs_mut().p = ORG;
    m.set_breakpoint(ORG + 1);
    assert_eq!(m.run(Limit::NONE), Stop::Breakpoint { p: AT + 1 });
    // Continuing from a breakpoint leaves it, and meets it again on the loop.
    assert_eq!(m.run(Limit::NONE), Stop::Breakpoint { p: AT + 1 });
    m.clear_breakpoint(ORG + 1);
    assert_eq!(
        m.run(Limit::NONE),
        Stop::Halt {
            code: 5,
            at: AT + 2,
            p: AT + 3
        }
    );
    m.regs_mut().p = ORG + 1;
    m.poke(ORG + 1, ins("jmp", false, 0, ORG + 1));
    let c = m.cycles();
    assert_eq!(
        m.run(Limit::cycles(100)),
        Stop::RunLimit { cycles: c + 100 }
    );
}

proptest! {
    /// The emulator executes exactly the words `decode` accepts.
    #[test]
    fn legality_agrees_with_decode(v in 0u32..=0o77777777) {
        let mut m = machine();
        m.host_mut::<Scripted>().unwrap().type_now("A");
        m.regs_mut().set_x(1, 1);
        m.regs_mut().set_x(2, 2);
        m.regs_mut().set_x(3, 3);
        let word = w(v);
        let (s, _) = one(&mut m, word);
        let illegal = matches!(s, Some(Stop::Unimplemented { .. }));
        prop_assert_eq!(illegal, decode(word).is_none(), "{}", word);
    }

    /// The effective address shown to a debugger is the one the instruction uses.
    #[test]
    fn effective_address_matches_execution(x in 0u8..4, i: bool, addr in 0u16..0o1000, x1 in 0u16..0o100, target in 0u16..0o100) {
        let mut m = machine();
        m.regs_mut().set_x(1, x1);
        m.regs_mut().set_x(2, 7);
        m.regs_mut().set_x(3, 0o77777);
        for a in 0..0o2000u16 {
            m.poke(a, Word::from_fields(0, false, 0, 0o4000 + target));
        }
        m.poke(ORG, ins("jmp", i, x, addr));
        m.regs_mut().p = ORG;
        let ea = m.effective_address();
        match m.step() {
            // The chain ran into the jmp itself, an indirect word pointing at itself.
            Err(Stop::IndirectLoop { .. }) => prop_assert_eq!(ea, None),
            _ => prop_assert_eq!(ea, Some(m.pc())),
        }
    }
}

#[test]
fn trace_line_shows_the_registers_after_the_instruction() {
    let mut m = machine();
    m.poke(0o2003, w(0o1234));
    m.regs_mut().set_x(1, 3);
    m.poke(ORG, ins("lda", false, 1, 0o2000));
    m.regs_mut().p = ORG;
    let (line, r) = m.traced_step();
    assert_eq!(r, Ok(()));
    // A is already loaded: the line shows the registers after the instruction.
    assert_eq!(
        line,
        "01000  10102000                  lda   02000,1           ea 02003  \
         A 00001234 Q 00000000 X1 00003 X2 00000 X3 00000 OV 0  cyc 2"
    );
}

#[test]
fn images_load_at_their_addresses_or_not_at_all() {
    let mut image = t3300_isa::Image::new();
    image.start = 0o1000;
    image.words.insert(0o1000, w(0o70000001));
    let mut m = machine();
    m.load(&image).unwrap();
    assert_eq!((m.pc(), m.peek(0o1000)), (0o1000, w(0o70000001)));
    image.words.insert(0o20000, w(1));
    let mut small = Machine::new(
        Config {
            memory: MemorySize::K8,
            ..Config::default()
        },
        Scripted::new(),
    );
    assert_eq!(
        small.load(&image).unwrap_err().to_string(),
        "image word at 20000 lies beyond the installed 8K memory"
    );
}
