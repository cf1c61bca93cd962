//! The live terminal (`teletype::Terminal` over the one reader of standard input,
//! `host_terminal::Keyboard::stdin`) gives every key typed, in order, however many are
//! waiting when the program polls: a key typed ahead is never dropped. Its keys come from
//! standard input, so this binary runs itself as the terminal's process with a pipe the test
//! feeds on its standard input (`TELETYPE_LIVE_KEYS_CHILD`): the child waits until the reader
//! has surely queued every byte, then polls and writes each key it got to standard error
//! (past the harness's capture).

use host_terminal::Keyboard;
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;
use teletype::{asr33_key, Key, Terminal, TtyHost};

const CHILD: &str = "TELETYPE_LIVE_KEYS_CHILD";

/// The terminal's process: every key it gives until the input ends, one number a line.
fn child() {
    let mut t = Terminal::new(
        Box::new(std::io::sink()),
        Some(Keyboard::stdin().keys()),
        false,
    );
    // The reader thread queues all that the pipe holds; then one poll finds them all waiting.
    std::thread::sleep(Duration::from_millis(300));
    let mut out = String::new();
    for _ in 0..10_000 {
        match t.key(0) {
            Key::Char(c) => out.push_str(&format!("{c}\n")),
            Key::Wait => {}
            Key::End => {
                out.push_str("end\n");
                break;
            }
        }
    }
    std::io::stderr().write_all(out.as_bytes()).unwrap();
}

/// The child started on `typed`, its standard input closed after it.
fn start(typed: &[u8]) -> std::process::Child {
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "keys_waiting_in_one_poll_all_come_in_order"])
        .env(CHILD, "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(typed).unwrap();
    child
}

/// The keys a child got.
fn keys_of(child: std::process::Child) -> Vec<String> {
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8_lossy(&out.stderr)
        .lines()
        .map(String::from)
        .collect()
}

#[test]
fn keys_waiting_in_one_poll_all_come_in_order() {
    if std::env::var_os(CHILD).is_some() {
        return child();
    }
    // The three children wait their tenths of a second side by side.
    let typed = [&b"ab"[..], b"go 100\n", b"12\n00\n"];
    let children: Vec<_> = typed.iter().map(|t| start(t)).collect();
    for (typed, child) in typed.into_iter().zip(children) {
        let want: Vec<String> = typed
            .iter()
            .filter_map(|&b| asr33_key(b))
            .map(|c| c.to_string())
            .chain(["end".to_string()])
            .collect();
        assert_eq!(
            keys_of(child),
            want,
            "typed {:?}",
            String::from_utf8_lossy(typed)
        );
    }
}
