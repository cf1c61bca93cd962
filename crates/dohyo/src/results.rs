//! `--results FILE`: one JSON object per game, for scripts; a `longrun::results` file, locked
//! for the whole run, written line by line, continued only with `--resume`, a partial last line
//! left by a killed run cut off (`longrun::results` notes 1-4).
//!
//! Notes:
//! 1. The file has no settings line: the match logs hold the settings and `--resume` checks
//!    them (`bout` note 2), and the lines are as they always were.
//! 2. A game already in the file is not written again: a run killed after a game's results
//!    line and before its log line plays that game again on resuming (`bout` note 5), and the
//!    file keeps the line it has.

use crate::log::{Ending, GameLine};
use gomoku::Point;
use longrun::results::{Error, Writer};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::path::Path;
use std::sync::Mutex;

/// The results file of a run, shared by the matches it plays.
#[derive(Debug)]
pub struct Results {
    file: Mutex<(Writer, BTreeSet<(u32, u32)>)>,
}

/// The match and game of a results line.
#[derive(Deserialize)]
struct Key {
    #[serde(rename = "match")]
    match_no: u32,
    game: u32,
}

/// Open a results file, locked; with `resume`, continue it (its partial last line cut off),
/// else refuse one that holds lines.
pub fn open(path: &Path, resume: bool) -> Result<Results, Error> {
    let (w, lines) = Writer::open(path, resume)?;
    let have = lines
        .parse_all::<Key>(path)?
        .into_iter()
        .map(|(_, k)| (k.match_no, k.game))
        .collect();
    Ok(Results {
        file: Mutex::new((w, have)),
    })
}

impl Results {
    /// Add one game's line, unless the file has the game already (note 2).
    pub fn add(&self, line: &ResultLine) -> Result<(), Error> {
        let mut f = self.file.lock().unwrap_or_else(|e| e.into_inner());
        let (w, have) = &mut *f;
        if have.insert((line.match_no, line.game)) {
            w.line(&line.json())?;
        }
        Ok(())
    }
}

#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct ResultLine {
    #[serde(rename = "match")]
    pub match_no: u32,
    pub game: u32,
    /// `A` or `B`.
    pub black: &'static str,
    pub white: &'static str,
    /// `A`, `B` or `none`.
    pub winner: &'static str,
    pub reason: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
    pub plies: u32,
    /// Guide coordinates `[x, y]`, in order.
    pub moves: Vec<[u8; 2]>,
    pub opening: String,
    /// Seconds used by A and by B.
    pub seconds: [u64; 2],
    /// Program A's and B's specs.
    pub a: String,
    pub b: String,
}

const ID: [&str; 2] = ["A", "B"];

impl ResultLine {
    pub fn new(match_no: u32, line: &GameLine, moves: &[Point], specs: [&str; 2]) -> ResultLine {
        ResultLine {
            match_no,
            game: line.game,
            black: ID[line.first as usize],
            white: ID[1 - line.first as usize],
            winner: line.winner().map_or("none", |w| ID[w as usize]),
            reason: line.reason().to_string(),
            detail: match &line.ending {
                Ending::Lost { detail, .. } => detail.clone(),
                _ => None,
            },
            plies: line.plies,
            moves: moves.iter().map(|p| [p.x(), p.y()]).collect(),
            opening: line.opening_name.clone(),
            seconds: line.seconds,
            a: specs[0].to_string(),
            b: specs[1].to_string(),
        }
    }

    pub fn json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_half_written_last_line_is_cut_off_and_a_game_is_written_once() {
        let p = std::env::temp_dir().join(format!("dohyo-results-{}", std::process::id()));
        std::fs::write(&p, "{\"match\":1,\"game\":1}\n{\"match\":1,\"ga").unwrap();
        assert!(open(&p, false)
            .unwrap_err()
            .to_string()
            .contains("--resume"));
        let f = open(&p, true).unwrap();
        assert_eq!(
            std::fs::read_to_string(&p).unwrap(),
            "{\"match\":1,\"game\":1}\n"
        );
        // Held by this run: a second is refused.
        assert!(open(&p, true)
            .unwrap_err()
            .to_string()
            .contains("another run"));
        let line = |game| ResultLine {
            match_no: 1,
            game,
            black: "A",
            white: "B",
            winner: "none",
            reason: "draw".into(),
            detail: None,
            plies: 0,
            moves: vec![],
            opening: String::new(),
            seconds: [0, 0],
            a: "a".into(),
            b: "b".into(),
        };
        f.add(&line(1)).unwrap();
        f.add(&line(2)).unwrap();
        f.add(&line(2)).unwrap();
        drop(f);
        let text = std::fs::read_to_string(&p).unwrap();
        assert_eq!(text.lines().count(), 2, "{text}");
        std::fs::remove_file(&p).unwrap();
    }
}
