//! The work a move may take: a node count and a wall-clock deadline, whichever ends first, or
//! a stop signal from another thread ([`Stop`]).
//!
//! Notes:
//! 1. The stop signal is read at every node (one relaxed atomic load against a node's
//!    evaluation of a board), so a stopped search ends within a node or so; the deadline's
//!    clock is read every 1024 nodes, as a clock costs more.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A stop signal for an engine's search, set from another thread (a closed web page): the
/// search then ends as its budget would, and the engine answers with what it has.
pub type Stop = Arc<AtomicBool>;

/// How long an engine may think about one move. With neither set, the engine uses its own
/// default node budget, so a move always ends.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    pub time: Option<Duration>,
    pub nodes: Option<u64>,
}

impl Limits {
    pub fn nodes(n: u64) -> Self {
        Limits {
            time: None,
            nodes: Some(n),
        }
    }

    pub fn time(t: Duration) -> Self {
        Limits {
            time: Some(t),
            nodes: None,
        }
    }
}

/// Nodes visited so far against the limits; checks the clock every 1024 nodes.
#[derive(Clone, Debug)]
pub struct Budget {
    pub nodes: u64,
    limit: u64,
    deadline: Option<Instant>,
    out: bool,
    stop: Option<Stop>,
}

/// Node budget when the caller gives neither limit.
pub const DEFAULT_NODES: u64 = 200_000;

impl Budget {
    pub fn new(limits: &Limits) -> Self {
        let limit = match (limits.nodes, limits.time) {
            (Some(n), _) => n,
            (None, Some(_)) => u64::MAX,
            (None, None) => DEFAULT_NODES,
        };
        Budget {
            nodes: 0,
            limit,
            deadline: limits.time.map(|t| Instant::now() + t),
            out: false,
            stop: None,
        }
    }

    /// The budget of `limits`, ended early once `stop` is set (note 1).
    pub fn with_stop(limits: &Limits, stop: Option<Stop>) -> Self {
        let mut b = Budget::new(limits);
        b.out = stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed));
        b.stop = stop;
        b
    }

    /// A budget of `n` more nodes within this one (and the same deadline).
    pub fn share(&self, n: u64) -> Budget {
        Budget {
            nodes: 0,
            limit: n.min(self.limit.saturating_sub(self.nodes)),
            deadline: self.deadline,
            out: self.out,
            stop: self.stop.clone(),
        }
    }

    /// A part of what is left: `1/den` of the nodes and of the time to the deadline.
    pub fn part(&self, den: u32) -> Budget {
        let now = Instant::now();
        let mut b = self.share(self.limit.saturating_sub(self.nodes) / u64::from(den.max(1)));
        b.deadline = self
            .deadline
            .map(|d| now + d.saturating_duration_since(now) / den.max(1));
        b
    }

    /// Add the nodes a shared budget used.
    pub fn absorb(&mut self, part: &Budget) {
        self.nodes += part.nodes;
        self.out |= self.nodes >= self.limit
            || self.deadline.is_some_and(|d| Instant::now() >= d)
            || self.stopped();
    }

    /// Count one node; false once the budget is spent.
    #[inline]
    pub fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.limit || self.stopped() {
            self.out = true;
        } else if self.nodes % 1024 == 0 {
            if let Some(d) = self.deadline {
                self.out |= Instant::now() >= d;
            }
        }
        !self.out
    }

    /// Whether the stop signal is set (note 1).
    #[inline]
    fn stopped(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
    }

    pub fn spent(&self) -> bool {
        self.out
    }
}
