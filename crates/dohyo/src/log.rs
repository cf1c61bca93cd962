//! The dohyo's log: the guide's Version 1.50 line per game (appendix F), in a file per match.
//!
//! `1 1 24 53 61 < 8 8>< 8 7>< 8 6> 『寒星』(直接1・正・本) 02:15` is: the game's number, the
//! player ID of the first player (black; 0 is program A, 1 is B), the number of moves when the
//! game was decided (odd: black won, even: white won), the seconds used by ID 0 and by ID 1,
//! the first three moves, the opening's name and symmetry, and the time the game ended.
//! Notes where the guide is silent:
//! 1. The moves count is the number of stones on the board at the end. A game won by a five
//!    ends on the winner's stone; an adjudicated game ends before the loser's bad move, so the
//!    parity still names the winner.
//! 2. A game that did not end with a five gets a tail in brackets: `[引分]` for a draw (the
//!    moves count is then the draw limit), `[負 ID REASON]` or `[負 ID REASON:DETAIL]` for an
//!    adjudicated game, ID being the loser. Games not played after a hang are written with a
//!    moves count of 0, times 0 and `[負 ID forfeit]`.
//! 3. The end time is UTC, `HH:MM` as in the guide.
//! 4. Lines starting with `#` describe the match: `#match N`, `#rule R`, `#seed S`,
//!    `#draw-after N`, `#entrant ID NUMBER SPEC` (NUMBER: the program's place in the
//!    tournament, from 1), `#note GAME TEXT` for a remark that does not change a result
//!    (e.g. a program that ignored END), and `#end A-B` with the match score once it is over.
//! 5. A damaged log is refused, not read as far as it goes: a last line without its newline,
//!    games out of order or repeated, more than ten games, a game or a second `#end` after
//!    `#end`, an `#end` before the tenth game, or two different values of a header key.

use crate::token::Spell;
use gomoku::Point;
use std::fmt;

/// Games in a match (§1.2.1).
pub const GAMES: u32 = 10;

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// A five by the side that made the last move.
    Five,
    /// No result within the draw limit.
    Draw,
    /// The program with this ID lost by adjudication.
    Lost {
        loser: u8,
        reason: String,
        detail: Option<String>,
    },
}

/// One game as the log keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameLine {
    pub game: u32,
    /// Player ID of black.
    pub first: u8,
    pub plies: u32,
    pub seconds: [u64; 2],
    pub opening: [Point; 3],
    /// `『寒星』(直接1・正・本)`.
    pub opening_name: String,
    /// `HH:MM`.
    pub end: String,
    pub ending: Ending,
}

impl GameLine {
    /// The player ID of the winner, `None` for a draw.
    pub fn winner(&self) -> Option<u8> {
        match &self.ending {
            Ending::Draw => None,
            Ending::Lost { loser, .. } => Some(1 - loser),
            Ending::Five => Some(if self.plies % 2 == 1 {
                self.first
            } else {
                1 - self.first
            }),
        }
    }

    /// The reason word of the results: `five`, `draw` or the adjudication's.
    pub fn reason(&self) -> &str {
        match &self.ending {
            Ending::Five => "five",
            Ending::Draw => "draw",
            Ending::Lost { reason, .. } => reason,
        }
    }
}

impl fmt::Display for GameLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c] = self.opening;
        write!(
            f,
            "{} {} {} {} {} {}{}{} {} {}",
            self.game,
            self.first,
            self.plies,
            self.seconds[0],
            self.seconds[1],
            a.log(),
            b.log(),
            c.log(),
            self.opening_name,
            self.end
        )?;
        match &self.ending {
            Ending::Five => Ok(()),
            Ending::Draw => write!(f, " [引分]"),
            Ending::Lost {
                loser,
                reason,
                detail: None,
            } => write!(f, " [負 {loser} {reason}]"),
            Ending::Lost {
                loser,
                reason,
                detail: Some(d),
            } => write!(f, " [負 {loser} {reason}:{d}]"),
        }
    }
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("{file}:{line}: {msg}")]
pub struct LogError {
    pub file: String,
    pub line: usize,
    pub msg: String,
}

/// Read one game line (not a `#` line).
pub fn parse_game_line(text: &str) -> Result<GameLine, String> {
    let num = |s: Option<&str>, what: &str| -> Result<u64, String> {
        s.and_then(|s| s.parse().ok())
            .ok_or_else(|| format!("expected {what}"))
    };
    let (head, rest) = text
        .split_once('<')
        .ok_or("expected the first move `< 8 8>`")?;
    let mut w = head.split_whitespace();
    let game = num(w.next(), "the game number")? as u32;
    let first = num(w.next(), "the first player's ID")? as u8;
    let plies = num(w.next(), "the moves count")? as u32;
    let seconds = [
        num(w.next(), "seconds of ID 0")?,
        num(w.next(), "seconds of ID 1")?,
    ];
    if first > 1 {
        return Err("the first player's ID must be 0 or 1".into());
    }
    let mut opening = [Point::CENTRE; 3];
    let mut rest = format!("<{rest}");
    for p in opening.iter_mut() {
        let close = rest
            .find('>')
            .filter(|_| rest.starts_with('<'))
            .ok_or("expected three moves `< x y>`")?;
        let inner = &rest[1..close];
        if inner.len() != 4 {
            return Err(format!("bad move <{inner}>"));
        }
        let (x, y) = inner.split_at(2);
        *p = crate::token::point_at(
            num(Some(x.trim()), "x")? as i64,
            num(Some(y.trim()), "y")? as i64,
        )
        .ok_or_else(|| format!("move <{inner}> is off the board"))?;
        rest = rest[close + 1..].to_string();
    }
    let (body, ending) = match rest.find(" [") {
        Some(i) => (
            &rest[..i],
            Some(rest[i + 2..].trim_end().trim_end_matches(']')),
        ),
        None => (rest.as_str(), None),
    };
    let mut body = body.split_whitespace();
    let opening_name = body
        .next()
        .ok_or("expected the opening's name")?
        .to_string();
    let end = body.next().ok_or("expected the end time")?.to_string();
    let ending = match ending {
        None => Ending::Five,
        Some("引分") => Ending::Draw,
        Some(t) => {
            let mut w = t.split_whitespace();
            if w.next() != Some("負") {
                return Err(format!("unknown ending [{t}]"));
            }
            let loser = num(w.next(), "the loser's ID")? as u8;
            let what = w.next().ok_or("expected the reason")?;
            let (reason, detail) = match what.split_once(':') {
                Some((r, d)) => (r.to_string(), Some(d.to_string())),
                None => (what.to_string(), None),
            };
            if loser > 1 {
                return Err("the loser's ID must be 0 or 1".into());
            }
            Ending::Lost {
                loser,
                reason,
                detail,
            }
        }
    };
    Ok(GameLine {
        game,
        first,
        plies,
        seconds,
        opening,
        opening_name,
        end,
        ending,
    })
}

/// A match as read back from its log.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchLog {
    pub number: u32,
    pub rule: String,
    pub seed: u64,
    /// `#draw-after`, when the log has it.
    pub draw_after: Option<usize>,
    /// For ID 0 and 1: the place in the tournament (from 1) and the spec.
    pub entrants: [(usize, String); 2],
    pub games: Vec<GameLine>,
    pub notes: Vec<(u32, String)>,
    pub finished: bool,
}

/// Read a match log. `file` names it in errors; a damaged log is refused (note 5).
pub fn parse_log(file: &str, text: &str) -> Result<MatchLog, LogError> {
    let mut m = MatchLog::default();
    let mut seen = std::collections::BTreeMap::new();
    let lines = text.lines().count();
    for (i, line) in text.lines().enumerate() {
        let err = |msg: String| LogError {
            file: file.to_string(),
            line: i + 1,
            msg,
        };
        if i + 1 == lines && !text.ends_with('\n') {
            return Err(err(
                "the last line is incomplete (no newline at the end): the log is damaged".into(),
            ));
        }
        let line = line.trim_end();
        if line.trim().is_empty() {
            continue;
        }
        if m.finished {
            return Err(err("a line after `#end`: the log is damaged".into()));
        }
        if let Some(head) = line.strip_prefix('#') {
            let (key, value) = head.split_once(' ').unwrap_or((head, ""));
            let bad = || err(format!("bad `#{key}` line"));
            let once_key = match key {
                "entrant" => format!("entrant {}", value.split(' ').next().unwrap_or("")),
                k => k.to_string(),
            };
            if matches!(key, "match" | "rule" | "seed" | "draw-after" | "entrant") {
                if let Some(before) = seen.insert(once_key.clone(), value.trim().to_string()) {
                    if before != value.trim() {
                        return Err(err(format!(
                            "`#{once_key}` given twice, `{before}` and `{}`: the log is damaged",
                            value.trim()
                        )));
                    }
                }
            }
            match key {
                "match" => m.number = value.trim().parse().map_err(|_| bad())?,
                "rule" => m.rule = value.trim().to_string(),
                "seed" => m.seed = value.trim().parse().map_err(|_| bad())?,
                "draw-after" => m.draw_after = Some(value.trim().parse().map_err(|_| bad())?),
                "entrant" => {
                    let mut w = value.splitn(3, ' ');
                    let id: usize = w
                        .next()
                        .and_then(|s| s.parse().ok())
                        .filter(|&d| d < 2)
                        .ok_or_else(bad)?;
                    let no: usize = w.next().and_then(|s| s.parse().ok()).ok_or_else(bad)?;
                    m.entrants[id] = (no, w.next().unwrap_or("").to_string());
                }
                "note" => {
                    let (g, t) = value.split_once(' ').ok_or_else(bad)?;
                    m.notes.push((g.parse().map_err(|_| bad())?, t.to_string()));
                }
                "end" => {
                    if m.games.len() != GAMES as usize {
                        return Err(err(format!(
                            "`#end` after {} games, not {}: the log is damaged",
                            m.games.len(),
                            GAMES
                        )));
                    }
                    m.finished = true
                }
                _ => {}
            }
            continue;
        }
        let g = parse_game_line(line).map_err(&err)?;
        let want = m.games.len() as u32 + 1;
        if g.game != want || want > GAMES {
            return Err(err(format!(
                "game {} where game {want} belongs (games out of order, repeated or more than {}): the log is damaged",
                g.game,
                GAMES
            )));
        }
        m.games.push(g);
    }
    Ok(m)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(ending: Ending, plies: u32) -> GameLine {
        GameLine {
            game: 1,
            first: 1,
            plies,
            seconds: [53, 61],
            opening: [
                crate::token::pt(8, 8),
                crate::token::pt(8, 7),
                crate::token::pt(8, 6),
            ],
            opening_name: "『寒星』(直接1・正・本)".into(),
            end: "02:15".into(),
            ending,
        }
    }

    #[test]
    fn the_guides_example_line() {
        let text = "1 1 24 53 61 < 8 8>< 8 7>< 8 6> 『寒星』(直接1・正・本) 02:15";
        let l = parse_game_line(text).unwrap();
        assert_eq!(l, line(Ending::Five, 24));
        assert_eq!(l.to_string(), text);
        // 24 moves: even, so white, player 0, won.
        assert_eq!(l.winner(), Some(0));
    }

    #[test]
    fn draws_and_adjudications_round_trip() {
        for (ending, plies, winner) in [
            (Ending::Draw, 200, None),
            (
                Ending::Lost {
                    loser: 1,
                    reason: "forbidden".into(),
                    detail: Some("三三".into()),
                },
                30,
                Some(0),
            ),
            (
                Ending::Lost {
                    loser: 0,
                    reason: "forfeit".into(),
                    detail: None,
                },
                0,
                Some(1),
            ),
        ] {
            let l = line(ending, plies);
            assert_eq!(parse_game_line(&l.to_string()).unwrap(), l);
            assert_eq!(l.winner(), winner);
        }
    }

    #[test]
    fn damaged_logs_are_refused() {
        let g = |n: u32| {
            let mut l = line(Ending::Draw, 200);
            l.game = n;
            format!("{l}\n")
        };
        let head = "#match 1\n#seed 7\n";
        let ten: String = (1..=10).map(g).collect();
        assert!(
            parse_log("m", &format!("{head}{ten}#end 10-10\n"))
                .unwrap()
                .finished
        );
        for (text, says) in [
            (format!("{head}{}{}", g(1), g(1)), "game 1 where game 2"),
            (format!("{head}{}{}", g(1), g(3)), "game 3 where game 2"),
            (
                format!("{head}{ten}#end 10-10\n#end 10-10\n"),
                "after `#end`",
            ),
            (format!("{head}{}#end 1-1\n", g(1)), "`#end` after 1 games"),
            (format!("{head}#seed 8\n{}", g(1)), "`#seed` given twice"),
            (format!("{head}{}", g(1).trim_end()), "incomplete"),
        ] {
            let e = parse_log("m", &text).unwrap_err();
            assert!(e.msg.contains(says), "{text}: {e}");
        }
    }

    #[test]
    fn errors_name_the_file_and_line() {
        let e = parse_log("m.log", "#match 1\n1 0 x 0 0 < 8 8>< 8 7>< 8 6> a 00:00\n").unwrap_err();
        assert_eq!((e.file.as_str(), e.line), ("m.log", 2));
        assert!(e.msg.contains("moves count"));
    }
}
