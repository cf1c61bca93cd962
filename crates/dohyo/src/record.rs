//! The full record of every game, as renju SGF (FF[4], GM[4]), which today's Gomoku and renju
//! tools read. One file per game, rewritten after every move: the game in progress carries
//! `RE[?]` and the comment `unfinished`, so a stopped dohyo leaves a readable record.
//!
//! SGF points are two letters, column then row from the top-left corner: the guide's (x, y)
//! becomes letter x then letter y (`hh` is the centre). Results: `B+`/`W+` for a five, `0` for
//! a draw, `B+T`/`W+T` when the loser hung (time), `B+F`/`W+F` for any other adjudication; the
//! reason is in the game comment `C[]`.

use crate::log::{Ending, GameLine};
use gomoku::Point;
use std::fs;
use std::io::{self, Write};
use std::path::Path;

/// What the record says about the game besides its moves.
#[derive(Clone, Debug, Default)]
pub struct Head {
    pub black: String,
    pub white: String,
    pub rule: String,
    /// `dohyo match 3 game 2`.
    pub game_name: String,
    /// The opening's name and symmetry.
    pub opening: String,
    /// `YYYY-MM-DD`.
    pub date: String,
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace(']', "\\]")
}

fn sgf_point(p: Point) -> String {
    let l = |v: u8| (b'a' + v - 1) as char;
    format!("{}{}", l(p.x()), l(p.y()))
}

/// The SGF result and comment of a finished game (black is player ID `line.first`).
fn result(line: &GameLine) -> (String, String) {
    let colour = |id: u8| if id == line.first { 'B' } else { 'W' };
    match &line.ending {
        Ending::Five => (
            format!("{}+", colour(line.winner().unwrap_or(0))),
            "five".into(),
        ),
        Ending::Draw => ("0".into(), format!("draw after {} moves", line.plies)),
        Ending::Lost {
            loser,
            reason,
            detail,
        } => {
            let how = if reason == "timeout" { 'T' } else { 'F' };
            let why = match detail {
                Some(d) => format!("{} lost: {reason} ({d})", colour(*loser)),
                None => format!("{} lost: {reason}", colour(*loser)),
            };
            (format!("{}+{how}", colour(1 - loser)), why)
        }
    }
}

/// The SGF text of a game; `line` is `None` while the game is in progress.
pub fn sgf(head: &Head, moves: &[Point], line: Option<&GameLine>) -> String {
    let (re, comment) = match line {
        Some(l) => result(l),
        None => ("?".into(), "unfinished".into()),
    };
    let mut s = format!(
        "(;GM[4]FF[4]CA[UTF-8]SZ[15]AP[retro dohyo]RU[{}]GN[{}]PB[{}]PW[{}]DT[{}]RE[{re}]GC[{}]C[{}]",
        escape(&head.rule),
        escape(&head.game_name),
        escape(&head.black),
        escape(&head.white),
        escape(&head.date),
        escape(&head.opening),
        escape(&comment),
    );
    for (i, &p) in moves.iter().enumerate() {
        s += &format!(
            "\n;{}[{}]",
            if i % 2 == 0 { 'B' } else { 'W' },
            sgf_point(p)
        );
    }
    s += ")\n";
    s
}

/// Write `text` to `path` through a temporary file and a rename, flushed to the disk, so that
/// the file is always either the old or the new record.
pub fn write_atomic(path: &Path, text: &str) -> io::Result<()> {
    let tmp = path.with_extension("tmp");
    let mut f = fs::File::create(&tmp)?;
    f.write_all(text.as_bytes())?;
    f.sync_data()?;
    fs::rename(tmp, path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finished_and_unfinished_records() {
        let moves = [
            crate::token::pt(8, 8),
            crate::token::pt(8, 7),
            crate::token::pt(8, 6),
            crate::token::pt(15, 1),
        ];
        let head = Head {
            black: "A]".into(),
            white: "B".into(),
            rule: "1993".into(),
            ..Head::default()
        };
        let open = sgf(&head, &moves, None);
        assert!(
            open.contains("PB[A\\]]") && open.contains("RE[?]") && open.contains("C[unfinished]")
        );
        assert!(
            open.ends_with(";B[hh]\n;W[hg]\n;B[hf]\n;W[oa])\n"),
            "{open}"
        );
        let line = GameLine {
            game: 1,
            first: 0,
            plies: 4,
            seconds: [0, 0],
            opening: [moves[0], moves[1], moves[2]],
            opening_name: "x".into(),
            end: "00:00".into(),
            ending: Ending::Lost {
                loser: 0,
                reason: "forbidden".into(),
                detail: Some("3x3禁".into()),
            },
        };
        let done = sgf(&head, &moves, Some(&line));
        assert!(
            done.contains("RE[W+F]") && done.contains("C[B lost: forbidden (3x3禁)]"),
            "{done}"
        );
    }
}
