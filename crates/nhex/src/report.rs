//! The replay report of `retro hex replay`: for every game of every log, the per-move table
//! (the logged move beside ours, a1 and optionally GPCC coordinates, the L1 candidates with
//! their look-ahead scores), legality, the declared and the announced winner, the final board,
//! and at the end `agreement: K/N NHEX moves (P%)`. The same report serves NHEX's moves from
//! the reference and from the HP 2100 program (any [`Mover`]).
//!
//! Errors (an unreadable file, a log that is not a legal game, a log with no game) go to their
//! own stream, each naming its file and line; after `source_report::MAX_ERRORS` of them the replay
//! stops, as the assemblers' reports do. A replay that checked no game at all has failed.

use crate::board::{Cell, Side};
use crate::coords::{to_a1, to_gpcc, GpccFrame};
use crate::log::{is_log, parse_log};
use crate::replay::{replay_game, GameReplay, Mover, ReplayError};
use source_report::MAX_ERRORS;
use std::io::Write;
use std::path::{Path, PathBuf};

/// What the report shows besides the table.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options<'a> {
    /// Also write each final board as SVG, named as [`svg_path`] says.
    pub svg: Option<&'a Path>,
    /// Show GPCC (x,y) coordinates too (the Tokai match convention).
    pub gpcc: bool,
}

/// The agreement over all games, and whether any file or game could not be checked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub agree: usize,
    pub total: usize,
    /// Games replayed (legal ones).
    pub games: usize,
    /// Errors written (an unreadable file, a log with no game or not a legal game).
    pub errors: usize,
    /// Some file or game could not be checked, or there was no game at all.
    pub failed: bool,
}

/// Why the report stopped before its end.
#[derive(Debug, thiserror::Error)]
pub enum ReportError<E: std::error::Error + 'static> {
    /// The mover failed (not the log: an illegal log is reported and skipped).
    #[error(transparent)]
    Mover(E),
    #[error("{}: {source}", path.display())]
    Svg {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(transparent)]
    Out(#[from] std::io::Error),
}

fn side_name(s: Side) -> &'static str {
    match s {
        Side::Nhex => "NHEX",
        Side::Opponent => "opponent",
    }
}

/// Replay the logs in `files` with NHEX's moves from `mover`, writing the report to `out` and
/// the errors to `err`. Files that are not teletype logs are skipped with a note (on `err`).
pub fn replay_files<M: Mover>(
    files: &[PathBuf],
    opts: Options,
    mover: &mut M,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<Summary, ReportError<M::Error>> {
    let mut sum = Summary::default();
    'files: for f in files {
        let text = match std::fs::read(f) {
            Ok(bytes) => match source_report::decode(&f.display().to_string(), &bytes) {
                Ok(t) => t,
                Err(report) => {
                    if !error(err, &mut sum, report.to_string())? {
                        break;
                    }
                    continue;
                }
            },
            Err(e) => {
                if !error(err, &mut sum, format!("{}: {e}", f.display()))? {
                    break;
                }
                continue;
            }
        };
        if !is_log(&text) {
            writeln!(
                err,
                "{}: skipped (not a teletype log: it starts with neither a typed line nor a message of the program)",
                f.display()
            )?;
            continue;
        }
        let games = match parse_log(&text) {
            Ok(g) if g.is_empty() => {
                let e = format!(
                    "{}: no game in this log (no answer to '{}')",
                    f.display(),
                    crate::dialogue::msg::SENTE_WA
                );
                if !error(err, &mut sum, e)? {
                    break;
                }
                continue;
            }
            Ok(g) => g,
            Err(e) => {
                if !error(err, &mut sum, format!("{}: {e}", f.display()))? {
                    break;
                }
                continue;
            }
        };
        for (gi, g) in games.iter().enumerate() {
            writeln!(
                out,
                "== {} game {}: {} first, key {}, {} moves",
                f.display(),
                gi + 1,
                side_name(g.first),
                g.key.map(|k| format!("{k:02}")).unwrap_or("-".into()),
                g.moves.len()
            )?;
            let r = match replay_game(g, &mut *mover) {
                Ok(r) => r,
                Err(ReplayError::Log(e)) => {
                    writeln!(out, "ILLEGAL: not replayed")?;
                    let e = format!("{}: game {}: ILLEGAL: {e}", f.display(), gi + 1);
                    if !error(err, &mut sum, e)? {
                        break 'files;
                    }
                    continue;
                }
                Err(ReplayError::Mover(e)) => return Err(ReportError::Mover(e)),
            };
            let frame = if g.first == Side::Nhex {
                GpccFrame::NhexFirst
            } else {
                GpccFrame::OpponentFirst
            };
            write_table(out, &r, opts.gpcc.then_some(frame))?;
            let (k, n) = r.agreement();
            sum.games += 1;
            sum.agree += k;
            sum.total += n;
            let declared = match r.declared {
                Some(Side::Nhex) => "NHEX (WATASHI NO KACHI!)",
                Some(Side::Opponent) => "opponent (?ANATA NO KACHI)",
                None => "none",
            };
            let vc = match r.declared {
                Some(w) => Some(mover.announces(&r.board, w).map_err(ReportError::Mover)?),
                None => None,
            };
            writeln!(
                out,
                "legal: yes; declared winner: {declared}; completed chain: {}; winner connected by our announcement test: {}",
                r.chain.map(side_name).unwrap_or("none"),
                match vc {
                    Some(true) => "yes",
                    Some(false) => "no",
                    None => "-",
                }
            )?;
            writeln!(
                out,
                "our announcement: {}{}",
                match r.our_announcement {
                    Some((ply, s)) => format!("{} after ply {ply}", side_name(s)),
                    None => "none".into(),
                },
                if r.announcement_matches() {
                    " (as logged)"
                } else {
                    " (differs from the log)"
                }
            )?;
            let last = g.moves.last().map(|m| m.cell);
            write!(out, "{}", crate::render::diamond(&r.board, last))?;
            writeln!(out, "agreement in this game: {k}/{n}")?;
            if let Some(path) = opts.svg {
                let p = svg_path(path, f, gi + 1, files.len() > 1);
                let nums: Vec<(Cell, usize)> = g
                    .moves
                    .iter()
                    .enumerate()
                    .map(|(i, m)| (m.cell, i + 1))
                    .collect();
                let name = f.file_name().map_or_else(
                    || f.display().to_string(),
                    |n| n.to_string_lossy().into_owned(),
                );
                let title = format!("{name} game {}", gi + 1);
                std::fs::write(&p, crate::render::svg(&r.board, &nums, &title)).map_err(
                    |source| ReportError::Svg {
                        path: p.clone(),
                        source,
                    },
                )?;
                writeln!(out, "svg: {}", p.display())?;
            }
        }
    }
    if sum.games == 0 && sum.errors < MAX_ERRORS {
        writeln!(err, "no game was replayed")?;
        sum.failed = true;
    }
    let pct = if sum.total == 0 {
        0.0
    } else {
        100.0 * sum.agree as f64 / sum.total as f64
    };
    writeln!(
        out,
        "agreement: {}/{} NHEX moves ({pct:.1}%)",
        sum.agree, sum.total
    )?;
    Ok(sum)
}

/// Write one error; false once there have been too many.
fn error(err: &mut dyn Write, sum: &mut Summary, text: String) -> std::io::Result<bool> {
    sum.failed = true;
    sum.errors += 1;
    writeln!(err, "{text}")?;
    if sum.errors < MAX_ERRORS {
        return Ok(true);
    }
    writeln!(err, "too many errors; stopping")?;
    Ok(false)
}

/// Where the final board of game `k` (from 1) of `log` is drawn, for `--svg svg`:
///
/// * `svg` a folder (it exists, or ends with `/`): `svg/LOG.svg`, `svg/LOG-K.svg` for a log's
///   K-th game, LOG the log's name without its extension;
/// * a file, with several logs: `STEM-LOG.svg` beside it (`hex.svg` gives `hex-game1.svg`);
/// * a file, with one log: the file itself, then `STEM-K.svg` for the log's K-th game.
pub fn svg_path(svg: &Path, log: &Path, k: usize, several_logs: bool) -> PathBuf {
    let log_stem = log
        .file_stem()
        .map_or_else(|| "log".into(), |s| s.to_string_lossy().into_owned());
    let suffix = if k == 1 {
        String::new()
    } else {
        format!("-{k}")
    };
    let folder = svg.is_dir() || svg.as_os_str().to_string_lossy().ends_with('/');
    if folder {
        return svg.join(format!("{log_stem}{suffix}.svg"));
    }
    if !several_logs {
        return if k == 1 {
            svg.to_path_buf()
        } else {
            numbered(svg, k)
        };
    }
    let stem = svg.file_stem().and_then(|s| s.to_str()).unwrap_or("board");
    let ext = svg.extension().and_then(|e| e.to_str()).unwrap_or("svg");
    svg.with_file_name(format!("{stem}-{log_stem}{suffix}.{ext}"))
}

/// `board.svg` -> `board-K.svg` for the K-th game.
fn numbered(p: &Path, k: usize) -> PathBuf {
    let stem = p.file_stem().and_then(|s| s.to_str()).unwrap_or("board");
    let name = match p.extension().and_then(|e| e.to_str()) {
        Some(e) => format!("{stem}-{k}.{e}"),
        None => format!("{stem}-{k}"),
    };
    p.with_file_name(name)
}

fn write_table(
    out: &mut dyn Write,
    r: &GameReplay,
    gpcc: Option<GpccFrame>,
) -> std::io::Result<()> {
    let g = |c: Cell| -> String {
        match gpcc {
            Some(f) => {
                let (x, y) = to_gpcc(c, 8, f);
                format!(" ({x},{y})")
            }
            None => String::new(),
        }
    };
    writeln!(
        out,
        " ply side      log{}  ours{}  a1   L1 candidates (look-ahead score)",
        if gpcc.is_some() { " gpcc " } else { "" },
        if gpcc.is_some() { " gpcc " } else { "" }
    )?;
    for row in &r.rows {
        let who = if row.side == Side::Nhex { "N" } else { "O" };
        match &row.ours {
            Some(c) => {
                let mark = if c.cell == row.logged { "=" } else { "x" };
                let cands: Vec<String> = c
                    .candidates
                    .iter()
                    .enumerate()
                    .map(|(i, (cell, v))| match c.scores.get(i) {
                        Some(s) => format!("{cell}:{v}({s})"),
                        None => format!("{cell}:{v}"),
                    })
                    .collect();
                writeln!(
                    out,
                    "{:>4}  {who}   {}{}  {}{} {mark} {:<4} {}",
                    row.ply,
                    row.logged,
                    g(row.logged),
                    c.cell,
                    g(c.cell),
                    to_a1(c.cell, 8),
                    cands.join(" ")
                )?;
            }
            None => writeln!(
                out,
                "{:>4}  {who}   {}{}",
                row.ply,
                row.logged,
                g(row.logged)
            )?,
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Engine;

    #[test]
    fn svg_names_follow_the_logs() {
        let (one, two) = (Path::new("logs/game1.txt"), Path::new("logs/b.log"));
        assert_eq!(
            svg_path(Path::new("o/hex.svg"), one, 1, false),
            PathBuf::from("o/hex.svg")
        );
        assert_eq!(
            svg_path(Path::new("o/hex.svg"), one, 2, false),
            PathBuf::from("o/hex-2.svg")
        );
        assert_eq!(
            svg_path(Path::new("o/hex.svg"), one, 1, true),
            PathBuf::from("o/hex-game1.svg")
        );
        assert_eq!(
            svg_path(Path::new("o/hex.svg"), two, 3, true),
            PathBuf::from("o/hex-b-3.svg")
        );
        assert_eq!(
            svg_path(Path::new("o/"), one, 1, true),
            PathBuf::from("o/game1.svg")
        );
        assert_eq!(
            svg_path(Path::new("o/"), two, 2, false),
            PathBuf::from("o/b-2.svg")
        );
    }

    #[test]
    fn numbered_svg_names() {
        assert_eq!(
            numbered(Path::new("out/b.svg"), 2),
            PathBuf::from("out/b-2.svg")
        );
        assert_eq!(numbered(Path::new("b"), 3), PathBuf::from("b-3"));
    }

    #[test]
    fn a_file_that_is_not_a_log_is_skipped_and_a_missing_one_fails() {
        let dir = std::env::temp_dir().join(format!("nhex-report-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let other = dir.join("notes.txt");
        std::fs::write(&other, "# notes\n").unwrap();
        let files = [other, dir.join("missing.txt")];
        let (sum, out, err) = replay(&files);
        assert!(err.contains("notes.txt: skipped"), "{err}");
        assert!(err.contains("missing.txt: "), "{err}");
        assert!(err.ends_with("no game was replayed\n"), "{err}");
        assert_eq!(out, "agreement: 0/0 NHEX moves (0.0%)\n");
        assert_eq!((sum.total, sum.errors, sum.failed), (0, 1, true));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    fn replay(files: &[PathBuf]) -> (Summary, String, String) {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let sum = replay_files(
            files,
            Options::default(),
            &mut &Engine::default(),
            &mut out,
            &mut err,
        )
        .unwrap();
        let s = |v: Vec<u8>| String::from_utf8(v).unwrap();
        (sum, s(out), s(err))
    }

    #[test]
    fn a_log_with_no_game_and_a_flood_of_bad_files_are_errors() {
        let dir = std::env::temp_dir().join(format!("nhex-nogame-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let empty = dir.join("empty.txt");
        std::fs::write(&empty, "HEX O HAJIMEMASU\n").unwrap();
        let (sum, _, err) = replay(&[empty]);
        assert!(sum.failed);
        assert!(
            err.starts_with(&format!(
                "{}: no game in this log (no answer to 'SENTE WA? ANATA=00 WATASHI=99')\n",
                dir.join("empty.txt").display()
            )),
            "{err}"
        );
        let bad: Vec<PathBuf> = (0..MAX_ERRORS + 5)
            .map(|k| {
                let p = dir.join(format!("bad-{k}.txt"));
                std::fs::write(&p, b"HEX O HAJIMEMASU\n\xff\x1b[2J\n").unwrap();
                p
            })
            .collect();
        let (sum, _, err) = replay(&bad);
        assert_eq!(sum.errors, MAX_ERRORS);
        assert!(err.ends_with("too many errors; stopping\n"), "{err}");
        assert!(
            err.contains(":2:1: byte 0xFF is not UTF-8 text") && !err.contains('\u{1b}'),
            "{err}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
