//! LGM (`asm/t3300/lgm.asm`), the playing program of §10, on the T3300-R.
//!
//! LGM reads the classification from the paper tape the classifier punched (one frame per
//! l-type), asks on the typewriter who plays red and blue (a person or the computer) and the
//! start position, then plays: the board is printed after every move in the Λ form, a
//! person's move is typed in the notation of `docs/lgame.md`, the computer moves from the
//! classification, and a repeated position is announced as a loop.
//!
//! [`Lgm`] is LGM loaded on a machine whose typewriter is any [`TtyHost`]. For a person at the
//! terminal it simply runs ([`Lgm::run`]). A program that plays against it (the tests, the
//! native players) stops it at each question with [`Lgm::next_question`], reads the position
//! from core ([`Lgm::position`]) and types its answer ([`Keys`]).
//!
//! Labels of the program used here: `+getl+` (the subroutine that reads a line; `+qq+` says
//! which question), `+pr+ +pb+ +pn+ +pm+` (red's L, blue's L, the neutrals as masks, and the
//! side to move), `+ply+` (moves made), `+gres+` (how the game ended).
//!
//! Notes:
//!
//! 1. The classification comes only from the tape: LGM holds no result of its own, and the
//!    tape is punched by the emulated classifier (`crate::classifier`), as the paper's LGM
//!    used the classification program's result (§10).
//! 2. A program driving LGM stops it with a breakpoint on the first instruction of `+getl+`
//!    (the label itself holds the return address of the `jsr`), types a line, and runs on.
//! 3. [`Keys`] gives `End` when its lines run out, so a driver that forgets to answer gets
//!    [`Stop::InputExhausted`] at once instead of a machine waiting for ever.

use crate::classifier::{label, Error};
use lgame::{Board, Colour, Position};
use std::collections::VecDeque;
use std::marker::PhantomData;
use t3300::{Config, Limit, Machine, Stop};
use t3300_asm::Assembly;
use teletype::{asr33_key, Key, Nanos, Scripted, Transcript, TtyHost};

/// The source of LGM.
pub const SOURCE: &str = include_str!("../../../asm/t3300/lgm.asm");

/// The name the source is assembled under.
pub const SOURCE_NAME: &str = "asm/t3300/lgm.asm";

/// Assemble LGM.
pub fn assemble() -> Result<Assembly, Error> {
    t3300_asm::assemble(SOURCE_NAME, SOURCE).map_err(Error::Assemble)
}

/// The question LGM is waiting to have answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    /// Who plays red: `H` (a person) or `C` (the computer).
    RedPlayer,
    /// Who plays blue.
    BluePlayer,
    /// The start position: an empty line for the paper's, or four rows of `R B N O`.
    Start,
    /// A person's move.
    Move,
    /// After a game: `Y` or `N`.
    NewGame,
}

/// How a game ended, as LGM records it in `+gres+`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEnd {
    Won(Colour),
    /// The computer played both sides and the position repeated.
    Loop,
    Abandoned,
    TooLong,
}

/// Where LGM stopped when driven question by question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    Question(Question),
    /// LGM ended (after `N` to a new game).
    Ended,
}

/// The addresses LGM is driven and read through.
#[derive(Clone, Copy, Debug)]
struct Labels {
    getl: u16,
    qq: u16,
    pr: u16,
    pb: u16,
    pn: u16,
    pm: u16,
    ply: u16,
    gres: u16,
}

/// Cycles a single run may take before it is given up (a move takes well under 10^6).
const CYCLE_BUDGET: u64 = 2_000_000_000;

/// LGM on a T3300-R with the classification tape in the reader.
pub struct Lgm<H> {
    /// Its typewriter's host is a `Transcript<H>` for the machine's life.
    machine: Machine,
    labels: Labels,
    host: PhantomData<H>,
}

impl<H: TtyHost + 'static> Lgm<H> {
    /// Load LGM and mount `tape` (the classifier's punched result table) in the reader.
    pub fn new(tape: Vec<u8>, host: H, config: Config) -> Result<Self, Error> {
        let a = assemble()?;
        let labels = Labels {
            // +getl+ holds the return address; its first instruction follows.
            getl: label(&a, "getl")? + 1,
            qq: label(&a, "qq")?,
            pr: label(&a, "pr")?,
            pb: label(&a, "pb")?,
            pn: label(&a, "pn")?,
            pm: label(&a, "pm")?,
            ply: label(&a, "ply")?,
            gres: label(&a, "gres")?,
        };
        let mut machine = Machine::new(config, Transcript::new(host));
        machine.load(&a.image)?;
        machine.mount_tape(tape);
        machine.set_trace_symbols(a.labels());
        Ok(Lgm {
            machine,
            labels,
            host: PhantomData,
        })
    }

    /// Run until LGM halts or its keyboard input ends.
    pub fn run(&mut self) -> Stop {
        self.machine.clear_breakpoint(self.labels.getl);
        self.machine.run(Limit::NONE)
    }

    /// Run until LGM is about to read the answer to its next question (the prompt printed),
    /// or ends (note 2).
    pub fn next_question(&mut self) -> Result<Event, Error> {
        self.machine.set_breakpoint(self.labels.getl);
        match self.machine.run(Limit::cycles(CYCLE_BUDGET)) {
            Stop::Breakpoint { p } if p == u32::from(self.labels.getl) => {
                let q = match self.word(self.labels.qq) {
                    1 => Question::RedPlayer,
                    2 => Question::BluePlayer,
                    3 => Question::Start,
                    4 => Question::Move,
                    _ => Question::NewGame,
                };
                Ok(Event::Question(q))
            }
            Stop::Halt { code: 0o7777, .. } => Ok(Event::Ended),
            stop => Err(Error::Stopped(SOURCE_NAME, stop)),
        }
    }

    fn word(&self, a: u16) -> u32 {
        self.machine.peek(a).get()
    }

    /// The position in core, if it is one (before the first game it is not).
    pub fn position(&self) -> Option<Position> {
        let l = &self.labels;
        let mask = |a| (self.word(a) & 0o177777) as u16;
        let board = Board {
            r: mask(l.pr),
            b: mask(l.pb),
            n: mask(l.pn),
        };
        let mover = if self.word(l.pm) == 0 {
            Colour::Red
        } else {
            Colour::Blue
        };
        Position::from_board(&board, mover).ok()
    }

    /// Moves made in the current game.
    pub fn plies(&self) -> usize {
        self.word(self.labels.ply) as usize
    }

    /// How the last game ended.
    pub fn game_end(&self) -> Option<GameEnd> {
        match self.word(self.labels.gres) {
            1 => Some(GameEnd::Won(Colour::Red)),
            2 => Some(GameEnd::Won(Colour::Blue)),
            3 => Some(GameEnd::Loop),
            4 => Some(GameEnd::Abandoned),
            5 => Some(GameEnd::TooLong),
            _ => None,
        }
    }

    /// The machine (attaching another typewriter host to it breaks the accessors below).
    pub fn machine(&self) -> &Machine {
        &self.machine
    }

    pub fn machine_mut(&mut self) -> &mut Machine {
        &mut self.machine
    }

    fn transcript(&self) -> &Transcript<H> {
        self.machine
            .host()
            .expect("LGM's typewriter host stays attached")
    }

    /// The typewriter's far end.
    pub fn host(&self) -> &H {
        self.transcript().inner()
    }

    pub fn host_mut(&mut self) -> &mut H {
        self.machine
            .host_mut::<Transcript<H>>()
            .expect("LGM's typewriter host stays attached")
            .inner_mut()
    }

    /// What the typewriter's paper shows.
    pub fn paper(&self) -> String {
        self.transcript().paper()
    }
}

/// A keyboard fed by a program: lines are typed (with [`Scripted::type_line`]) when LGM asks
/// for keys, and the keyboard ends when they run out (note 3). Everything printed is kept as
/// sent and as the paper shows it.
pub type Keys = Scripted;

/// A keyboard that types some lines first, then hands over to another host (the terminal):
/// the answers to LGM's opening questions given on the command line.
pub struct Prefilled<H> {
    first: VecDeque<u8>,
    inner: H,
}

impl<H: TtyHost> Prefilled<H> {
    pub fn new(lines: &[String], inner: H) -> Self {
        let mut first = VecDeque::new();
        for l in lines {
            first.extend(l.bytes().filter_map(asr33_key));
            first.push_back(b'\r');
        }
        Prefilled { first, inner }
    }
}

impl<H: TtyHost> TtyHost for Prefilled<H> {
    fn print(&mut self, ch: u8, at: Nanos) {
        self.inner.print(ch, at)
    }

    fn key(&mut self, at: Nanos) -> Key {
        match self.first.pop_front() {
            Some(c) => Key::Char(c),
            None => self.inner.key(at),
        }
    }
}

/// A board as LGM's start question takes it: four rows of `R B N O` separated by `/`.
pub fn start_line(p: &Position) -> String {
    p.board().rows().to_ascii_uppercase()
}

/// The answers to LGM's three opening questions (who plays red, who plays blue, the start
/// board) for a human at the terminal: none when every choice is LGM's default, so LGM asks.
/// `watch` lets LGM play both sides; `second` gives the human blue.
pub fn opening_answers(second: bool, watch: bool, start: Option<&Position>) -> Vec<String> {
    if !(second || watch || start.is_some()) {
        return Vec::new();
    }
    let (red, blue) = match (watch, second) {
        (true, _) => ("C", "C"),
        (false, true) => ("C", "H"),
        (false, false) => ("H", "C"),
    };
    vec![
        red.to_string(),
        blue.to_string(),
        start.map(start_line).unwrap_or_default(),
    ]
}
