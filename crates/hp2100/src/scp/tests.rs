use super::*;

fn console() -> Console<Vec<u8>> {
    Console::new(Vec::new())
}

fn text(c: &Console<Vec<u8>>) -> String {
    String::from_utf8_lossy(c.output()).replace('\r', "")
}

/// The error of a script's last line typed at the prompt, the lines before it run first:
/// in a do-file a refused line is reported and the file goes on, as on SIMH.
fn refused(c: &mut Console<Vec<u8>>, name: &str, script: &str) -> ScpError {
    let lines: Vec<&str> = script.trim_end().lines().collect();
    let (last, before) = lines.split_last().expect("a line");
    c.run_text(name, &before.join("\n")).unwrap();
    c.command(name, lines.len(), last).unwrap_err()
}

#[test]
fn deposit_examine_and_go() {
    let mut c = console();
    let script = "\
        ; a tiny program: LDA 200, ADA 201, STA 202, HLT 77
        deposit 100 062200
        deposit 101 042201
        deposit 102 072202
        deposit 103 102077
        deposit 200 000005
        deposit 201 000007
        go 100
        examine 202
        examine A,P
        assert 202 == 14
        assert P == 104
        exit 3
    ";
    assert_eq!(c.run_text("t.do", script).unwrap(), 3);
    let t = text(&c);
    assert!(
        t.contains("Programmed halt, T: 102077 (HLT 77), P: 00104 (NOP)"),
        "{t}"
    );
    assert!(t.contains("202:\t000014"), "{t}");
    assert!(t.contains("A:\t000014\nP:\t00104"), "{t}");
}

#[test]
fn failed_assert_exits_1() {
    let mut c = console();
    assert_eq!(
        c.run_text("t.do", "deposit A 5\nassert A == 6\necho not reached")
            .unwrap(),
        1
    );
    assert!(text(&c).contains("assertion failed: A is 000005"));
    assert!(!text(&c).contains("not reached"));
}

#[test]
fn errors_name_file_and_line() {
    let mut c = console();
    let e = refused(&mut c, "x.do", "echo hi\n\nfrobnicate\n");
    assert_eq!(
        e.to_string(),
        "x.do:3: Unknown command: frobnicate (help lists the commands)"
    );
    let e = refused(&mut c, "x.do", "deposit 100 9");
    assert!(
        e.to_string()
            .starts_with("x.do:1: Invalid argument: 9 is not a value (in `deposit 100 9`)"),
        "{e}"
    );
    let e = refused(&mut c, "x.do", "attach ptr /no/such/tape");
    assert!(e.to_string().contains("cannot make /no/such/tape"), "{e}");
    let e = refused(&mut c, "x.do", "boot ptr");
    assert!(e.to_string().contains("no tape"), "{e}");
    let e = refused(&mut c, "x.do", "set cpu 5K");
    assert!(e.to_string().contains("4K to 32K"), "{e}");
}

#[test]
fn runaway_program_stops_at_the_run_limit() {
    let mut c = console();
    // JMP 100 at 100.
    assert_eq!(
        c.run_text("t.do", "set runlimit 2 seconds\ndeposit 100 024100\ngo 100")
            .unwrap(),
        0
    );
    assert!(
        text(&c).contains("t.do-3> go 100\n\nRun time limit exhausted, P: 00100 (JMP 100)"),
        "{}",
        text(&c)
    );
    assert!(c.machine.seconds() >= 2.0 && c.machine.seconds() < 2.001);
}

#[test]
fn arguments_and_comments() {
    // As in SIMH, a comment is a line that starts with `;` or `#`; a `;` later in a line
    // is the line's own.
    let mut c = console();
    c.run_text_with(
        "s.do",
        "; comment\n  # another\necho arg %1 ; not a comment\necho \"a;b\" %*",
        &["42".into(), "b c".into()],
    )
    .unwrap();
    assert_eq!(text(&c), "arg 42 ; not a comment\n\"a;b\" 42 \"b c\"\n");
}

/// A program that reads one character with echo and halts with it in A, run for at most 5 s:
///   100 LDA =160000 (input, echo)   OTA 11   STC 11,C   SFS 11   JMP *-1   LIA 11   HLT 77
const READ_ONE_KEY: &str = "\
        deposit 100 062120
        deposit 101 102611
        deposit 102 103711
        deposit 103 102311
        deposit 104 024103
        deposit 105 102511
        deposit 106 102077
        deposit 120 160000
        set runlimit 5 seconds
";

#[test]
fn expect_send_drives_a_teletype_program() {
    let mut c = console();
    let script = READ_ONE_KEY.to_string()
        + "
        send \"Q\"
        run 100
        assert A == 121
    ";
    assert_eq!(c.run_text("t.do", &script).unwrap(), 0, "{}", text(&c));
    assert_eq!(c.tty().host.paper(), "Q");
}

#[test]
fn keys_typed_as_an_asr33_sends_them_wait_for_the_program() {
    // A second run reads the next key. Lower case comes as upper case, a line feed as RETURN.
    let mut c = console();
    c.run_text("t.do", READ_ONE_KEY).unwrap();
    assert!(!c.keys_waiting());
    c.type_keys("q\n");
    assert!(c.keys_waiting());
    c.execute("run 100").unwrap();
    assert_eq!(c.machine.a, u16::from(b'Q'));
    c.execute("run 100").unwrap();
    assert_eq!(c.machine.a, 0o15, "RETURN");
    assert!(!c.keys_waiting());
    // No key waiting: the program's wait ends the run.
    c.execute("run 100").unwrap();
    assert!(matches!(c.last_stop, Some(Stop::InputExhausted { .. })));
}

proptest::proptest! {
    #[test]
    fn random_lines_never_panic(line in ".{0,60}") {
        let mut c = console();
        c.set_limit(Limit::instructions(1000));
        let _ = c.execute(&line);
    }
}

#[test]
fn boot_with_a_bad_checksum_halts_102011_and_names_the_record() {
    use hp2100_isa::tape::{write, Record};
    let mut tape = write(
        &[
            Record {
                addr: 0o100,
                words: vec![1, 2, 3],
            },
            Record {
                addr: 0o200,
                words: vec![0o102077],
            },
        ],
        20,
    );
    tape[20 + 4 + 6 + 2 + 4] ^= 0o40; // the data word of the second record
    let path = std::env::temp_dir().join(format!("retro-bad-{}.abs", std::process::id()));
    std::fs::write(&path, &tape).unwrap();
    let mut c = console();
    let script = format!(
        "attach ptr {}\nboot ptr\nassert T == 102011\nassert 100 == 1\nassert 102 == 3",
        path.display()
    );
    let status = c.run_text("t.do", &script).unwrap();
    std::fs::remove_file(&path).ok();
    let t = text(&c);
    assert_eq!(status, 0, "{t}");
    assert!(
        t.contains("Programmed halt, T: 102011 (HLT 11), P: "),
        "{t}"
    );
    assert!(
        t.contains("tape: record 2 (byte 32): checksum on tape"),
        "{t}"
    );
}

#[test]
fn boot_loads_through_the_loader_and_the_panel_halt_code_is_102077() {
    use hp2100_isa::tape::{write, Record};
    let tape = write(
        &[
            Record {
                addr: 0o2,
                words: vec![0o024100],
            },
            Record {
                addr: 0o100,
                words: vec![0o062103, 0o102077, 0, 0o4321],
            },
        ],
        30,
    );
    let path = std::env::temp_dir().join(format!("retro-good-{}.abs", std::process::id()));
    std::fs::write(&path, &tape).unwrap();
    let mut c = console();
    let script = format!("attach ptr {}\nboot ptr\nassert T == 102077\nassert A == 0\nassert B == 0\ngo 2\nassert A == 4321\nassert P == 102", path.display());
    let status = c.run_text("t.do", &script).unwrap();
    std::fs::remove_file(&path).ok();
    assert_eq!(status, 0, "{}", text(&c));
    // The load took 2100A time: 2 ms per frame through the photoreader.
    let frames = c.machine.cards.ptr.position();
    assert_eq!(frames, 30 + 8 + 14 + 10, "leader, two records, ten NULs");
    assert!(
        c.machine.seconds() > frames as f64 * 0.002,
        "{}",
        c.machine.seconds()
    );
}

#[test]
fn a_record_over_the_loader_halts_102055() {
    use hp2100_isa::tape::{write, Record};
    let tape = write(
        &[Record {
            addr: 0o37770,
            words: vec![1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
        }],
        20,
    );
    let path = std::env::temp_dir().join(format!("retro-over-{}.abs", std::process::id()));
    std::fs::write(&path, &tape).unwrap();
    let mut c = console();
    let status = c
        .run_text(
            "t.do",
            &format!(
                "attach ptr {}\nboot ptr\nassert T == 102055",
                path.display()
            ),
        )
        .unwrap();
    std::fs::remove_file(&path).ok();
    assert_eq!(status, 0, "{}", text(&c));
}

#[test]
fn examine_and_deposit_a_cards_flip_flops() {
    let mut c = console();
    // PRESET (at power on) leaves the cards' flags and flag buffers set, control clear.
    let script = "\
        examine tty
        deposit tty ctl 1
        examine TTY CTL, ptp flg
        deposit ptp fbf 1
        examine ptp
        examine TTY CTL,FLG,FBF
    ";
    assert_eq!(c.run_text("t.do", script).unwrap(), 0);
    // SIMH's form: `CTL:<tab>0`.
    let t = text(&c);
    assert!(t.starts_with("CTL:\t0\nFLG:\t1\nFBF:\t1\n"), "{t}");
    // Power on preset every card: the punch's flag and flag buffer are set, as on SIMH.
    assert!(t.contains("\nCTL:\t1\nFLG:\t1\n"), "{t}");
    assert!(t.contains("\nCTL:\t0\nFLG:\t1\nFBF:\t1\n"), "{t}");
    assert!(t.ends_with("\nCTL:\t1\nFLG:\t1\nFBF:\t1\n"), "{t}");
    // Control, flag and flag buffer set: the card interrupts once the system is on.
    assert!(
        c.machine.intrq == crate::SC_TTY,
        "TTY requests an interrupt"
    );
    let e = refused(&mut c, "t.do", "deposit tty xyz 1");
    assert!(e.to_string().contains("TTY has no flip-flop XYZ"), "{e}");
    refused(&mut c, "t.do", "deposit tty flg 2");
    refused(&mut c, "t.do", "examine tty foo");
}

#[test]
fn simh_device_words_and_show_io() {
    let mut c = console();
    let script = "\
        set cpu 2100
        set mc1 enabled
        set mc1 sc=14
        set mc1 diagnostic
        set tbg enabled
        set tbg w2b
        show io
        show cpu
    ";
    assert_eq!(c.run_text("t.do", script).unwrap(), 0);
    let t = text(&c);
    assert!(t.contains("MC1   14  yes"), "{t}");
    assert!(t.contains("TBG   13  yes"), "{t}");
    // SIMH's 2100 has 32K (`settings.rs` note 3).
    assert!(
        t.contains("CPU     idle disabled\n        32KW, 2100, loader disabled, EAU"),
        "{t}"
    );
    assert!(c.machine.cards.mc1.loopback && c.machine.cards.tbg.w2b);
    let e = refused(&mut c, "t.do", "set lpt enabled");
    assert!(e.to_string().contains("LPT: it is not modelled"), "{e}");
    // Two cards at one select code are taken, and keep the machine from running.
    c.run_text("t.do", "set mc1 sc=13\ngo 100\n").unwrap();
    assert!(
        text(&c).contains("Select code 13 conflict (MC1 and TBG)"),
        "{}",
        text(&c)
    );
    assert_eq!(c.last_stop, None, "nothing ran");
    c.run_text("t.do", "set mc1 sc=14\n").unwrap();
    refused(&mut c, "t.do", "set tty diagnostic");
}

#[test]
fn the_machine_does_not_run_while_the_power_is_off() {
    let mut c = console();
    // JMP * at 100; HLT 6 in trap cell 4: the halt leaves P at the interrupted instruction.
    let setup = "\
        set runlimit 1000 instructions
        deposit 100 024100
        deposit 4 102006
        go 100
        power down
    ";
    assert_eq!(c.run_text("t.do", setup).unwrap(), 0);
    assert!(
        text(&c).contains("HALT 102006 at P: 00100, then power lost"),
        "{}",
        text(&c)
    );
    let e = refused(&mut c, "t.do", "go");
    assert!(e.to_string().contains("power is off"), "{e}");
    // Power on clears P; the halt in the trap cell leaves it there.
    let up = "power up\nstep\nassert T == 102006\nassert P == 0";
    assert_eq!(c.run_text("t.do", up).unwrap(), 0, "{}", text(&c));
}

#[test]
fn a_script_that_runs_itself_meets_the_nesting_limit() {
    let dir = std::env::temp_dir().join(format!("scp-nest-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rec = dir.join("rec.do");
    std::fs::write(&rec, "echo again\ndo rec.do\n").unwrap();
    let mut c = console();
    assert_eq!(c.run_file(&rec, &[]).unwrap(), 2, "a failure was reported");
    let t = text(&c);
    assert!(
        t.contains("rec.do-2> do rec.do\nNested DO command limit exceeded"),
        "{t}"
    );
    assert_eq!(t.matches("again").count(), MAX_DO_DEPTH);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Punches the letter in location 200 and halts (OTA 12, STC 12,C, SFS 12, JMP *-1).
const PUNCH_A: &str = "\
    deposit 100 062200
    deposit 101 102612
    deposit 102 103712
    deposit 103 102312
    deposit 104 024103
    deposit 105 102077
    deposit 200 000101
";

fn tape_file(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("scp-ptp-{}-{name}", std::process::id()))
}

#[test]
fn attaching_the_punch_never_empties_an_existing_tape() {
    let tape = tape_file("kept");
    std::fs::write(&tape, b"old").unwrap();
    let mut c = console();
    let script = format!("attach ptp {}\nattach ptq nothing\n", tape.display());
    refused(&mut c, "t.do", &script);
    assert_eq!(std::fs::read(&tape).unwrap(), b"old");
    assert!(text(&c).contains("PTP: adding to"), "{}", text(&c));
    // Frames go on the end of the tape, written as they are punched.
    let script = format!("{PUNCH_A}attach ptp {}\ngo 100\n", tape.display());
    c.run_text("t.do", &script).unwrap();
    assert_eq!(std::fs::read(&tape).unwrap(), b"oldA");
    // -n starts a new tape.
    let script = format!("{PUNCH_A}attach -n ptp {}\ngo 100\n", tape.display());
    c.run_text("t.do", &script).unwrap();
    assert_eq!(std::fs::read(&tape).unwrap(), b"A");
    std::fs::remove_file(&tape).ok();
}

#[test]
fn a_bad_punch_file_is_an_error_at_attach_and_when_punching() {
    let mut c = console();
    c.run_text("t.do", "attach ptp /no/such/dir/tape\necho goes on")
        .unwrap();
    let t = text(&c);
    assert!(
        t.starts_with("t.do-1> attach ptp /no/such/dir/tape\n"),
        "{t}"
    );
    assert!(t.contains("/no/such/dir/tape"), "{t}");
    assert!(t.ends_with("\ngoes on\n"), "{t}");
    if std::path::Path::new("/dev/full").exists() {
        let script = format!("{PUNCH_A}attach ptp /dev/full\ngo 100");
        let e = refused(&mut c, "t.do", &script);
        assert!(e.msg.contains("PTP: cannot write /dev/full"), "{e}");
        assert_eq!(e.line, 9, "{e}");
    }
}

#[test]
fn out_of_range_settings_are_errors_not_silently_changed() {
    for (line, says) in [
        ("set cpu 4194308K", "no such memory size"),
        ("exit -1", "0 to 255"),
        ("exit 256", "0 to 255"),
        ("set runlimit NaN seconds", "positive number"),
        ("set runlimit -1 seconds", "positive number"),
        ("set runlimit inf seconds", "positive number"),
        ("set runlimit -1", "bad number"),
        ("go 177777", "beyond the last address"),
        ("deposit P 177777", "does not fit in P"),
    ] {
        let e = refused(&mut console(), "t.do", line);
        assert!(e.msg.contains(says), "{line}: {e}");
    }
}

/// `JMP 100` at 100: a program that never halts.
const LOOP: &str = "deposit 100 024100\n";

#[test]
fn the_batch_limit_ends_a_runaway_script_and_says_how_to_raise_it() {
    let mut c = console();
    c.set_default_limit(Limit::seconds(0.5));
    let e = c
        .run_text("t.do", &format!("{LOOP}go 100\necho not reached"))
        .unwrap_err();
    assert_eq!(e.line, 2, "{e}");
    assert!(
        e.msg.starts_with("run limit reached at P: 00100 (JMP 100): a run without a terminal stops after 0.5 s of 2100A time; raise it with `set runlimit N seconds`"),
        "{e}"
    );
    assert_eq!(
        c.last_stop,
        Some(Stop::RunLimit {
            cycles: c.machine.cycles
        })
    );
    // A limit the script sets is its own: reaching it is a stop, and the script goes on.
    let mut c = console();
    c.set_default_limit(Limit::seconds(0.5));
    let script = format!("set runlimit 100 instructions\n{LOOP}go 100\necho goes on");
    assert_eq!(c.run_text("t.do", &script).unwrap(), 0);
    assert!(
        text(&c).contains("Run time limit exhausted, P: 00100 (JMP 100)\ngoes on"),
        "{}",
        text(&c)
    );
}

#[test]
fn the_halt_switch_stops_go_and_ends_the_script_with_the_state_kept() {
    let mut c = console();
    let switch = c.machine.halt_switch();
    switch.store(true, std::sync::atomic::Ordering::Relaxed);
    let e = c
        .run_text(
            "t.do",
            &format!("{LOOP}deposit A 5\ngo 100\necho not reached"),
        )
        .unwrap_err();
    assert_eq!(e.line, 3, "{e}");
    assert_eq!(e.msg, "Simulation stopped, P: 00100 (JMP 100)");
    assert_eq!(c.last_stop, Some(Stop::Operator { p: 0o100 }));
    // The machine is as it was: the console goes on from there.
    assert_eq!(
        c.command("typed", 1, "assert A == 5").unwrap(),
        Next::Continue
    );
    assert_eq!(
        c.command("typed", 2, "set runlimit 3 instructions")
            .unwrap(),
        Next::Continue
    );
    // SIMH's run limit is an error, its message on a line of its own.
    let e = c.command("typed", 3, "go").unwrap_err();
    assert_eq!(e.msg, "\nRun time limit exhausted, P: 00100 (JMP 100)");
}

#[test]
fn a_script_that_is_not_utf8_is_named_by_line_and_column() {
    let dir = std::env::temp_dir().join(format!("scp-utf8-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.do");
    std::fs::write(&bad, b"echo one\necho t\xffwo\n").unwrap();
    let e = console().run_file(&bad, &[]).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!("{}:2: column 7: byte 0xff is not UTF-8 text", bad.display())
    );
    let outer = dir.join("outer.do");
    std::fs::write(&outer, "echo fine\ndo bad.do\n").unwrap();
    let mut c = console();
    c.run_file(&outer, &[]).unwrap();
    let t = text(&c);
    assert!(
        t.contains(&format!(
            "File open error: {}:2: column 7: byte 0xff is not UTF-8 text",
            bad.display()
        )),
        "{t}"
    );
    let e = console().command("typed", 4, "do /no/such.do").unwrap_err();
    assert_eq!(
        e.to_string(),
        "typed:4: File open error: /no/such.do (in `do /no/such.do`)"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn simh_commands_help_show_and_cpu_options() {
    let mut c = console();
    let script = "\
        help
        ? examine
        help ptr
        show version
        show dev
        show ptr
        set cpu eau
        set cpu 2100
    ";
    assert_eq!(c.run_text("t.do", script).unwrap(), 0);
    let t = text(&c);
    assert!(t.contains("HP 2100 simulator commands"), "{t}");
    assert!(t.contains("\nboot ptr") || t.contains("b{oot} ptr"), "{t}");
    assert!(t.contains("e{xamine} [-m"), "{t}");
    assert!(t.contains("PTR: 12597A photoreader interface"), "{t}");
    assert!(
        t.contains("set PTR enabled|disabled|sc=N|diagnostic|reader"),
        "{t}"
    );
    assert!(t.contains("HP 2100 simulator (retro "), "{t}");
    assert!(
        t.contains("HP 2100 simulator configuration\n\nCPU            idle disabled\n"),
        "{t}"
    );
    assert!(t.contains("\nPTR            select code=10\n"), "{t}");
    assert!(t.contains("\nMC1            disabled"), "{t}");
    for (line, said) in [
        ("set cpu noeau", "Command not allowed: the EAU is standard"),
        (
            "set cpu 2116",
            "Invalid argument: this simulator is the 2100A only",
        ),
        ("set cpu dms", "the DMS option is not built"),
        ("show frob", "Non-existent device or parameter"),
        ("help frob", "No help for frob"),
        // `set cpu 2100` gave 32K, as SIMH's; beyond 15 bits is no address.
        ("e 100000", "Invalid argument: 100000 is not an address"),
        ("d T 5", "T is for display only"),
        ("cont 100", "cont: no address"),
    ] {
        let e = c.execute(line).unwrap_err();
        assert!(e.contains(said), "{line}: {e}");
    }
}

#[test]
fn break_nobreak_and_cont_at_the_console() {
    let mut c = console();
    // 100: CLA; 101: INA; 102: INA; 103: HLT 77
    let script = "\
        d 100 2400
        d 101-102 2004
        d 103 102077
        break 101-102
        show break
        go 100
        e A
        cont
        e A
        nobreak 102
        show break
        nobreak all
        cont
        e A,P
    ";
    assert_eq!(c.run_text("t.do", script).unwrap(), 0);
    let t = text(&c);
    assert!(t.contains("101:\tN\n102:\tN\n"), "{t}");
    assert!(
        t.contains("Breakpoint, P: 00101 (INA)\nA:\t000000\n"),
        "{t}"
    );
    assert!(
        t.contains("Breakpoint, P: 00102 (INA)\nA:\t000001\n"),
        "{t}"
    );
    assert!(
        t.contains("Programmed halt, T: 102077 (HLT 77), P: 00104 (NOP)\nA:\t000002\nP:\t00104"),
        "{t}"
    );
    assert!(c.machine.breakpoints.is_empty());
}

#[test]
fn dump_then_load_a_tape_and_next_over_a_call() {
    let dir = std::env::temp_dir().join(format!("scp-dump-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let tape = dir.join("t.abs");
    // 100: JSB 200; 101: HLT 77; 200: NOP (return cell); 201: INA; 202: JMP 200,I
    let mut c = console();
    let script = format!(
        "d 100 14200\nd 101 102077\nd 200 0\nd 201 2004\nd 202 124200\ndump {0} 100-202\nd 100-202 0\nload {0}\ne 100,202\nd P 100\nnext\ne A,P\nshow runlimit",
        tape.display()
    );
    assert_eq!(c.run_text("t.do", &script).unwrap(), 0);
    let t = text(&c);
    assert!(
        t.contains(": 67 words loaded\n100:\t014200\n202:\t124200\n"),
        "{t}"
    );
    assert!(
        t.contains("Step expired, P: 00101 (HLT 77)\nA:\t000001\nP:\t00101\n"),
        "{t}"
    );
    assert!(t.contains("no run limit"), "{t}");
    assert!(
        c.machine.breakpoints.is_empty(),
        "next leaves no breakpoint behind"
    );
    let e = c.execute("dump x 5-4").unwrap_err();
    assert!(e.contains("ends before it starts"), "{e}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn save_and_restore_give_an_identical_continuation() {
    let dir = std::env::temp_dir().join(format!("scp-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let state = dir.join("nhex.state");
    let nhex = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../roms/nhex.abs");
    // NHEX booted and stopped by the limit while it prints its first question (a character
    // on the line, the next one due): the state saved there.
    let mut a = console();
    let setup = format!(
        "attach ptr {}\nboot ptr\nset runlimit 2000000 instructions\ngo 2\nsave {}",
        nhex.display(),
        state.display()
    );
    assert_eq!(a.run_text("a.do", &setup).unwrap(), 0);
    let asked = a.tty().host.paper();
    assert!(asked.starts_with("HEX O HAJIMEMASU"), "{asked}");
    // The same answer on the machine that saved and on a new one restored from the file.
    let go_on = "set runlimit 30 seconds\nsend \"12\\r\"\ngo\nsend \"0101\\r\"\ngo\n";
    assert_eq!(a.run_text("a.do", go_on).unwrap(), 0);
    let mut b = console();
    let restore = format!("restore {}\n{go_on}", state.display());
    assert_eq!(b.run_text("b.do", &restore).unwrap(), 0);
    let (paper_a, paper_b) = (a.tty().host.paper(), b.tty().host.paper());
    assert!(paper_b.len() > 20, "the continuation printed: {paper_b}");
    assert_eq!(&paper_a[asked.len()..], paper_b);
    assert_eq!(a.machine.save_state(), b.machine.save_state());
    assert!(a.machine.cycles > 0 && a.machine.cycles == b.machine.cycles);
    // A file of something else, or damaged, changes nothing.
    let before = b.machine.save_state();
    std::fs::write(&state, "retro hp2100 state 2\ncpu.a 5\n").unwrap();
    let e = b
        .execute(&format!("restore {}", state.display()))
        .unwrap_err();
    assert!(e.contains("missing from the file"), "{e}");
    std::fs::write(&state, "hello\n").unwrap();
    let e = b
        .execute(&format!("restore {}", state.display()))
        .unwrap_err();
    assert!(e.contains("not a saved state of this machine"), "{e}");
    assert_eq!(b.machine.save_state(), before);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn deposit_characters_lists_and_other_radixes() {
    let mut c = console();
    let script = "d -a 100 A\nd -c 101 HI\nd -h 102 ff\nd A,B 7\ne -o 100-102\ne -c 101\ne -d A,B";
    assert_eq!(c.run_text("t.do", script).unwrap(), 0);
    let t = text(&c);
    assert!(
        t.contains(
            "100:\t000101\n101:\t044111\n102:\t000377\n101:\t'H','I'\nA:\t00007\nB:\t00007\n"
        ),
        "{t}"
    );
    for (line, said) in [
        ("d -a 100 AB", "AB is not a value"),
        ("d -m 100 FOO 5", "FOO is not an instruction"),
        ("d -m 100 LDA 4000", "neither on the base page"),
        ("d 100", "Too few arguments"),
        ("d 100 200000", "does not fit in a 16-bit word"),
        ("e -z 100", "no switch -z"),
        ("d ALL 1", "one register at a time"),
    ] {
        let e = c.execute(line).unwrap_err();
        assert!(e.contains(said), "{line}: {e}");
    }
}

/// Open SIMH 4's answers (its `hp2100`, git a1f57fa3): `100: JMP 300`, and `-a` of a word
/// with a high byte as the word (`024300`).
#[test]
fn examine_m_and_a_write_what_simh_4_writes() {
    let mut c = console();
    let script =
        "deposit 100 024300\ndeposit 101 000101\nexamine -m 100\nexamine -a 100\nexamine -a 101";
    c.run_text("e.do", script).unwrap();
    assert_eq!(text(&c), "100:\tJMP 300\n100:\t024300\n101:\t'A'\n");
}

/// `set DEV sc=N` moves every card SIMH gives a select code (MP and the DMA channels are
/// fixed there too).
#[test]
fn every_card_with_a_select_code_moves_with_sc() {
    let mut c = console();
    c.run_text("sc.do", "set mc1 enabled\nset tbg enabled")
        .unwrap();
    for (name, sc) in [
        ("MC1", 0o50),
        ("PTR", 0o51),
        ("TTY", 0o52),
        ("PTP", 0o53),
        ("TBG", 0o54),
    ] {
        c.execute(&format!("set {name} sc={sc:o}")).unwrap();
        let slot = Machine::slot(name).unwrap();
        assert_eq!(c.machine.select_code(slot), (sc, true), "{name}");
    }
    assert!(c.execute("set dma1 sc=56").is_err());
}

#[test]
fn set_cpu_nowaitpass_executes_every_turn_with_the_same_text_and_time() {
    // Prints "HI" through the teleprinter, waiting in SFS 11 / JMP *-1 for each character.
    let script = "\
        deposit 100 060122
        deposit 101 102611
        deposit 102 060120
        deposit 103 102611
        deposit 104 103711
        deposit 105 102311
        deposit 106 024105
        deposit 107 060121
        deposit 110 102611
        deposit 111 103711
        deposit 112 102311
        deposit 113 024112
        deposit 114 102077
        deposit 120 000110
        deposit 121 000111
        deposit 122 120000
        go 100
        show time
        show cpu
    ";
    let mut ways = Vec::new();
    for prefix in ["", "set cpu nowaitpass\n"] {
        let mut c = console();
        c.run_text("t.do", &format!("{prefix}{script}")).unwrap();
        ways.push((text(&c), c.machine.wait_skipping()));
    }
    let (on, off) = (&ways[0], &ways[1]);
    assert!(on.1 && !off.1);
    assert!(
        on.0.contains("HI") && on.0.contains("s of 2100A time"),
        "{}",
        on.0
    );
    assert!(!on.0.contains("no wait pass") && off.0.contains("no wait pass"));
    assert_eq!(on.0, off.0.replace("\n        no wait pass", ""));
}

#[test]
fn the_tty_mode_is_uc_at_power_on_and_kept_in_a_saved_state() {
    let mut a = console();
    assert_eq!(
        a.machine.cards.tty.mode,
        crate::io::tty::CharMode::UpperCase
    );
    a.execute("set tty 7b").unwrap();
    let saved = a.machine.save_state();
    assert!(saved.contains("mode 7b"), "{saved}");
    let mut b = console();
    b.machine.restore_state(&saved).unwrap();
    assert_eq!(b.machine.cards.tty.mode, crate::io::tty::CharMode::SevenBit);
    let bad = saved.replace("mode 7b", "mode 9x");
    let e = b.machine.restore_state(&bad).unwrap_err();
    assert!(e.contains("is not 7b, 8b, uc or 7p"), "{e}");
}
