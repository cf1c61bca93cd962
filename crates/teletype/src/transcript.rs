//! A recorder of the paper roll, wrapped around any host.

use crate::{Key, Nanos, Paper, TtyHost};

/// Wraps a host and records every character printed and every key typed, with the emulated
/// time of each, while passing everything through.
#[derive(Debug)]
pub struct Transcript<H> {
    inner: H,
    paper: Paper,
    printed: Vec<(Nanos, u8)>,
    typed: Vec<(Nanos, u8)>,
}

impl<H: TtyHost> Transcript<H> {
    pub fn new(inner: H) -> Self {
        Self {
            inner,
            paper: Paper::new(),
            printed: Vec::new(),
            typed: Vec::new(),
        }
    }

    /// What the paper roll shows: each printed line ends with `\n`.
    pub fn paper(&self) -> String {
        self.paper.text()
    }

    /// The finished lines of the roll so far (see [`Paper::lines`]).
    pub fn lines(&self) -> &[String] {
        self.paper.lines()
    }

    /// Every printed character with its emulated time.
    pub fn printed(&self) -> &[(Nanos, u8)] {
        &self.printed
    }

    /// Every key typed with its emulated time.
    pub fn typed(&self) -> &[(Nanos, u8)] {
        &self.typed
    }

    /// The roll with the emulated time at which each line was finished, as
    /// `   12.300  TEXT` (seconds, three decimals).
    pub fn timed_paper(&self) -> String {
        let mut out = String::new();
        let mut paper = Paper::new();
        for &(at, ch) in &self.printed {
            paper.strike(ch);
            if ch & 0x7f == b'\n' {
                let text = paper.text();
                let line = text[..text.len() - 1].rsplit('\n').next().unwrap_or("");
                out.push_str(&format!(
                    "{:>9}.{:03}  {}\n",
                    at / 1_000_000_000,
                    at / 1_000_000 % 1000,
                    line
                ));
            }
        }
        out
    }

    pub fn inner(&self) -> &H {
        &self.inner
    }

    pub fn inner_mut(&mut self) -> &mut H {
        &mut self.inner
    }

    pub fn into_inner(self) -> H {
        self.inner
    }

    /// Forget what was recorded so far and start a fresh roll, for a host that keeps the
    /// record itself and may run for ever (the web page's teletype), so that memory stays
    /// bounded.
    pub fn forget(&mut self) {
        self.paper = Paper::new();
        self.printed = Vec::new();
        self.typed = Vec::new();
    }
}

impl<H: TtyHost> TtyHost for Transcript<H> {
    fn print(&mut self, ch: u8, at: Nanos) {
        self.paper.strike(ch);
        self.printed.push((at, ch & 0x7f));
        self.inner.print(ch, at);
    }

    fn key(&mut self, at: Nanos) -> Key {
        let k = self.inner.key(at);
        if let Key::Char(c) = k {
            self.typed.push((at, c));
        }
        k
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Scripted;

    #[test]
    fn records_paper_and_times() {
        let mut t = Transcript::new(Scripted::new());
        for (i, b) in b"AB\r\nC\r\n".iter().enumerate() {
            t.print(*b, (i as u64 + 1) * crate::CHAR_TIME);
        }
        assert_eq!(t.paper(), "AB\nC\n");
        assert_eq!(t.timed_paper(), "        0.400  AB\n        0.700  C\n");
        assert_eq!(t.inner().output(), b"AB\r\nC\r\n");
    }

    #[test]
    fn a_forgotten_record_starts_afresh() {
        let mut t = Transcript::new(Scripted::new());
        t.print(b'A', crate::CHAR_TIME);
        t.forget();
        assert!(t.printed().is_empty() && t.paper().is_empty());
        t.print(b'B', 2 * crate::CHAR_TIME);
        assert_eq!(t.paper(), "B");
        assert_eq!(t.printed(), [(2 * crate::CHAR_TIME, b'B')]);
        assert_eq!(t.inner().output(), b"AB");
    }
}
