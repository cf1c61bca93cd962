//! Player specifications: `random`, `ucb:playouts=50000,c=2.0,formula=ucb1,policy=...,cut=300`,
//! `ucb-dt:d=0.005,n=10,start=zero,tie=half,reversal=stay,playouts=50000,...`, `ab2`. Display is
//! canonical and lists every parameter, so a report that prints a spec states the player's
//! whole budget, its playout policy and every reading of the paper it was built with.

use super::ucb_dt::{DtParams, Reversal, Start, Tie};
use super::{AlphaBeta2, Player, RandomPlayer, Ucb, UcbDt};
use crate::playout::Cut;
use crate::policy::Policy;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// Which UCB formula (§2.2): the cited UCB1 of Auer et al. or the paper's printed form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Formula {
    /// `x_i + sqrt(C ln n_all / n_i)` (Auer et al. 2002, the paper's reference 13).
    Ucb1,
    /// `x_i + sqrt(C n_all / n_i)`, as printed in §2.2 (no logarithm).
    Printed,
}

impl fmt::Display for Formula {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Formula::Ucb1 => "ucb1",
            Formula::Printed => "printed",
        })
    }
}

/// The default playout policy of the Monte-Carlo players: the one calibrated on plain UCB
/// against `ab2` at the paper's 50 000 playouts (`docs/quoridor-experiments.md`: 0.345
/// [0.283, 0.413] over 200 games, the paper's 0.368).
pub const DEFAULT_POLICY: Policy = Policy::Path {
    step: 0.3,
    wall: 0.35,
};

impl FromStr for Formula {
    type Err = &'static str;
    fn from_str(s: &str) -> Result<Formula, &'static str> {
        match s {
            "ucb1" => Ok(Formula::Ucb1),
            "printed" => Ok(Formula::Printed),
            _ => Err("ucb1 or printed"),
        }
    }
}

/// The flat UCB's budget, formula and playouts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct UcbParams {
    /// Playouts per move (the paper's §3.3: 50 000).
    pub playouts: u32,
    /// The exploration constant C (§2.2: 2.0).
    pub c: f64,
    pub formula: Formula,
    /// How playouts choose their moves (`policy/`).
    pub policy: Policy,
    /// Where playouts stop without a winner (`playout.rs`).
    pub cut: Cut,
}

impl Default for UcbParams {
    fn default() -> Self {
        UcbParams {
            playouts: 50_000,
            c: 2.0,
            formula: Formula::Ucb1,
            policy: DEFAULT_POLICY,
            cut: Cut::default(),
        }
    }
}

/// A player and its parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Spec {
    Random,
    Ucb(UcbParams),
    /// UCB with the dynamic threshold (§3.2; §3.3 fixes n = 10 and finds d = 0.005 best
    /// against UCB).
    UcbDt {
        ucb: UcbParams,
        dt: DtParams,
    },
    /// Depth-2 alpha-beta on the paper's score.
    Ab2,
}

/// A player specification that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SpecError {
    #[error("unknown player {0:?} (players: random, ucb, ucb-dt, ab2)")]
    UnknownPlayer(String),
    #[error("{player} has no parameter {key:?} (it takes: {takes})")]
    UnknownParameter {
        player: &'static str,
        key: String,
        takes: &'static str,
    },
    #[error("{key}={value:?}: {why}")]
    BadValue {
        key: String,
        value: String,
        why: &'static str,
    },
    #[error("parameter {0:?} is not of the form key=value")]
    NotKeyValue(String),
}

impl Spec {
    /// The player's name as written in a spec.
    pub fn name(&self) -> &'static str {
        match self {
            Spec::Random => "random",
            Spec::Ucb(_) => "ucb",
            Spec::UcbDt { .. } => "ucb-dt",
            Spec::Ab2 => "ab2",
        }
    }

    /// The playouts a move (0 for players without them).
    pub fn playouts(&self) -> u64 {
        match self {
            Spec::Ucb(p) | Spec::UcbDt { ucb: p, .. } => u64::from(p.playouts),
            Spec::Random | Spec::Ab2 => 0,
        }
    }

    /// The player, seeded.
    pub fn build(&self, seed: u64) -> Box<dyn Player> {
        match *self {
            Spec::Random => Box::new(RandomPlayer::new(seed)),
            Spec::Ucb(p) => Box::new(Ucb::new(p, seed)),
            Spec::UcbDt { ucb, dt } => Box::new(UcbDt::new(ucb, dt, seed)),
            Spec::Ab2 => Box::new(AlphaBeta2::new(seed)),
        }
    }
}

impl fmt::Display for Spec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ucb = |f: &mut fmt::Formatter<'_>, p: &UcbParams| {
            write!(
                f,
                "playouts={},c={:?},formula={},policy={},cut={}",
                p.playouts, p.c, p.formula, p.policy, p.cut
            )
        };
        match self {
            Spec::Random | Spec::Ab2 => f.write_str(self.name()),
            Spec::Ucb(p) => {
                f.write_str("ucb:")?;
                ucb(f, p)
            }
            Spec::UcbDt { ucb: p, dt } => {
                write!(
                    f,
                    "ucb-dt:d={:?},n={},start={},tie={},reversal={},",
                    dt.d, dt.n, dt.start, dt.tie, dt.reversal
                )?;
                ucb(f, p)
            }
        }
    }
}

fn number<T: FromStr>(key: &str, value: &str, why: &'static str) -> Result<T, SpecError> {
    value.parse().map_err(|_| SpecError::BadValue {
        key: key.into(),
        value: value.into(),
        why,
    })
}

/// Set one UCB parameter; `false` if `key` is not one.
fn ucb_param(p: &mut UcbParams, key: &str, value: &str) -> Result<bool, SpecError> {
    match key {
        "playouts" => {
            p.playouts = number(key, value, "a whole number of playouts, at least 1")?;
            if p.playouts == 0 {
                return Err(SpecError::BadValue {
                    key: key.into(),
                    value: value.into(),
                    why: "a whole number of playouts, at least 1",
                });
            }
        }
        "c" => {
            p.c = number(key, value, "a number")?;
            if !(p.c.is_finite() && p.c >= 0.0) {
                return Err(SpecError::BadValue {
                    key: key.into(),
                    value: value.into(),
                    why: "a finite number, 0 or more",
                });
            }
        }
        "formula" => p.formula = word(key, value, "ucb1 or printed")?,
        "policy" => {
            p.policy = value.parse().map_err(|why| SpecError::BadValue {
                key: key.into(),
                value: value.into(),
                why,
            })?
        }
        "cut" => {
            p.cut = value.parse().map_err(|why| SpecError::BadValue {
                key: key.into(),
                value: value.into(),
                why,
            })?
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// A word of a closed set, or the error naming the set.
fn word<T: FromStr>(key: &str, value: &str, set: &'static str) -> Result<T, SpecError> {
    value.parse().map_err(|_| SpecError::BadValue {
        key: key.into(),
        value: value.into(),
        why: set,
    })
}

impl FromStr for Spec {
    type Err = SpecError;

    fn from_str(s: &str) -> Result<Spec, SpecError> {
        let (name, params) = s.split_once(':').unwrap_or((s, ""));
        let pairs = params
            .split(',')
            .filter(|p| !p.trim().is_empty())
            .map(|p| {
                p.split_once('=')
                    .map(|(k, v)| (k.trim(), v.trim()))
                    .ok_or_else(|| SpecError::NotKeyValue(p.to_string()))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let unknown = |player, key: &str, takes| SpecError::UnknownParameter {
            player,
            key: key.to_string(),
            takes,
        };
        match name.trim() {
            "random" => match pairs.first() {
                Some((k, _)) => Err(unknown("random", k, "nothing")),
                None => Ok(Spec::Random),
            },
            "ab2" => match pairs.first() {
                Some((k, _)) => Err(unknown("ab2", k, "nothing")),
                None => Ok(Spec::Ab2),
            },
            "ucb" => {
                let mut p = UcbParams::default();
                for (k, v) in pairs {
                    if !ucb_param(&mut p, k, v)? {
                        return Err(unknown("ucb", k, "playouts, c, formula, policy, cut"));
                    }
                }
                Ok(Spec::Ucb(p))
            }
            "ucb-dt" => {
                let (mut ucb, mut dt) = (UcbParams::default(), DtParams::default());
                for (k, v) in pairs {
                    match k {
                        "d" => {
                            dt.d = number(k, v, "a rate margin between 0 and 1")?;
                            if !(0.0..=1.0).contains(&dt.d) {
                                return Err(SpecError::BadValue {
                                    key: k.into(),
                                    value: v.into(),
                                    why: "a rate margin between 0 and 1",
                                });
                            }
                        }
                        "n" => dt.n = number(k, v, "a whole number of moves")?,
                        "start" => dt.start = word::<Start>(k, v, "zero or carry")?,
                        "tie" => dt.tie = word::<Tie>(k, v, "half, loss or win")?,
                        "reversal" => dt.reversal = word::<Reversal>(k, v, "stay or back")?,
                        _ => {
                            if !ucb_param(&mut ucb, k, v)? {
                                return Err(unknown(
                                    "ucb-dt",
                                    k,
                                    "d, n, start, tie, reversal, playouts, c, formula, policy, cut",
                                ));
                            }
                        }
                    }
                }
                Ok(Spec::UcbDt { ucb, dt })
            }
            other => Err(SpecError::UnknownPlayer(other.to_string())),
        }
    }
}
