//! Every teletype game ends at once at `QUIT`, at Ctrl-D and at a closed pipe, whatever its
//! standard input does afterwards: a program that drives a game through a pipe it keeps open
//! must not wait on it. Each game is run with its standard input held open for the whole
//! test; a game that waited on it would outlive the generous deadline and fail.

mod common;

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Far beyond a game's start and its answer to one line, even on a loaded machine.
const DEADLINE: Duration = Duration::from_secs(60);

/// Run `retro ARGS`, type `input`, close standard input if `close`, else keep it open; the
/// exit status and standard output once the game has ended by itself.
fn ends_by_itself(args: &[&str], input: &[u8], close: bool) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_retro"))
        .args(args)
        .current_dir(common::root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input).unwrap();
    stdin.flush().unwrap();
    let held = if close {
        drop(stdin);
        None
    } else {
        Some(stdin)
    };
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stdout.read_to_string(&mut s);
        s
    });
    let t = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if t.elapsed() > DEADLINE {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "retro {} still running {DEADLINE:?} after {:?} with standard input open",
                args.join(" "),
                String::from_utf8_lossy(input)
            );
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    // Standard output is closed too: nothing of the game's is left behind holding it.
    let out = reader.join().unwrap();
    drop(held);
    (status.code().unwrap_or(-1), out)
}

/// The games, and what each prints at QUIT.
const GAMES: &[(&[&str], &str)] = &[
    (&["hex", "play"], "QUIT: THE OPERATOR STOPS THE MACHINE."),
    (&["gomoku", "play"], "QUIT: END OF THE SESSION."),
    (&["quoridor", "play"], "GAME ABANDONED."),
    (&["lgame", "play"], "QUIT: THE OPERATOR STOPS THE MACHINE."),
];

#[test]
fn quit_ends_every_game_with_standard_input_still_open() {
    for (args, says) in GAMES {
        for quit in ["QUIT\n", "quit\n"] {
            let (code, out) = ends_by_itself(args, quit.as_bytes(), false);
            assert_eq!(code, 0, "{args:?}: {out}");
            assert!(out.contains(says), "{args:?} {quit:?}: {out}");
        }
    }
}

#[test]
fn ctrl_d_ends_every_game_with_standard_input_still_open() {
    for (args, _) in GAMES {
        let (code, out) = ends_by_itself(args, b"\x04", false);
        assert_eq!(code, 0, "{args:?}: {out}");
    }
}

#[test]
fn a_closed_pipe_ends_every_game() {
    for (args, _) in GAMES {
        let (code, out) = ends_by_itself(args, b"", true);
        assert_eq!(code, 0, "{args:?}: {out}");
    }
}
