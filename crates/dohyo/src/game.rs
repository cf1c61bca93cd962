//! One game between two programs, from the opening's three stones to the end, with every way
//! it can end adjudicated (issue: a bad answer loses the game, a hang loses the match).
//!
//! Notes where the guide is silent:
//! 1. Each program is started for a game just before its first move (pbrain), so that a
//!    program that fails to start loses on its own turn.
//! 2. A program's time is the wall-clock time of its turns, protocol and process start included.
//! 3. The draw limit counts stones on the board, the opening's three included (謎式, appendix D):
//!    with `--draw-after 200` the game is drawn when move 200 has been played without a result.
//! 4. Black's forbidden move stands in the record, as in renju records; any other bad move is
//!    not played.
//! 5. A failure of the host is not a program's fault: when the dohyo cannot write a program's
//!    files, or a program fails while the disk of its folder is full (below [`DISK_SPARE`]
//!    free), the game has no result and `play` returns the host's error.

use crate::folder::Snapshot;
use crate::log::{Ending, GameLine};
use crate::protocol::{Fault, Player};
use crate::token::point_at;
use gomoku::{Game, Point, Rule, Status, Win};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// What a game needs besides its two players.
#[derive(Clone, Debug)]
pub struct Setup {
    pub game: u32,
    /// The player ID of black (0 is A, 1 is B).
    pub first: u8,
    pub opening: [Point; 3],
    /// `『寒星』(直接1・正・本)`.
    pub opening_name: String,
    pub rule: Rule,
    pub draw_after: usize,
    /// The programs' working folders, by ID.
    pub folders: [PathBuf; 2],
}

/// What happened on a move, for the screen and the record.
pub struct Event<'a> {
    pub game: &'a Game,
    pub id: u8,
    pub mumble: Option<&'a str>,
    pub elapsed: Duration,
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct Played {
    pub line: GameLine,
    pub moves: Vec<Point>,
    /// Remarks that do not change the result (a program that ignored END).
    pub notes: Vec<String>,
}

impl Played {
    /// Did a program hang (and so lose the match)?
    pub fn hung(&self) -> Option<u8> {
        match &self.line.ending {
            Ending::Lost { loser, reason, .. } if reason == "timeout" => Some(*loser),
            _ => None,
        }
    }
}

fn lost(id: u8, reason: &str, detail: Option<String>) -> Ending {
    Ending::Lost {
        loser: id,
        reason: reason.to_string(),
        detail,
    }
}

/// The free space below which a disk counts as full (note 5).
pub const DISK_SPARE: u64 = 64 * 1024;

/// The host's trouble behind a program's failure, if any (note 5).
pub fn host_trouble(folder: &std::path::Path, f: &Fault) -> Option<String> {
    if let Fault::Host(e) = f {
        return Some(e.clone());
    }
    if !matches!(f, Fault::Crash(_) | Fault::NoAnswer | Fault::Start(_)) {
        return None;
    }
    let v = nix::sys::statvfs::statvfs(folder).ok()?;
    // The field types differ between platforms.
    #[allow(clippy::useless_conversion)]
    let free = u64::from(v.blocks_available()).saturating_mul(u64::from(v.fragment_size()));
    (free < DISK_SPARE).then(|| {
        format!(
            "the disk of {} is full ({free} bytes free) and the program {f}",
            folder.display()
        )
    })
}

fn fault_ending(id: u8, f: &Fault) -> Ending {
    let detail = match f {
        Fault::Crash(s)
        | Fault::Garbage(s)
        | Fault::Start(s)
        | Fault::Folder(s)
        | Fault::Host(s) => Some(s.replace(char::is_whitespace, "_")),
        _ => None,
    };
    lost(id, f.reason(), detail)
}

/// Play one game. `players[id]` is program A (0) or B (1). An error is the host's (note 5):
/// the game has no result.
pub fn play(
    setup: &Setup,
    players: &mut [Box<dyn Player>; 2],
    on_move: &mut dyn FnMut(Event),
) -> Result<Played, String> {
    let mut game = Game::from_moves(&setup.opening, setup.rule).expect("the openings are legal");
    let mut spent = [Duration::ZERO; 2];
    let mut begun = [false; 2];
    let ending = loop {
        let n = game.history().len();
        let id = if n.is_multiple_of(2) {
            setup.first
        } else {
            1 - setup.first
        };
        match game.status() {
            Status::Won { by: Win::Five, .. } => break Ending::Five,
            Status::Won {
                by: Win::Foul(f), ..
            } => break lost(setup.first, "forbidden", Some(f.japanese().to_string())),
            Status::Draw => break Ending::Draw,
            Status::Playing if n >= setup.draw_after => break Ending::Draw,
            Status::Playing => {}
        }
        let me = &mut players[id as usize];
        let other_folder = &setup.folders[1 - id as usize];
        let before = Snapshot::take(other_folder);
        let start = Instant::now();
        let answer = if begun[id as usize] {
            Ok(())
        } else {
            begun[id as usize] = true;
            me.begin(n.is_multiple_of(2))
        }
        .and_then(|_| me.ask(game.history()));
        let elapsed = start.elapsed();
        spent[id as usize] += elapsed;
        let answer = match answer {
            Ok(a) => a,
            Err(f) => match host_trouble(&setup.folders[id as usize], &f) {
                Some(trouble) => {
                    for p in players.iter_mut() {
                        p.end();
                    }
                    return Err(trouble);
                }
                None => break fault_ending(id, &f),
            },
        };
        if let Some(what) = before.changed(&Snapshot::take(other_folder)) {
            break lost(
                id,
                "other-folder",
                Some(what.replace(char::is_whitespace, "_")),
            );
        }
        let Some(p) = point_at(answer.x, answer.y) else {
            break lost(id, "off-board", Some(format!("{},{}", answer.x, answer.y)));
        };
        if game.play(p).is_err() {
            break lost(id, "occupied", Some(format!("{},{}", p.x(), p.y())));
        }
        on_move(Event {
            game: &game,
            id,
            mumble: answer.mumble.as_deref(),
            elapsed,
        });
    };
    let notes = (0..2u8)
        .filter_map(|id| {
            players[id as usize]
                .end()
                .map(|n| format!("{} {n}", ["A", "B"][id as usize]))
        })
        .collect();
    let plies = match ending {
        Ending::Draw => game.history().len().min(setup.draw_after),
        _ => game.history().len(),
    } as u32;
    Ok(Played {
        line: GameLine {
            game: setup.game,
            first: setup.first,
            plies,
            seconds: spent.map(|d| d.as_secs_f64().round() as u64),
            opening: setup.opening,
            opening_name: setup.opening_name.clone(),
            end: clock(),
            ending,
        },
        moves: game.history().to_vec(),
        notes,
    })
}

/// The time of day, UTC, `HH:MM` (log note 3).
pub fn clock() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    format!("{:02}:{:02}", secs / 3600 % 24, secs / 60 % 60)
}

/// The date, UTC, `YYYY-MM-DD` (for records).
pub fn date() -> String {
    let days = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() / 86400)
        .unwrap_or(0) as i64;
    // Civil date from days since 1970-01-01 (H. Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}
