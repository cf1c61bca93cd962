//! The legal moves, perft counts and replays of a history or record, one at a time (`retro
//! quoridor moves`, `perft` and `replay`), and the batch reader that runs many histories from one input (one per line, `-` for the
//! start), so that thousands of positions are checked in one run.

use crate::notation::{replay, RecordError};
use crate::perft::perft;
use crate::render;
use crate::State;
use std::io::{BufRead, Write};

/// A history that does not replay, in a batch: which line, and why.
#[derive(Debug, thiserror::Error)]
pub enum BatchError {
    #[error("line {line}: {source}")]
    Record { line: usize, source: RecordError },
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// The position after a history (`-` or nothing for the start).
pub fn position(history: &str) -> Result<State, RecordError> {
    let h = history.trim();
    crate::notation::position(if h == "-" { "" } else { h })
}

/// The legal moves after `history`, sorted in ASCII byte order, space-separated.
pub fn moves_line(history: &str) -> Result<String, RecordError> {
    let mut names: Vec<String> = position(history)?
        .legal_moves()
        .iter()
        .map(|m| m.to_string())
        .collect();
    names.sort();
    Ok(names.join(" "))
}

/// The history given as words on the command line, or `None` (no words) for the batch mode
/// ([`run`]).
pub fn history(words: &[String]) -> Option<String> {
    (!words.is_empty()).then(|| words.join(" "))
}

/// perft at depths 1..=`depth` after `history`.
pub fn perft_counts(history: &str, depth: u32) -> Result<Vec<u64>, RecordError> {
    let s = position(history)?;
    Ok((1..=depth).map(|d| perft(&s, d)).collect())
}

/// Answer one line of `out` for each history line of `input` (blank lines and `#` comments
/// skipped), stopping at the first history that does not replay.
pub fn run<R: BufRead, W: Write>(
    input: R,
    mut out: W,
    answer: impl Fn(&str) -> Result<String, RecordError>,
) -> Result<usize, BatchError> {
    let mut n = 0;
    for (i, line) in input.lines().enumerate() {
        let line = line?;
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let a = answer(t).map_err(|source| BatchError::Record {
            line: i + 1,
            source,
        })?;
        writeln!(out, "{a}")?;
        n += 1;
    }
    out.flush()?;
    Ok(n)
}

/// A record file's text as one record: `#` comment lines dropped.
pub fn record_text(file: &str) -> String {
    file.lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `retro quoridor replay`'s argument, a record or a file holding one: its replay report
/// ([`replay_report`]) and the final position; an error names the file (or `record`).
pub fn replay_argument(arg: &str, last_only: bool) -> Result<(String, State), String> {
    let path = std::path::Path::new(arg);
    let (record, name) = if path.is_file() {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        (record_text(&text), arg)
    } else {
        (arg.to_string(), "record")
    };
    replay_report(&record, last_only).map_err(|e| format!("{name}: {e}"))
}

/// The perft line of a history for the batch mode ([`run`]): the counts at depths
/// 1..=`depth`, separated by blanks.
pub fn perft_line(history: &str, depth: u32) -> Result<String, RecordError> {
    let counts = perft_counts(history, depth)?;
    Ok(counts
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" "))
}

/// The replay report: the board after every move (or only the last), each headed by its
/// number and move; the caption says who won or moves and the walls left.
pub fn replay_report(record: &str, last_only: bool) -> Result<(String, State), RecordError> {
    let steps = replay(record)?;
    let mut out = String::new();
    if steps.is_empty() || !last_only {
        out.push_str("Start\n");
        out.push_str(&render::text(&State::new()));
    }
    let n = steps.len();
    for (i, (m, s)) in steps.iter().enumerate() {
        if last_only && i + 1 < n {
            continue;
        }
        out.push_str(&format!("\n{}. {m}\n", i + 1));
        out.push_str(&render::text(s));
    }
    let end = steps.last().map_or_else(State::new, |(_, s)| *s);
    Ok((out, end))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_lines_words_and_answers() {
        assert_eq!(history(&[]), None);
        assert_eq!(history(&["e8".into(), "e2".into()]), Some("e8 e2".into()));
        let counts = perft_counts("-", 2).unwrap();
        assert_eq!(
            perft_line("-", 2).unwrap(),
            format!("{} {}", counts[0], counts[1])
        );
        let e = replay_argument("e8, z9", false).unwrap_err();
        assert!(e.starts_with("record: "), "{e}");
        let (report, end) = replay_argument("e8, e2", true).unwrap();
        assert!(report.starts_with("\n2. e2\n"), "{report}");
        assert_eq!(end, position("e8 e2").unwrap());
    }
}
