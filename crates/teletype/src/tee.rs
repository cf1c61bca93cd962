//! Hosts that show the paper on a printer while another host types and records.

use crate::{Key, Nanos, TtyHost};
use std::io::Write;

/// `host` types the keys and sees everything printed; `printer` shows what is printed too
/// (the terminal, or a [`Printer`] on any writer). Used where keys come from a script while
/// the paper is shown live: `--input` runs, the debugger, the HP console's teletype.
#[derive(Debug, Default)]
pub struct Tee<H, P> {
    pub host: H,
    pub printer: P,
}

impl<H: TtyHost, P: TtyHost> Tee<H, P> {
    pub fn new(host: H, printer: P) -> Self {
        Self { host, printer }
    }
}

impl<H: TtyHost, P: TtyHost> TtyHost for Tee<H, P> {
    fn print(&mut self, ch: u8, at: Nanos) {
        self.host.print(ch, at);
        self.printer.print(ch, at);
    }
    fn key(&mut self, at: Nanos) -> Key {
        self.host.key(at)
    }
}

/// A printer writing to `W` with no keyboard: each character as it is printed, 7-bit, leaving
/// out NUL and RUBOUT (which put no mark on the paper). Write errors (a closed pipe) end
/// nothing: the machine keeps running as a teletype with its paper torn off would; the first
/// is kept for [`crate::take_output_error`].
#[derive(Debug, Default)]
pub struct Printer<W> {
    pub out: W,
}

impl<W: Write> Printer<W> {
    pub fn new(out: W) -> Self {
        Self { out }
    }
}

impl<W: Write> TtyHost for Printer<W> {
    fn print(&mut self, ch: u8, _at: Nanos) {
        let ch = ch & 0x7f;
        if ch != 0 && ch != 0x7f {
            if let Err(e) = self.out.write_all(&[ch]).and_then(|()| self.out.flush()) {
                crate::output::note(e);
            }
        }
    }
    fn key(&mut self, _at: Nanos) -> Key {
        Key::End
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Scripted;

    #[test]
    fn both_sides_see_the_paper() {
        let mut t = Tee::new(Scripted::from_lines("A\n"), Printer::new(Vec::new()));
        for b in b"?\0\x7f\r\n" {
            t.print(*b, 0);
        }
        assert_eq!(t.key(0), Key::Char(b'A'));
        assert_eq!(t.host.output(), b"?\0\x7f\r\n");
        assert_eq!(t.printer.out, b"?\r\n");
        assert_eq!(t.printer.key(0), Key::End);
    }
}
