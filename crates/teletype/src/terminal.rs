//! A printer it is given (the terminal's standard output) as the teleprinter, and the keys
//! typed ahead ([`crate::TypeAhead`]) as its keyboard: the live terminal as the teletype's far
//! end.
//!
//! This host reads no input, opens nothing and sets no terminal modes: the host (crate
//! `host-terminal`) gives it standard output, fills the queue it takes keys from with its one
//! reader of standard input, and puts the terminal in character mode without local echo,
//! because the teleprinter interface echoes typed characters itself.
//!
//! Implementation notes:
//!
//! 1. Ctrl-D (EOT) is the end of input, as it is at a shell (character mode would otherwise
//!    pass it to the program as a key): the programs here never ask for EOT, and it gives the
//!    operator a clean way out of any of them.
//! 2. With `realtime`, printing is paced at the ASR-33's 10 characters per second of wall
//!    time. While the program waits for a key that has not been typed, each poll yields the
//!    host CPU for a few milliseconds, so an idle machine does not spin a host core.

use crate::{asr33_key, Key, Nanos, TtyHost, TypeAhead, Typed, CHAR_TIME};
use std::io::Write;
use std::time::{Duration, Instant};

/// Ctrl-D.
const EOT: u8 = 0x04;

/// A printer (the terminal's), the typed-ahead keys as the keyboard.
pub struct Terminal {
    out: Box<dyn Write>,
    keys: Option<TypeAhead>,
    realtime: bool,
    last_print: Option<Instant>,
    ended: bool,
}

impl Terminal {
    /// The printer `out` with the keys of `keys` (none without it: the input has ended).
    pub fn new(out: Box<dyn Write>, keys: Option<TypeAhead>, realtime: bool) -> Self {
        Self {
            out,
            ended: keys.is_none(),
            keys,
            realtime,
            last_print: None,
        }
    }

    /// The printer `out` only, for runs whose input comes from a script.
    pub fn new_output_only(out: Box<dyn Write>, realtime: bool) -> Self {
        Self::new(out, None, realtime)
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        let _ = self.out.flush();
    }
}

impl TtyHost for Terminal {
    fn print(&mut self, ch: u8, _at: Nanos) {
        let ch = ch & 0x7f;
        if ch == 0 || ch == 0x7f {
            return;
        }
        if self.realtime {
            let pace = Duration::from_nanos(CHAR_TIME);
            if let Some(last) = self.last_print {
                let due = last + pace;
                let now = Instant::now();
                if due > now {
                    std::thread::sleep(due - now);
                }
            }
            self.last_print = Some(Instant::now());
        }
        let out = &mut self.out;
        if let Err(e) = out.write_all(&[ch]).and_then(|()| out.flush()) {
            crate::output::note(e);
        }
    }

    fn key(&mut self, _at: Nanos) -> Key {
        if self.ended {
            return Key::End;
        }
        let Some(keys) = &self.keys else {
            return Key::End;
        };
        loop {
            match keys.take() {
                Typed::Byte(b) if b & 0x7f == EOT => {
                    self.ended = true;
                    return Key::End;
                }
                Typed::Byte(b) => {
                    if let Some(c) = asr33_key(b) {
                        return Key::Char(c);
                    }
                }
                Typed::Wait => {
                    std::thread::sleep(Duration::from_millis(2));
                    return Key::Wait;
                }
                Typed::End => {
                    self.ended = true;
                    return Key::End;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::RefCell;
    use std::rc::Rc;

    /// A printer whose bytes the test keeps.
    #[derive(Clone, Default)]
    struct Shared(Rc<RefCell<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.borrow_mut().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn keys_come_in_order_as_the_asr33_sends_them_and_ctrl_d_ends_them() {
        let keys = TypeAhead::new();
        let feed = keys.feed();
        assert!(feed.push(b"go\n\x04more"));
        let mut t = Terminal::new(Box::new(std::io::sink()), Some(keys), false);
        let got: Vec<Key> = (0..5).map(|_| t.key(0)).collect();
        let want = [b'G', b'O', b'\r'].map(Key::Char);
        assert_eq!(got[..3], want);
        assert_eq!(got[3..], [Key::End, Key::End]);
        let printed = Shared::default();
        let mut t = Terminal::new_output_only(Box::new(printed.clone()), false);
        t.print(b'A' | 0x80, 0);
        assert_eq!(t.key(0), Key::End);
        assert_eq!(
            *printed.0.borrow(),
            b"A",
            "on the printer it was given, 7 bits"
        );
    }
}
