//! The tournament's crosstable, as in appendix B: for each pair ○ (won) × (lost) △ (drawn)
//! over the match score, then 勝点 (points: 2 a match won, 1 drawn, 0 lost), 得失 (games won
//! minus games lost) and 位 (the rank: points first, then 得失; equal entrants share a rank).
//!
//! [`Crosstable::render`] prints [`LEGEND`] under the table, so the marks and the headings
//! are explained where they are read; [`Crosstable::csv`] has one number a cell (games won and
//! games lost against each opponent in columns of their own), as a spreadsheet wants.
//!
//! The table is made from match logs alone, so the logs of several shares, read together, give
//! the table of one unsplit run. A match lost by a hang counts 10-0 whatever its games (§1.2.5).

use crate::log::{MatchLog, GAMES};
use serde::Serialize;
use std::collections::BTreeMap;

/// What the marks and the headings of the rendered table mean.
pub const LEGEND: &str = "\
○ won, × lost, △ drawn the match; under the mark, games won-lost.
勝点 points: 2 a match won, 1 drawn, 0 lost.  得失 games won minus games lost.
位 rank: by 勝点, then 得失; equal entrants share a rank.
";

/// The score of a finished match for ID 0 and ID 1.
pub fn match_score(m: &MatchLog) -> (u32, u32) {
    if let Some(g) = m.games.iter().find(|g| g.reason() == "timeout") {
        return if g.winner() == Some(0) {
            (GAMES, 0)
        } else {
            (0, GAMES)
        };
    }
    let won = |id| m.games.iter().filter(|g| g.winner() == Some(id)).count() as u32;
    (won(0), won(1))
}

/// The line `retro gomoku dohyo` ends with: the score, the league points (勝点: 2 for the
/// match's winner, 1 each for a tie) and where the log is.
pub fn result_line(m: &MatchLog, log: &std::path::Path) -> String {
    let (a, b) = match_score(m);
    let points = match a.cmp(&b) {
        std::cmp::Ordering::Greater => "A 2, B 0",
        std::cmp::Ordering::Equal => "A 1, B 1",
        std::cmp::Ordering::Less => "A 0, B 2",
    };
    format!("{a}-{b} (勝点 {points}); log {}", log.display())
}

#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Entrant {
    pub number: usize,
    pub name: String,
    pub points: u32,
    pub diff: i64,
    pub rank: usize,
}

#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Pairing {
    pub a: usize,
    pub b: usize,
    pub score_a: u32,
    pub score_b: u32,
}

#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Crosstable {
    pub entrants: Vec<Entrant>,
    pub matches: Vec<Pairing>,
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum TableError {
    #[error("match {0} ({1} against {2}) is in more than one log")]
    Twice(u32, usize, usize),
    #[error("match {0} is not finished: {1} of {GAMES} games")]
    Unfinished(u32, usize),
    #[error("entrant {0} has no name in any log")]
    Unnamed(usize),
    #[error("match {0} does not name both its entrants (an `#entrant ID NUMBER SPEC` line each, NUMBER from 1)")]
    NoEntrant(u32),
}

impl Crosstable {
    /// Build the table from finished matches; `names` maps entrant numbers (from 1) to names.
    pub fn build(
        logs: &[MatchLog],
        names: &BTreeMap<usize, String>,
    ) -> Result<Crosstable, TableError> {
        let n = names.keys().copied().max().unwrap_or(0);
        let mut entrants: Vec<Entrant> = (1..=n)
            .map(|k| {
                let name = names.get(&k).cloned().ok_or(TableError::Unnamed(k))?;
                Ok(Entrant {
                    number: k,
                    name,
                    points: 0,
                    diff: 0,
                    rank: 0,
                })
            })
            .collect::<Result<_, TableError>>()?;
        let mut seen = BTreeMap::new();
        let mut matches = Vec::new();
        for m in logs {
            let (a, b) = (m.entrants[0].0, m.entrants[1].0);
            if ![a, b].iter().all(|k| (1..=n).contains(k)) {
                return Err(TableError::NoEntrant(m.number));
            }
            if seen.insert(m.number, ()).is_some() {
                return Err(TableError::Twice(m.number, a, b));
            }
            if !m.finished {
                return Err(TableError::Unfinished(m.number, m.games.len()));
            }
            let (sa, sb) = match_score(m);
            let (pa, pb) = match sa.cmp(&sb) {
                std::cmp::Ordering::Greater => (2, 0),
                std::cmp::Ordering::Equal => (1, 1),
                std::cmp::Ordering::Less => (0, 2),
            };
            for (k, p, d) in [
                (a, pa, sa as i64 - sb as i64),
                (b, pb, sb as i64 - sa as i64),
            ] {
                let e = &mut entrants[k - 1];
                e.points += p;
                e.diff += d;
            }
            matches.push(Pairing {
                a,
                b,
                score_a: sa,
                score_b: sb,
            });
        }
        matches.sort_by_key(|p| (p.a, p.b));
        let keys: Vec<(u32, i64)> = entrants.iter().map(|e| (e.points, e.diff)).collect();
        for (e, key) in entrants.iter_mut().zip(&keys) {
            e.rank = 1 + keys.iter().filter(|k| (k.0, k.1) > (key.0, key.1)).count();
        }
        Ok(Crosstable { entrants, matches })
    }

    /// The score of `i` against `j` (entrant numbers), from `i`'s side.
    pub fn score(&self, i: usize, j: usize) -> Option<(u32, u32)> {
        self.matches.iter().find_map(|p| {
            if (p.a, p.b) == (i, j) {
                Some((p.score_a, p.score_b))
            } else if (p.a, p.b) == (j, i) {
                Some((p.score_b, p.score_a))
            } else {
                None
            }
        })
    }

    fn mark(&self, i: usize, j: usize) -> (&'static str, String) {
        if i == j {
            return ("\\", String::new());
        }
        match self.score(i, j) {
            None => ("", String::new()),
            Some((s, t)) => (
                match s.cmp(&t) {
                    std::cmp::Ordering::Greater => "○",
                    std::cmp::Ordering::Equal => "△",
                    std::cmp::Ordering::Less => "×",
                },
                format!("{s}-{t}"),
            ),
        }
    }

    /// The table drawn as in appendix B.
    pub fn render(&self) -> String {
        let n = self.entrants.len();
        let name_w = self
            .entrants
            .iter()
            .map(|e| width(&e.name) + e.number.to_string().len() + 3)
            .max()
            .unwrap_or(4)
            .max(6);
        let rule = format!(
            "+{}+{}----+----+--+\n",
            "-".repeat(name_w),
            "----+".repeat(n)
        );
        let mut out = rule.clone();
        out += &format!("|{}|", " ".repeat(name_w));
        for j in 1..=n {
            out += &format!("{}|", pad(&j.to_string(), 4));
        }
        out += "勝点|得失|位|\n";
        out += &rule;
        for e in &self.entrants {
            let mut top = format!("|{}|", pad(&format!(" {} {}", e.number, e.name), name_w));
            let mut bottom = format!("|{}|", " ".repeat(name_w));
            for j in 1..=n {
                let (m, s) = self.mark(e.number, j);
                top += &format!("{}|", pad(&format!(" {m}"), 4));
                bottom += &format!("{}|", pad(&s, 4));
            }
            top += &format!("{:>4}|{:>+4}|{:>2}|\n", e.points, e.diff, e.rank);
            bottom += "    |    |  |\n";
            out += &top;
            out += &bottom;
            out += &rule;
        }
        out += LEGEND;
        out
    }

    /// The table in `format` (`retro gomoku crosstable --format`): text (appendix B), csv or
    /// json, each ending with a newline.
    ///
    /// # Errors
    /// Another format, named.
    pub fn format(&self, format: &str) -> Result<String, String> {
        match format {
            "text" => Ok(self.render()),
            "csv" => Ok(self.csv()),
            "json" => Ok(format!("{}\n", self.json())),
            f => Err(format!("--format {f}: expected text, csv or json")),
        }
    }

    /// The table as CSV, one number a cell: a row per entrant, for each opponent J the games
    /// won and lost against J (`J won`, `J lost`; empty for the entrant itself and for a match
    /// not played), then points (勝点), diff (得失) and rank (位).
    pub fn csv(&self) -> String {
        let n = self.entrants.len();
        let mut out = String::from("number,name");
        for j in 1..=n {
            out += &format!(",{j} won,{j} lost");
        }
        out += ",points,diff,rank\n";
        for e in &self.entrants {
            out += &format!("{},\"{}\"", e.number, e.name.replace('"', "\"\""));
            for j in 1..=n {
                match self.score(e.number, j).filter(|_| j != e.number) {
                    Some((won, lost)) => out += &format!(",{won},{lost}"),
                    None => out += ",,",
                }
            }
            out += &format!(",{},{},{}\n", e.points, e.diff, e.rank);
        }
        out
    }

    pub fn json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}

/// Columns a text takes on a terminal: East Asian wide characters take two.
pub fn width(s: &str) -> usize {
    s.chars()
        .map(|c| match c as u32 {
            0x1100..=0x115F
            | 0x2E80..=0xA4CF
            | 0xAC00..=0xD7A3
            | 0xF900..=0xFAFF
            | 0xFE30..=0xFE4F
            | 0xFF00..=0xFF60
            | 0xFFE0..=0xFFE6 => 2,
            _ => 1,
        })
        .sum()
}

fn pad(s: &str, w: usize) -> String {
    format!("{s}{}", " ".repeat(w.saturating_sub(width(s))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::log::{Ending, GameLine};

    fn game(n: u32, winner: Option<u8>, reason: &str) -> GameLine {
        let first = ((n + 1) % 2) as u8;
        let ending = match (winner, reason) {
            (None, _) => Ending::Draw,
            (Some(_), "five") => Ending::Five,
            (Some(w), r) => Ending::Lost {
                loser: 1 - w,
                reason: r.into(),
                detail: None,
            },
        };
        let plies = match winner {
            Some(w) if w == first => 9,
            _ => 10,
        };
        GameLine {
            game: n,
            first,
            plies,
            seconds: [0, 0],
            opening: [
                crate::token::pt(8, 8),
                crate::token::pt(8, 7),
                crate::token::pt(8, 6),
            ],
            opening_name: "x".into(),
            end: "00:00".into(),
            ending,
        }
    }

    fn log(number: u32, a: usize, b: usize, results: &[(Option<u8>, &str)]) -> MatchLog {
        MatchLog {
            number,
            entrants: [(a, String::new()), (b, String::new())],
            games: results
                .iter()
                .enumerate()
                .map(|(i, &(w, r))| game(i as u32 + 1, w, r))
                .collect(),
            finished: true,
            ..MatchLog::default()
        }
    }

    #[test]
    fn appendix_b_marks_points_and_ranks() {
        let names: BTreeMap<usize, String> = [
            (1, "機長".to_string()),
            (2, "KENJI".into()),
            (3, "河".into()),
        ]
        .into();
        let mut ab = vec![(Some(0), "five"); 6];
        ab.extend(vec![(Some(1), "five"); 4]);
        let mut ac = vec![(Some(0), "five"); 5];
        ac.extend(vec![(Some(1), "five"); 5]);
        // Entrant 3 hangs in game 2 against 2: 10-0 although it won game 1.
        let bc = vec![(Some(1), "five"), (Some(0), "timeout")];
        let t = Crosstable::build(
            &[log(1, 1, 2, &ab), log(2, 1, 3, &ac), log(3, 2, 3, &bc)],
            &names,
        )
        .unwrap();
        assert_eq!(t.score(2, 3), Some((10, 0)));
        assert_eq!(t.score(2, 1), Some((4, 6)));
        let key: Vec<_> = t
            .entrants
            .iter()
            .map(|e| (e.points, e.diff, e.rank))
            .collect();
        assert_eq!(key, [(3, 2, 1), (2, 8, 2), (1, -10, 3)]);
        let text = t.render();
        assert!(text.contains("| 1 機長 "), "{text}");
        assert!(text.contains("勝点|得失|位|"));
        assert!(
            text.ends_with(LEGEND) && LEGEND.contains("勝点 points"),
            "{text}"
        );
        assert_eq!(t.format("csv").unwrap(), t.csv());
        assert!(t.format("json").unwrap().ends_with("}\n"));
        assert!(t.format("xml").is_err());
        assert!(t
            .csv()
            .starts_with("number,name,1 won,1 lost,2 won,2 lost,3 won,3 lost,points"));
        // One value a cell: every row has as many commas as the header.
        let commas: Vec<usize> = t.csv().lines().map(|l| l.matches(',').count()).collect();
        assert!(commas.iter().all(|&c| c == commas[0]), "{}", t.csv());
        assert!(
            t.csv().contains("2,\"KENJI\",4,6,,,10,0,2,8,2"),
            "{}",
            t.csv()
        );
    }

    #[test]
    fn the_result_line_gives_the_league_points() {
        let mut ab = vec![(Some(0), "five"); 6];
        ab.extend(vec![(Some(1), "five"); 4]);
        let p = std::path::Path::new("out/match-001.log");
        let line = result_line(&log(1, 1, 2, &ab), p);
        assert_eq!(line, "6-4 (勝点 A 2, B 0); log out/match-001.log");
        let tie = log(1, 1, 2, &[(None, "draw")]);
        assert!(result_line(&tie, p).starts_with("0-0 (勝点 A 1, B 1)"));
    }

    #[test]
    fn a_match_in_two_logs_or_unfinished_is_an_error() {
        let names: BTreeMap<usize, String> = [(1, "a".to_string()), (2, "b".into())].into();
        let m = log(1, 1, 2, &[(None, "draw")]);
        assert_eq!(
            Crosstable::build(&[m.clone(), m.clone()], &names),
            Err(TableError::Twice(1, 1, 2))
        );
        let open = MatchLog {
            finished: false,
            ..m
        };
        assert_eq!(
            Crosstable::build(&[open], &names),
            Err(TableError::Unfinished(1, 1))
        );
    }

    #[test]
    fn a_match_that_names_no_entrant_is_an_error() {
        let names: BTreeMap<usize, String> = [(0, String::new())].into();
        let m = log(3, 0, 0, &[(None, "draw")]);
        assert_eq!(
            Crosstable::build(&[m], &names),
            Err(TableError::NoEntrant(3))
        );
    }
}
