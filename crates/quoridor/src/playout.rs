//! A playout: a game played to its end by a [`Policy`], from a position of the search. It ends
//! at a win or, under [`Cut::Ply`], at the draw that the paper's rule declares for games longer
//! than 300 moves (§3.3, "300手を超えた試合は引き分け"); whether the paper also cut its playouts
//! there is not said, so the cut is a named parameter (`cut=300|none`) of every Monte-Carlo
//! player.
//!
//! Notes:
//! 1. The cut counts plies from the start of the game, as the match rule does.
//! 2. `cut=none` plays on to a win; a playout still unfinished after [`NO_CUT_BOUND`] plies
//!    (which the path policies never reach) is counted as a draw so that a playout always ends.
//!
//! Measured with `uniform` (`retro quoridor bench`, 50 000 playouts): from the start the games
//! last 157 plies on average and 16 % reach the 300-move draw; from the middle game of the
//! paper's record (ply 23) they end at ply 230 on average and 48 % are drawn.

use crate::policy::{Policy, Walk};
use crate::rng::Rng;
use crate::square::Side;
use crate::state::{State, DRAW_PLY};
use std::fmt;
use std::str::FromStr;

/// The bound of a playout under `cut=none` (note 2).
pub const NO_CUT_BOUND: u32 = 10_000;

/// Where playouts stop without a winner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cut {
    /// A draw at this ply (the paper's game rule: 300).
    Ply(u32),
    /// No cut (note 2).
    None,
}

impl Default for Cut {
    fn default() -> Cut {
        Cut::Ply(DRAW_PLY)
    }
}

impl Cut {
    fn limit(self) -> u32 {
        match self {
            Cut::Ply(p) => p,
            Cut::None => NO_CUT_BOUND,
        }
    }
}

impl fmt::Display for Cut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cut::Ply(p) => write!(f, "{p}"),
            Cut::None => f.write_str("none"),
        }
    }
}

impl FromStr for Cut {
    type Err = &'static str;
    fn from_str(s: &str) -> Result<Cut, &'static str> {
        const WHY: &str = "a ply count of at least 1, or none";
        match s {
            "none" => Ok(Cut::None),
            _ => match s.parse::<u32>() {
                Ok(p) if p > 0 => Ok(Cut::Ply(p)),
                _ => Err(WHY),
            },
        }
    }
}

/// How a playout ended.
#[derive(Clone, Copy, Debug)]
pub struct Playout {
    /// The winner, or `None` for a draw at the cut.
    pub winner: Option<Side>,
    /// Plies from the start of the game at the end.
    pub ply: u32,
    /// Both sides' shortest paths at the end (the first player's first); zeros when a
    /// `uniform` playout was not asked for them.
    pub paths: [u8; 2],
}

impl Playout {
    /// The result for `side`: 1 for a win, 0 for a loss, 1/2 for a draw at the cut.
    pub fn reward(&self, side: Side) -> f64 {
        match self.winner {
            Some(w) if w == side => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }

    /// The paper's score for `side` at the end (§3.2): the opponent's shortest path minus its
    /// own.
    pub fn score(&self, side: Side) -> i32 {
        i32::from(self.paths[side.opponent().index()]) - i32::from(self.paths[side.index()])
    }
}

/// Play `policy` from `state` to the end.
pub fn playout(state: &State, policy: &Policy, cut: Cut, rng: &mut Rng) -> Playout {
    playout_in(&mut Walk::new(state), state, policy, cut, rng, true)
}

/// [`playout`] in a walk kept from playout to playout (its memory is reused); `paths` asks
/// for the final paths (the paper's score) even where the policy did not need them.
#[inline]
pub fn playout_in(
    w: &mut Walk,
    state: &State,
    policy: &Policy,
    cut: Cut,
    rng: &mut Rng,
    paths: bool,
) -> Playout {
    let limit = cut.limit();
    if *policy == Policy::Uniform {
        // No distances are asked for on the way: play on the position alone and measure the
        // paths once at the end.
        let mut s = *state;
        let winner = loop {
            if let Some(side) = s.winner() {
                break Some(side);
            }
            if s.ply() >= limit {
                break None;
            }
            s.play_unchecked(crate::policy::uniform_move(&s, rng));
        };
        return Playout {
            winner,
            ply: s.ply(),
            paths: if paths {
                [s.path_len(Side::First), s.path_len(Side::Second)]
            } else {
                [0, 0]
            },
        };
    }
    w.reset(state);
    let winner = loop {
        if let Some(side) = w.state.winner() {
            break Some(side);
        }
        if w.state.ply() >= limit {
            break None;
        }
        let m = w.policy_move(policy, rng);
        w.play(m);
    };
    Playout {
        winner,
        ply: w.state.ply(),
        paths: [w.path_len(Side::First), w.path_len(Side::Second)],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuts_read_and_print_alike() {
        assert_eq!("300".parse::<Cut>(), Ok(Cut::Ply(300)));
        assert_eq!("none".parse::<Cut>(), Ok(Cut::None));
        assert!("0".parse::<Cut>().is_err());
        assert_eq!(Cut::default().to_string(), "300");
    }

    #[test]
    fn a_cut_playout_ends_drawn_at_the_cut_and_an_uncut_one_plays_on() {
        // A cut at ply 2 from the start: no walk reaches a goal in two plies.
        let mut rng = Rng::new(1);
        let p = playout(&State::new(), &Policy::Uniform, Cut::Ply(2), &mut rng);
        assert_eq!((p.winner, p.ply), (None, 2));
        assert_eq!(p.reward(Side::First), 0.5);
        let mut long = 0;
        for seed in 0..50 {
            let mut rng = Rng::new(seed);
            let p = playout(&State::new(), &Policy::Uniform, Cut::None, &mut rng);
            assert!(p.winner.is_some());
            long += u32::from(p.ply > DRAW_PLY);
            // The winner's path is 0, so its score is the loser's path.
            let w = p.winner.unwrap();
            assert_eq!(p.score(w), i32::from(p.paths[w.opponent().index()]));
            assert!(p.score(w) > 0);
        }
        assert!(long > 0, "some uniform playouts pass ply 300");
    }

    #[test]
    fn path_playouts_are_short() {
        let mut rng = Rng::new(2);
        let policy: Policy = "path:0.5:0.25".parse().unwrap();
        let plies: u32 = (0..200)
            .map(|_| playout(&State::new(), &policy, Cut::default(), &mut rng).ply)
            .sum();
        let mean = f64::from(plies) / 200.0;
        assert!((15.0..60.0).contains(&mean), "{mean} plies a playout");
    }
}
