//! The board beside the paper: `retro hex play --board` draws the position after each move on
//! a terminal of its own (standard error), while the paper roll stays exactly as the 1975
//! program printed it (the program never drew the board; its players kept one on paper).
//!
//! [`BoardView`] sits between a program and its teletype host and reads the roll as it is
//! printed, as [`crate::log`] reads a paper roll; whenever a finished line makes the current
//! game's moves change, the board is drawn with [`crate::render::diamond_for`], the one HEX board
//! renderer, the last move bracketed: after the opponent's typed move (when the program will
//! take it: on the board and on an empty cell) and after each of NHEX's.

use crate::board::Side;
use crate::log::parse_log;
use crate::render::diamond_for;
use std::io::Write;
use teletype::{Key, Nanos, TtyHost};

/// A teletype host that passes everything through and draws the board on `out` after each
/// move (nothing is drawn when `out` is `None`).
pub struct BoardView<H> {
    inner: H,
    out: Option<Box<dyn Write>>,
    roll: String,
    /// (game number, moves) last drawn.
    shown: (usize, usize),
}

impl<H: TtyHost> BoardView<H> {
    pub fn new(inner: H, out: Option<Box<dyn Write>>) -> Self {
        Self {
            inner,
            out,
            roll: String::new(),
            shown: (0, 0),
        }
    }

    pub fn inner(&self) -> &H {
        &self.inner
    }

    pub fn inner_mut(&mut self) -> &mut H {
        &mut self.inner
    }

    /// Draw the board if the roll so far shows a move not drawn yet.
    fn line_done(&mut self) {
        let Some(out) = &mut self.out else { return };
        let Ok(games) = parse_log(&self.roll) else {
            return;
        };
        let Some(g) = games.last() else { return };
        let now = (games.len(), g.moves.len());
        if now == self.shown || g.moves.is_empty() {
            return;
        }
        // A typed move is drawn as soon as its line ends, unless the program is bound to
        // refuse it (an occupied cell: the game does not replay).
        let Ok(end) = g.replay() else { return };
        self.shown = now;
        let last = g.moves.last().expect("a move");
        let who = match last.side {
            Side::Nhex => "NHEX",
            Side::Opponent => "you",
        };
        let text = format!(
            "\nmove {} ({who} {}):\n{}\n",
            g.moves.len(),
            last.cell,
            diamond_for(&end.board, Some(last.cell), "you")
        );
        // The board is an aid; a closed or full terminal must not stop the game.
        let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
    }
}

impl<H: TtyHost> TtyHost for BoardView<H> {
    fn print(&mut self, ch: u8, at: Nanos) {
        self.inner.print(ch, at);
        match ch & 0x7f {
            b'\n' => {
                self.roll.push('\n');
                self.line_done();
            }
            0 | b'\r' | 0x7f => {}
            c => self.roll.push(char::from(c)),
        }
    }

    fn key(&mut self, at: Nanos) -> Key {
        self.inner.key(at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dialogue::Dialogue;
    use crate::engine::Engine;
    use std::cell::RefCell;
    use std::rc::Rc;
    use teletype::Scripted;

    /// A writer the test can read after the host is gone.
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
    fn the_board_follows_the_moves_and_the_paper_is_untouched() {
        let lines = "12\n00\n0504\n0504\n0302\n99\n";
        let drawn = Shared::default();
        let view = BoardView::new(Scripted::from_lines(lines), Some(Box::new(drawn.clone())));
        let mut d = Dialogue::new(teletype::Transcript::new(view), Engine::default());
        d.run();
        let paper = d.teletype.host().paper();
        let mut plain = Dialogue::new(
            teletype::Transcript::new(Scripted::from_lines(lines)),
            Engine::default(),
        );
        plain.run();
        assert_eq!(paper, plain.teletype.host().paper());
        let text = String::from_utf8(drawn.0.borrow().clone()).unwrap();
        // Four moves, four boards; the occupied 0504 and the malformed 99 draw none.
        assert_eq!(text.matches("NHEX (top)").count(), 4, "{text}");
        assert!(text.starts_with("\nmove 1 (you 0504):\n"), "{text}");
        assert!(text.contains("\nmove 2 (NHEX "), "{text}");
        assert!(text.contains("\nmove 3 (you 0302):\n"), "{text}");
        assert!(text.contains("\nmove 4 (NHEX "), "{text}");
        assert!(text.contains("[N]") && text.contains("[O]"), "{text}");
    }
}
