//! Results files: JSON lines written game by game, so that a stopped run loses nothing it
//! finished and `--resume` continues it.
//!
//! The first line is a [`Header`] naming the settings that made the file; every other line is a
//! [`GameRecord`]. Lines are appended and flushed as games finish, so their order follows the
//! finishing order (which depends on the number of threads); readers sort by game number.
//!
//! Notes:
//! 1. A run killed while writing leaves at most one partial last line (no newline). Resuming
//!    cuts it off and plays that game again; a broken line anywhere else is an error.
//! 2. Resuming checks that the header is the same, so that games of different settings are
//!    never mixed in one file.
//! 3. Every game line is checked against its own moves when read: the record must replay
//!    legally, `plies` must be the number of its moves, and `winner` must be the side whose
//!    pawn reached its goal on the last move (`first` moving from e9), or `draw` when none did
//!    by the header's move limit. A hand-edited or damaged result is refused, not counted.
//! 4. A file being written is locked (`File::try_lock`, the system's whole-file lock, released
//!    when the process ends however it ends): a second run on it is refused, naming the
//!    holder's PID (from `/proc/locks` on Linux). The file is opened without truncating it and
//!    locked before it is read or its header written, so that two runs started together can
//!    never both write it.

use crate::error::{LabError, Result};
use crate::experiment::CellOf;
use crate::opening::Opening;
use crate::record::{GameRecord, Outcome};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};

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

/// What a results file holds: its header and its games by number.
#[derive(Debug, Clone)]
pub struct Contents {
    pub header: Header,
    pub games: BTreeMap<u64, GameRecord>,
    /// Bytes of the file that hold complete lines (a partial last line lies beyond).
    complete_len: u64,
}

/// Read a results file.
pub fn read(path: &Path) -> Result<Contents> {
    let text = std::fs::read(path).map_err(|e| LabError::io(path, e))?;
    let text = String::from_utf8(text).map_err(|e| LabError::File {
        path: path.into(),
        message: format!("not UTF-8 text ({e})"),
    })?;
    parse(path, &text)
}

fn parse(path: &Path, text: &str) -> Result<Contents> {
    let ends_open = !text.is_empty() && !text.ends_with('\n');
    let mut lines: Vec<&str> = text.split_inclusive('\n').collect();
    let mut complete_len = text.len() as u64;
    if ends_open {
        // Note 1: a partial last line is what a killed writer leaves.
        let last = lines.pop().unwrap_or_default();
        complete_len -= last.len() as u64;
        log::warn!(
            "{}: ignoring an unfinished last line ({} bytes)",
            path.display(),
            last.len()
        );
    }
    let parse_err = |line: usize, e: serde_json::Error| LabError::Parse {
        path: path.into(),
        line,
        column: e.column(),
        message: e.to_string(),
    };
    let Some(first) = lines.first() else {
        return Err(LabError::File {
            path: path.into(),
            message: "empty: no header line".into(),
        });
    };
    let header: Header = serde_json::from_str(first).map_err(|e| parse_err(1, e))?;
    if header.format != FORMAT {
        return Err(LabError::File {
            path: path.into(),
            message: format!("not a results file (format `{}`)", header.format),
        });
    }
    let mut games = BTreeMap::new();
    for (i, line) in lines.iter().enumerate().skip(1) {
        if line.trim().is_empty() {
            continue;
        }
        let r: GameRecord = serde_json::from_str(line).map_err(|e| parse_err(i + 1, e))?;
        if let Err(message) = check_record(&header, &r) {
            return Err(LabError::Parse {
                path: path.into(),
                line: i + 1,
                column: 1,
                message: format!("game {}: {message}", r.game),
            });
        }
        if r.game >= header.games {
            return Err(LabError::Parse {
                path: path.into(),
                line: i + 1,
                column: 1,
                message: format!(
                    "game {} is past the {} games of the header",
                    r.game, header.games
                ),
            });
        }
        match games.get(&r.game) {
            Some(old) if *old != r => {
                return Err(LabError::Conflict {
                    path: path.into(),
                    line: i + 1,
                    game: r.game,
                })
            }
            _ => {
                games.insert(r.game, r);
            }
        }
    }
    Ok(Contents {
        header,
        games,
        complete_len,
    })
}

/// Check a game line against its own moves (note 3).
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

/// Take the exclusive lock on a results file or refuse, naming the holder (note 4).
fn lock(file: &File, path: &Path) -> Result<()> {
    longrun::lock::exclusive(file, path).map_err(|e| match e {
        longrun::lock::LockError::Held { holder, .. } => LabError::File {
            path: path.into(),
            message: format!("in use by another run ({holder}); two runs never write one file"),
        },
        longrun::lock::LockError::Io(_, e) => LabError::io(path, e),
    })
}

/// A results file being written.
#[derive(Debug)]
pub struct Writer {
    path: PathBuf,
    file: File,
}

impl Writer {
    /// Start `path` with `header`, or with `resume` continue it (returning the games it holds).
    pub fn open(path: &Path, header: &Header, resume: bool) -> Result<(Writer, Contents)> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| LabError::io(dir, e))?;
        }
        // Note 4: open without truncating, lock, and only then look at what is there.
        let mut file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .read(true)
            .write(true)
            .open(path)
            .map_err(|e| LabError::io(path, e))?;
        lock(&file, path)?;
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes)
            .map_err(|e| LabError::io(path, e))?;
        if !bytes.is_empty() {
            if !resume {
                return Err(LabError::Exists { path: path.into() });
            }
            let text = String::from_utf8(bytes).map_err(|e| LabError::File {
                path: path.into(),
                message: format!("not UTF-8 text ({e})"),
            })?;
            let contents = parse(path, &text)?;
            if contents.header != *header {
                return Err(LabError::HeaderMismatch {
                    path: path.into(),
                    detail: describe_difference(&contents.header, header),
                });
            }
            file.set_len(contents.complete_len)
                .map_err(|e| LabError::io(path, e))?;
            let mut w = Writer {
                path: path.into(),
                file,
            };
            w.seek_end()?;
            return Ok((w, contents));
        }
        file.rewind().map_err(|e| LabError::io(path, e))?;
        let mut w = Writer {
            path: path.into(),
            file,
        };
        let line = serde_json::to_string(header).expect("a header always serialises");
        w.line(&line)?;
        let contents = Contents {
            header: header.clone(),
            games: BTreeMap::new(),
            complete_len: 0,
        };
        Ok((w, contents))
    }

    fn seek_end(&mut self) -> Result<()> {
        use std::io::Seek;
        self.file
            .seek(std::io::SeekFrom::End(0))
            .map(|_| ())
            .map_err(|e| LabError::io(&self.path, e))
    }

    fn line(&mut self, line: &str) -> Result<()> {
        let mut buf = String::with_capacity(line.len() + 1);
        buf.push_str(line);
        buf.push('\n');
        self.file
            .write_all(buf.as_bytes())
            .and_then(|()| self.file.flush())
            .map_err(|e| LabError::io(&self.path, e))
    }

    /// Append one finished game.
    pub fn append(&mut self, r: &GameRecord) -> Result<()> {
        let line = serde_json::to_string(r).expect("a record always serialises");
        self.line(&line)
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
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
        let (mut w, c) = Writer::open(&path, &header(), false).unwrap();
        assert!(c.games.is_empty());
        w.append(&game(0)).unwrap();
        w.append(&game(2)).unwrap();
        drop(w);
        // A killed writer's half line.
        let mut f = OpenOptions::new().append(true).open(&path).unwrap();
        f.write_all(br#"{"game":1,"fir"#).unwrap();
        drop(f);
        assert!(matches!(
            Writer::open(&path, &header(), false),
            Err(LabError::Exists { .. })
        ));
        let (mut w, c) = Writer::open(&path, &header(), true).unwrap();
        assert_eq!(c.games.keys().copied().collect::<Vec<_>>(), vec![0, 2]);
        w.append(&game(1)).unwrap();
        drop(w);
        let c = read(&path).unwrap();
        assert_eq!(c.games.keys().copied().collect::<Vec<_>>(), vec![0, 1, 2]);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(!text.contains("fir\""), "{text}");
    }

    #[test]
    fn other_settings_are_refused() {
        let path = temp("mismatch");
        Writer::open(&path, &header(), false).unwrap();
        let mut other = header();
        other.seed = 6;
        let e = Writer::open(&path, &other, true).unwrap_err().to_string();
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
        let (_w, _) = Writer::open(&path, &header(), false).unwrap();
        let e = Writer::open(&path, &header(), true)
            .unwrap_err()
            .to_string();
        assert!(e.contains("in use by another run"), "{e}");
        if std::path::Path::new("/proc/locks").exists() {
            assert!(
                e.contains(&format!("process {}", std::process::id())),
                "{e}"
            );
        }
    }
}
