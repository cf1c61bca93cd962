//! Unit tests of `lesser.rs`: what cannot be compared whole with SIMH's output (the event
//! queue, this 2100A's `set` words, the answers of `ie` and `id`, the host's shell).

use super::*;

fn console() -> Console<Vec<u8>> {
    Console::new(Vec::new())
}

fn text(c: &Console<Vec<u8>>) -> String {
    String::from_utf8_lossy(c.output()).replace('\r', "")
}

#[test]
fn show_queue_lists_a_character_being_printed() {
    let mut c = console();
    c.run_text("q.do", "show queue").unwrap();
    assert_eq!(
        text(&c),
        "HP 2100 event queue empty, time = 0, executing 0 cycles/sec\n"
    );
    let mut c = console();
    let script = "\
        deposit A 101
        deposit P 100
        deposit -m 100 OTA 11
        deposit -m 101 STC 11,C
        step 2
        show queue
    ";
    c.run_text("q.do", script).unwrap();
    let t = text(&c);
    let head = t
        .lines()
        .find(|l| l.starts_with("HP 2100 event queue status, time = "))
        .unwrap_or_else(|| panic!("{t}"));
    let now: u64 = head[35..].split(',').next().unwrap().parse().unwrap();
    assert_eq!(now, c.machine.cycles, "{t}");
    let tty = t
        .lines()
        .find(|l| l.starts_with("  TTY at "))
        .unwrap_or_else(|| panic!("{t}"));
    let ahead: u64 = tty[9..].parse().unwrap();
    assert!(ahead > 0 && ahead < 1_000_000, "{t}");
}

#[test]
fn show_modifiers_lists_each_cards_set_words() {
    let mut c = console();
    c.run_text("m.do", "show ptr modifiers").unwrap();
    let t = text(&c);
    assert!(t.starts_with("\nPTR device SET commands:\n\n"), "{t}");
    assert!(t.contains("set PTR DIAGNOSTIC\n"), "{t}");
    assert!(!t.contains("TTY"), "{t}");
    let mut c = console();
    c.run_text("m.do", "show modifiers").unwrap();
    let t = text(&c);
    for dev in ["CPU", "PTR", "PTP", "TTY"] {
        assert!(
            t.contains(&format!("\n{dev} device SET commands:\n")),
            "{dev}: {t}"
        );
    }
    assert!(t.contains("set TTY 7B\n"), "{t}");
    let e = c.execute("show bogus modifiers").unwrap_err();
    assert!(e.starts_with("Non-existent device: BOGUS"), "{e}");
}

#[test]
fn a_logical_name_stands_for_its_device_until_deassigned() {
    let mut c = console();
    let script = "assign ptr rdr\nassign tty con\nshow names\nd rdr buf 17\ne ptr buf";
    c.run_text("n.do", script).unwrap();
    assert_eq!(text(&c), "RDR -> PTR\nCON -> TTY\nBUF:\t017\n");
    // A second name for a device replaces its first; a device's own name is no name.
    c.execute("assign tty kbd").unwrap();
    assert!(c
        .execute("assign ptp tty")
        .unwrap_err()
        .starts_with("Invalid argument"));
    c.execute("deassign rdr").unwrap();
    assert!(c.execute("e rdr buf").is_err());
    let before = text(&c).len();
    c.execute("show names").unwrap();
    assert_eq!(&text(&c)[before..], "KBD -> TTY\n");
}

#[test]
fn ie_and_id_take_each_new_value_from_the_answers() {
    let mut c = console();
    let asked = std::rc::Rc::new(std::cell::RefCell::new(Vec::<String>::new()));
    let log = asked.clone();
    let mut answers = vec!["7".to_string(), String::new(), "12".into()].into_iter();
    c.set_answers(Box::new(move |prompt: &str| {
        log.borrow_mut().push(prompt.to_string());
        answers.next()
    }));
    c.execute("d 101 3").unwrap();
    c.execute("ie 100-102").unwrap();
    assert_eq!(
        *asked.borrow(),
        ["100:\t000000\t", "101:\t000003\t", "102:\t000000\t"]
    );
    assert_eq!(
        (
            c.machine.peek_core(0o100),
            c.machine.peek_core(0o101),
            c.machine.peek_core(0o102)
        ),
        (7, 3, 0o12)
    );
    // The answers at their end: the command ends and nothing changes.
    c.execute("id A").unwrap();
    assert_eq!(asked.borrow().last().unwrap(), "A:\t");
    assert!(c
        .execute("ie")
        .unwrap_err()
        .starts_with("Too few arguments"));
    assert!(c
        .execute("ie 177777")
        .unwrap_err()
        .starts_with("Address space exceeded"));
}

#[test]
fn a_host_command_runs_in_the_shell_with_its_status() {
    let mut c = console();
    c.run_text(
        "h.do",
        "! echo hello\necho %STATUS%\n! exit 3\necho %STATUS%",
    )
    .unwrap();
    let t = text(&c);
    assert!(t.starts_with("hello\n00000000\n"), "{t}");
    assert!(t.contains("Error 768\n"), "{t}");
    assert!(t.ends_with("00000300\n"), "{t}");
}

#[test]
fn a_console_can_refuse_the_hosts_shell() {
    let mut c = console();
    c.forbid_host_commands();
    for line in ["! echo hello", "!echo hello", "!"] {
        let e = c.execute(line).unwrap_err();
        assert!(e.starts_with("Command not allowed"), "{line}: {e}");
    }
    assert!(!text(&c).contains("hello"));
}

#[test]
fn evaluate_reads_instructions_and_numbers_not_sums() {
    let mut c = console();
    c.run_text(
        "v.do",
        "evaluate DLD 1234\nevaluate -m DLD 1234\nevaluate -d 65535",
    )
    .unwrap();
    assert_eq!(
        text(&c),
        "0:\t104200\n1:\t001234\n0:\tDLD 1234\n0:\t65535\n"
    );
    let e = c.execute("evaluate 1+2").unwrap_err();
    assert!(
        e.contains("Can't be parsed as an instruction or data"),
        "{e}"
    );
    assert!(c.execute("evaluate 200000").is_err());
}
