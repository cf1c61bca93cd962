//! The two engines of the period (guide appendix C).
//!
//! * [`EvalEngine`], 先読み無し: "finding the next move from the present position", which most
//!   entrants of the first tournament did: every candidate point is scored by the shapes a
//!   stone there makes for either side (attack and defence), and the best is played.
//! * [`SearchEngine`], 先読み: "the method typified by min-max", which BRAIN5X, champion of
//!   both tournaments, used: first a search for a forced win by fours (VCF) and by fours and
//!   threes (VCT), then alpha-beta over the pattern evaluation, deepened while the budget lasts.
//!
//! Notes:
//! 1. Both take the game as the rules crate keeps it and rebuild their working board from its
//!    moves; a game already over or a full board still gets a point (the first empty one, or
//!    the centre when none is left) so a front end never waits on an engine.
//! 2. As white, both read black's threats through black's fouls: a point forbidden to black
//!    scores nothing for black, so white neither blocks it nor fears it.
//! 3. The search budget (nodes and time alike) is split: a tenth for the VCF, a fifth of what
//!    is left for the VCT, the rest for alpha-beta. Under a node limit everything is deterministic; under a time limit the depth
//!    reached depends on the machine.

use crate::alphabeta::AlphaBeta;
use crate::board::{other, Board, POINTS};
use crate::budget::{Budget, Limits, Stop};
use crate::engine::Engine;
use crate::legal::Legality;
use crate::score;
use crate::seed::jitter;
use crate::threat::Threats;
use gomoku::{Game, Point, Rule};

/// The working board of a game (note 1).
pub fn board_of(game: &Game) -> Board {
    Board::from_moves(&game.history().iter().map(|p| p.index()).collect::<Vec<_>>())
}

fn point(i: usize) -> Point {
    Point::from_index(i).unwrap_or(Point::CENTRE)
}

/// Any point the side to move may take, in seeded order; the centre when none is left.
fn fallback(b: &Board, legal: &Legality, jitter: &[i32; POINTS]) -> Point {
    let me = b.to_move();
    let mut empty: Vec<usize> = (0..POINTS).filter(|&p| b.get(p) == 0).collect();
    empty.sort_by_key(|&p| (-jitter[p], p));
    let pick = empty
        .iter()
        .copied()
        .find(|&p| legal.may_play(b, p, me))
        .or(empty.first().copied());
    pick.map(point).unwrap_or(Point::CENTRE)
}

/// The best point by attack plus defence, with the seed's tie-break.
pub fn best_point(b: &Board, legal: &Legality, jitter: &[i32; POINTS]) -> Option<usize> {
    let me = b.to_move();
    let opp = other(me);
    b.candidates()
        .into_iter()
        .filter(|&p| legal.may_play(b, p, me))
        .max_by_key(|&p| {
            let own = score::point(b, p, me, legal);
            let theirs = score::point(b, p, opp, legal);
            (own + theirs * 7 / 8 + jitter[p], std::cmp::Reverse(p))
        })
}

/// No look-ahead: the best point by pattern evaluation.
pub struct EvalEngine {
    jitter: [i32; POINTS],
}

impl EvalEngine {
    pub fn new(seed: u64) -> Self {
        EvalEngine {
            jitter: jitter(seed),
        }
    }
}

impl Engine for EvalEngine {
    fn name(&self) -> &str {
        "eval"
    }

    fn choose(&mut self, game: &Game, rule: Rule, _limits: &Limits) -> Point {
        let b = board_of(game);
        let legal = Legality::new(rule);
        match best_point(&b, &legal, &self.jitter) {
            Some(p) => point(p),
            None => fallback(&b, &legal, &self.jitter),
        }
    }
}

/// What the search found for one move, for the benchmark and the logs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Thought {
    /// The forced win found, from the engine's move on, if any.
    pub win: Option<Vec<usize>>,
    /// Depth of the deepest finished alpha-beta iteration (0 when a threat search decided).
    pub depth: u32,
    pub nodes: u64,
}

/// Threat-space search, then alpha-beta.
pub struct SearchEngine {
    jitter: [i32; POINTS],
    last: Thought,
    stop: Option<Stop>,
}

impl SearchEngine {
    pub fn new(seed: u64) -> Self {
        SearchEngine {
            jitter: jitter(seed),
            last: Thought::default(),
            stop: None,
        }
    }

    /// What the last [`Engine::choose`] found.
    pub fn last(&self) -> &Thought {
        &self.last
    }

    /// The move for the side to move on `b` (an index), or `None` when it may take no point.
    pub fn think(&mut self, b: &mut Board, rule: Rule, limits: &Limits) -> Option<usize> {
        let legal = Legality::new(rule);
        let mut budget = Budget::with_stop(limits, self.stop.clone());
        self.last = Thought::default();
        let me = b.to_move();
        // A five now, or the one block of the opponent's four.
        if let Some(&p) = b.five_points(me).first() {
            self.last.win = Some(vec![p]);
            return Some(p);
        }
        let theirs = b.five_points(other(me));
        if let Some(&p) = theirs.iter().find(|&&p| legal.may_play(b, p, me)) {
            return Some(p);
        }
        // A tenth of the budget for the VCF, then a fifth of what is left for the VCT.
        for (den, vct) in [(10, false), (5, true)] {
            let mut part = budget.part(den);
            let mut t = Threats {
                board: b,
                legal,
                budget: &mut part,
            };
            let win = if vct { t.vct(6) } else { t.vcf(30) };
            budget.absorb(&part);
            if let Some(line) = win {
                self.last.nodes = budget.nodes;
                let first = line[0];
                self.last.win = Some(line);
                return Some(first);
            }
        }
        let mut ab = AlphaBeta {
            board: b,
            legal,
            budget: &mut budget,
            jitter: &self.jitter,
            scores: score::Scores::new(),
        };
        let found = ab.best();
        self.last.nodes = budget.nodes;
        match found {
            Some((m, _, depth)) => {
                self.last.depth = depth;
                Some(m)
            }
            None => best_point(b, &legal, &self.jitter),
        }
    }
}

impl Engine for SearchEngine {
    fn name(&self) -> &str {
        "search"
    }

    fn choose(&mut self, game: &Game, rule: Rule, limits: &Limits) -> Point {
        let mut b = board_of(game);
        match self.think(&mut b, rule, limits) {
            Some(p) => point(p),
            None => fallback(&b, &Legality::new(rule), &self.jitter),
        }
    }

    fn set_stop(&mut self, stop: Stop) {
        self.stop = Some(stop);
    }
}
