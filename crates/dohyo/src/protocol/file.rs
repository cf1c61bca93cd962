//! The file protocol (guide §3.2) and the older command-line protocol (appendix G).
//!
//! Referee side, for each move: the dohyo removes the old `5moku.res`, writes `5moku.ban` (file
//! protocol only: one guide token per line, in move order, lines ended CR LF as under MS-DOS),
//! starts the program in its folder, waits for it to exit, and reads `5moku.res`: the move on the
//! first line, the mumble on the optional second.
//!
//! Command line (appendix G): the first run in a game is `prog S 4 xxyy xxyy xxyy` (white, to play
//! move 4) or `prog S 5 xxyy xxyy xxyy xxyy` (black); later runs are `prog gN xxyy`, N being the
//! number of the move to play and xxyy the opponent's last move. Notes where the guide is silent:
//! 1. `gN` is written as one word, `g` then the number, as the appendix draws `gi`.
//! 2. The old dohyo wrote no `5moku.ban`, so neither does ours in this protocol.
//! 3. The program keeps the game between runs itself, in its own folder, which the dohyo keeps
//!    for the whole match; ours keeps it in `5moku.his`, one `5moku.ban` token per line.

use super::{Answer, Brain, Fault, Player, Reply, Settings};
use crate::child::Child;
use crate::mumble;
use crate::spec::{ProgramSpec, Protocol};
use crate::token::{self, Spell};
use crate::untrusted::{self, Refused};
use gomoku::Point;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::Stdio;

pub const BAN: &str = "5moku.ban";
pub const RES: &str = "5moku.res";
pub const HIS: &str = "5moku.his";

/// The text of `5moku.ban` for a game so far.
pub fn ban_text(moves: &[Point]) -> String {
    moves.iter().map(|p| p.ban() + "\r\n").collect()
}

/// Read the moves of a `5moku.ban` (a `;` starts a comment, as in the guide's example).
pub fn parse_ban(text: &str) -> Result<Vec<Point>, String> {
    let mut moves = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let word = line.split(';').next().unwrap_or("").trim();
        if word.is_empty() {
            continue;
        }
        let p = token::parse_digits(word)
            .and_then(|(x, y)| token::point_at(x, y))
            .ok_or_else(|| format!("{BAN} line {}: `{word}` is not a point", i + 1))?;
        moves.push(p);
    }
    Ok(moves)
}

/// Read `5moku.res`: the move token, then the mumble.
pub fn parse_res(raw: &[u8]) -> Result<Answer, Fault> {
    let mut lines = raw
        .split(|&b| b == b'\n')
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l));
    let first = lines.next().unwrap_or(b"");
    let first_text = String::from_utf8_lossy(first);
    let (x, y) = token::parse_digits(&first_text)
        .ok_or_else(|| Fault::Garbage(first_text.chars().take(40).collect()))?;
    let mumble = lines
        .next()
        .map(mumble::decode)
        .filter(|m| !m.trim().is_empty());
    Ok(Answer { x, y, mumble })
}

/// The referee's side of both one-run-per-move protocols.
pub struct OneShot {
    spec: ProgramSpec,
    folder: PathBuf,
    settings: Settings,
    /// Moves already told to a command-line program in this game.
    told: usize,
}

impl OneShot {
    pub fn new(spec: ProgramSpec, folder: PathBuf, settings: Settings) -> OneShot {
        OneShot {
            spec,
            folder,
            settings,
            told: 0,
        }
    }

    fn arguments(&self, moves: &[Point]) -> Vec<String> {
        match self.spec.protocol {
            Protocol::Cmdline if self.told == 0 => ["S".to_string(), (moves.len() + 1).to_string()]
                .into_iter()
                .chain(moves.iter().map(|p| p.xxyy()))
                .collect(),
            Protocol::Cmdline => vec![
                format!("g{}", moves.len() + 1),
                moves.last().map(|p| p.xxyy()).unwrap_or_default(),
            ],
            _ => Vec::new(),
        }
    }

    fn run(&mut self, moves: &[Point]) -> Result<Answer, Fault> {
        let host = |what: &str, e: io::Error| {
            if untrusted::host_error(&e) {
                Fault::Host(format!("{what}: {e}"))
            } else {
                Fault::Start(format!("{what}: {e}"))
            }
        };
        fs::create_dir_all(&self.folder).map_err(|e| host("its folder", e))?;
        if let Some(what) = untrusted::real_folder(&self.folder) {
            return Err(Fault::Folder(what));
        }
        let res = self.folder.join(RES);
        untrusted::remove(&res).map_err(|e| host(RES, e))?;
        let ban = ban_text(moves);
        if self.spec.protocol == Protocol::File {
            untrusted::replace(&self.folder.join(BAN), ban.as_bytes()).map_err(|e| {
                if untrusted::host_error(&e) {
                    Fault::Host(format!("{BAN}: {e}"))
                } else {
                    Fault::BoardFile
                }
            })?;
        }
        let mut cmd = crate::child::command(&self.spec.program);
        cmd.args(&self.spec.args)
            .args(self.arguments(moves))
            .current_dir(&self.folder)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(if self.settings.verbose {
                Stdio::inherit()
            } else {
                Stdio::null()
            });
        let mut child = Child::spawn(&mut cmd).map_err(|e| host("start", e))?;
        let status = match child
            .wait_timeout(self.settings.move_time)
            .map_err(|e| host("wait", e))?
        {
            Some(status) => status,
            None => {
                child.kill();
                return Err(Fault::Timeout(self.settings.move_time));
            }
        };
        drop(child);
        if let Some(what) = untrusted::real_folder(&self.folder) {
            return Err(Fault::Folder(what));
        }
        if !status.success() {
            return Err(Fault::Crash(status.to_string()));
        }
        self.told = moves.len() + 1;
        if self.spec.protocol == Protocol::File
            && untrusted::read(&self.folder.join(BAN)).ok().as_deref() != Some(ban.as_bytes())
        {
            return Err(Fault::BoardFile);
        }
        let raw = match untrusted::read(&res) {
            Ok(raw) => raw,
            Err(Refused::Missing) => return Err(Fault::NoAnswer),
            Err(Refused::Host(e)) => return Err(Fault::Host(format!("{RES}: {e}"))),
            Err(r) => return Err(Fault::Garbage(format!("{RES} is {r}"))),
        };
        parse_res(&raw)
    }
}

impl Player for OneShot {
    fn begin(&mut self, _black: bool) -> Result<(), Fault> {
        self.told = 0;
        Ok(())
    }

    fn ask(&mut self, moves: &[Point]) -> Result<Answer, Fault> {
        self.run(moves)
    }

    fn end(&mut self) -> Option<String> {
        None
    }
}

/// Errors of our programs' side.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error("{0}")]
    Input(String),
    #[error(transparent)]
    Io(#[from] io::Error),
}

fn write_res(folder: &Path, reply: Reply) -> io::Result<()> {
    let text = match reply {
        Reply::Move(p, None) => format!("{}\r\n", p.ban()),
        Reply::Move(p, Some(m)) => format!("{}\r\n{}\r\n", p.ban(), m),
        Reply::Raw(s) => s,
    };
    fs::write(folder.join(RES), text)
}

/// Our program's side of the file protocol: read `5moku.ban` in `folder`, write `5moku.res`.
pub fn serve_file(folder: &Path, brain: &mut dyn Brain) -> Result<(), ServeError> {
    let text = fs::read_to_string(folder.join(BAN))?;
    let moves = parse_ban(&text).map_err(ServeError::Input)?;
    let reply = brain.answer(&moves);
    Ok(write_res(folder, reply)?)
}

/// Our program's side of appendix G: `args` are the words after the program's name.
pub fn serve_cmdline(
    folder: &Path,
    args: &[String],
    brain: &mut dyn Brain,
) -> Result<(), ServeError> {
    let bad = || ServeError::Input(format!("expected `S N xxyy...` or `gN xxyy`, got {args:?}"));
    let point = |w: &String| {
        token::parse_digits(w)
            .and_then(|(x, y)| token::point_at(x, y))
            .ok_or_else(bad)
    };
    let mut moves = match args.first().map(String::as_str) {
        Some("S") if args.len() >= 2 => {
            args[2..].iter().map(point).collect::<Result<Vec<_>, _>>()?
        }
        Some(w) if w.starts_with('g') && args.len() == 2 => {
            let his = fs::read_to_string(folder.join(HIS)).unwrap_or_default();
            let mut moves = parse_ban(&his).map_err(ServeError::Input)?;
            moves.push(point(&args[1])?);
            moves
        }
        _ => return Err(bad()),
    };
    let reply = brain.answer(&moves);
    if let Reply::Move(p, _) = &reply {
        moves.push(*p);
    }
    fs::write(folder.join(HIS), ban_text(&moves))?;
    Ok(write_res(folder, reply)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_guides_board_and_answer_files() {
        let moves = [
            crate::token::pt(8, 8),
            crate::token::pt(8, 7),
            crate::token::pt(8, 6),
        ];
        assert_eq!(ban_text(&moves), "808\r\n807\r\n806\r\n");
        let guide = "808     ;1手目 (8,8)\n807     ;2手目 (8,7)\n806     ;3手目 (8,6)\n";
        assert_eq!(parse_ban(guide).unwrap(), moves);
        let res = "906      \r\n負けないぞー\r\n".as_bytes();
        assert_eq!(
            parse_res(res),
            Ok(Answer {
                x: 9,
                y: 6,
                mumble: Some("負けないぞー".into())
            })
        );
        assert_eq!(parse_res(b"hello\n"), Err(Fault::Garbage("hello".into())));
        assert!(parse_ban("808\n8x8\n").unwrap_err().contains("line 2"));
    }
}
