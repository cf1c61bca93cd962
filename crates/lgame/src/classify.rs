//! The classification of §3 and §8: B_i, F_i by repeated extension of incomplete
//! classifications.
//!
//! An incomplete classification (C, G, V) is held as its characteristic function χ:
//! 0 on V, 1 on G, 2 on C. Its extension χ̃ is computed in the two stages of §8, first over
//! f (φ), then over g:
//!
//! * φ(y) = 1 if some z ∈ f(y) has χ(z) = 2; 2 if every z ∈ f(y) has χ(z) = 1; else 0;
//! * χ̃(x) = 1 if some y ∈ g(x) has φ(y) = 1; 2 if every y ∈ g(x) has φ(y) = 2; else 0.
//!
//! Starting from (∅, ∅, S) the extensions are synchronous (χ̃ reads only χ; note 3 of the
//! crate): extension 2i + 1 yields C = B_i and extension 2i + 2 yields G = F_i. A position
//! first reaching C at extension t is in B̄_i with i = (t − 1)/2, one first reaching G at t is
//! in F̄_i with i = (t − 2)/2. The extensions stop when one changes nothing.

use crate::graph::Graph;
use crate::ltype::{LType, COUNT};
use crate::position::Position;
use std::fmt;

/// The class and level of a position for the side to move (§3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// In B̄_i: the side to move loses (後手必勝形, "the second player wins").
    B(u8),
    /// In F̄_i: the side to move wins (先手必勝形).
    F(u8),
    /// In U: neither side can force a win (不定形).
    U,
}

impl Outcome {
    /// The characteristic function χ of §8: 2 on B, 1 on F, 0 on U.
    pub fn chi(self) -> u8 {
        match self {
            Outcome::B(_) => 2,
            Outcome::F(_) => 1,
            Outcome::U => 0,
        }
    }

    /// `B`, `F` or `U`.
    pub fn class(self) -> char {
        match self {
            Outcome::B(_) => 'B',
            Outcome::F(_) => 'F',
            Outcome::U => 'U',
        }
    }

    /// The level i, for B and F.
    pub fn level(self) -> Option<u8> {
        match self {
            Outcome::B(i) | Outcome::F(i) => Some(i),
            Outcome::U => None,
        }
    }

    /// The outcome as one machine word: χ in bits 1–0, the level in bits 7–2 (U is 0).
    /// This is the layout of a result table written by a classifier program, for comparing
    /// its run against [`classify`].
    pub fn word(self) -> u32 {
        u32::from(self.chi()) | u32::from(self.level().unwrap_or(0)) << 2
    }

    /// The outcome of a result-table word (see [`Outcome::word`]).
    pub fn from_word(w: u32) -> Option<Outcome> {
        let level = u8::try_from(w >> 2).ok().filter(|&l| l < 64)?;
        match w & 3 {
            2 => Some(Outcome::B(level)),
            1 => Some(Outcome::F(level)),
            0 if level == 0 => Some(Outcome::U),
            _ => None,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.level() {
            Some(i) => write!(f, "{}{}", self.class(), i),
            None => f.write_str("U"),
        }
    }
}

/// φ then χ̃ at node x (§8).
fn extended_at(graph: &Graph, chi: &[u8], x: usize) -> u8 {
    let mut all_lost = true;
    for f in graph.l_moves(x) {
        let phi = if f.iter().any(|&z| chi[z as usize] == 2) {
            1
        } else if f.iter().all(|&z| chi[z as usize] == 1) {
            2
        } else {
            0
        };
        match phi {
            1 => return 1,
            2 => {}
            _ => all_lost = false,
        }
    }
    if all_lost {
        2
    } else {
        0
    }
}

/// The extension χ̃ of the incomplete classification χ (§8), into `next`.
pub fn extend(graph: &Graph, chi: &[u8], next: &mut [u8]) {
    for (x, out) in next.iter_mut().enumerate().take(graph.nodes()) {
        *out = extended_at(graph, chi, x);
    }
}

/// Classify every node of a game graph by repeated extension from (∅, ∅, S). Returns the
/// outcome of each node and the number of extensions computed (the last one changes
/// nothing).
pub fn solve(graph: &Graph) -> (Vec<Outcome>, usize) {
    let n = graph.nodes();
    let mut chi = vec![0u8; n];
    let mut next = vec![0u8; n];
    let mut outcome = vec![Outcome::U; n];
    let mut t = 0;
    loop {
        t += 1;
        extend(graph, &chi, &mut next);
        if next == chi {
            return (outcome, t);
        }
        let level = |lag: usize| u8::try_from(t.saturating_sub(lag) / 2).unwrap_or(u8::MAX);
        for x in 0..n {
            if chi[x] == 0 {
                match next[x] {
                    2 => outcome[x] = Outcome::B(level(1)),
                    1 => outcome[x] = Outcome::F(level(2)),
                    _ => {}
                }
            }
        }
        std::mem::swap(&mut chi, &mut next);
    }
}

/// The class and level of every element of M, by l-type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Classification {
    outcomes: Vec<Outcome>,
    extensions: usize,
}

/// Classify the quotient game M (§9).
pub fn classify() -> Classification {
    let (outcomes, extensions) = solve(&Graph::quotient());
    Classification {
        outcomes,
        extensions,
    }
}

/// Why a result table cannot be a classification of M.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    #[error("a classification has {COUNT} entries, not {0}")]
    Length(usize),
    #[error("entry {index}: word {word:o} (octal) is not an outcome")]
    Word { index: usize, word: u32 },
}

/// The counts of §9: |B̄_i|, |F̄_i| by level and the totals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counts {
    pub b_bar: Vec<usize>,
    pub f_bar: Vec<usize>,
    pub b: usize,
    pub f: usize,
    pub u: usize,
}

impl Classification {
    /// A classification from its outcomes in l-type order (for example a result table read
    /// back from an emulated run); `extensions` is 0 as it is unknown.
    pub fn from_outcomes(outcomes: Vec<Outcome>) -> Result<Classification, TableError> {
        if outcomes.len() != COUNT {
            return Err(TableError::Length(outcomes.len()));
        }
        Ok(Classification {
            outcomes,
            extensions: 0,
        })
    }

    /// A classification from a result table of words (see [`Outcome::word`]).
    pub fn from_words(words: &[u32]) -> Result<Classification, TableError> {
        let outcomes = words
            .iter()
            .enumerate()
            .map(|(index, &word)| Outcome::from_word(word).ok_or(TableError::Word { index, word }))
            .collect::<Result<Vec<_>, _>>()?;
        Classification::from_outcomes(outcomes)
    }

    /// The result table as words, by l-type.
    pub fn words(&self) -> Vec<u32> {
        self.outcomes.iter().map(|o| o.word()).collect()
    }

    pub fn outcome(&self, lt: LType) -> Outcome {
        self.outcomes[lt.index()]
    }

    /// The outcome of any position of Λ: that of its class in M (§6).
    pub fn of_position(&self, p: &Position) -> Outcome {
        self.outcome(p.ltype())
    }

    /// All outcomes in l-type order.
    pub fn outcomes(&self) -> &[Outcome] {
        &self.outcomes
    }

    /// How many extensions the classification took (0 if not computed here).
    pub fn extensions(&self) -> usize {
        self.extensions
    }

    /// The l-types with the given outcome, ascending.
    pub fn with_outcome(&self, o: Outcome) -> Vec<LType> {
        LType::all().filter(|&lt| self.outcome(lt) == o).collect()
    }

    /// B_0, the final positions, ascending (the paper's `+bo+`).
    pub fn b0(&self) -> Vec<LType> {
        self.with_outcome(Outcome::B(0))
    }

    pub fn counts(&self) -> Counts {
        let levels = self
            .outcomes
            .iter()
            .filter_map(|o| o.level())
            .max()
            .map_or(0, |m| usize::from(m) + 1);
        let mut c = Counts {
            b_bar: vec![0; levels],
            f_bar: vec![0; levels],
            b: 0,
            f: 0,
            u: 0,
        };
        for o in &self.outcomes {
            match *o {
                Outcome::B(i) => {
                    c.b_bar[usize::from(i)] += 1;
                    c.b += 1;
                }
                Outcome::F(i) => {
                    c.f_bar[usize::from(i)] += 1;
                    c.f += 1;
                }
                Outcome::U => c.u += 1,
            }
        }
        c
    }

    /// The l-types on which two classifications differ, with both outcomes.
    pub fn diff(&self, other: &Classification) -> Vec<(LType, Outcome, Outcome)> {
        LType::all()
            .filter(|&lt| self.outcome(lt) != other.outcome(lt))
            .map(|lt| (lt, self.outcome(lt), other.outcome(lt)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_round_trip() {
        for o in [
            Outcome::U,
            Outcome::B(0),
            Outcome::B(4),
            Outcome::F(0),
            Outcome::F(63),
        ] {
            assert_eq!(Outcome::from_word(o.word()), Some(o));
        }
        assert_eq!(Outcome::from_word(3), None);
        assert_eq!(Outcome::from_word(4), None);
        assert_eq!(Outcome::B(1).word(), 0o6);
    }

    #[test]
    fn extension_on_a_small_game() {
        // A chain 0 -> 1 -> 2 (2 has no move) and a loop 3 <-> 4; every L move leads to the
        // same node through all its f-continuations.
        let mut g = Graph::new();
        let to = |n: u32| [n; crate::moves::F_CHOICES];
        g.push_l_move(&to(1));
        g.end_node();
        g.push_l_move(&to(2));
        g.end_node();
        g.end_node();
        g.push_l_move(&to(4));
        g.end_node();
        g.push_l_move(&to(3));
        g.end_node();
        let (o, t) = solve(&g);
        assert_eq!(
            o,
            vec![
                Outcome::B(1),
                Outcome::F(0),
                Outcome::B(0),
                Outcome::U,
                Outcome::U
            ]
        );
        assert_eq!(t, 4);
    }
}
