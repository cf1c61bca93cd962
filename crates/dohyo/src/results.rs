//! `--results FILE`: one JSON object per game, for scripts.
//!
//! Notes:
//! 1. The file is locked for the whole run (`lock`): a second run on it is refused.
//! 2. A file whose last line has no newline (a run killed in the middle of a write, or a
//!    damaged file) is refused before anything is added to it; each record is written with
//!    its newline in one write, so that records of one run never share a line.

use crate::log::{Ending, GameLine};
use gomoku::Point;
use serde::Serialize;
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::Path;

#[derive(Debug, thiserror::Error)]
pub enum ResultsError {
    #[error(transparent)]
    Lock(#[from] crate::lock::LockError),
    #[error("{0}: {1}")]
    Io(String, std::io::Error),
    #[error("{0}: the last line is incomplete (no newline at the end): the file is damaged; repair or move it")]
    Damaged(String),
}

/// Open a results file to add to, locked (notes 1, 2).
pub fn open(path: &Path) -> Result<File, ResultsError> {
    let io = |e| ResultsError::Io(path.display().to_string(), e);
    let mut f = OpenOptions::new()
        .create(true)
        .read(true)
        .append(true)
        .open(path)
        .map_err(io)?;
    crate::lock::exclusive(&f, path)?;
    let len = f.metadata().map_err(io)?.len();
    if len > 0 {
        let mut last = [0u8];
        f.seek(SeekFrom::Start(len - 1)).map_err(io)?;
        f.read_exact(&mut last).map_err(io)?;
        if last[0] != b'\n' {
            return Err(ResultsError::Damaged(path.display().to_string()));
        }
    }
    Ok(f)
}

/// Add one record with its newline in one write (note 2).
pub fn append(f: &mut File, line: &ResultLine) -> std::io::Result<()> {
    f.write_all(format!("{}\n", line.json()).as_bytes())?;
    f.flush()
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
    fn a_half_written_last_line_is_refused() {
        let p = std::env::temp_dir().join(format!("dohyo-results-{}", std::process::id()));
        std::fs::write(&p, "{\"match\":1}\n{\"match\":1,\"ga").unwrap();
        let e = open(&p).unwrap_err().to_string();
        assert!(e.contains("incomplete"), "{e}");
        std::fs::write(&p, "{\"match\":1}\n").unwrap();
        let f = open(&p).unwrap();
        // Held by this run: a second is refused.
        assert!(open(&p).unwrap_err().to_string().contains("another run"));
        drop(f);
        std::fs::remove_file(&p).unwrap();
    }
}
