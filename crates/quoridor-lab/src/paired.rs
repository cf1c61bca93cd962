//! Each dynamic-threshold cell beside the plain-UCB cell of the same table, game by game.
//!
//! In Table 1 every cell plays ab2 with the same seeds, so game k of each cell has the same
//! random opening and the same first player, and ab2 is deterministic: where the threshold
//! never stops a search early, the cell plays plain UCB's game move for move. Counting those
//! games, where the others first differ, and which results the threshold turned, tells what the
//! threshold did, which the averages alone cannot (a small d scoring like plain UCB may be a
//! threshold that never acts, or one that wins as often as it loses).
//!
//! Notes:
//! 1. Only games present in both cells are paired (a partial merge has holes).
//! 2. A game is identical when its whole record is; the first differing ply counts from 1 and
//!    includes the random opening, which is always alike.
//! 3. "Turned" compares player A's points: a plain-UCB win that the threshold's game lost is a
//!    win turned into a loss; a draw on either side turns by half a point.

use crate::record::{GameRecord, Side};
use std::collections::BTreeMap;
use std::fmt::Write;

/// One cell beside plain UCB.
#[derive(Debug, Clone, PartialEq)]
pub struct Paired {
    /// Games present in both cells (note 1).
    pub games: u64,
    /// Games whose every move is alike (note 2).
    pub identical: u64,
    /// The median first differing ply of the other games, if any.
    pub median_divergence: Option<u32>,
    /// Plain UCB's wins (for A) that this cell lost, and its losses that this cell won.
    pub wins_lost: u64,
    pub losses_won: u64,
    /// A's points in the paired games: this cell minus plain UCB (note 3).
    pub net_points: f64,
}

/// Pair `cell` with `plain`, game by game.
pub fn pair(cell: &BTreeMap<u64, GameRecord>, plain: &BTreeMap<u64, GameRecord>) -> Paired {
    let mut p = Paired {
        games: 0,
        identical: 0,
        median_divergence: None,
        wins_lost: 0,
        losses_won: 0,
        net_points: 0.0,
    };
    let mut divergences = Vec::new();
    for (k, g) in cell {
        let Some(q) = plain.get(k) else { continue };
        p.games += 1;
        if g.moves == q.moves {
            p.identical += 1;
            continue;
        }
        let first = g
            .moves
            .split(", ")
            .zip(q.moves.split(", "))
            .position(|(a, b)| a != b)
            .unwrap_or(g.plies.min(q.plies) as usize);
        divergences.push(first as u32 + 1);
        let (mine, theirs) = (g.winner.points(Side::A), q.winner.points(Side::A));
        p.net_points += mine - theirs;
        if theirs == 1.0 && mine == 0.0 {
            p.wins_lost += 1;
        } else if theirs == 0.0 && mine == 1.0 {
            p.losses_won += 1;
        }
    }
    divergences.sort_unstable();
    p.median_divergence = divergences.get(divergences.len() / 2).copied();
    p
}

/// The report's section: a row per threshold cell (`labels[i]`, `cells[i]`) beside the plain
/// cell at `plain`; empty when there is no such cell or nothing to pair.
pub fn section(labels: &[String], cells: &[BTreeMap<u64, GameRecord>], plain: usize) -> String {
    let mut s = String::new();
    let rows: Vec<(usize, Paired)> = (0..cells.len())
        .filter(|&i| i != plain)
        .map(|i| (i, pair(&cells[i], &cells[plain])))
        .filter(|(_, p)| p.games > 0)
        .collect();
    if rows.is_empty() {
        return s;
    }
    s.push_str(
        "\n## Beside plain UCB, game by game\n\nEvery cell plays the same openings with the \
         same first player against the same deterministic opponent, so a game the threshold \
         never shortened is plain UCB's game move for move. Identical: games alike in every \
         move; first difference: the median ply (from 1, opening included) where the others \
         part; turned: plain UCB's wins this cell lost, and its losses this cell won; net: this \
         cell's points minus plain UCB's over the paired games.\n\n",
    );
    s.push_str("| d | paired | identical | first difference | wins turned to losses | losses turned to wins | net |\n");
    s.push_str("|---:|---:|---:|---:|---:|---:|---:|\n");
    for (i, p) in rows {
        let share = 100.0 * p.identical as f64 / p.games as f64;
        let median = p
            .median_divergence
            .map_or("-".into(), |m| format!("ply {m}"));
        let _ = writeln!(
            s,
            "| {} | {} | {} ({share:.0}%) | {median} | {} | {} | {:+} |",
            labels[i], p.games, p.identical, p.wins_lost, p.losses_won, p.net_points
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::Outcome;

    fn game(k: u64, winner: Outcome, moves: &str) -> (u64, GameRecord) {
        (
            k,
            GameRecord {
                game: k,
                first: crate::record::first_of(k),
                winner,
                plies: moves.split(", ").count() as u32,
                moves: moves.into(),
            },
        )
    }

    #[test]
    fn counts_identical_games_divergence_and_turned_results() {
        let plain: BTreeMap<_, _> = [
            game(0, Outcome::A, "e8, e2, e7"),
            game(1, Outcome::A, "e8, e2, e7, e3"),
            game(2, Outcome::B, "e8, e2, d8"),
            game(3, Outcome::A, "e8"),
        ]
        .into();
        let cell: BTreeMap<_, _> = [
            game(0, Outcome::A, "e8, e2, e7"),
            game(1, Outcome::B, "e8, e2, f7, e3"),
            game(2, Outcome::A, "e8, d2, d8"),
            game(4, Outcome::A, "e8"),
        ]
        .into();
        let p = pair(&cell, &plain);
        assert_eq!(p.games, 3);
        assert_eq!(p.identical, 1);
        assert_eq!((p.wins_lost, p.losses_won), (1, 1));
        assert_eq!(p.net_points, 0.0);
        // First differences at plies 3 and 2: the median of two is the upper.
        assert_eq!(p.median_divergence, Some(3));
        let s = section(&["0.01".into(), "plain UCB".into()], &[cell, plain], 1);
        assert!(
            s.contains("| 0.01 | 3 | 1 (33%) | ply 3 | 1 | 1 | +0 |"),
            "{s}"
        );
    }

    #[test]
    fn nothing_to_pair_gives_no_section() {
        let empty = BTreeMap::new();
        assert_eq!(
            section(&["x".into(), "y".into()], &[empty.clone(), empty], 1),
            ""
        );
    }
}
