//! Benchmarks behind `retro quoridor bench`: perft from the start and playouts of a policy (the
//! cost of one 50 000-playout move) from the start and from the middle game, on one core.

use crate::notation::position;
use crate::perft::perft;
use crate::players::UcbParams;
use crate::playout::{playout_in, Cut};
use crate::policy::{Policy, Walk};
use crate::rng::Rng;
use crate::{Spec, State};
use std::time::{Duration, Instant};

/// A clock for this thread: its own processor time where Linux reports it
/// (`/proc/thread-self/schedstat`, in nanoseconds), so that other work on a shared machine does
/// not count; wall time elsewhere.
struct Clock {
    wall: Instant,
    cpu: Option<u64>,
}

fn thread_cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

impl Clock {
    fn start() -> Clock {
        Clock {
            wall: Instant::now(),
            cpu: thread_cpu_ns(),
        }
    }
    fn elapsed(&self) -> Duration {
        match (self.cpu, thread_cpu_ns()) {
            (Some(a), Some(b)) => Duration::from_nanos(b - a),
            _ => self.wall.elapsed(),
        }
    }
}

/// The middle-game position: the paper's Olympiad record (appendix), 23 plies, 9 walls down.
pub const MIDDLE_GAME: &str =
    "e8, e2, e7, e3, e6, e4, e5, e6, e4, e7, e3, e8, e8-, d8, c8-, d2-, a8-, e3|, d7|, c3|, c6-, c8, c5|";

/// One measurement.
#[derive(Clone, Debug)]
pub struct Measure {
    pub what: String,
    /// Nodes counted or playouts run.
    pub count: u64,
    pub time: Duration,
    /// Average playout length in plies from the start of the game, and the share drawn at the
    /// 300-move cap (playouts only).
    pub playouts: Option<(f64, f64)>,
}

impl std::fmt::Display for Measure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{:<36} {:>12} in {:>8.4} s of processor time",
            self.what,
            self.count,
            self.time.as_secs_f64()
        )?;
        if let Some((plies, drawn)) = self.playouts {
            write!(
                f,
                "  (games of {plies:.1} plies, {:.1}% drawn at 300)",
                100.0 * drawn
            )?;
        }
        Ok(())
    }
}

/// perft `depth` from the start.
pub fn perft_start(depth: u32) -> Measure {
    let t = Clock::start();
    let count = perft(&State::new(), depth);
    Measure {
        what: format!("perft {depth} from the start"),
        count,
        time: t.elapsed(),
        playouts: None,
    }
}

/// How playouts are made: as the players make them, or the plain way
/// ([`crate::policy::reference`]) that plays the same games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Way {
    Fast,
    Plain,
}

/// `n` playouts of `policy` from `state`, seeded, cut at the paper's 300 moves.
pub fn playouts(
    what: &str,
    state: &State,
    n: u64,
    seed: u64,
    policy: &Policy,
    way: Way,
) -> Measure {
    let mut rng = Rng::new(seed);
    let t = Clock::start();
    // As a search does: one walk for all the playouts.
    let mut walk = Walk::new(state);
    let (mut plies, mut drawn) = (0u64, 0u64);
    for _ in 0..n {
        let p = match way {
            Way::Fast => playout_in(&mut walk, state, policy, Cut::default(), &mut rng, false),
            Way::Plain => {
                crate::policy::reference::playout(state, policy, Cut::default(), &mut rng)
            }
        };
        plies += u64::from(p.ply);
        drawn += u64::from(p.winner.is_none());
    }
    Measure {
        what: format!(
            "{n} {policy} playouts{} from {what}",
            if way == Way::Plain { " (plain)" } else { "" }
        ),
        count: n,
        time: t.elapsed(),
        playouts: Some((plies as f64 / n as f64, drawn as f64 / n as f64)),
    }
}

/// One move of `spec` (seed 1) from `state`; the count is 1.
pub fn one_move(what: &str, spec: &Spec, state: &State) -> Measure {
    let mut player = spec.build(1);
    let t = Clock::start();
    let m = player.choose(state);
    Measure {
        what: format!("one move of {spec} from {what} ({m})"),
        count: 1,
        time: t.elapsed(),
        playouts: None,
    }
}

/// One move of each of the paper's search players from the start and the middle game.
pub fn players(playouts: u32, policy: Policy) -> Vec<Measure> {
    let middle = position(MIDDLE_GAME).expect("the paper's record replays");
    let ucb = UcbParams {
        playouts,
        policy,
        ..UcbParams::default()
    };
    let specs = [
        Spec::Ucb(ucb),
        Spec::UcbDt {
            ucb,
            dt: Default::default(),
        },
        Spec::Ab2,
    ];
    let mut out = Vec::new();
    for (what, s) in [("the start", State::new()), ("the middle game", middle)] {
        for spec in &specs {
            out.push(one_move(what, spec, &s));
        }
    }
    out
}

/// The standard set: perft `depth` and `n` playouts of `policy` from the start and the
/// middle game.
pub fn standard(depth: u32, n: u64, policy: &Policy, way: Way) -> Vec<Measure> {
    let middle = position(MIDDLE_GAME).expect("the paper's record replays");
    vec![
        perft_start(depth),
        playouts("the start", &State::new(), n, 1, policy, way),
        playouts("the middle game", &middle, n, 1, policy, way),
    ]
}

/// `retro quoridor bench`: [`standard`] the fast or the plain way, then [`players`] when their
/// playouts are given; the policy is the players' default unless given.
pub fn all(
    depth: u32,
    n: u64,
    policy: Option<Policy>,
    way: Way,
    players_playouts: Option<u32>,
) -> Vec<Measure> {
    let policy = policy.unwrap_or(crate::players::DEFAULT_POLICY);
    let mut all = standard(depth, n, &policy, way);
    if let Some(p) = players_playouts {
        all.extend(players(p, policy));
    }
    all
}
