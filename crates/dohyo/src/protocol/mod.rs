//! The three protocols, each file holding both sides: the referee's (`Player`, the dohyo
//! talking to a program) and the program's (`serve_*`, one of our engines talking to a referee).

pub mod file;
pub mod pbrain;

use crate::spec::{ProgramSpec, Protocol};
use gomoku::Point;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// What a program answered for its move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// Raw guide numbers: the referee checks that they are on the board.
    pub x: i64,
    pub y: i64,
    pub mumble: Option<String>,
}

/// How a program failed to answer. Each loses the game; `Timeout` loses the match.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Fault {
    #[error("no answer within {0:?}; killed")]
    Timeout(Duration),
    #[error("crashed ({0})")]
    Crash(String),
    #[error("wrote no 5moku.res")]
    NoAnswer,
    #[error("answered garbage: {0:?}")]
    Garbage(String),
    #[error("rewrote its board file 5moku.ban")]
    BoardFile,
    #[error("could not be started: {0}")]
    Start(String),
    #[error("left its folder: {0}")]
    Folder(String),
    /// The host failed (a full disk): not the program's fault, and no result.
    #[error("host error: {0}")]
    Host(String),
}

impl Fault {
    /// The reason as written in the results and the log.
    pub fn reason(&self) -> &'static str {
        match self {
            Fault::Timeout(_) => "timeout",
            Fault::Crash(_) | Fault::Start(_) => "crash",
            Fault::NoAnswer => "no-answer",
            Fault::Garbage(_) => "garbage",
            Fault::BoardFile => "board-file",
            Fault::Folder(_) => "folder",
            Fault::Host(_) => "host",
        }
    }
}

/// Settings shared by every protocol.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The time a program has for one move (`--move-time`): past it, the program is hung.
    pub move_time: Duration,
    /// The time per move announced to pbrain programs as `INFO timeout_turn` (`--turn-time`;
    /// by default the move time), so that a fast match keeps a generous hang limit.
    pub turn_time: Duration,
    /// The pbrain `INFO rule` value.
    pub rule_info: u32,
    /// Show pbrain MESSAGE and DEBUG lines and the programs' standard error.
    pub verbose: bool,
    /// The time a pbrain program has to exit after `END` before it is killed and noted
    /// ([`pbrain::END_GRACE`] unless set).
    pub end_grace: Duration,
}

impl Settings {
    /// The settings of the referee's command line: seconds a move (`--move-time`), seconds
    /// announced to pbrain programs (`--turn-time`, by default the move time), and
    /// `--verbose`. Gomocup's renju bit (`INFO rule 4`) in both modes: black's fouls are
    /// renju's kinds in both.
    ///
    /// # Errors
    /// A time that is not above 0 (and below a million seconds), named by its option.
    pub fn from_seconds(
        move_time: f64,
        turn_time: Option<f64>,
        verbose: bool,
    ) -> Result<Settings, String> {
        let secs = |flag: &str, v: f64| {
            if v > 0.0 && v < 1e6 {
                Ok(Duration::from_secs_f64(v))
            } else {
                Err(format!("{flag} {v}: expected seconds above 0"))
            }
        };
        Ok(Settings {
            move_time: secs("--move-time", move_time)?,
            turn_time: secs("--turn-time", turn_time.unwrap_or(move_time))?,
            rule_info: 4,
            verbose,
            end_grace: pbrain::END_GRACE,
        })
    }

    /// A move time, announced as it is, `INFO rule 4`, quiet.
    pub fn new(move_time: Duration) -> Settings {
        Settings {
            move_time,
            turn_time: move_time,
            rule_info: 4,
            verbose: false,
            end_grace: pbrain::END_GRACE,
        }
    }
}

/// The referee's side of a protocol: one entrant in one match.
pub trait Player: Send {
    /// A new game starts; the program plays black when `black`.
    fn begin(&mut self, black: bool) -> Result<(), Fault>;
    /// Ask for the next move, given every move so far in order.
    fn ask(&mut self, moves: &[Point]) -> Result<Answer, Fault>;
    /// The game is over. Returns a note when the program misbehaved on the way out.
    fn end(&mut self) -> Option<String>;
    /// The name the program gave (pbrain ABOUT), if any.
    fn about(&self) -> Option<String> {
        None
    }
}

/// Start talking to `spec`, whose working folder is `folder` (created if missing).
pub fn open(spec: &ProgramSpec, folder: &Path, settings: &Settings) -> Box<dyn Player> {
    let folder: PathBuf = folder.to_path_buf();
    match spec.protocol {
        Protocol::File | Protocol::Cmdline => {
            Box::new(file::OneShot::new(spec.clone(), folder, settings.clone()))
        }
        Protocol::Pbrain => Box::new(pbrain::Pbrain::new(spec.clone(), folder, settings.clone())),
    }
}

/// The program's side: what one of our programs answers for a position.
pub trait Brain {
    /// The move for the position after `moves`.
    fn answer(&mut self, moves: &[Point]) -> Reply;
    /// One ABOUT line.
    fn about(&self) -> String;
    /// A pbrain `INFO key value` line (ignored unless the brain cares).
    fn info(&mut self, _key: &str, _value: &str) {}
    /// END arrived: return false to go on running (only a misbehaving test program does).
    fn end(&mut self) -> bool {
        true
    }
}

/// A brain's reply: a move with an optional mumble, or a raw line (for test programs that
/// misbehave on purpose).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    Move(Point, Option<String>),
    Raw(String),
}

/// Serve one protocol as a program: `args` are the words the referee gave (command line only).
pub fn serve(
    protocol: Protocol,
    args: &[String],
    brain: &mut dyn Brain,
) -> Result<(), file::ServeError> {
    let here = std::env::current_dir()?;
    match protocol {
        Protocol::File => file::serve_file(&here, brain),
        Protocol::Cmdline => file::serve_cmdline(&here, args, brain),
        Protocol::Pbrain => Ok(pbrain::serve_pbrain(
            std::io::stdin().lock(),
            std::io::stdout().lock(),
            brain,
        )?),
    }
}

#[cfg(test)]
mod settings_tests {
    use super::*;

    #[test]
    fn times_come_from_seconds_and_bad_ones_are_named() {
        let s = Settings::from_seconds(2.0, None, true).unwrap();
        assert_eq!(
            (s.move_time, s.turn_time),
            (Duration::from_secs(2), Duration::from_secs(2))
        );
        assert!(s.verbose && s.rule_info == 4);
        let t = Settings::from_seconds(2.0, Some(0.5), false).unwrap();
        assert_eq!(t.turn_time, Duration::from_millis(500));
        let e = Settings::from_seconds(0.0, None, false).unwrap_err();
        assert_eq!(e, "--move-time 0: expected seconds above 0");
        assert!(Settings::from_seconds(1.0, Some(-1.0), false).is_err());
    }
}
