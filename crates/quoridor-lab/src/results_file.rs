//! The Quoridor lab's results files: the settings line ([`Header`]) and the game lines
//! ([`GameRecord`]) of `longrun::results` files, which are locked, written game by game and
//! resumed under the same settings only, a partial last line left by a killed run being cut
//! off and its game played again (`longrun::results`, notes 1-4). Readers sort games by
//! number: lines follow the finishing order.
//!
//! Notes:
//! 1. Every game line is checked against its own moves when read: the record must replay
//!    legally, `plies` must be the number of its moves, and `winner` must be the side whose
//!    pawn reached its goal on the last move (`first` moving from e9), or `draw` when none did
//!    by the header's move limit. A hand-edited or damaged result is refused, not counted.
//! 2. A game recorded twice must be recorded alike; a game past the header's number of games
//!    is refused.

use crate::error::{LabError, Result};
use crate::experiment::CellOf;
use crate::opening::Opening;
use crate::record::{GameRecord, Outcome};
use longrun::results::{Lines, Writer};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

/// The format tag of the first line.
pub const FORMAT: &str = "retro quoridor results 1";

/// The settings that made a results file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Header {
    pub format: String,
    /// Player A and B, as canonical specs.
    pub a: String,
    pub b: String,
    pub seed: u64,
    /// The number of games of the whole match (or experiment cell).
    pub games: u64,
    pub random_opening: u32,
    /// What the random opening moves are drawn from (absent: `legal`, the only draw of the
    /// first files).
    #[serde(default, skip_serializing_if = "Opening::is_legal")]
    pub opening: Opening,
    pub max_moves: u32,
    /// For the files of an experiment: which cell and which share.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cell: Option<CellOf>,
}

impl longrun::results::Header for Header {
    fn refuse(&self) -> Option<String> {
        (self.format != FORMAT).then(|| format!("not a results file (format `{}`)", self.format))
    }
    fn differences(&self, run: &Self) -> String {
        describe_difference(self, run)
    }
}

/// What a results file holds: its header and its games by number.
#[derive(Debug, Clone)]
pub struct Contents {
    pub header: Header,
    pub games: BTreeMap<u64, GameRecord>,
}

/// Read a results file (a partial last line left out).
pub fn read(path: &Path) -> Result<Contents> {
    contents(path, &Lines::read(path)?)
}

/// The header and games of a file's complete lines (notes 1, 2).
fn contents(path: &Path, lines: &Lines) -> Result<Contents> {
    let header: Header = lines.header(path)?;
    let mut games = BTreeMap::new();
    for (n, line) in lines.body() {
        let r: GameRecord =
            serde_json::from_str(line).map_err(|e| longrun::results::Error::parse(path, *n, &e))?;
        let refuse = |message: String| LabError::Parse {
            path: path.into(),
            line: *n,
            column: 1,
            message,
        };
        if let Err(message) = check_record(&header, &r) {
            return Err(refuse(format!("game {}: {message}", r.game)));
        }
        if r.game >= header.games {
            return Err(refuse(format!(
                "game {} is past the {} games of the header",
                r.game, header.games
            )));
        }
        match games.get(&r.game) {
            Some(old) if *old != r => {
                return Err(LabError::Conflict {
                    path: path.into(),
                    line: *n,
                    game: r.game,
                })
            }
            _ => {
                games.insert(r.game, r);
            }
        }
    }
    Ok(Contents { header, games })
}

/// Start `path` with `header`, or with `resume` continue it: the file, locked, and the games
/// it holds.
pub fn open(path: &Path, header: &Header, resume: bool) -> Result<(Writer, Contents)> {
    let (w, lines) = Writer::open_with(path, header, resume)?;
    let contents = if lines.lines.is_empty() {
        Contents {
            header: header.clone(),
            games: BTreeMap::new(),
        }
    } else {
        contents(path, &lines)?
    };
    Ok((w, contents))
}

/// Check a game line against its own moves (note 1).
pub fn check_record(header: &Header, r: &GameRecord) -> std::result::Result<(), String> {
    let steps = quoridor::notation::replay(&r.moves).map_err(|e| format!("its moves: {e}"))?;
    if steps.len() as u64 != u64::from(r.plies) {
        return Err(format!(
            "{} plies recorded, but its record has {} moves",
            r.plies,
            steps.len()
        ));
    }
    if r.first != crate::record::first_of(r.game) {
        return Err(format!(
            "{:?} moved first, which it does not in this game",
            r.first
        ));
    }
    let end = steps.last().map_or_else(quoridor::State::new, |(_, s)| *s);
    let truth = match end.winner() {
        Some(w) => Outcome::won_by(if w == quoridor::Side::First {
            r.first
        } else {
            r.first.other()
        }),
        None if r.plies >= header.max_moves => Outcome::Draw,
        None => {
            return Err(format!(
                "no winner after {} moves, short of the {} of a draw",
                r.plies, header.max_moves
            ))
        }
    };
    // A win before the last move would have ended the game there.
    if steps[..steps.len().saturating_sub(1)]
        .iter()
        .any(|(_, s)| s.winner().is_some())
    {
        return Err("the game goes on after a win".into());
    }
    if truth != r.winner {
        return Err(format!(
            "winner {:?} recorded, but its moves give {truth:?}",
            r.winner
        ));
    }
    Ok(())
}

pub(crate) fn describe_difference(found: &Header, want: &Header) -> String {
    let mut d = Vec::new();
    let mut cmp = |name: &str, f: String, w: String| {
        if f != w {
            d.push(format!("{name} {f} there, {w} here"));
        }
    };
    cmp("player A", found.a.clone(), want.a.clone());
    cmp("player B", found.b.clone(), want.b.clone());
    cmp("seed", found.seed.to_string(), want.seed.to_string());
    cmp("games", found.games.to_string(), want.games.to_string());
    cmp(
        "random opening",
        found.random_opening.to_string(),
        want.random_opening.to_string(),
    );
    cmp(
        "opening",
        found.opening.to_string(),
        want.opening.to_string(),
    );
    cmp(
        "max moves",
        found.max_moves.to_string(),
        want.max_moves.to_string(),
    );
    if d.is_empty() {
        d.push("experiment settings differ".into());
    }
    d.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::Outcome;
    use std::fs::OpenOptions;
    use std::io::Write;
    use std::path::PathBuf;

    fn header() -> Header {
        Header {
            format: FORMAT.into(),
            a: "random".into(),
            b: "ab2".into(),
            seed: 5,
            games: 4,
            random_opening: 3,
            opening: Opening::Legal,
            max_moves: 2,
            cell: None,
        }
    }

    fn game(game: u64) -> GameRecord {
        GameRecord {
            game,
            first: crate::record::first_of(game),
            winner: Outcome::Draw,
            plies: 2,
            moves: "e8, e2".into(),
        }
    }

    fn temp(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("quoridor-lab-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir.join("r.jsonl")
    }

    #[test]
    fn write_resume_and_cut_a_partial_line() {
        let path = temp("resume");
        let (mut w, c) = open(&path, &header(), false).unwrap();
        assert!(c.games.is_empty());
        w.record(&game(0)).unwrap();
        w.record(&game(2)).unwrap();
        drop(w);
        // A killed writer's half line.
        let mut f = OpenOptions::new().append(true).open(&path).unwrap();
        f.write_all(br#"{"game":1,"fir"#).unwrap();
        drop(f);
        assert!(matches!(
            open(&path, &header(), false),
            Err(LabError::Results(longrun::results::Error::Exists { .. }))
        ));
        let (mut w, c) = open(&path, &header(), true).unwrap();
        assert_eq!(c.games.keys().copied().collect::<Vec<_>>(), vec![0, 2]);
        w.record(&game(1)).unwrap();
        drop(w);
        let c = read(&path).unwrap();
        assert_eq!(c.games.keys().copied().collect::<Vec<_>>(), vec![0, 1, 2]);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(!text.contains("fir\""), "{text}");
    }

    #[test]
    fn other_settings_are_refused() {
        let path = temp("mismatch");
        open(&path, &header(), false).unwrap();
        let mut other = header();
        other.seed = 6;
        let e = open(&path, &other, true).unwrap_err().to_string();
        assert!(e.contains("seed 5 there, 6 here"), "{e}");
    }

    #[test]
    fn broken_lines_are_named() {
        let path = temp("broken");
        let h = serde_json::to_string(&header()).unwrap();
        std::fs::write(&path, format!("{h}\n{{\"game\":0}}\n")).unwrap();
        let e = read(&path).unwrap_err().to_string();
        assert!(e.contains("r.jsonl:2:"), "{e}");
        std::fs::write(&path, "").unwrap();
        assert!(read(&path).unwrap_err().to_string().contains("no header"));
        std::fs::write(&path, "{\"format\":\"x\"}\n").unwrap();
        assert!(read(&path).unwrap_err().to_string().contains("r.jsonl:1:"));
        let g = |m: &str| {
            format!(r#"{{"game":1,"first":"B","winner":"draw","plies":2,"moves":"{m}"}}"#)
        };
        std::fs::write(&path, format!("{h}\n{}\n{}\n", g("e8, e2"), g("d9, e2"))).unwrap();
        let e = read(&path).unwrap_err().to_string();
        assert!(e.contains(":3: game 1 was recorded twice"), "{e}");
        std::fs::write(
            &path,
            format!("{h}\n{}\n", g("e8, e2").replace(":1,", ":9,")),
        )
        .unwrap();
        let e = read(&path).unwrap_err().to_string();
        assert!(e.contains("past the 4 games"), "{e}");
    }

    #[test]
    fn a_result_that_its_moves_do_not_give_is_refused() {
        let path = temp("edited");
        let h = serde_json::to_string(&header()).unwrap();
        let line = |winner: &str, plies: u32, moves: &str| {
            format!(
                r#"{{"game":0,"first":"A","winner":"{winner}","plies":{plies},"moves":"{moves}"}}"#
            )
        };
        for (l, says) in [
            (
                line("A", 2, "e8, e2"),
                "winner A recorded, but its moves give Draw",
            ),
            (
                line("draw", 3, "e8, e2"),
                "3 plies recorded, but its record has 2 moves",
            ),
            (line("draw", 2, "e8, e7"), "its moves"),
            (line("draw", 1, "e8"), "no winner after 1 moves"),
        ] {
            std::fs::write(&path, format!("{h}\n{l}\n")).unwrap();
            let e = read(&path).unwrap_err().to_string();
            assert!(e.contains(says), "{l}: {e}");
        }
        std::fs::write(&path, format!("{h}\n{}\n", line("draw", 2, "e8, e2"))).unwrap();
        assert_eq!(read(&path).unwrap().games.len(), 1);
    }

    #[test]
    fn a_second_writer_is_refused_with_the_holders_pid() {
        let path = temp("locked");
        let (_w, _) = open(&path, &header(), false).unwrap();
        let e = open(&path, &header(), true).unwrap_err().to_string();
        assert!(e.contains("in use by another run"), "{e}");
        if std::path::Path::new("/proc/locks").exists() {
            assert!(
                e.contains(&format!("process {}", std::process::id())),
                "{e}"
            );
        }
    }
}
