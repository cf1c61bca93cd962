//! The teletype as seen by a native program (one with no emulated CPU): [`Teletype`], named for
//! the machine itself, as a console is a machine's operator's console (`sim>`) elsewhere.

use crate::{Key, Nanos, TtyHost, CHAR_TIME};

/// A teletype driven directly by a native program. It keeps an emulated clock that advances
/// [`CHAR_TIME`] per character printed or typed (and per poll while waiting for a key), so a
/// native game's transcript has the same timing as one from an emulated machine.
///
/// Typed characters are echoed to the printer as the HP 12531C does in input mode with print
/// enabled: RETURN is echoed as CR alone, and the program prints the LF itself.
pub struct Teletype<H> {
    host: H,
    now: Nanos,
    echo: bool,
}

impl<H: TtyHost> Teletype<H> {
    pub fn new(host: H) -> Self {
        Self {
            host,
            now: 0,
            echo: true,
        }
    }

    /// Turn the local echo of typed keys on or off.
    pub fn set_echo(&mut self, echo: bool) {
        self.echo = echo;
    }

    /// Print text; line ends are the program's own (`"\r\n"`).
    pub fn print(&mut self, text: &str) {
        for b in text.bytes() {
            self.put(b);
        }
    }

    /// Print one character.
    pub fn put(&mut self, ch: u8) {
        self.now += CHAR_TIME;
        self.host.print(ch & 0x7f, self.now);
    }

    /// The next key, or `None` at the end of input.
    pub fn get(&mut self) -> Option<u8> {
        loop {
            match self.host.key(self.now) {
                Key::Char(c) => {
                    self.now += CHAR_TIME;
                    if self.echo {
                        self.host.print(c, self.now);
                    }
                    return Some(c);
                }
                Key::Wait => self.now += CHAR_TIME,
                Key::End => return None,
            }
        }
    }

    /// Read keys up to RETURN; the line is returned without it. `None` at the end of input
    /// (a partial line cut off by the end of input is dropped, as the program never saw RETURN).
    pub fn read_line(&mut self) -> Option<String> {
        let mut line = String::new();
        loop {
            match self.get()? {
                b'\r' => return Some(line),
                b'\n' => {}
                c => line.push(c as char),
            }
        }
    }

    /// Emulated time so far.
    pub fn now(&self) -> Nanos {
        self.now
    }

    /// Let emulated time pass (e.g. the time a move took to compute).
    pub fn advance(&mut self, dt: Nanos) {
        self.now += dt;
    }

    pub fn host(&self) -> &H {
        &self.host
    }

    pub fn host_mut(&mut self) -> &mut H {
        &mut self.host
    }

    pub fn into_host(self) -> H {
        self.host
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Scripted;

    #[test]
    fn dialogue_over_a_script() {
        let mut c = Teletype::new(Scripted::from_lines("12\n"));
        c.print("2-KETA NO KAZU O KEY-IN SEYO\r\n");
        assert_eq!(c.read_line().as_deref(), Some("12"));
        c.print("\n");
        assert_eq!(c.read_line(), None);
        assert_eq!(c.host().paper(), "2-KETA NO KAZU O KEY-IN SEYO\n12\n");
        // 30 printed + 3 typed (echoed) + 1 LF = 34 character times.
        assert_eq!(c.now(), 34 * CHAR_TIME);
    }
}
