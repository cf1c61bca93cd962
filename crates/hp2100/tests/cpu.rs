//! Instruction-level tests of the 2100A CPU: semantics, cycle counts against the timing
//! table, addressing, interrupts and the teleprinter's timing.

use hp2100::panel::Limit;
use hp2100::timing::{self, cycles, CYCLE_NS};
use hp2100::{Config, Machine, Stop};
use hp2100_isa::Class;

fn machine(program: &[(u16, u16)]) -> Machine {
    let mut m = Machine::new(Config::default()).unwrap();
    for &(a, w) in program {
        m.poke_core(a, w);
    }
    m.p = program.first().map_or(0, |p| p.0);
    m
}

/// The limit of every run here: a second of 2100A time, a thousand times what the longest
/// program here takes (HP's 44 ms delay loop), so that a bug that makes one loop for ever
/// fails with the stop instead of hanging the test.
fn bounded() -> Limit {
    Limit::seconds(1.0)
}

/// Run one instruction and return the cycles it took.
fn step_cycles(m: &mut Machine) -> u64 {
    let c = m.cycles;
    m.step().unwrap();
    m.cycles - c
}

#[test]
fn memory_reference_semantics() {
    let mut m = machine(&[
        (0o100, 0o062200), // LDA 200
        (0o101, 0o012201), // AND 201
        (0o102, 0o032202), // IOR 202
        (0o103, 0o022203), // XOR 203
        (0o104, 0o072204), // STA 204
        (0o105, 0o016300), // JSB 300
        (0o106, 0o102077), // HLT 77
        (0o200, 0o177400),
        (0o201, 0o007760),
        (0o202, 0o000003),
        (0o203, 0o000001),
        (0o300, 0),
        (0o301, 0o126300), // JMP 300,I
    ]);
    assert_eq!(
        m.run(Limit::instructions(100)),
        Stop::Halt {
            code: 0o102077,
            at: 0o106,
            p: 0o107
        }
    );
    assert_eq!(m.peek(0o204), (0o177400 & 0o007760 | 3) ^ 1);
    assert_eq!(m.peek(0o300), 0o106, "JSB stores the return address");
    assert_eq!(m.t, 0o102077, "T shows the halt word");
}

#[test]
fn add_sets_e_and_o_and_never_clears_them() {
    let mut m = machine(&[
        (0o100, 0o042200),
        (0o101, 0o042201),
        (0o200, 0o077777),
        (0o201, 0o100001),
    ]);
    m.a = 1;
    m.e = false;
    m.step().unwrap(); // 1 + 077777 = 100000: signed overflow, no carry
    assert_eq!((m.a, m.e, m.o), (0o100000, false, true));
    m.step().unwrap(); // 100000 + 100001 = 1 carry, overflow
    assert_eq!((m.a, m.e, m.o), (1, true, true));
}

proptest::proptest! {
    #[test]
    fn adb_matches_a_wide_reference(b: u16, v: u16, e: bool, o: bool) {
        let mut m = machine(&[(0o100, 0o046200), (0o200, v)]);
        m.b = b;
        m.e = e;
        m.o = o;
        m.step().unwrap();
        let sum = u32::from(b) + u32::from(v);
        let signed = i32::from(b as i16) + i32::from(v as i16);
        proptest::prop_assert_eq!(m.b, sum as u16);
        proptest::prop_assert_eq!(m.e, e || sum > 0xffff);
        proptest::prop_assert_eq!(m.o, o || !(-32768..=32767).contains(&signed));
    }
}

#[test]
fn isz_and_cpa_skip() {
    let mut m = machine(&[
        (0o100, 0o036200),
        (0o101, 0o102001),
        (0o102, 0o052201),
        (0o103, 0o102002),
        (0o104, 0o102003),
        (0o200, 0o177777),
        (0o201, 5),
    ]);
    m.a = 4;
    assert_eq!(
        m.run(bounded()),
        Stop::Halt {
            code: 0o102003,
            at: 0o104,
            p: 0o105
        }
    );
    assert_eq!(m.peek(0o200), 0);
}

#[test]
fn current_page_and_base_page() {
    // LDA 10 (current page) at 4100 loads from 4010; LDA 10 base page loads from 10.
    let mut m = machine(&[
        (0o4100, 0o062010),
        (0o4101, 0o060010),
        (0o4010, 0o1111),
        (0o10, 0o2222),
    ]);
    m.step().unwrap();
    assert_eq!(m.a, 0o1111);
    m.step().unwrap();
    assert_eq!(m.a, 0o2222);
}

#[test]
fn a_and_b_are_addresses_0_and_1() {
    // ISZ A; LDB A; STB 1 is a no-op; LDA B,I follows B as a pointer.
    let mut m = machine(&[
        (0o100, 0o034000),
        (0o101, 0o064000),
        (0o102, 0o160001),
        (0o103, 0o102077),
        (0o500, 0o4321),
    ]);
    m.a = 0o477;
    m.run(bounded());
    assert_eq!(m.b, 0o500);
    assert_eq!(m.a, 0o4321);
    assert_eq!(m.peek_core(0), 0, "core word 0 is not touched by the CPU");
}

#[test]
fn indirect_chains_cost_a_cycle_per_level_and_loops_stop() {
    let mut m = machine(&[
        (0o100, 0o160200),
        (0o200, 0o100201),
        (0o201, 0o000202),
        (0o202, 0o7777),
    ]);
    assert_eq!(
        step_cycles(&mut m),
        u64::from(cycles(Class::Ldx) + 2 * timing::INDIRECT)
    );
    assert_eq!(m.a, 0o7777);
    let mut m = machine(&[(0o100, 0o160200), (0o200, 0o100200)]);
    assert_eq!(
        m.run(bounded()),
        Stop::IndirectLoop {
            p: 0o100,
            word: 0o160200
        }
    );
    assert_eq!(m.p, 0o100);
}

#[test]
fn cycle_counts_follow_the_table() {
    #[rustfmt::skip]
    let cases: &[(u16, u32)] = &[
        (0o010200, cycles(Class::And)), (0o020200, cycles(Class::Xor)), (0o030200, cycles(Class::Ior)),
        (0o040200, cycles(Class::Add)), (0o050200, cycles(Class::Cpx)), (0o060200, cycles(Class::Ldx)),
        (0o070200, cycles(Class::Stx)), (0o014200, cycles(Class::Jsb)), (0o024200, cycles(Class::Jmp)),
        (0o034200, cycles(Class::Isz)), (0o001727, cycles(Class::Srg)), (0o003007, cycles(Class::Asg)),
        (0o102101, cycles(Class::Stf)), (0o100020, timing::eau_shift(16)), (0o101101, timing::eau_shift(1)),
    ];
    for &(w, want) in cases {
        let mut m = machine(&[(0o100, w), (0o200, 0o100)]);
        assert_eq!(step_cycles(&mut m), u64::from(want), "{w:06o}");
    }
    for (w, class) in [
        (0o100200, Class::Mpy),
        (0o100400, Class::Div),
        (0o104200, Class::Dld),
        (0o104400, Class::Dst),
    ] {
        let mut m = machine(&[(0o100, w), (0o101, 0o200), (0o200, 3)]);
        assert_eq!(step_cycles(&mut m), u64::from(cycles(class)), "{w:06o}");
        assert_eq!(m.p, 0o102, "two-word instruction");
    }
}

#[test]
fn hp_timing_constants_on_the_machine() {
    // The configurator's 1 ms loop: LDB =-252; INB,SZB; JMP *-1.
    let mut m = machine(&[
        (0o100, 0o064200),
        (0o101, 0o006006),
        (0o102, 0o024101),
        (0o103, 0o102077),
        (0o200, (-252i16) as u16),
    ]);
    m.run(bounded());
    let us = m.time_ns() as f64 / 1000.0;
    assert!((985.0..1000.0).contains(&us), "{us} µs");
    // The TV diagnostic's 44 ms loop: ISZ count; JMP *-1, count = -8975.
    let mut m = machine(&[
        (0o100, 0o036200),
        (0o101, 0o024100),
        (0o102, 0o102077),
        (0o200, (-8975i16) as u16),
    ]);
    m.run(bounded());
    let ms = m.time_ns() as f64 / 1e6;
    assert!((43.9..44.1).contains(&ms), "{ms} ms");
}

#[test]
fn eau_through_the_cpu() {
    // MPY 200 (-3 x 7); DIV 201 (by 4); DST 202; ASL 1; HLT.
    let mut m = machine(&[
        (0o100, 0o100200),
        (0o101, 0o200),
        (0o102, 0o100400),
        (0o103, 0o201),
        (0o104, 0o104400),
        (0o105, 0o202),
        (0o106, 0o102077),
        (0o200, 7),
        (0o201, 4),
    ]);
    m.a = (-3i16) as u16;
    m.e = true;
    m.run(bounded());
    assert_eq!((m.a as i16, m.b as i16), (-5, -1)); // -21 / 4 = -5 rem -1
    assert_eq!((m.peek(0o202) as i16, m.peek(0o203) as i16), (-5, -1));
    assert!(m.e, "the EAU never touches E");
    assert!(!m.o);
}

#[test]
fn undefined_eau_codes_are_no_operations() {
    // As Open SIMH 4's 2100 runs them (`hp2100_isa::decode` note 1).
    for w in [0o100000, 0o100060, 0o101000, 0o100237] {
        let mut m = machine(&[(0o100, w), (0o101, 0o102077)]);
        assert_eq!(m.run(bounded()).halt_code(), Some(0o102077), "{w:o}");
        assert_eq!(m.p, 0o102, "{w:o} is one word");
    }
    let mut m = machine(&[(0o100, 0o105000), (0o101, 0o102077)]);
    assert_eq!(
        m.run(bounded()).halt_code(),
        Some(0o102077),
        "user microcode space is a no-op"
    );
}

#[test]
fn nonexistent_and_protected_memory() {
    let mut m = machine(&[(0o100, 0o071500), (0o101, 0o061500)]);
    // STA 1500 then LDA 1500.
    m.a = 0o1234;
    m.poke_core(0o37700, 0o7777);
    m.run(Limit::instructions(2));
    assert_eq!(m.a, 0o1234);
    let mut m = machine(&[
        (0o100, 0o161000),
        (0o1000, 0o37700),
        (0o101, 0o161001),
        (0o1001, 0o40000),
    ]);
    m.poke_core(0o37700, 0o7777);
    m.a = 5;
    m.step().unwrap();
    assert_eq!(m.a, 0, "protected loader word reads 0");
    m.set_loader_enabled(true);
    m.p = 0o100;
    m.step().unwrap();
    assert_eq!(m.a, 0o7777);
    m.step().unwrap();
    assert_eq!(m.a, 0, "memory above 16K reads 0");
}

#[test]
fn overflow_and_switch_register_select_codes() {
    // STO; SOS; HLT 1; CLO; SOC; HLT 2; LIA 1; OTB 1; HLT 77
    let mut m = machine(&[
        (0o100, 0o102101),
        (0o101, 0o102301),
        (0o102, 0o102001),
        (0o103, 0o103101),
        (0o104, 0o102201),
        (0o105, 0o102002),
        (0o106, 0o102501),
        (0o107, 0o106601),
        (0o110, 0o102077),
    ]);
    m.s = 0o123;
    m.b = 0o456;
    assert_eq!(m.run(bounded()).halt_code(), Some(0o102077));
    assert_eq!(m.a, 0o123);
    assert_eq!(m.s, 0o456, "OTB 1 loads the S display on the 2100");
}

/// A program that prints "HI" and halts, and an interrupt-driven variant.
#[test]
fn teleprinter_output_takes_100_ms_per_character() {
    // LDA 200 OTA 11; LDA 201 OTA 11 STC 11,C SFS 11 JMP *-1; LDA 202 OTA 11 STC 11,C SFS 11 JMP *-1; HLT
    let mut m = machine(&[
        (0o100, 0o062200),
        (0o101, 0o102611),
        (0o102, 0o062201),
        (0o103, 0o102611),
        (0o104, 0o103711),
        (0o105, 0o102311),
        (0o106, 0o024105),
        (0o107, 0o062202),
        (0o110, 0o102611),
        (0o111, 0o103711),
        (0o112, 0o102311),
        (0o113, 0o024112),
        (0o114, 0o102077),
        (0o200, 0o120000),
        (0o201, u16::from(b'H')),
        (0o202, u16::from(b'I')),
    ]);
    m.cards
        .tty
        .attach(teletype::Transcript::new(teletype::Scripted::new()));
    m.run(bounded());
    let t: teletype::Transcript<teletype::Scripted> = m.cards.tty.detach().unwrap();
    assert_eq!(t.paper(), "HI");
    let times: Vec<u64> = t.printed().iter().map(|p| p.0).collect();
    let gap = times[1] - times[0];
    assert!(
        (100_000_000..100_000_000 + 20 * CYCLE_NS).contains(&gap),
        "{gap} ns between characters"
    );
    assert!(m.seconds() > 0.2 && m.seconds() < 0.201);
}

#[test]
fn interrupt_from_the_teleprinter() {
    // Trap cell 11: JSB 300. Main: output control word, a character, STC 11,C, STF 0,
    // then loop at 105 (JMP 105). Handler at 300: HLT 55.
    let mut m = machine(&[
        (0o100, 0o062200),
        (0o101, 0o102611),
        (0o102, 0o062201),
        (0o103, 0o102611),
        (0o104, 0o103711),
        (0o105, 0o102100),
        (0o106, 0o024106),
        (0o11, 0o016300),
        (0o301, 0o102055),
        (0o200, 0o120000),
        (0o201, u16::from(b'X')),
    ]);
    assert_eq!(
        m.run(Limit::seconds(1.0)),
        Stop::Halt {
            code: 0o102055,
            at: 0o301,
            p: 0o302
        }
    );
    assert_eq!(
        m.peek(0o300),
        0o106,
        "JSB in the trap cell saves the interrupted P"
    );
    assert_eq!(m.cir, 0o11);
    // Interrupts off: the same program loops until the run limit.
    let mut m = machine(&[
        (0o100, 0o062200),
        (0o101, 0o102611),
        (0o102, 0o062201),
        (0o103, 0o102611),
        (0o104, 0o103711),
        (0o105, 0o000000),
        (0o106, 0o024106),
        (0o11, 0o016300),
        (0o301, 0o102055),
        (0o200, 0o120000),
        (0o201, 0o130),
    ]);
    assert!(matches!(m.run(Limit::seconds(0.5)), Stop::RunLimit { .. }));
}

#[test]
fn deferral_after_jmp_indirect() {
    // With the flag set and the interrupt system on, JMP 200,I defers the interrupt past
    // the next instruction when it is not a memory reference (CLA at the target).
    let mut m = machine(&[
        (0o100, 0o103711), // STC 11,C  (input mode after PRESET; flag cleared)
        (0o101, 0o102111), // STF 11: flag set -> request (control set)
        (0o102, 0o102100), // STF 0 (defers one instruction)
        (0o103, 0o124200), // JMP 200,I: executes (not an MRG exception... JMP defers)
        (0o200, 0o000400),
        (0o400, 0o002400), // CLA: executes before the interrupt
        (0o401, 0o002400),
        (0o11, 0o102077),
    ]);
    m.preset();
    m.run(Limit::instructions(4)); // STC, STF 11, STF 0, JMP,I
    assert_eq!(m.p, 0o400);
    m.step().unwrap(); // CLA (deferred interrupt)
    assert_eq!(m.p, 0o401);
    assert_eq!(
        m.run(Limit::instructions(1)),
        Stop::Halt {
            code: 0o102077,
            at: 0o11,
            p: 0o401
        }
    );
}

#[test]
fn the_halt_switch_stops_a_running_machine() {
    // ISZ 200, JMP 100, JMP 100 (after the skip): a loop that computes for ever, which RUN
    // executes turn by turn (a JMP * with nothing to wait for would pass to the limit at once:
    // `wait.rs`).
    let mut m = machine(&[(0o100, 0o034200), (0o101, 0o024100), (0o102, 0o024100)]);
    let switch = m.halt_switch();
    let presser = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(20));
        switch.store(true, std::sync::atomic::Ordering::Relaxed);
    });
    // An hour of 2100A time: far more than the 20 ms of host time before the press, at any
    // speed of the host, and still a bound.
    let stop = m.run(Limit::seconds(3600.0));
    assert!(
        matches!(stop, Stop::Operator { p } if (0o100..=0o102).contains(&p)),
        "{stop:?}"
    );
    presser.join().unwrap();
    // Released: the machine runs again until its limit.
    assert!(matches!(
        m.run(Limit::instructions(1000)),
        Stop::RunLimit { .. }
    ));
}

#[test]
fn memory_protect_traps_a_write_below_the_fence() {
    // Fence 1000; trap cell 5: JSB 300; STF 0; STC 5,C; STA 500 (violation); HLT 1.
    // Handler at 300: LIA 5 (violation address); CLC 5; HLT 55.
    let mut m = machine(&[
        (0o100, 0o062200),
        (0o101, 0o102605),
        (0o102, 0o102100),
        (0o103, 0o103705),
        (0o104, 0o070500),
        (0o105, 0o102001),
        (0o5, 0o016300),
        (0o301, 0o102505),
        (0o302, 0o106705),
        (0o303, 0o102055),
        (0o200, 0o1000),
    ]);
    m.a = 0o7777;
    assert_eq!(
        m.run(Limit::instructions(100)),
        Stop::Halt {
            code: 0o102055,
            at: 0o303,
            p: 0o304
        }
    );
    assert_eq!(
        m.a, 0o104,
        "the violation register holds the offending instruction"
    );
    assert_eq!(m.peek(0o500), 0, "the write was not done");
    assert_eq!(
        m.peek(0o300),
        0o105,
        "the trap saved the next instruction's address"
    );
    // With protection off the same write is done.
    let mut m = machine(&[(0o100, 0o070500), (0o101, 0o102001)]);
    m.a = 0o7777;
    m.run(Limit::instructions(10));
    assert_eq!(m.peek(0o500), 0o7777);
}

#[test]
fn preset_sets_the_io_flags_and_clears_overflow_and_protection() {
    // OTA 5 (fence 100), STC 12 (punch control), STC 5 (protect on), STO (select code 1
    // stays legal under protection), then a loop above the fence.
    let mut m = machine(&[
        (0o100, 0o062110), // LDA 110
        (0o101, 0o102605), // OTA 5
        (0o102, 0o102712), // STC 12
        (0o103, 0o103712), // STC 12,C
        (0o104, 0o102705), // STC 5
        (0o105, 0o102101), // STO
        (0o106, 0o026106), // JMP 106
        (0o110, 0o000100),
    ]);
    m.run(Limit::instructions(10));
    assert!(m.o && m.cards.mp.enabled());
    let ptp = Machine::slot("PTP").unwrap();
    assert!(m.flip_flops(ptp).control && !m.flip_flops(ptp).flag);
    m.preset();
    assert!(!m.o, "PRESET clears the overflow register");
    assert!(!m.cards.mp.enabled(), "PRESET turns memory protect off");
    for name in ["PTR", "TTY", "PTP"] {
        let ff = m.flip_flops(Machine::slot(name).unwrap());
        assert!(ff.flag && ff.flag_buffer && !ff.control, "{name}: {ff:?}");
    }
}

#[test]
fn neither_sfs_nor_sfc_skips_on_an_empty_select_code() {
    let mut m = machine(&[
        (0o100, 0o102345), // SFS 45
        (0o101, 0o102245), // SFC 45
        (0o102, 0o102077), // HLT 77
        (0o103, 0o102076), // HLT 76
    ]);
    assert_eq!(
        m.run(Limit::instructions(10)),
        Stop::Halt {
            code: 0o102077,
            at: 0o102,
            p: 0o103
        }
    );
}

#[test]
fn power_fail_interrupts_on_the_way_down_and_up_with_core_kept() {
    let mut m = machine(&[
        (0o100, 0o024100), // JMP *: the interrupt system stays off
        (0o4, 0o014050),   // trap cell 4: JSB 50
        (0o50, 0),
        (0o51, 0o102204), // SFC 4: skips while power is failing
        (0o52, 0o024060), // JMP 60: power is back
        (0o53, 0o102006), // HLT 6: waiting for the power to go
        (0o60, 0o102007), // HLT 7
    ]);
    assert!(matches!(
        m.run(Limit::instructions(10)),
        Stop::RunLimit { .. }
    ));
    assert_eq!(
        m.power_down(),
        Stop::Halt {
            code: 0o102006,
            at: 0o53,
            p: 0o54
        }
    );
    assert_eq!(m.peek(0o50), 0o100, "the interrupted P");
    m.power_up();
    assert_eq!((m.p, m.a, m.ion), (0, 0, false), "registers as at power on");
    assert_eq!(
        m.run(Limit::instructions(10)),
        Stop::Halt {
            code: 0o102007,
            at: 0o60,
            p: 0o61
        }
    );
    assert_eq!(m.peek(0o100), 0o024100, "core kept");
    assert!(m.seconds() > 0.0);
}

#[test]
fn run_stops_at_breakpoints_and_leaves_them() {
    let mut m = machine(&[
        (0o100, 0o002400), // CLA
        (0o101, 0o006004), // INB
        (0o102, 0o024100), // JMP 100
    ]);
    m.breakpoints.insert(0o101);
    assert_eq!(m.run(bounded()), Stop::Breakpoint { p: 0o101 });
    assert_eq!(m.b, 0);
    // RUN from the breakpoint executes it and meets it again on the next pass.
    assert_eq!(m.run(bounded()), Stop::Breakpoint { p: 0o101 });
    assert_eq!(m.b, 1);
    m.breakpoints.remove(0o101);
    assert!(matches!(
        m.run(Limit::instructions(30)),
        Stop::RunLimit { .. }
    ));
    assert_eq!(m.b, 11);
}
