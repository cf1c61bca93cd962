//! The consoles as an operator uses them: runs that cannot run away, the operator's stop, and
//! commands typed (or piped) at the `sim>` prompt.

mod common;

use common::{assembled, hp_asm, retro, retro_stdin, retro_stdin_bytes, tmp};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The interactive console's first line.
const BANNER: &str = concat!(
    "HP 2100 simulator (retro ",
    env!("CARGO_PKG_VERSION"),
    "); help lists the commands, exit ends\n"
);

/// Console commands for a program that never halts: `JMP 100` at 100, an idle loop the run
/// skips exactly to its next event (there is none, so to its limit: the hour-long default
/// limit comes at once).
const RUNAWAY: &str = "deposit 100 024100\n";

/// A program that never halts and computes: `DIV 200` then `JMP 100`, which no idle skip
/// shortens (its limit comes after the limit's time of DIVs).
const COMPUTING: &str = "deposit 100 100400\ndeposit 101 000200\ndeposit 102 024100\n";

/// `retro hp2100 run TAPE` with no terminal and `more` arguments: (exit status, stderr).
fn run_batch(tape: &std::path::Path, more: &[&str]) -> (i32, String) {
    let mut args = vec![
        "hp2100",
        "run",
        tape.to_str().unwrap(),
        "--input",
        "/dev/null",
    ];
    args.extend(more);
    let (status, _, err) = retro(&args);
    (status, err)
}

#[test]
fn batch_runs_of_a_runaway_program_stop_at_the_default_limit() {
    let script = tmp("runaway.do");
    std::fs::write(&script, format!("{RUNAWAY}go 100\necho not reached\n")).unwrap();
    let (src, tape) = assembled("runaway", "      ORG 2\nLOOP  JMP LOOP\n      END LOOP\n");
    let (status, out, err) = retro(&["hp2100", "script", script.to_str().unwrap()]);
    assert_eq!(status, 2, "{out}{err}");
    assert!(!out.contains("not reached"), "{out}");
    assert!(
        err.contains(":2: run limit reached at P: 00100")
            && err.contains("a run without a terminal stops after 3600 s of 2100A time; raise it with `set runlimit N seconds`"),
        "{err}"
    );
    let (status, err) = run_batch(&tape, &[]);
    assert_eq!(status, 1, "{err}");
    assert!(
        err.contains("run limit reached at P: 00002")
            && err.contains("a run without a terminal stops after 3600 s of 2100A time; raise it with --runlimit SECONDS"),
        "{err}"
    );
    assert!(err.contains(" 3600."), "the run went the whole hour: {err}");
    for f in [script, src, tape] {
        std::fs::remove_file(f).ok();
    }
}

/// A computing loop is stopped by a time limit as an idle one is: the limit given by the run
/// (two seconds of 2100A time, two million cycles of DIV and JMP, a millisecond or two here).
#[test]
fn batch_runs_of_a_computing_program_stop_at_the_limit_they_are_given() {
    let script = tmp("computing.do");
    std::fs::write(
        &script,
        format!("set runlimit 2 seconds\n{COMPUTING}go 100\necho goes on\n"),
    )
    .unwrap();
    let (src, tape) = assembled(
        "computing",
        "      ORG 2\nLOOP  DIV K\n      JMP LOOP\nK     OCT 3\n      END LOOP\n",
    );
    let (_, out, err) = retro(&["hp2100", "script", script.to_str().unwrap()]);
    assert!(
        out.contains("Run time limit exhausted, P: 0010") && out.contains("goes on"),
        "{out}{err}"
    );
    let (status, err) = run_batch(&tape, &["--runlimit", "2"]);
    assert_eq!(status, 1, "{err}");
    assert!(err.contains("run limit reached at P: 0000"), "{err}");
    assert!(
        err.contains(" 2.") && err.contains(" s of 2100A time"),
        "{err}"
    );
    for f in [script, src, tape] {
        std::fs::remove_file(f).ok();
    }
}

/// Run `retro ARGS`, type `before`, and once a line starting with `marker` has come, send
/// SIGINT and type `after`: (exit status, the output after the marker).
fn interrupted(args: &[&str], before: &str, marker: &str, after: &str) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_retro"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let (tx, lines) = mpsc::channel();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if tx.send(line.unwrap_or_default()).is_err() {
                return;
            }
        }
    });
    stdin.write_all(before.as_bytes()).unwrap();
    stdin.flush().unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut seen = Vec::new();
    while !seen.iter().any(|l: &String| l.starts_with(marker)) {
        let Ok(l) = lines.recv_timeout(deadline.saturating_duration_since(Instant::now())) else {
            child.kill().ok();
            panic!("no {marker:?} in {seen:?}");
        };
        seen.push(l);
    }
    // The machine is running now, or about to: the stop switch stays set until it looks.
    std::thread::sleep(Duration::from_millis(300));
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    stdin.write_all(after.as_bytes()).unwrap();
    drop(stdin);
    let mut rest = Vec::new();
    loop {
        match lines.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
            Ok(l) => rest.push(l),
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                child.kill().ok();
                panic!("the session did not come back: {seen:?} {rest:?}");
            }
        }
    }
    (child.wait().unwrap().code(), rest.join("\n"))
}

#[test]
fn sigint_stops_the_machine_and_the_console_prompts_again() {
    // No limit: only the operator can stop this run.
    let (status, text) = interrupted(
        &["hp2100", "console"],
        "set runlimit off\ndeposit 100 024100\ndeposit A 1234\necho running\ngo 100\n",
        "running",
        "examine A,P\necho back at the prompt\nexit 5\n",
    );
    assert_eq!(status, Some(5), "{text}");
    assert!(
        text.contains("Simulation stopped, P: 00100 (JMP 100)\nsim> examine A,P\nA:\t001234\nP:\t00100\nsim> echo back at the prompt\nback at the prompt"),
        "{text}"
    );
}

#[test]
fn piped_commands_run_at_the_prompt() {
    let dir = tmp("console-do");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("setup.do"), "deposit A %1\necho set up with %1\n").unwrap();
    let setup = dir.join("setup.do");
    let typed = format!(
        "do {} 17\nexamine A\nfrobnicate\nset runlimit 5 instructions\ndeposit 100 024100\ngo 100\n",
        setup.display()
    );
    // `retro hp2100` alone is the console; the end of input ends it.
    let (status, out, err) = retro_stdin(&["hp2100"], &typed);
    assert_eq!(status, 0, "{err}");
    let want = format!(
        "{BANNER}sim> do {} 17\nset up with 17\nsim> examine A\nA:\t000017\nsim> frobnicate\nUnknown command: frobnicate (help lists the commands)\nsim> set runlimit 5 instructions\nsim> deposit 100 024100\nsim> go 100\n\nRun time limit exhausted, P: 00100 (JMP 100)\n",
        setup.display()
    );
    assert_eq!(out.replace('\r', ""), want);
    // A script named on the command line runs first; a failed line is reported with its
    // file and line, as SIMH reports it, and the script goes on.
    std::fs::write(dir.join("bad.do"), "echo one\nbogus\n").unwrap();
    let bad = dir.join("bad.do");
    let (status, out, _) = retro_stdin(
        &["hp2100", "console", bad.to_str().unwrap()],
        "echo typed\n",
    );
    assert_eq!(status, 0);
    assert_eq!(
        out,
        format!(
            "{BANNER}one\n{}-2> bogus\nUnknown command: bogus (help lists the commands)\nsim> echo typed\ntyped\n",
            bad.display()
        )
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bytes_that_are_not_utf8_are_named() {
    let bad = tmp("latin1.do");
    std::fs::write(&bad, b"echo ok\necho caf\xe9\n").unwrap();
    let (status, _, err) = retro(&["hp2100", "script", bad.to_str().unwrap()]);
    assert_eq!(status, 2);
    assert!(
        err.contains(&format!(
            "{}:2: column 9: byte 0xe9 is not UTF-8 text",
            bad.display()
        )),
        "{err}"
    );
    std::fs::remove_file(&bad).ok();
    let (status, _, err) = retro_stdin_bytes(&["hp2100", "console"], b"echo fine\necho \xff\n");
    assert_eq!(status, 2, "{err}");
    assert!(
        err.contains("standard input:2:6: byte 0xff is not UTF-8 text"),
        "{err}"
    );
}

/// A subroutine that takes an argument after its call and returns past it, as HP's do.
const HP_CALL: &str = "\
* A CALL WITH ONE ARGUMENT
      ORG 100B
START LDA K5
      JSB SUB
      DEF K5
      STA RES
      HLT 77B
SUB   NOP
      LDA SUB,I
      ISZ SUB
      JMP SUB,I
K5    DEC 5
RES   BSS 1
      END START
";

#[test]
fn the_hp_debugger_finishes_a_subroutine_that_skips_its_argument() {
    let (src, tape, listing) = (tmp("call.asm"), tmp("call.abs"), tmp("call.lst"));
    std::fs::write(&src, HP_CALL).unwrap();
    let (status, err) = hp_asm(&src, &tape, Some(&listing));
    assert_eq!(status, 0, "{err}");
    let (status, out, err) = retro_stdin(
        &[
            "hp2100",
            "debug",
            tape.to_str().unwrap(),
            "--listing",
            listing.to_str().unwrap(),
        ],
        "step\nstep\nfinish\nprint A\nprint RES-SUB\nuntil START+4\nfinish\n",
    );
    assert_eq!(status, 0, "{err}");
    for want in [
        // Inside SUB, finish runs to the word after the argument.
        "sim> finish\n=> 00103  070112                STA RES\n",
        "sim> print A\nA = 000111  #73\n",
        "sim> print RES-SUB\nRES-SUB = 000005  #5\n",
        "sim> until START+4\n=> 00104",
        "sim> finish\n? not in a subroutine",
    ] {
        assert!(out.contains(want), "{want:?} missing from\n{out}");
    }
    for f in [src, tape, listing] {
        std::fs::remove_file(f).ok();
    }
}

#[test]
fn the_t3300r_console_loads_runs_and_finishes() {
    let typed = "load asm/t3300/print.asm\nbreak +pd1+\ngo\ndelete\nfinish\nprint +k82++1\n\nstep\n\nload\nquit\nprint 1\n";
    let (status, out, err) = retro_stdin(&["t3300", "console", "--fast-io"], typed);
    assert_eq!(status, 0, "{err}");
    for want in [
        "sim> load asm/t3300/print.asm\nasm/t3300/print.asm: 61 words, start 01000\n",
        "sim> go\nbreakpoint at 01024 (+pd1+)\n=> 01024  70000001           +pd1+  cla\n",
        // pdec prints the number, then returns to the word after the call.
        "sim> finish\n82=> 01002  16101054 ",
        "sim> print +k82++1\n+k82++1 = 00001063  #563\n",
        "sim> load\n? load IMAGE [LISTING]\n",
        "sim> quit\n",
    ] {
        assert!(out.contains(want), "{want:?} missing from\n{out}");
    }
    // The empty line after print repeats nothing; the one after step steps again.
    assert_eq!(out.matches("  cyc ").count(), 2, "{out}");
    assert!(!out.contains("print 1"), "quit ends the session: {out}");
}

#[test]
fn sigint_stops_the_t3300r_console_s_run() {
    // `jmp 01000` at 01000: the batch limit is minutes away in the debugger.
    let (status, text) = interrupted(
        &["t3300", "console"],
        "deposit 1000 50001000\ngo 1000\n",
        "sim> go 1000",
        "print P\nquit\n",
    );
    assert_eq!(status, Some(0), "{text}");
    assert!(
        text.contains("stopped by the operator at P: 01000\n=> 01000  50001000")
            && text.contains("sim> print P\nP = 00001000  #512"),
        "{text}"
    );
}

#[test]
fn the_t3300r_console_speaks_simh_s_examine_deposit_and_show() {
    let typed = "d 1000 5\ne 1000/2\nd A 7\ne A\nshow dev\nhelp ptr\nbreak 1001\nshow break\nnobreak 1001\nshow break\nshow version\nquit\n";
    let (status, out, err) = retro_stdin(&["t3300", "console"], typed);
    assert_eq!(status, 0, "{err}");
    for said in [
        "T3300-R simulator (retro ",
        "sim> e 1000/2\n1000:\t00000005\n1001:\t00000000\n",
        "sim> e A\nA:\t00000007\n",
        "T3300-R simulator configuration\n\nCPU            32KW",
        "\nTTY            ",
        "sim> help ptr\nPTR: 8-channel paper-tape reader",
        "sim> show break\n1001:\tE\nsim> nobreak 1001\n",
        "sim> show break\nsim> show version\nT3300-R simulator (retro ",
    ] {
        assert!(out.contains(said), "{said:?} missing from\n{out}");
    }
}

/// `retro hp2100 debug` is the console with the listing's symbols and the debugger's extras:
/// a breakpoint on a subroutine stops the call, `back` undoes it, a watch stops a run, SIMH's
/// `e`/`d` take the symbols, a tape is attached, and `exit N` gives the status.
#[test]
fn the_hp_debug_console_breaks_goes_back_watches_and_attaches() {
    let (src, tape, listing) = (tmp("dbg.asm"), tmp("dbg.abs"), tmp("dbg.lst"));
    std::fs::write(&src, HP_CALL).unwrap();
    let (status, err) = hp_asm(&src, &tape, Some(&listing));
    assert_eq!(status, 0, "{err}");
    let reel = tmp("dbg.tape");
    std::fs::write(&reel, [0u8; 10]).unwrap();
    let typed = format!(
        "break SUB\ngo\nback\nnobreak SUB\nwatch RES\ncont\ne RES\nd RES 7\ne RES/2\nattach ptr {}\nshow ptr\nhelp\nexit 3\nquit\n",
        reel.display()
    );
    let args = [
        "hp2100",
        "debug",
        tape.to_str().unwrap(),
        "--listing",
        listing.to_str().unwrap(),
    ];
    let (status, out, err) = retro_stdin(&args, &typed);
    assert_eq!(status, 3, "{out}{err}");
    for want in [
        BANNER,
        "exit ends\n=> 00100  060111         START  LDA K5\nsim> break SUB\n",
        "sim> go\nbreakpoint at 00106\n=> 00106  160105                LDA SUB,I\n",
        "sim> back\nback 1\n=> 00101  014105                JSB SUB\n",
        "sim> watch RES\nwatch 00112 (RES) = 000000\n",
        "sim> cont\nwatch 00112 (RES): 000000 -> 000111\n=> 00104  102077                HLT 77B\n",
        "sim> e RES\n112:\t000111\n",
        "sim> e RES/2\n112:\t000007\n113:\t",
        "sim> show ptr\nPTR     select code=10\n",
        "\nThe debugger's extras:\nback [N]",
    ] {
        assert!(out.contains(want), "{want:?} missing from\n{out}");
    }
    assert!(!out.contains("sim> quit"), "exit ends the session: {out}");
    for f in [src, tape, listing, reel] {
        std::fs::remove_file(f).ok();
    }
}

/// `retro t3300 debug` is the T3300-R's console with the program loaded: the banner, its
/// script's lines after the `sim>` prompt, SIMH's commands, the tapes and the extras.
#[test]
fn the_t3300_debug_console_breaks_goes_back_watches_and_attaches() {
    let dir = tmp("t3300-debug");
    std::fs::create_dir_all(&dir).unwrap();
    let (reel, punch, script) = (dir.join("in.tape"), dir.join("out.tape"), dir.join("s.sim"));
    std::fs::write(&reel, [1u8, 2, 3]).unwrap();
    let lines = format!(
        "break +pd1+\ngo\nback\nnobreak +pd1+\nwatch +dbuf++1\ncont\nnowatch +dbuf++1\nd 1000 5\ne 1000/2\nattach ptr {}\nshow ptr\nattach -n ptp {}\ndetach ptr\necho done\nreset all\nquit\n",
        reel.display(),
        punch.display()
    );
    std::fs::write(&script, lines).unwrap();
    let args = [
        "t3300",
        "debug",
        "asm/t3300/print.asm",
        "--fast-io",
        "--script",
    ];
    let (status, out, err) = retro(&[&args[..], &[script.to_str().unwrap()]].concat());
    assert_eq!(status, 0, "{out}{err}");
    for want in [
        "T3300-R simulator (retro ",
        "exit ends\n=> 01000  ",
        "sim> break +pd1+\nsim> go\n",
        "breakpoint at 01024 (+pd1+)\n=> 01024  70000001           +pd1+  cla\n",
        "sim> back\nback 1\n=> 01023  ",
        "sim> nobreak +pd1+\n",
        "sim> cont\nwatch 01065: 00000000 -> 00000062\n",
        "sim> d 1000 5\n",
        "sim> e 1000/2\n1000:\t00000005\n1001:\t",
        &format!(
            "sim> attach ptr {}\nPTR: 3 frames from {}\n",
            reel.display(),
            reel.display()
        ),
        "sim> show ptr\nPTR     3 frames to read",
        &format!("PTP: creating new file {}\n", punch.display()),
        "sim> echo done\ndone\nsim> reset all\nsim> quit\n",
    ] {
        assert!(out.contains(want), "{want:?} missing from\n{out}");
    }
    assert!(punch.exists(), "the punch's file is made at attach");
    std::fs::remove_dir_all(&dir).ok();
}
