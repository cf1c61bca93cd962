//! The HP 2100A page's session driven as the page drives it, without a browser. The tests with
//! HP's software (BASIC, DOS-M) are `tests/hp_software.rs`, which checks for it when it runs.

use super::*;
use serde_json::json;

fn session() -> Hp2100 {
    Hp2100::new(Limits::default(), None)
}

/// Send `msg`; the events it gave.
fn send(s: &mut Hp2100, msg: Value) -> Result<Vec<Value>, String> {
    let mut out = Outbox::default();
    let r = s.message(&msg, &mut out);
    r.map(|()| out.take())
}

/// Run frames of 100 ms until `done` holds of the paper, the machine stops or `frames`
/// pass; the paper.
fn run_until(s: &mut Hp2100, frames: usize, done: impl Fn(&str) -> bool) -> String {
    run_events(s, frames, done).0
}

/// [`run_until`], and the events of the frames.
fn run_events(s: &mut Hp2100, frames: usize, done: impl Fn(&str) -> bool) -> (String, Vec<Value>) {
    let mut out = Outbox::default();
    for _ in 0..frames {
        if done(&s.roll.all()) || !s.running() {
            break;
        }
        s.tick(Duration::from_millis(100), &mut out);
    }
    (s.roll.all().replace('\r', ""), out.take())
}

fn press(s: &mut Hp2100, button: &str) {
    send(s, json!({"op": "press", "button": button})).unwrap();
}

fn switches(s: &mut Hp2100, value: u16) {
    send(s, json!({"op": "switches", "value": value})).unwrap();
}

/// The operator's boot by the switches (`docs/hp2100a.md` §4.3), fast.
fn boot_by_switches(s: &mut Hp2100) {
    send(s, json!({"op": "speed", "fast": true})).unwrap();
    switches(s, 0o37700);
    press(s, "load_address");
    send(s, json!({"op": "loader", "on": true})).unwrap();
    press(s, "preset");
    press(s, "run");
    run_until(s, 2000, |_| false);
    let m = &s.console.machine;
    assert_eq!(
        (m.t, s.run),
        (0o102077, Run::Halted),
        "the loader's end of tape"
    );
    assert!(!m.loader_enabled(), "the halt protects the loader again");
    switches(s, 0o2);
    press(s, "load_address");
    press(s, "preset");
    press(s, "run");
}

#[test]
fn the_operators_boot_by_the_switches_reaches_nhexs_first_prompt() {
    let mut s = session();
    boot_by_switches(&mut s);
    let paper = run_until(&mut s, 2000, |p| p.contains("KEY-IN SEYO"));
    assert!(paper.contains("HEX O HAJIMEMASU\n"), "{paper}");
    assert!(paper.contains("2-KETA NO KAZU O KEY-IN SEYO"), "{paper}");
    // Then NHEX waits for the keyboard: running, not ticked.
    run_until(&mut s, 100, |_| false);
    assert_eq!(s.run, Run::Keyboard);
    assert!(!s.running());
    assert_eq!(s.panel()["waiting"], true);
}

#[test]
fn keys_resume_a_waiting_program_and_nhex_replies_on_paper_and_board() {
    let mut s = session();
    send(&mut s, json!({"op": "boot"})).unwrap();
    send(&mut s, json!({"op": "speed", "fast": true})).unwrap();
    run_until(&mut s, 3000, |p| p.contains("KEY-IN SEYO"));
    run_until(&mut s, 100, |_| false);
    assert_eq!(s.run, Run::Keyboard, "{}", s.roll.all());
    send(&mut s, json!({"op": "key", "text": "12\r"})).unwrap();
    assert!(s.running());
    run_until(&mut s, 3000, |p| p.contains("WATASHI=99"));
    send(&mut s, json!({"op": "key", "text": "00\r"})).unwrap();
    run_until(&mut s, 3000, |p| p.contains("ANATA NO TE WA?"));
    send(&mut s, json!({"op": "key", "text": "0505\n"})).unwrap();
    let (paper, evs) = run_events(&mut s, 6000, |p| p.matches("ANATA NO TE WA?").count() == 2);
    assert!(paper.contains("0505\nWATASHI NO TE "), "{paper}");
    let board = s.roll.board();
    assert_eq!(board["moves"], 2, "{paper}");
    assert!(board["svg"].as_str().unwrap().starts_with("<svg"));
    let last = evs.iter().rfind(|e| e["ev"] == "board");
    assert_eq!(
        last.map(|b| &b["moves"]),
        Some(&json!(2)),
        "the board follows the paper"
    );
}

#[test]
fn the_panel_loads_and_displays_memory_at_m() {
    let mut s = session();
    switches(&mut s, 0o100);
    press(&mut s, "load_address");
    switches(&mut s, 0o123456);
    press(&mut s, "load_memory");
    assert_eq!(s.console.machine.peek_core(0o100), 0o123456);
    switches(&mut s, 0o100);
    press(&mut s, "load_address");
    press(&mut s, "display_memory");
    let p = s.panel();
    assert_eq!(
        (p["t"].as_u64(), p["m"].as_u64()),
        (Some(0o123456), Some(0o101))
    );
    // A word too wide for the switch register is refused.
    assert!(send(&mut s, json!({"op": "switches", "value": 0o200000})).is_err());
}

#[test]
fn halt_is_cycle_on_a_halted_machine_and_stops_a_running_one() {
    let mut s = session();
    // 100: JMP 100.
    s.console.machine.poke_core(0o100, 0o024100);
    s.console.machine.poke_core(0o101, 0o102077);
    switches(&mut s, 0o100);
    press(&mut s, "load_address");
    press(&mut s, "halt");
    assert_eq!(s.console.machine.p, 0o100, "one instruction: the JMP");
    press(&mut s, "run");
    assert!(s.running());
    let mut out = Outbox::default();
    s.tick(Duration::from_millis(33), &mut out);
    assert!(s.running());
    assert!(send(&mut s, json!({"op": "press", "button": "preset"})).is_err());
    let evs = send(&mut s, json!({"op": "press", "button": "halt"})).unwrap();
    assert!(!s.running());
    assert!(
        evs.iter().any(|e| e["ev"] == "console"
            && e["text"]
                .as_str()
                .unwrap()
                .contains("stopped by the operator at P: 00100")),
        "{evs:?}"
    );
}

#[test]
fn power_off_stops_and_refuses_the_buttons_and_on_is_a_cold_start() {
    let mut s = session();
    switches(&mut s, 0o1234);
    send(&mut s, json!({"op": "power", "on": false})).unwrap();
    assert_eq!(s.panel()["power"], false);
    let e = send(&mut s, json!({"op": "press", "button": "run"})).unwrap_err();
    assert!(e.contains("power is off"), "{e}");
    send(&mut s, json!({"op": "power", "on": true})).unwrap();
    let p = s.panel();
    assert_eq!(
        (p["power"].as_bool(), p["s"].as_u64()),
        (Some(true), Some(0))
    );
    press(&mut s, "run");
    assert!(s.running());
}

#[test]
fn every_verb_that_opens_a_host_file_is_refused() {
    for (verbs, _) in REFUSED_VERBS {
        for verb in *verbs {
            for line in [
                format!("{verb} x.abs"),
                format!("  {} x", verb.to_uppercase()),
            ] {
                let mut s = session();
                let e = send(&mut s, json!({"op": "console", "line": line})).unwrap_err();
                assert!(e.contains("refused"), "{line}: {e}");
            }
        }
    }
    // One test per verb, by name, as the console spells them.
    for verb in [
        "attach", "load", "dump", "save", "restore", "do", "cd", "pwd", "exit",
    ] {
        assert!(
            REFUSED_VERBS.iter().any(|(v, _)| v.contains(&verb)),
            "{verb} is refused"
        );
    }
}

use console::REFUSED as REFUSED_VERBS;

#[test]
fn attach_is_refused() {
    refused("attach ptr /etc/passwd");
    refused("att ptp out.abs");
}

#[test]
fn load_and_dump_are_refused() {
    refused("load /etc/passwd");
    refused("dump x.abs 100-200");
}

#[test]
fn save_and_restore_are_refused() {
    refused("save state.txt");
    refused("restore state.txt");
    refused("get state.txt");
}

#[test]
fn do_cd_and_pwd_are_refused() {
    refused("do script.sim");
    refused("cd /");
    refused("pwd");
}

#[test]
fn exit_and_set_runlimit_are_refused() {
    refused("exit");
    refused("set runlimit off");
}

fn refused(line: &str) {
    let mut s = session();
    let e = send(&mut s, json!({"op": "console", "line": line})).unwrap_err();
    assert!(e.contains("refused"), "{line}: {e}");
}

#[test]
fn the_console_examines_deposits_and_its_go_starts_the_pages_run() {
    let mut s = session();
    let ev = send(
        &mut s,
        json!({"op": "console", "line": "deposit 100 102077"}),
    )
    .unwrap();
    assert!(ev.iter().any(|e| e["ev"] == "console"));
    let ev = send(&mut s, json!({"op": "console", "line": "examine 100"})).unwrap();
    let text: String = ev
        .iter()
        .filter(|e| e["ev"] == "console")
        .map(|e| e["text"].as_str().unwrap().to_string())
        .collect();
    assert!(text.contains("sim> examine 100\n100:\t102077"), "{text}");
    // No environment variable reaches the page.
    let ev = send(&mut s, json!({"op": "console", "line": "echo %PATH%"})).unwrap();
    assert!(ev
        .iter()
        .any(|e| e["text"].as_str().is_some_and(|t| t.contains("%PATH%"))));
    send(&mut s, json!({"op": "console", "line": "go 100"})).unwrap();
    assert!(s.running());
    let mut out = Outbox::default();
    s.tick(Duration::from_millis(33), &mut out);
    assert!(!s.running());
    let evs = out.take();
    assert!(evs.iter().any(|e| e["ev"] == "stopped"), "{evs:?}");
    let e = send(&mut s, json!({"op": "console", "line": "step 1000000"})).unwrap_err();
    assert!(e.contains("at most"), "{e}");
    let e = send(&mut s, json!({"op": "console", "line": "frobnicate"})).unwrap_err();
    assert!(e.contains("Unknown command"), "{e}");
}

#[test]
fn bad_messages_are_errors_and_the_session_goes_on() {
    let mut s = session();
    for bad in [
        json!({"no": "op"}),
        json!({"op": "fly"}),
        json!({"op": "press", "button": "eject"}),
        json!({"op": "press"}),
        json!({"op": "switches", "value": "high"}),
        json!({"op": "loader", "on": 1}),
        json!({"op": "key"}),
        json!({"op": "tape", "name": "/etc/passwd"}),
        json!({"op": "console", "line": 7}),
    ] {
        assert!(send(&mut s, bad.clone()).is_err(), "{bad}");
    }
    let ev = send(&mut s, json!({"op": "hello"})).unwrap();
    for kind in ["paper", "board", "console", "tape", "panel"] {
        assert!(ev.iter().any(|e| e["ev"] == kind), "{kind} in {ev:?}");
    }
}

#[test]
fn an_upload_over_the_cap_is_refused() {
    let mut s = session();
    let mut out = Outbox::default();
    let big = vec![0u8; Limits::default().upload_bytes + 1];
    let e = s.upload(&big, &mut out).unwrap_err();
    assert!(e.contains("at most"), "{e}");
    assert_eq!(s.tape_name, "NHEX (roms/nhex.abs)");
}

#[test]
fn a_damaged_uploaded_tape_is_named_as_such_and_a_good_one_loads() {
    let mut s = session();
    let mut out = Outbox::default();
    let mut tape = nhex_hp2100::rom::TAPE.to_vec();
    // A data word of the first record changed: its checksum no longer holds.
    let first = tape.iter().position(|&b| b != 0).unwrap();
    tape[first + 5] ^= 0x10;
    let e = s.upload(&tape, &mut out).unwrap_err();
    assert!(e.contains("damaged"), "{e}");
    let good = hp2100_isa::tape::write(
        &[hp2100_isa::tape::Record {
            addr: 0o100,
            words: vec![0o102077],
        }],
        20,
    );
    s.upload(&good, &mut out).unwrap();
    assert!(s.tape_name.starts_with("uploaded tape"));
    let evs = out.take();
    assert!(evs
        .iter()
        .any(|e| e["ev"] == "tape" && e["frames"] == good.len()));
}

#[test]
fn in_real_time_the_teletype_prints_ten_characters_a_second() {
    let mut s = session();
    boot_by_switches(&mut s);
    send(&mut s, json!({"op": "speed", "fast": false})).unwrap();
    let mut out = Outbox::default();
    let printed = |s: &Hp2100| s.console.tty().host.printed().len();
    // NHEX sets up its tables, then prints its greeting.
    while printed(&s) == 0 {
        s.tick(Duration::from_millis(10), &mut out);
    }
    let t0 = s.console.machine.seconds();
    for _ in 0..30 {
        s.tick(Duration::from_millis(100), &mut out);
    }
    // Three seconds of wall time: 30 more characters (CR and LF count).
    let n = printed(&s) - 1;
    assert!((29..=31).contains(&n), "{n} characters");
    assert!((s.console.machine.seconds() - t0 - 3.0).abs() < 0.001);
}

#[test]
fn the_roll_read_for_the_board_starts_at_nhexs_start_and_is_bounded() {
    let mut roll = Roll::default();
    let print = |roll: &mut Roll, text: &str, from: usize| {
        let printed: Vec<(u64, u8)> = text.bytes().map(|b| (0, b)).collect();
        let mut all = vec![(0, 0); from];
        all.extend(printed);
        roll.take_new(&all).unwrap();
    };
    print(&mut roll, "JUNK\r\nHEX O HAJIMEMASU\r\nMORE\r\n", 0);
    assert_eq!(roll.lines_read(), "HEX O HAJIMEMASU\nMORE\n");
    let line = "X".repeat(70) + "\r\n";
    let mut sent = roll.sent();
    for _ in 0..3000 {
        print(&mut roll, &line, sent);
        sent = roll.sent();
    }
    assert!(roll.lines_read().len() <= READ_MAX_FOR_TESTS + 72);
    assert!(roll.all().len() <= KEEP_MAX_FOR_TESTS);
}

use paper::{KEEP_MAX as KEEP_MAX_FOR_TESTS, READ_MAX as READ_MAX_FOR_TESTS};

#[test]
fn after_the_transcript_is_forgotten_its_new_characters_still_reach_the_page() {
    let mut roll = Roll::default();
    let rec = |t: &str| -> Vec<(u64, u8)> { t.bytes().map(|b| (0, b)).collect() };
    assert_eq!(roll.take_new(&rec("ABC")).as_deref(), Some("ABC"));
    roll.transcript_forgotten();
    assert_eq!(roll.take_new(&rec("D")).as_deref(), Some("D"));
    assert_eq!(roll.all(), "ABCD");
}

#[test]
fn the_reader_is_shown_as_the_console_leaves_it() {
    let mut s = session();
    let evs = send(&mut s, json!({"op": "console", "line": "detach ptr"})).unwrap();
    let tape = evs
        .iter()
        .find(|e| e["ev"] == "tape")
        .expect("the reader shown again");
    assert_eq!(
        (tape["name"].as_str(), tape["frames"].as_u64()),
        (Some("no tape"), Some(0))
    );
    let e = send(&mut s, json!({"op": "boot"})).unwrap_err();
    assert!(e.contains("no tape"), "{e}");
    send(&mut s, json!({"op": "tape", "name": "nhex"})).unwrap();
    send(&mut s, json!({"op": "boot"})).unwrap();
    assert!(s.running());
}

#[test]
fn a_refusal_is_written_on_the_console_too() {
    let mut s = session();
    let mut out = Outbox::default();
    let e = s
        .message(&json!({"op": "console", "line": "pwd"}), &mut out)
        .unwrap_err();
    let text: String = out
        .take()
        .iter()
        .filter_map(|e| e["text"].as_str().map(String::from))
        .collect();
    assert!(text.contains(&format!("sim> pwd\n{e}\n")), "{text}");
}

#[test]
fn boot_dos_without_the_servers_disc_says_so_without_a_host_path() {
    let mut s = session();
    s.dos_image = "/no/such/dosm-tam.dsk".into();
    let e = send(&mut s, json!({"op": "boot_dos"})).unwrap_err();
    assert!(e.contains("the server has no DOS-M disc"), "{e}");
    assert!(!e.contains("/no/such"), "{e}");
    assert!(!s.panel()["dos"].as_bool().unwrap());
}

/// The console's output of `line`.
fn console(s: &mut Hp2100, line: &str) -> String {
    send(s, json!({"op": "console", "line": line}))
        .unwrap()
        .iter()
        .filter(|e| e["ev"] == "console")
        .filter_map(|e| e["text"].as_str().map(String::from))
        .collect()
}

#[test]
fn keys_for_a_halted_machine_are_bounded_and_the_session_goes_on() {
    let bound = Limits::default().keys_bytes;
    let mut s = session();
    let big = "A".repeat(bound / 4);
    for _ in 0..4 {
        send(&mut s, json!({"op": "key", "text": big})).unwrap();
    }
    let e = send(&mut s, json!({"op": "key", "text": "A"})).unwrap_err();
    assert!(e.contains(&format!("at most {bound} bytes")), "{e}");
    assert_eq!(s.typeahead.queued(), bound);
    // The console's send and expect count with them.
    let e = send(&mut s, json!({"op": "console", "line": "send \"B\""})).unwrap_err();
    assert!(e.starts_with("send refused"), "{e}");
    let e = send(
        &mut s,
        json!({"op": "console", "line": "expect \"X\" send \"Y\""}),
    )
    .unwrap_err();
    assert!(e.starts_with("expect refused"), "{e}");
    // The session goes on.
    assert!(console(&mut s, "examine P").contains("P:"));
}

#[test]
fn keys_taken_by_the_program_make_room_again() {
    let bound = Limits::default().keys_bytes;
    let mut s = session();
    send(&mut s, json!({"op": "boot"})).unwrap();
    let keys = "12\r".repeat(bound / 3);
    send(&mut s, json!({"op": "key", "text": keys})).unwrap();
    let keys = "1".repeat(bound - s.typeahead.queued());
    send(&mut s, json!({"op": "key", "text": keys})).unwrap();
    assert!(send(&mut s, json!({"op": "key", "text": "1"})).is_err());
    // NHEX reads them all (fast), and the next keys are taken.
    send(&mut s, json!({"op": "speed", "fast": true})).unwrap();
    for _ in 0..20_000 {
        if !s.console.keys_waiting() {
            break;
        }
        s.tick(Duration::from_millis(100), &mut Outbox::default());
    }
    assert!(!s.console.keys_waiting(), "NHEX read the keys");
    send(&mut s, json!({"op": "key", "text": "1"})).unwrap();
    assert_eq!(s.typeahead.queued(), 1);
}

#[test]
fn expect_rules_count_until_they_go() {
    let bound = Limits::default().keys_bytes;
    let mut s = session();
    let pattern = "X".repeat(bound / 2 - 16);
    let line = format!("expect -p \"{pattern}\"");
    console(&mut s, &line);
    console(&mut s, &line.replace('X', "Y"));
    assert_eq!(s.console.tty().host.inner().expects.rules().len(), 2);
    assert!(send(
        &mut s,
        json!({"op": "console", "line": line.replace('X', "Z")})
    )
    .is_err());
    console(&mut s, "noexpect");
    console(&mut s, &line.replace('X', "Z"));
}

#[test]
fn host_paths_are_shown_by_their_names_in_the_output_and_in_errors() {
    let mut s = session();
    s.out.hide(
        std::path::Path::new("/tmp/retro-serve-1-0"),
        "(the server's discs)",
    );
    s.out.hide(
        std::path::Path::new("/tmp/retro-serve-1-0/dosm-0.dsk"),
        "DOSM.DSK",
    );
    // The longer path first, so the disc is not shown as a folder and a name.
    assert_eq!(
        s.out
            .scrub("attached to /tmp/retro-serve-1-0/dosm-0.dsk in /tmp/retro-serve-1-0"),
        "attached to DOSM.DSK in (the server's discs)"
    );
    // An error naming the path is scrubbed on its way to the page and to the console.
    let e = send(
        &mut s,
        json!({"op": "console", "line": "examine /tmp/retro-serve-1-0/dosm-0.dsk"}),
    )
    .unwrap_err();
    assert!(!e.contains("/tmp/"), "{e}");
    let log = console(&mut s, "examine P");
    assert!(!log.contains("/tmp/"), "{log}");
}

#[test]
fn the_host_shell_is_not_open_to_the_pages_console() {
    let mut s = session();
    let mark = std::env::temp_dir().join(format!("retro-web-bang-{}", std::process::id()));
    for line in [
        format!("! touch {}", mark.display()),
        format!("!touch {}", mark.display()),
    ] {
        let said = match send(&mut s, json!({"op": "console", "line": line})) {
            Ok(ev) => ev
                .iter()
                .filter_map(|e| e["text"].as_str())
                .collect::<String>(),
            Err(e) => e,
        };
        assert!(said.contains("Command not allowed"), "{line}: {said}");
        assert!(!mark.exists(), "{line} ran on the host");
    }
}
