//! The teletype's paper and NHEX's board for the page, and the console's output.
//!
//! Sources: `teletype::Transcript` (every printed character, kept by the console's teletype
//! host), `nhex::log::parse_log` (the games on a paper roll, as `retro hex play --board`
//! reads them, `nhex::board_view`) and `nhex::render::svg`, the one board renderer.
//!
//! Implementation notes:
//!
//! 1. The page gets the printed characters as they were sent on the line (CR and LF
//!    included) and lays out the roll itself: upper case, 72 columns, as `teletype::Paper`.
//! 2. The console writes its messages and, at the command line, the paper too on one output;
//!    in the page the paper comes from the transcript instead, so the output is quiet while
//!    the page runs the machine ([`PageOut::quiet`]). A `step` or `next` at the `sim>` line
//!    that prints shows the characters under the line too, as SIMH's console does.
//! 3. The board is drawn again only when the roll's last game gains a move or a new game
//!    begins; a game the roll shows being refused (an occupied cell) keeps its last board.
//! 4. The roll read for the board starts at NHEX's last `HEX O HAJIMEMASU` (a start of the
//!    program), and without one keeps at most [`READ_MAX`] bytes, so that reading it at each
//!    line costs a bounded time whatever a program prints; the roll kept for a page that
//!    connects again is the last [`KEEP_MAX`] bytes.
//! 5. Once the page has taken more than [`PRINTED_MAX`] characters of the teletype's
//!    transcript, the transcript is forgotten (`Console::forget_paper`), so that a program
//!    that prints for ever keeps the session's memory bounded.
//! 6. The host's paths the session uses (the tab's disc, the server's folder of discs, HP's
//!    software) are written in the output under names of their own ([`PageOut::hide`]): the
//!    console's `show dpc` and an error naming a file show no host path.

use nhex::board::{Board, Side};
use serde_json::{json, Value};
use std::cell::RefCell;
use std::io::Write;
use std::rc::Rc;

/// The transcript's characters taken before it is forgotten (note 5).
pub(super) const PRINTED_MAX: usize = 64 * 1024;

/// NHEX's first line, which starts the roll read for the board (note 4).
const HAJIMEMASU: &str = "HEX O HAJIMEMASU";

/// The most of the roll read for the board without a start of NHEX in it (note 4).
pub(super) const READ_MAX: usize = 64 * 1024;

/// The most of the roll kept to send afresh (note 4).
pub(super) const KEEP_MAX: usize = 256 * 1024;

/// The console's output, shared with the session that sends it to the page (note 2).
#[derive(Clone, Default)]
pub(super) struct PageOut(Rc<RefCell<Out>>);

#[derive(Default)]
struct Out {
    text: Vec<u8>,
    quiet: bool,
    /// (a host path, the name it is shown by), longest first (note 6).
    hidden: Vec<(String, &'static str)>,
}

impl PageOut {
    /// Drop what is written while `on` (the paper of the page's runs).
    pub(super) fn quiet(&self, on: bool) {
        self.0.borrow_mut().quiet = on;
    }

    /// A line of the session's own, after whatever the console wrote.
    pub(super) fn line(&self, text: &str) {
        let mut o = self.0.borrow_mut();
        if o.text.last().is_some_and(|&c| c != b'\n') {
            o.text.push(b'\n');
        }
        o.text.extend_from_slice(text.as_bytes());
        o.text.push(b'\n');
    }

    /// What was written since the last call.
    pub(super) fn take(&self) -> String {
        let bytes = std::mem::take(&mut self.0.borrow_mut().text);
        self.scrub(&String::from_utf8_lossy(&bytes).replace('\r', ""))
    }

    /// Show the host path `path` as `shown` from now on (note 6).
    pub(super) fn hide(&self, path: &std::path::Path, shown: &'static str) {
        let path = path.display().to_string();
        let hidden = &mut self.0.borrow_mut().hidden;
        if !path.is_empty() && !hidden.iter().any(|(p, _)| *p == path) {
            hidden.push((path, shown));
            hidden.sort_by_key(|(p, _)| std::cmp::Reverse(p.len()));
        }
    }

    /// `text` with the hidden paths replaced by their names (note 6).
    pub(super) fn scrub(&self, text: &str) -> String {
        let mut text = text.to_string();
        for (path, shown) in &self.0.borrow().hidden {
            if text.contains(path.as_str()) {
                text = text.replace(path.as_str(), shown);
            }
        }
        text
    }
}

impl Write for PageOut {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let mut o = self.0.borrow_mut();
        if !o.quiet {
            o.text.extend_from_slice(buf);
        }
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The paper roll as the page has been sent it, and the board read from it.
#[derive(Default)]
pub(super) struct Roll {
    /// Characters of the transcript sent so far.
    sent: usize,
    /// Every character printed, 7-bit.
    all: String,
    /// The printed text as `nhex::log` reads a roll: lines, no CR.
    lines: String,
    /// (games, moves) of the board last sent.
    shown: (usize, usize),
    /// The board's event to send, when it changed.
    pending: Option<Value>,
}

impl Roll {
    /// The characters of `printed` (the transcript's) not sent yet.
    pub(super) fn take_new(&mut self, printed: &[(u64, u8)]) -> Option<String> {
        let new = printed.get(self.sent..).filter(|n| !n.is_empty())?;
        self.sent = printed.len();
        let mut text = String::new();
        for &(_, ch) in new {
            let ch = ch & 0x7f;
            text.push(char::from(ch));
            match ch {
                b'\n' => {
                    self.new_line();
                    self.line_done();
                }
                0 | b'\r' | 0x7f => {}
                c => self.lines.push(char::from(c)),
            }
        }
        self.all.push_str(&text);
        if self.all.len() > KEEP_MAX {
            self.all.drain(..self.all.len() - KEEP_MAX / 2);
        }
        Some(text)
    }

    /// A line of the roll finished: the roll read for the board starts again at NHEX's
    /// start, or loses its older half when it grows too long (note 4).
    fn new_line(&mut self) {
        let start = self.lines.rfind('\n').map_or(0, |i| i + 1);
        if self.lines[start..].trim_end() == HAJIMEMASU {
            self.lines.drain(..start);
        } else if self.lines.len() > READ_MAX {
            let cut = self.lines.len() - READ_MAX / 2;
            let cut = self.lines[cut..].find('\n').map_or(cut, |i| cut + i + 1);
            self.lines.drain(..cut);
        }
        self.lines.push('\n');
    }

    /// The transcript was forgotten (note 5): what it records from now on is new.
    pub(super) fn transcript_forgotten(&mut self) {
        self.sent = 0;
    }

    /// Characters of the transcript taken so far.
    #[cfg(test)]
    pub(super) fn sent(&self) -> usize {
        self.sent
    }

    /// The roll as read for the board.
    #[cfg(test)]
    pub(super) fn lines_read(&self) -> &str {
        &self.lines
    }

    /// The whole roll so far.
    pub(super) fn all(&self) -> String {
        self.all.clone()
    }

    /// The board's event if it changed since last sent.
    pub(super) fn board_if_changed(&mut self) -> Option<Value> {
        self.pending.take()
    }

    /// The board now, to send afresh.
    pub(super) fn board(&mut self) -> Value {
        self.pending = None;
        let games = nhex::log::parse_log(&self.lines).unwrap_or_default();
        match games.last() {
            Some(g) => drawn(g).unwrap_or_else(|| empty(games.len())),
            None => empty(0),
        }
    }

    /// A line finished: draw the board again if the roll's game changed (note 3).
    fn line_done(&mut self) {
        let Ok(games) = nhex::log::parse_log(&self.lines) else {
            return;
        };
        let Some(g) = games.last() else { return };
        let now = (games.len(), g.moves.len());
        if now == self.shown {
            return;
        }
        if g.moves.is_empty() {
            self.shown = now;
            self.pending = Some(empty(games.len()));
        } else if let Some(board) = drawn(g) {
            self.shown = now;
            self.pending = Some(board);
        }
    }
}

/// The board of a game with its moves numbered, if the moves replay.
fn drawn(g: &nhex::log::LoggedGame) -> Option<Value> {
    let end = g.replay().ok()?;
    let numbers: Vec<_> = g
        .moves
        .iter()
        .enumerate()
        .map(|(i, m)| (m.cell, i + 1))
        .collect();
    let last = g.moves.last()?;
    let who = match last.side {
        Side::Nhex => "NHEX",
        Side::Opponent => "you",
    };
    let title = format!("move {} ({who} {})", g.moves.len(), last.cell);
    Some(json!({
        "ev": "board",
        "svg": crate::pictures::scalable(nhex::render::svg(&end.board, &numbers, &title)),
        "moves": g.moves.len(),
    }))
}

/// An empty board, before a game's first move.
fn empty(games: usize) -> Value {
    let title = match games {
        0 => "NHEX: the board".to_string(),
        n => format!("game {n}: no move yet"),
    };
    json!({
        "ev": "board",
        "svg": crate::pictures::scalable(nhex::render::svg(&Board::new(8), &[], &title)),
        "moves": 0,
    })
}
