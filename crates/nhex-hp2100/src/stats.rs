//! Per-move statistics of a session: the emulated 2100A time from the operator's RETURN to
//! NHEX's reply, measured on the teletype line itself.
//!
//! [`MoveClock`] wraps the teletype host. A RETURN typed at emulated time t0 starts the clock;
//! when the next printed line begins with `WATASHI NO TE `, the time t1 at which its first
//! character reached the paper ends it. t1 − t0 therefore includes the two character times of
//! the program's line feed and of that first character (0.2 s), as the operator saw it. Any
//! other message of the program (a refused entry, ?ANATA NO KACHI, a prompt) stops the clock
//! without a move.

use nhex::dialogue::msg;
use std::time::{Duration, Instant};
use teletype::{Key, Nanos, TtyHost};

/// One reply of NHEX.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveTime {
    /// The move as printed, `uuvv`.
    pub cell: String,
    /// Emulated time from the RETURN to the first character of the reply, in nanoseconds.
    pub nanos: Nanos,
    /// Wall time the emulator took for the same stretch.
    pub wall: Duration,
}

impl MoveTime {
    pub fn seconds(&self) -> f64 {
        self.nanos as f64 / 1e9
    }
    /// The same time in 2100A memory cycles.
    pub fn cycles(&self) -> u64 {
        self.nanos / hp2100::timing::CYCLE_NS
    }
}

/// A teletype host that times NHEX's replies (see the module notes).
pub struct MoveClock<H> {
    inner: H,
    pending: Option<(Nanos, Instant)>,
    line: String,
    line_start: Option<(Nanos, Instant)>,
    moves: Vec<MoveTime>,
}

impl<H: TtyHost> MoveClock<H> {
    pub fn new(inner: H) -> Self {
        MoveClock {
            inner,
            pending: None,
            line: String::new(),
            line_start: None,
            moves: Vec::new(),
        }
    }

    /// The replies so far.
    pub fn moves(&self) -> &[MoveTime] {
        &self.moves
    }

    pub fn inner(&self) -> &H {
        &self.inner
    }

    pub fn inner_mut(&mut self) -> &mut H {
        &mut self.inner
    }

    fn end_of_line(&mut self) {
        if let Some(rest) = self.line.strip_prefix(msg::WATASHI_NO_TE) {
            if let (Some((t0, w0)), Some((t1, w1))) = (self.pending.take(), self.line_start) {
                self.moves.push(MoveTime {
                    cell: rest.trim().to_string(),
                    nanos: t1.saturating_sub(t0),
                    wall: w1.saturating_duration_since(w0),
                });
            }
        } else if [
            msg::HAJIMEMASU,
            msg::KEY_IN,
            msg::SENTE_WA,
            msg::ANATA_NO_TE_WA,
            msg::WATASHI_NO_KACHI,
            msg::ANATA_NO_KACHI,
            msg::MOICHIDO_SURU,
            msg::MOICHIDO_TADASHIKU,
            msg::SOKO_WA_SUDENI,
        ]
        .contains(&self.line.as_str())
        {
            self.pending = None;
        }
        self.line.clear();
        self.line_start = None;
    }
}

impl<H: TtyHost> TtyHost for MoveClock<H> {
    fn print(&mut self, ch: u8, at: Nanos) {
        self.inner.print(ch, at);
        match ch & 0x7f {
            b'\n' => self.end_of_line(),
            c if (0x20..0x7f).contains(&c) => {
                if self.line_start.is_none() {
                    self.line_start = Some((at, Instant::now()));
                }
                self.line.push(c as char);
            }
            _ => {}
        }
    }

    fn key(&mut self, at: Nanos) -> Key {
        let k = self.inner.key(at);
        if k == Key::Char(b'\r') {
            self.pending = Some((at, Instant::now()));
        }
        k
    }
}

/// Median and maximum of a list of durations in nanoseconds (`None` when empty).
pub fn median_max(mut v: Vec<Nanos>) -> Option<(Nanos, Nanos)> {
    if v.is_empty() {
        return None;
    }
    v.sort_unstable();
    Some((v[v.len() / 2], v[v.len() - 1]))
}

/// The table `retro hex play --stats` prints after a session: every reply's 2100A seconds,
/// cycles and host milliseconds, their median and maximum, and the whole session.
pub fn report(moves: &[MoveTime], s: &crate::Session) -> String {
    let mut out = String::from(
        "\nNHEX's replies: emulated 2100A time from the RETURN to the reply's first character\n\
         \x20  #  move   2100A s      cycles   wall ms\n",
    );
    for (i, m) in moves.iter().enumerate() {
        out.push_str(&format!(
            "{:>4}  {}  {:>8.3}  {:>10}  {:>8.2}\n",
            i + 1,
            m.cell,
            m.seconds(),
            m.cycles(),
            m.wall.as_secs_f64() * 1000.0
        ));
    }
    if let Some((med, max)) = median_max(moves.iter().map(|m| m.nanos).collect()) {
        out.push_str(&format!(
            "{} replies: median {:.3} s, maximum {:.3} s of 2100A time\n",
            moves.len(),
            med as f64 / 1e9,
            max as f64 / 1e9
        ));
    }
    out.push_str(&format!(
        "session: {:.1} s of 2100A time ({} cycles) in {:.0} ms\n",
        s.seconds,
        s.cycles,
        s.wall.as_secs_f64() * 1000.0
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use teletype::Scripted;

    #[test]
    fn times_a_reply_from_return_to_its_first_character() {
        let mut c = MoveClock::new(Scripted::from_lines("0504\n"));
        for ch in b"ANATA NO TE WA?\r\n" {
            c.print(*ch, 0);
        }
        while let Key::Char(k) = c.key(1_000) {
            c.print(k, 1_000);
        }
        c.print(b'\n', 1_100);
        for (i, ch) in b"WATASHI NO TE 0303\r\n".iter().enumerate() {
            c.print(*ch, 5_000 + i as u64);
        }
        assert_eq!(c.moves().len(), 1);
        assert_eq!(c.moves()[0].cell, "0303");
        assert_eq!(c.moves()[0].nanos, 4_000);
    }

    #[test]
    fn a_refused_entry_is_not_a_move() {
        let mut c = MoveClock::new(Scripted::from_lines("065\n"));
        c.print(b'?', 0);
        while let Key::Char(k) = c.key(10) {
            c.print(k, 10);
        }
        c.print(b'\n', 11);
        for ch in msg::MOICHIDO_TADASHIKU.bytes().chain(*b"\r\n") {
            c.print(ch, 20);
        }
        for ch in b"WATASHI NO TE 0303\r\n" {
            c.print(*ch, 30);
        }
        assert!(c.moves().is_empty());
        assert_eq!(median_max(vec![]), None);
        assert_eq!(median_max(vec![3, 1, 2]), Some((2, 3)));
    }
}
