//! The operator's keyboard given to a running teletype (`ConsoleKeys` over `Keyboard`): every
//! key typed ahead reaches the program in order, however many are waiting when it polls. The
//! keyboard reads from a reader the test feeds, and the teletype polls only once all of it is
//! queued.

use host_terminal::Keyboard;
use machine_core::ConsoleKeys;
use std::time::{Duration, Instant};
use teletype::{asr33_key, Key, Scripted, TtyHost};

/// The keys the teletype is given for `typed`, until the input ends. The reader queues all of
/// `typed` at once (one read), so once the first key has come every other one is waiting: a
/// wait after it would be a key lost or held back.
fn keys_for(typed: &'static [u8]) -> Vec<Key> {
    let keyboard = Keyboard::from_reader(typed);
    let mut keys = ConsoleKeys::with_keyboard(Scripted::new(), Some(keyboard.keys()));
    let start = Instant::now();
    let mut got = Vec::new();
    loop {
        match keys.key(0) {
            Key::End => return got,
            Key::Wait if got.is_empty() => {
                assert!(start.elapsed() < Duration::from_secs(10), "no key came");
            }
            Key::Wait => panic!("a wait with every key queued; got {got:?}"),
            k => got.push(k),
        }
    }
}

#[test]
fn keys_waiting_in_one_poll_all_come_in_order() {
    for typed in [&b"ab"[..], b"go 100\n", b"12\n00\n0404\n"] {
        let want: Vec<Key> = typed
            .iter()
            .filter_map(|&b| asr33_key(b))
            .map(Key::Char)
            .collect();
        assert_eq!(
            keys_for(typed),
            want,
            "typed {:?}",
            String::from_utf8_lossy(typed)
        );
    }
}
