//! The `retro hp2100` commands as a user runs them.

mod common;

use common::{assembled, hp_asm, retro, retro_stdin, root, tmp};

#[test]
fn the_demo_tape_boots_and_runs_with_a_transcript() {
    let tape = tmp("echo.abs");
    let (status, err) = hp_asm(&root().join("asm/hp2100/echo.asm"), &tape, None);
    assert_eq!(status, 0, "{err}");
    let input = tmp("echo.in");
    std::fs::write(&input, "HELLO THERE\nmary had a little lamb\n\n").unwrap();
    let transcript = tmp("echo.paper");
    let (status, out, err) = retro(&[
        "hp2100",
        "run",
        tape.to_str().unwrap(),
        "--input",
        input.to_str().unwrap(),
        "--transcript",
        transcript.to_str().unwrap(),
        "--runlimit",
        "120",
    ]);
    assert_eq!(status, 0, "{err}");
    assert!(err.contains("HALT 102077"), "{err}");
    assert!(err.contains("s of 2100A time"), "{err}");
    let paper = std::fs::read_to_string(&transcript).unwrap();
    expected_output::check(root().join("tests/hp2100/echo.transcript"), &paper);
    assert!(
        out.replace('\r', "")
            .contains("YOU TYPED: MARY HAD A LITTLE LAMB"),
        "{out}"
    );
    for f in [tape, input, transcript] {
        std::fs::remove_file(f).ok();
    }
}

#[test]
fn bad_tapes_and_missing_files_are_clear_errors() {
    let (status, _, err) = retro(&["hp2100", "run", "/no/such/tape.abs"]);
    assert_eq!(status, 2);
    assert!(err.contains("cannot read /no/such/tape.abs"), "{err}");

    let tape = tmp("bad.abs");
    // One record of two words at 100 whose checksum is off by one.
    let mut bytes = vec![0u8; 10];
    bytes.extend([2, 0, 0, 0o100, 0, 1, 0, 2, 0, 0o104]);
    bytes.extend([0u8; 10]);
    std::fs::write(&tape, &bytes).unwrap();
    let (status, _, err) = retro(&["hp2100", "run", tape.to_str().unwrap()]);
    std::fs::remove_file(&tape).ok();
    assert_eq!(status, 2);
    assert!(err.contains("HALT 102011"), "{err}");
    assert!(
        err.contains("record 1 (byte 10): checksum on tape 000104, computed 000103"),
        "{err}"
    );
}

#[test]
fn a_runaway_program_stops_at_the_run_limit() {
    let (src, tape) = assembled("loop", "      ORG 2\nLOOP  JMP LOOP\n      END LOOP\n");
    let (status, _, err) = retro(&[
        "hp2100",
        "run",
        tape.to_str().unwrap(),
        "--input",
        "/dev/null",
        "--runlimit",
        "1.5",
    ]);
    std::fs::remove_file(&src).ok();
    std::fs::remove_file(&tape).ok();
    assert_eq!(status, 1, "{err}");
    assert!(err.contains("run limit reached at P: 00002"), "{err}");
}

#[test]
fn script_exit_status_and_errors() {
    let s = tmp("t.do");
    std::fs::write(&s, "deposit A 7\nassert A == 7\nexit 4\n").unwrap();
    let (status, _, _) = retro(&["hp2100", "script", s.to_str().unwrap()]);
    assert_eq!(status, 4);
    std::fs::write(&s, "echo one\nbogus\n").unwrap();
    let (status, out, err) = retro(&["hp2100", "script", s.to_str().unwrap()]);
    std::fs::remove_file(&s).ok();
    // Reported as SIMH reports it, the script going on; its status says a line failed.
    assert_eq!(status, 2, "{err}");
    assert!(out.starts_with("one\n"), "{out}");
    assert!(
        out.contains("t.do-2> bogus\nUnknown command: bogus"),
        "{out}"
    );
}

#[test]
fn a_script_that_runs_itself_is_an_error_not_a_crash() {
    let rec = tmp("rec.do");
    let name = rec.file_name().unwrap().to_str().unwrap().to_string();
    std::fs::write(&rec, format!("do {name}\n")).unwrap();
    let (status, out, err) = retro(&["hp2100", "script", rec.to_str().unwrap()]);
    assert_eq!(status, 2, "{err}");
    assert!(out.contains("Nested DO command limit exceeded"), "{out}");
}

#[test]
fn a_mistyped_attach_never_wipes_a_tape() {
    let tape = tmp("keep.abs");
    std::fs::write(&tape, b"tape").unwrap();
    let script = tmp("wipe.do");
    std::fs::write(
        &script,
        format!("attach ptp {}\nboot ptr\n", tape.display()),
    )
    .unwrap();
    let (status, _, err) = retro(&["hp2100", "script", script.to_str().unwrap()]);
    assert_eq!(status, 2, "{err}");
    assert_eq!(std::fs::read(&tape).unwrap(), b"tape");
}

#[test]
fn a_source_that_is_not_text_is_named_by_line_and_column() {
    let src = tmp("latin1.asm");
    std::fs::write(&src, b"      ORG 100B\n* caf\xe9\n      END\n").unwrap();
    let tape = tmp("latin1.abs");
    let (status, err) = hp_asm(&src, &tape, None);
    std::fs::remove_file(&src).ok();
    assert_eq!(status, 1, "{err}");
    assert!(
        err.contains("latin1.asm:2:6: byte 0xE9 is not UTF-8 text"),
        "{err}"
    );
    assert!(!tape.exists());
}

/// The loader's halts other than the end of tape are said in words, naming the record.
#[test]
fn a_tape_over_the_loader_is_said_in_words() {
    let (src, tape) = assembled(
        "over",
        "      ORG 100B\n      OCT 7\n      ORG 37770B\n      OCT 1,2,3,4,5,6,7,10,11,12\n      END\n",
    );
    let words = "loader: a record would overlay the loader in the protected top 64 words";
    let named = "tape: record 2 (10 words at 37770-40001) would overlay the loader at 37700-37777";
    let script = tmp("over.do");
    std::fs::write(
        &script,
        format!("attach ptr {}\nboot ptr\n", tape.display()),
    )
    .unwrap();
    let (_, out, err) = retro(&["hp2100", "script", script.to_str().unwrap()]);
    assert!(
        out.contains("Programmed halt, T: 102055 (HLT 55)"),
        "{out}{err}"
    );
    assert!(out.contains(words) && out.contains(named), "{out}{err}");
    let (status, _, err) = retro(&["hp2100", "debug", tape.to_str().unwrap(), "--start", "100"]);
    assert_eq!(status, 2, "{err}");
    assert!(err.contains(words) && err.contains("HALT 102055"), "{err}");
    for f in [src, tape, script] {
        std::fs::remove_file(f).ok();
    }
}

#[test]
fn the_debugger_serves_the_console_s_shared_commands() {
    let (status, out, err) = retro_stdin(
        &["hp2100", "debug", "roms/nhex.abs", "--start", "2"],
        "show dev\nhelp ptr\nbreak 2\nshow break\nd 100 5\ne 100/2\nquit\n",
    );
    assert_eq!(status, 0, "{err}");
    for said in [
        "HP 2100 simulator configuration\n\nCPU            idle disabled",
        "PTR: 12597A photoreader interface\n",
        "sim> show break\nSupported Breakpoint Types: -E -N -S -U\n2:\tN\n",
        "sim> e 100/2\n100:\t000005\n101:\t",
    ] {
        assert!(out.contains(said), "{said:?} missing from\n{out}");
    }
}
