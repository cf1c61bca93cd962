//! The teletype conversation of NHEX, as a state machine over [`teletype::Teletype`].
//!
//! Strings and order are the logs' (notes §5):
//!
//! ```text
//! HEX O HAJIMEMASU
//! 2-KETA NO KAZU O KEY-IN SEYO          > nn
//! SENTE WA? ANATA=00 WATASHI=99         > 00 | 99
//!   [99: WATASHI NO TE 0405]
//!   ANATA NO TE WA?                     > uuvv
//!     [malformed or off-board: MOICHIDO TADASHIKU KEY-IN SEYO, read again]
//!     [occupied: SOKO WA SUDENI UTARETE IMAS, MOICHIDO TADASHIKU KEY-IN SEYO, read again]
//!   [?ANATA NO KACHI]  or  WATASHI NO TE uuvv [WATASHI NO KACHI!]
//! MOICHIDO SURU=00 SHINAI=99            > 00 (back to SENTE WA?) | 99 (end)
//! ```
//!
//! Choices where the logs are silent (docs/nhex.md, "dialogue"):
//! 1. Lines end with RETURN; the machine echoes the keys, then prints CR LF itself, so each
//!    typed line stands alone on the roll as in the reconstructed logs.
//! 2. An off-board entry such as `0900` gets the malformed-entry reply.
//! 3. At SENTE WA? any 2-digit answer other than 99 means "you first" (tokai 2's `01`);
//!    anything that is not two digits, and any key or MOICHIDO SURU answer that is not two
//!    digits (or not 00/99 for MOICHIDO SURU), gets MOICHIDO TADASHIKU KEY-IN SEYO.
//! 4. The 2-digit number is accepted and kept ([`Dialogue::key`]) but changes nothing (notes §3).
//! 5. The end of input ends the program cleanly at any prompt.

use crate::board::{Board, Cell, Side};
use crate::coords::{parse_uuvv, CoordError};
use crate::engine::Engine;
use teletype::{Teletype, TtyHost};

/// The program's messages, exactly as printed.
pub mod msg {
    pub const HAJIMEMASU: &str = "HEX O HAJIMEMASU";
    pub const KEY_IN: &str = "2-KETA NO KAZU O KEY-IN SEYO";
    pub const SENTE_WA: &str = "SENTE WA? ANATA=00 WATASHI=99";
    /// Followed by the move `uuvv`.
    pub const WATASHI_NO_TE: &str = "WATASHI NO TE ";
    pub const ANATA_NO_TE_WA: &str = "ANATA NO TE WA?";
    pub const WATASHI_NO_KACHI: &str = "WATASHI NO KACHI!";
    pub const ANATA_NO_KACHI: &str = "?ANATA NO KACHI";
    pub const MOICHIDO_SURU: &str = "MOICHIDO SURU=00 SHINAI=99";
    pub const MOICHIDO_TADASHIKU: &str = "MOICHIDO TADASHIKU KEY-IN SEYO";
    pub const SOKO_WA_SUDENI: &str = "SOKO WA SUDENI UTARETE IMAS";
}

/// Where the conversation is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    /// Print the greeting and ask for the 2-digit number.
    Start,
    /// Ask who moves first.
    Sente,
    /// NHEX to move.
    Mine,
    /// Ask for the opponent's move.
    Yours,
    /// Read the opponent's move again (no new prompt).
    YoursAgain,
    /// The game is over; ask whether to play again.
    Again,
    /// The program has ended.
    Done,
}

/// A finished game: whether NHEX moved first, the moves in order, the announced winner.
pub type FinishedGame = (bool, Vec<(Side, Cell)>, Option<Side>);

/// One session of NHEX at the teletype.
pub struct Dialogue<H: TtyHost> {
    pub teletype: Teletype<H>,
    engine: Engine,
    board: Board,
    state: State,
    key: Option<u8>,
    /// The session in the log format of the project (`> ` before typed lines).
    record: String,
    /// Finished games: (NHEX moved first, moves, winner).
    games: Vec<FinishedGame>,
    moves: Vec<(Side, Cell)>,
    nhex_first: bool,
}

impl<H: TtyHost> Dialogue<H> {
    pub fn new(host: H, engine: Engine) -> Self {
        Dialogue {
            teletype: Teletype::new(host),
            engine,
            board: Board::new(8),
            state: State::Start,
            key: None,
            record: String::new(),
            games: Vec::new(),
            moves: Vec::new(),
            nhex_first: false,
        }
    }

    pub fn state(&self) -> State {
        self.state
    }
    pub fn key(&self) -> Option<u8> {
        self.key
    }
    pub fn board(&self) -> &Board {
        &self.board
    }
    /// The session so far in the log format (`> ` marks typed lines).
    pub fn record(&self) -> &str {
        &self.record
    }
    /// Finished games: (NHEX moved first, moves in order, announced winner).
    pub fn games(&self) -> &[FinishedGame] {
        &self.games
    }

    fn say(&mut self, text: &str) {
        self.teletype.print(text);
        self.teletype.print("\r\n");
        self.record.push_str(text);
        self.record.push('\n');
    }

    /// Read a typed line (upper case, blanks trimmed); the machine ends the line with LF.
    fn hear(&mut self) -> Option<String> {
        let line = self.teletype.read_line()?;
        self.teletype.print("\n");
        let t = line.trim().to_ascii_uppercase();
        self.record.push_str("> ");
        self.record.push_str(&t);
        self.record.push('\n');
        Some(t)
    }

    /// Read until a 2-digit number is typed.
    fn two_digits(&mut self) -> Option<u8> {
        loop {
            let t = self.hear()?;
            if t.len() == 2 && t.bytes().all(|b| b.is_ascii_digit()) {
                return t.parse().ok();
            }
            self.say(msg::MOICHIDO_TADASHIKU);
        }
    }

    /// Run one step of the state machine; returns the new state.
    pub fn step(&mut self) -> State {
        self.state = match self.state {
            State::Start => {
                self.say(msg::HAJIMEMASU);
                self.say(msg::KEY_IN);
                match self.two_digits() {
                    Some(k) => {
                        self.key = Some(k);
                        State::Sente
                    }
                    None => State::Done,
                }
            }
            State::Sente => {
                self.say(msg::SENTE_WA);
                self.board = Board::new(8);
                self.moves.clear();
                match self.two_digits() {
                    Some(99) => {
                        self.nhex_first = true;
                        State::Mine
                    }
                    Some(_) => {
                        self.nhex_first = false;
                        State::Yours
                    }
                    None => State::Done,
                }
            }
            State::Mine => match self.engine.choose(&self.board) {
                Some(c) => {
                    self.board.play(c, Side::Nhex);
                    self.moves.push((Side::Nhex, c));
                    self.say(&format!("{}{}", msg::WATASHI_NO_TE, c));
                    if self.engine.has_won(&self.board, Side::Nhex) {
                        self.say(msg::WATASHI_NO_KACHI);
                        self.finish(Some(Side::Nhex))
                    } else {
                        State::Yours
                    }
                }
                None => self.finish(None),
            },
            State::Yours | State::YoursAgain => {
                if self.state == State::Yours {
                    self.say(msg::ANATA_NO_TE_WA);
                }
                match self.hear() {
                    None => State::Done,
                    Some(t) => match parse_uuvv(&t, 8) {
                        Err(CoordError::Malformed(_)) | Err(CoordError::OffBoard(..)) => {
                            self.say(msg::MOICHIDO_TADASHIKU);
                            State::YoursAgain
                        }
                        Ok(c) if !self.board.is_empty(c) => {
                            self.say(msg::SOKO_WA_SUDENI);
                            self.say(msg::MOICHIDO_TADASHIKU);
                            State::YoursAgain
                        }
                        Ok(c) => {
                            self.board.play(c, Side::Opponent);
                            self.moves.push((Side::Opponent, c));
                            if self.engine.has_won(&self.board, Side::Opponent) {
                                self.say(msg::ANATA_NO_KACHI);
                                self.finish(Some(Side::Opponent))
                            } else {
                                State::Mine
                            }
                        }
                    },
                }
            }
            State::Again => {
                self.say(msg::MOICHIDO_SURU);
                loop {
                    match self.two_digits() {
                        Some(0) => break State::Sente,
                        Some(99) | None => break State::Done,
                        Some(_) => self.say(msg::MOICHIDO_TADASHIKU),
                    }
                }
            }
            State::Done => State::Done,
        };
        self.state
    }

    fn finish(&mut self, winner: Option<Side>) -> State {
        self.games
            .push((self.nhex_first, std::mem::take(&mut self.moves), winner));
        State::Again
    }

    /// Run until the program ends (99 at MOICHIDO SURU, or the end of input).
    pub fn run(&mut self) {
        while self.step() != State::Done {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use teletype::Scripted;

    fn session(lines: &str) -> Dialogue<Scripted> {
        let mut d = Dialogue::new(Scripted::from_lines(lines), Engine::default());
        d.run();
        d
    }

    #[test]
    fn refuses_bad_entries_with_the_programs_replies() {
        let d = session("77\n00\n065\n0900\nXYZW\n0504\n0504\n");
        let r = d.record();
        let want = "HEX O HAJIMEMASU\n2-KETA NO KAZU O KEY-IN SEYO\n> 77\nSENTE WA? ANATA=00 WATASHI=99\n> 00\n\
ANATA NO TE WA?\n> 065\nMOICHIDO TADASHIKU KEY-IN SEYO\n> 0900\nMOICHIDO TADASHIKU KEY-IN SEYO\n> XYZW\n\
MOICHIDO TADASHIKU KEY-IN SEYO\n> 0504\nWATASHI NO TE ";
        assert!(r.starts_with(want), "{r}");
        assert!(r.contains("ANATA NO TE WA?\n> 0504\nSOKO WA SUDENI UTARETE IMAS\nMOICHIDO TADASHIKU KEY-IN SEYO\n"), "{r}");
        assert_eq!(d.state(), State::Done, "end of input ends the program");
        assert_eq!(d.key(), Some(77));
    }

    #[test]
    fn bad_key_and_sente_answers() {
        let d = session("7\n77\n1\n99\n");
        let r = d.record();
        assert!(
            r.contains("> 7\nMOICHIDO TADASHIKU KEY-IN SEYO\n> 77\nSENTE WA?"),
            "{r}"
        );
        assert!(
            r.contains(
                "> 1\nMOICHIDO TADASHIKU KEY-IN SEYO\n> 99\nWATASHI NO TE 0405\nANATA NO TE WA?\n"
            ),
            "{r}"
        );
    }

    #[test]
    fn empty_input_exits_cleanly() {
        let d = session("");
        assert_eq!(
            d.record(),
            "HEX O HAJIMEMASU\n2-KETA NO KAZU O KEY-IN SEYO\n"
        );
    }
}
