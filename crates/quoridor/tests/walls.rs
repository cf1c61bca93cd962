//! The fast wall generator against a plain reference: every wall checked by geometry and a
//! breadth-first search written here from the rules, at random positions full of walls.

use proptest::prelude::*;
use quoridor::{Move, Orient, Side, Spec, State, Wall};
use std::collections::{BTreeSet, VecDeque};

/// Whether the step between squares (c, r) and (c2, r2) (neighbours) crosses one of `walls`.
fn crosses(walls: &[Wall], (c, r): (usize, usize), (c2, r2): (usize, usize)) -> bool {
    walls.iter().any(|w| {
        let (wc, wr) = (w.col(), w.row());
        match w.orient {
            // Between rows wr and wr+1, columns wc and wc+1.
            Orient::Horizontal => c == c2 && r.min(r2) == wr && r != r2 && (c == wc || c == wc + 1),
            // Between columns wc and wc+1, rows wr and wr+1.
            Orient::Vertical => r == r2 && c.min(c2) == wc && c != c2 && (r == wr || r == wr + 1),
        }
    })
}

/// Whether a pawn on (c, r) can reach row `goal` past `walls` (pawns ignored).
fn reaches(walls: &[Wall], from: (usize, usize), goal: usize) -> bool {
    let mut seen = BTreeSet::from([from]);
    let mut queue = VecDeque::from([from]);
    while let Some((c, r)) = queue.pop_front() {
        if r == goal {
            return true;
        }
        let near = [
            (c.wrapping_sub(1), r),
            (c + 1, r),
            (c, r.wrapping_sub(1)),
            (c, r + 1),
        ];
        for n in near {
            if n.0 < 9 && n.1 < 9 && !crosses(walls, (c, r), n) && seen.insert(n) {
                queue.push_back(n);
            }
        }
    }
    false
}

/// The legal walls by the rules, checked one by one.
fn reference_walls(s: &State) -> BTreeSet<String> {
    let placed: Vec<Wall> = s.walls().collect();
    let mut out = BTreeSet::new();
    if s.walls_left(s.side_to_move()) == 0 || s.winner().is_some() {
        return out;
    }
    for w in Wall::all() {
        let clash = placed.iter().any(|p| {
            let same_centre = p.col() == w.col() && p.row() == w.row();
            let overlap = p.orient == w.orient
                && match w.orient {
                    Orient::Horizontal => p.row() == w.row() && p.col().abs_diff(w.col()) <= 1,
                    Orient::Vertical => p.col() == w.col() && p.row().abs_diff(w.row()) <= 1,
                };
            same_centre || overlap
        });
        if clash {
            continue;
        }
        let mut with = placed.clone();
        with.push(w);
        let open = [Side::First, Side::Second].iter().all(|&side| {
            let p = s.pawn(side);
            reaches(&with, (p.col(), p.row()), side.goal_row())
        });
        if open {
            out.insert(w.to_string());
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn legal_walls_equal_the_reference(seed in any::<u64>(), plies in 0u32..60) {
        // Uniform random play: nearly every early move is a wall.
        let mut s = State::new();
        let mut p = Spec::Random.build(seed);
        while s.ply() < plies && s.winner().is_none() {
            let m = p.choose(&s);
            s.play(m).unwrap();
        }
        let ours: BTreeSet<String> = s
            .legal_moves()
            .into_iter()
            .filter(|m| matches!(m, Move::Wall(_)))
            .map(|m| m.to_string())
            .collect();
        prop_assert_eq!(&ours, &reference_walls(&s));
        // play() agrees with the list, wall by wall.
        for w in Wall::all() {
            prop_assert_eq!(s.check(Move::Wall(w)).is_ok(), ours.contains(&w.to_string()), "{}", w);
        }
    }
}

/// A ring of four walls away from the border: the last wall would shut the first player in on
/// d4-e5, and only the check for loops of floating walls sees it.
#[test]
fn a_ring_of_floating_walls_may_not_close_on_a_pawn() {
    let s = quoridor::notation::position("e8, d3-, e7, c4|, e6, e4|, e5").unwrap();
    let ring: Move = "d5-".parse().unwrap();
    assert_eq!(
        s.check(ring),
        Err(quoridor::IllegalMove::ClosesPath(Side::First))
    );
    assert!(!s.legal_moves().contains(&ring));
    assert!(!reference_walls(&s).contains("d5-"));
}
