//! A dozen forced-win positions (`forcing.txt`), and the benchmark that times the search on
//! them: how long and how many nodes it needs to find each win, and its speed in nodes per
//! second.

use crate::board::Board;
use crate::budget::Limits;
use crate::players::SearchEngine;
use gomoku::{Game, Point, Rule, Stone};
use std::time::{Duration, Instant};

/// The positions, as kept in the crate.
pub const TEXT: &str = include_str!("forcing.txt");

/// One forced-win position.
#[derive(Clone, Debug)]
pub struct Forcing {
    pub name: String,
    /// The side to move, which wins.
    pub winner: Stone,
    /// Whether the win takes threes (VCT) or only fours (VCF).
    pub threes: bool,
    /// Moves from the empty board, black first.
    pub moves: Vec<Point>,
}

/// A line of the forcing file that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("forcing.txt line {line}: {msg}")]
pub struct ForcingError {
    pub line: usize,
    pub msg: String,
}

impl Forcing {
    /// The position as a game under `rule`.
    pub fn game(&self, rule: Rule) -> Game {
        Game::from_moves(&self.moves, rule).expect("forcing positions are checked when read")
    }
}

fn points(s: &str) -> Result<Vec<Point>, String> {
    s.split_whitespace()
        .map(|t| Point::from_guide(t).map_err(|e| e.to_string()))
        .collect()
}

/// Reads positions in the format of `forcing.txt`.
pub fn parse(text: &str) -> Result<Vec<Forcing>, ForcingError> {
    let mut out = Vec::new();
    for (i, l) in text.lines().enumerate() {
        let l = l.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let err = |msg: String| ForcingError { line: i + 1, msg };
        let f: Vec<&str> = l.split('|').map(str::trim).collect();
        let [name, who, how, moves] = f[..] else {
            return Err(err("expected name | winner | vcf or vct | moves".into()));
        };
        let winner = match who {
            "black" => Stone::Black,
            "white" => Stone::White,
            _ => return Err(err(format!("winner {who:?} is not black or white"))),
        };
        let threes = match how {
            "vcf" => false,
            "vct" => true,
            _ => return Err(err(format!("{how:?} is not vcf or vct"))),
        };
        let moves = if let Some(rest) = moves.strip_prefix("game ") {
            points(rest).map_err(err)?
        } else if let Some(rest) = moves.strip_prefix("stones ") {
            let (b, w) = rest
                .split_once('/')
                .ok_or_else(|| err("stones need a /".into()))?;
            let (b, w) = (points(b).map_err(err)?, points(w).map_err(err)?);
            if b.len() != w.len() && b.len() != w.len() + 1 {
                return Err(err("black has as many stones as white, or one more".into()));
            }
            let mut m = Vec::new();
            for (k, p) in b.iter().enumerate() {
                m.push(*p);
                m.extend(w.get(k));
            }
            m
        } else {
            return Err(err("moves start with game or stones".into()));
        };
        let g = Game::from_moves(&moves, Rule::Renju)
            .map_err(|(n, e)| err(format!("move {n}: {e}")))?;
        if g.status() != gomoku::Status::Playing || g.to_move() != winner {
            return Err(err(format!(
                "{name}: the game is over or {who} is not to move"
            )));
        }
        out.push(Forcing {
            name: name.to_string(),
            winner,
            threes,
            moves,
        });
    }
    Ok(out)
}

/// The positions of `forcing.txt`.
pub fn positions() -> Vec<Forcing> {
    parse(TEXT).expect("forcing.txt is checked by the tests")
}

/// What the benchmark measured on one position.
#[derive(Clone, Debug)]
pub struct Found {
    pub name: String,
    /// The winning line found (indices, from the winner's first move), if any.
    pub line: Option<Vec<usize>>,
    pub nodes: u64,
    pub time: Duration,
}

/// The benchmark: the search on every forced-win position (time to the win), then a full
/// search of `nodes` nodes from each position with the other side to move (speed).
#[derive(Clone, Debug)]
pub struct Bench {
    pub wins: Vec<Found>,
    pub nodes: u64,
    pub time: Duration,
}

impl Bench {
    pub fn nodes_per_second(&self) -> f64 {
        self.nodes as f64 / self.time.as_secs_f64().max(1e-9)
    }

    /// The report of `retro gomoku bench-engines`: each forced win (position, nodes, time,
    /// line), then the speed.
    pub fn report(&self, rule: Rule) -> String {
        let mut out = format!("forced wins ({rule}): position, nodes, time, line\n");
        for f in &self.wins {
            let line = f.line.as_ref().map_or("not found".to_string(), |l| {
                let points: Vec<String> = l
                    .iter()
                    .map(|&p| crate::board::point(p).to_string())
                    .collect();
                points.join(" ")
            });
            out.push_str(&format!(
                "  {:<20} {:>8} {:>9.3} ms  {line}\n",
                f.name,
                f.nodes,
                f.time.as_secs_f64() * 1e3
            ));
        }
        out.push_str(&format!(
            "speed: {} nodes in {:.3} s = {:.0} nodes/s (one thread)",
            self.nodes,
            self.time.as_secs_f64(),
            self.nodes_per_second()
        ));
        out
    }
}

/// Runs the benchmark under `rule`, `nodes` nodes per speed search.
pub fn bench(rule: Rule, nodes: u64) -> Bench {
    let mut wins = Vec::new();
    let mut engine = SearchEngine::new(0);
    let (mut total_nodes, mut total_time) = (0, Duration::ZERO);
    for f in positions() {
        let mut b = Board::from_moves(&f.moves.iter().map(|p| p.index()).collect::<Vec<_>>());
        let t = Instant::now();
        engine.think(&mut b, rule, &Limits::nodes(1_000_000));
        let time = t.elapsed();
        let thought = engine.last().clone();
        wins.push(Found {
            name: f.name.clone(),
            line: thought.win,
            nodes: thought.nodes,
            time,
        });
        // The speed search: the position before the winner's last move, the loser to move
        // after it, searched to the node limit.
        let mut b = Board::from_moves(
            &f.moves[..f.moves.len() - 1]
                .iter()
                .map(|p| p.index())
                .collect::<Vec<_>>(),
        );
        let t = Instant::now();
        engine.think(&mut b, rule, &Limits::nodes(nodes));
        total_time += t.elapsed();
        total_nodes += engine.last().nodes;
    }
    Bench {
        wins,
        nodes: total_nodes,
        time: total_time,
    }
}

#[cfg(test)]
mod report_tests {
    use super::*;

    #[test]
    fn the_report_names_every_position_and_the_speed() {
        let b = Bench {
            wins: vec![Found {
                name: "four-three".into(),
                line: None,
                nodes: 12,
                time: Duration::from_millis(2),
            }],
            nodes: 1000,
            time: Duration::from_millis(500),
        };
        let r = b.report(Rule::Renju);
        assert!(r.contains("four-three") && r.contains("not found"), "{r}");
        assert!(r.ends_with("= 2000 nodes/s (one thread)"), "{r}");
    }
}
