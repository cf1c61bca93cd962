//! Checks that need the whole game Λ or other readings of the rules: the quotient by G gives
//! the same classes and levels as solving all of S without any symmetry, and the readings
//! that note 2 of the crate rejects do not give the paper's table.

use crate::board::{Colour, Mask};
use crate::classify::{classify, solve, Outcome};
use crate::graph::Graph;
use crate::ltype::{LType, COUNT};
use crate::moves::F_CHOICES;
use crate::position::Position;
use crate::tables::Placement;
use std::collections::HashMap;

/// Every position of S = T × {r, b}.
fn all_positions() -> Vec<Position> {
    let mut out = Vec::new();
    for red in Placement::all() {
        for blue in Placement::all() {
            for a in 0..16 {
                for b in a + 1..16 {
                    let n: Mask = (1 << a) | (1 << b);
                    for mover in [Colour::Red, Colour::Blue] {
                        out.extend(Position::new(red, blue, n, mover));
                    }
                }
            }
        }
    }
    out
}

#[test]
fn the_whole_game_without_symmetry_agrees_with_the_quotient() {
    let all = all_positions();
    assert_eq!(all.len(), 16 * COUNT);
    let index: HashMap<Position, u32> = all
        .iter()
        .enumerate()
        .map(|(i, &p)| (p, i as u32))
        .collect();
    let mut g = Graph::new();
    for p in &all {
        let next: Vec<u32> = p
            .moves()
            .into_iter()
            .map(|m| index[&p.after(m).unwrap()])
            .collect();
        for chunk in next.chunks_exact(F_CHOICES) {
            g.push_l_move(chunk.try_into().unwrap());
        }
        g.end_node();
    }
    let (outcomes, _) = solve(&g);
    let c = classify();
    let wrong = all
        .iter()
        .zip(&outcomes)
        .filter(|(p, &o)| c.of_position(p) != o)
        .count();
    assert_eq!(wrong, 0);
}

/// The quotient graph under another neutral-move rule; each L move's successors are padded
/// to [`F_CHOICES`] by repetition, which changes no "every" or "some".
fn quotient_with(keep: impl Fn(Option<(usize, usize)>) -> bool) -> Graph {
    let mut g = Graph::new();
    for lt in LType::all() {
        let p = lt.position();
        let moves = p.moves();
        for chunk in moves.chunks_exact(F_CHOICES) {
            let next: Vec<u32> = chunk
                .iter()
                .filter(|m| keep(m.neutral))
                .map(|&m| u32::from(p.after(m).unwrap().ltype().get()))
                .collect();
            g.push_l_move(&std::array::from_fn(|i| next[i % next.len()]));
        }
        g.end_node();
    }
    g
}

fn totals(outcomes: &[Outcome]) -> (usize, usize, usize, u8) {
    let count = |c: char| outcomes.iter().filter(|o| o.class() == c).count();
    let levels = outcomes.iter().filter_map(|o| o.level()).max().unwrap_or(0) + 1;
    (count('B'), count('F'), count('U'), levels)
}

#[test]
fn other_readings_of_the_neutral_rule_miss_the_paper() {
    let (compulsory, _) = solve(&quotient_with(|n| n.is_some()));
    let (b, f, u, _) = totals(&compulsory);
    assert_eq!((b, f, u), (27, 832, 1437));
    let (none, _) = solve(&quotient_with(|n| n.is_none()));
    assert_eq!(totals(&none), (96, 359, 1841, 8));
    let (optional, _) = solve(&quotient_with(|_| true));
    assert_eq!(optional, classify().outcomes());
}
