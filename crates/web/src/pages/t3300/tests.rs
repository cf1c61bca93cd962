//! The T3300-R page's session driven as the page drives it, without a browser.

use super::*;

fn session() -> T3300 {
    T3300::new(&Limits::default()).unwrap()
}

/// Send `msg`; its result and what the session sent.
fn send(s: &mut T3300, msg: Value) -> (Result<(), String>, Vec<Value>) {
    let mut out = Outbox::default();
    let r = s.message(&msg, &mut out);
    (r, out.take())
}

fn ok(s: &mut T3300, msg: Value) -> Vec<Value> {
    let (r, evs) = send(s, msg.clone());
    assert_eq!(r, Ok(()), "{msg}");
    evs
}

/// The last event called `ev`.
fn last<'a>(evs: &'a [Value], ev: &str) -> &'a Value {
    evs.iter()
        .rev()
        .find(|v| v["ev"] == ev)
        .unwrap_or_else(|| panic!("no {ev} among {evs:?}"))
}

fn state(s: &mut T3300) -> Value {
    last(&ok(s, json!({"op": "state"})), "state").clone()
}

fn register(state: &Value, name: &str) -> String {
    state["regs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == name)
        .unwrap()["value"]
        .as_str()
        .unwrap()
        .to_string()
}

/// What the console printed, all the `out` events together.
fn printed(evs: &[Value]) -> String {
    evs.iter()
        .filter(|v| v["ev"] == "out")
        .map(|v| v["text"].as_str().unwrap())
        .collect()
}

/// Tick a running session until its run ends (at most `ticks` frames); the events.
fn run_out(s: &mut T3300, ticks: usize) -> Vec<Value> {
    let mut evs = Vec::new();
    for _ in 0..ticks {
        if !s.running() {
            return evs;
        }
        let mut out = Outbox::default();
        s.tick(Duration::from_millis(33), &mut out);
        evs.extend(out.take());
    }
    panic!("still running after {ticks} frames");
}

fn address(s: &T3300, label: &str) -> String {
    view::octal(u64::from(s.d.symbols().value(label).unwrap()), 15)
}

#[test]
fn a_step_changes_p_and_back_restores_it() {
    let mut s = session();
    let start = state(&mut s);
    assert_eq!(start["p"], address(&s, "lgame"));
    assert_eq!(start["place"], "+lgame+");
    let here: Vec<_> = start["dis"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["here"] == true)
        .collect();
    assert_eq!(here.len(), 1);
    assert_eq!(here[0]["label"], "+lgame+");
    assert!(here[0]["text"]
        .as_str()
        .unwrap()
        .starts_with("jsr   +init+"));
    // jsr +init+ stores the return at +init+ and goes on at the word after it.
    let evs = ok(&mut s, json!({"op": "step"}));
    let after = last(&evs, "state");
    let init = s.d.symbols().value("init").unwrap();
    assert_eq!(after["p"], view::octal(u64::from(init + 1), 15));
    assert!(printed(&evs).starts_with("sim> step 1\n"), "{evs:?}");
    let evs = ok(&mut s, json!({"op": "step", "n": 20}));
    assert_ne!(last(&evs, "state")["regs"], start["regs"]);
    let evs = ok(&mut s, json!({"op": "back", "n": 21}));
    let back = last(&evs, "state");
    assert_eq!(back["p"], start["p"]);
    assert_eq!(back["regs"], start["regs"]);
    assert_eq!(back["cycles"], 0);
    // Nothing further back: the debugger's complaint is the message's error.
    let (r, _) = send(&mut s, json!({"op": "back"}));
    assert!(r.unwrap_err().contains("no instructions to go back over"));
}

#[test]
fn next_runs_a_call_to_its_return_and_a_register_is_as_the_program_sets_it() {
    let mut s = session();
    let start = state(&mut s);
    ok(&mut s, json!({"op": "next"}));
    run_out(&mut s, 10_000);
    let st = state(&mut s);
    // Over jsr +init+ to the word after it.
    let p = u32::from_str_radix(start["p"].as_str().unwrap(), 8).unwrap();
    assert_eq!(st["p"], view::octal(u64::from(p + 1), 15));
    assert!(st["instructions"].as_u64().unwrap() > 1);
}

#[test]
fn a_breakpoint_stops_a_run_and_stop_ends_one() {
    let mut s = session();
    let evs = ok(&mut s, json!({"op": "break", "at": "+look+"}));
    let look = address(&s, "look");
    assert_eq!(last(&evs, "state")["breaks"][0]["addr"], look);
    assert_eq!(last(&evs, "state")["breaks"][0]["label"], "+look+");
    ok(&mut s, json!({"op": "run"}));
    let evs = run_out(&mut s, 10_000);
    assert_eq!(last(&evs, "state")["p"], look);
    assert_eq!(last(&evs, "state")["running"], false);
    assert!(last(&evs, "stopped")["why"]
        .as_str()
        .unwrap()
        .contains("breakpoint"));
    assert!(printed(&evs).contains("breakpoint at"), "{evs:?}");
    // X1 = 8 l(B) = 030 there (docs/lgame.md, the tour).
    assert_eq!(register(last(&evs, "state"), "X1"), "00030");
    // Run on with no breakpoint; real speed is slow enough to stop by hand.
    ok(&mut s, json!({"op": "delete", "at": "+look+"}));
    ok(&mut s, json!({"op": "speed", "speed": "real"}));
    ok(&mut s, json!({"op": "run"}));
    assert!(s.running());
    let (r, _) = send(&mut s, json!({"op": "step"}));
    assert!(r.unwrap_err().contains("running"));
    let evs = ok(&mut s, json!({"op": "stop"}));
    assert!(!s.running());
    assert!(last(&evs, "stopped")["why"]
        .as_str()
        .unwrap()
        .starts_with("stopped by the operator at P: "));
    let (r, _) = send(&mut s, json!({"op": "stop"}));
    assert_eq!(r, Err("the machine is not running".into()));
}

#[test]
fn a_full_run_fills_the_table_as_the_paper_prints_it() {
    let mut s = T3300::new(&Limits {
        max_speed: 1e6,
        ..Limits::default()
    })
    .unwrap();
    ok(&mut s, json!({"op": "run"}));
    let evs = run_out(&mut s, 100_000);
    // The table filled as the program ran: level 0 known while level 4 was not yet.
    assert!(
        evs.iter().any(|v| v["ev"] == "state"
            && v["table"]["rows"][0]["fbar"] == 768
            && v["table"]["rows"][4]["fbar"] == 0),
        "no state between the levels"
    );
    let st = last(&evs, "state");
    let t = &st["table"];
    let rows = t["rows"].as_array().unwrap();
    let ours: Vec<(u64, u64)> = rows
        .iter()
        .map(|r| (r["bbar"].as_u64().unwrap(), r["fbar"].as_u64().unwrap()))
        .collect();
    let paper: Vec<(u64, u64)> = lgame::paper::B_BAR
        .iter()
        .zip(lgame::paper::F_BAR)
        .map(|(&b, f)| (b as u64, f as u64))
        .collect();
    assert_eq!(ours, paper);
    assert_eq!(
        (t["b"].clone(), t["f"].clone(), t["u"].clone()),
        (json!(29), json!(1006), json!(1261))
    );
    assert_eq!(t["ext"], 11);
    // The report as `retro lgame classify` gives it after its own run (lgame_t3300::runs),
    // and every l-type as the native classifier has it.
    let done = last(&evs, "done");
    assert_eq!(done["agrees"], true);
    let report = done["report"].as_str().unwrap();
    let run = lgame_t3300::classifier::run_quietly(Default::default()).unwrap();
    let cli = lgame::report::report(
        &run.classification().unwrap(),
        "T3300-R, asm/t3300/lgame.asm",
    );
    assert!(report.starts_with(&cli), "{report}\n---\n{cli}");
    assert!(
        report.contains("  0       15    (15)      768   (768)\n"),
        "{report}"
    );
    // The typewriter's paper came as the program printed it.
    let paper: String = evs
        .iter()
        .filter(|v| v["ev"] == "paper")
        .map(|v| v["text"].as_str().unwrap())
        .collect();
    assert!(paper.contains("B 29  F 1006  U 1261"), "{paper}");
}

#[test]
fn each_host_file_verb_is_refused_at_the_console() {
    let mut s = session();
    for line in [
        "load x.img",
        "LOAD x.img x.lst",
        "attach ptr /etc/passwd",
        "att -n ptp out.tape",
        "detach ptp",
        "det ptr",
        "do script.txt",
        "cd /",
        "pwd",
        "dump x",
        "save x",
        "restore x",
        "rest x",
        "trace on",
        "quit",
        "q",
        "exit",
    ] {
        let (r, evs) = send(&mut s, json!({"op": "console", "line": line}));
        let e = r.expect_err(line);
        let verb = console::verb(line);
        assert!(e.starts_with(&format!("{verb}: ")), "{line}: {e}");
        assert!(evs.is_empty(), "{line}: {evs:?}");
    }
    assert_eq!(state(&mut s)["instructions"], 0);
}

#[test]
fn the_console_runs_the_debugger_and_the_console_commands() {
    let mut s = session();
    let evs = ok(&mut s, json!({"op": "console", "line": "x +form+ 2"}));
    let text = printed(&evs);
    assert!(text.starts_with("sim> x +form+ 2\n"), "{text}");
    assert!(text.contains("+form+"), "{text}");
    let evs = ok(&mut s, json!({"op": "console", "line": "echo hello"}));
    assert_eq!(printed(&evs), "sim> echo hello\nhello\n");
    let evs = ok(&mut s, json!({"op": "console", "line": "help"}));
    assert!(printed(&evs).contains("In the page: load, attach"));
    let evs = ok(&mut s, json!({"op": "console", "line": "frobnicate"}));
    assert!(printed(&evs).contains("? unknown command frobnicate"));
    let (r, _) = send(&mut s, json!({"op": "console", "line": "step 1001"}));
    assert!(r.unwrap_err().contains("at most 1000"));
    // An empty line repeats the last step, as at the terminal.
    ok(&mut s, json!({"op": "console", "line": "step 2"}));
    ok(&mut s, json!({"op": "console", "line": ""}));
    assert_eq!(state(&mut s)["instructions"], 4);
    // until runs in slices to its address.
    ok(&mut s, json!({"op": "console", "line": "until +look+"}));
    run_out(&mut s, 10_000);
    assert_eq!(state(&mut s)["p"], address(&s, "look"));
    let (r, _) = send(&mut s, json!({"op": "console", "line": "x 0\nx 1"}));
    assert!(r.is_err());
}

#[test]
fn bad_messages_are_errors_and_the_session_goes_on() {
    let mut s = session();
    for (msg, says) in [
        (json!({}), "\"op\""),
        (json!({"op": 3}), "\"op\""),
        (json!({"op": "fly"}), "unknown op fly"),
        (json!({"op": "step", "n": 0}), "\"n\" must be 1 to 1000"),
        (json!({"op": "step", "n": "x"}), "\"n\""),
        (
            json!({"op": "back", "n": 10_001}),
            "\"n\" must be 1 to 10000",
        ),
        (json!({"op": "break"}), "\"at\""),
        (json!({"op": "break", "at": "+a+ +b+"}), "one address"),
        (json!({"op": "break", "at": "+nosuch+"}), "+nosuch+"),
        (json!({"op": "delete", "at": "+look+"}), "no breakpoint"),
        (json!({"op": "speed", "speed": "warp"}), "real or fast"),
        (json!({"op": "console"}), "\"line\""),
        (json!({"op": "stop"}), "not running"),
    ] {
        let (r, _) = send(&mut s, msg.clone());
        let e = r.expect_err(&msg.to_string());
        assert!(e.contains(says), "{msg}: {e}");
    }
    assert_eq!(state(&mut s)["instructions"], 0);
}

#[test]
fn reset_reloads_the_classifier() {
    let mut s = session();
    ok(&mut s, json!({"op": "step", "n": 5}));
    let evs = ok(&mut s, json!({"op": "reset"}));
    assert_eq!(last(&evs, "state")["instructions"], 0);
    assert_eq!(last(&evs, "paper")["clear"], true);
}

#[test]
fn long_output_is_cut_at_a_line() {
    let text: String = (0..10_000).map(|i| format!("line {i}\n")).collect();
    let cut = console::cut(text);
    assert!(cut.len() <= console::MAX_OUTPUT + 40);
    assert!(
        cut.ends_with("more lines not shown)\n"),
        "{}",
        &cut[cut.len() - 80..]
    );
    assert_eq!(console::cut("short\n".into()), "short\n");
}
