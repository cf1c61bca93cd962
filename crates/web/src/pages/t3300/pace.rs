//! How far a slice of a run on the T3300-R page goes (the page's note 2): in cycles, the
//! emulated time of the frame at the chosen speed; in instructions, what the host managed
//! within a frame lately, so that the session's thread answers within about a frame.
//!
//! Notes:
//!
//! 1. "real" is one emulated second a wall second (T_c = 2 µs, `docs/t3300.md` §4);
//!    "fast" is [`Limits::max_speed`] of them, as far as the host keeps up.
//! 2. The instruction cap halves after a slice longer than a frame and doubles after one
//!    shorter than half a frame, between [`MIN_CAP`] and [`MAX_CAP`]: the debugger executes
//!    some ten million instructions a second here, but less on a slow or busy host.

use crate::limits::Limits;
use machine_core::{Debuggable, Limit};
use std::time::Duration;

/// Instructions in the first slice, before the host's speed is known (note 2).
const FIRST_CAP: u64 = 50_000;
/// Instructions a slice may take at most and at least.
const MAX_CAP: u64 = 4_000_000;
const MIN_CAP: u64 = 1_000;

/// How fast a run goes (note 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Speed {
    Real,
    Fast,
}

impl Speed {
    /// The speed a page names.
    pub fn parse(name: &str) -> Result<Speed, String> {
        match name {
            "real" => Ok(Speed::Real),
            "fast" => Ok(Speed::Fast),
            other => Err(format!("speed {other}: real or fast")),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Speed::Real => "real",
            Speed::Fast => "fast",
        }
    }
}

/// The pace of a session's runs.
#[derive(Debug)]
pub struct Pace {
    pub speed: Speed,
    max_speed: f64,
    pub frame: Duration,
    /// Instructions a slice may take (note 2).
    cap: u64,
}

impl Pace {
    pub fn new(l: &Limits) -> Pace {
        Pace {
            speed: Speed::Fast,
            max_speed: l.max_speed.max(1.0),
            frame: l.frame,
            cap: FIRST_CAP,
        }
    }

    /// The limit of a slice of `wall` time on machine `m`.
    pub fn limit(&self, m: &impl Debuggable, wall: Duration) -> Limit {
        let speed = match self.speed {
            Speed::Real => 1.0,
            Speed::Fast => self.max_speed,
        };
        let ns = (wall.as_secs_f64() * speed * 1e9) as u64;
        Limit {
            instructions: Some(self.cap),
            cycles: Some(m.cycles_for_ns(ns).max(1)),
            time_ns: None,
        }
    }

    /// Learn from a slice that took `took` of host time (note 2).
    pub fn adapt(&mut self, took: Duration) {
        if took > self.frame {
            self.cap = (self.cap / 2).max(MIN_CAP);
        } else if took < self.frame / 2 {
            self.cap = (self.cap * 2).min(MAX_CAP);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use t3300::{Config, Machine};

    #[test]
    fn a_frame_of_cycles_at_each_speed_and_a_cap_that_follows_the_host() {
        let m = Machine::new(Config::default(), teletype::Scripted::new());
        let mut p = Pace::new(&Limits::default());
        let frame = Duration::from_millis(33);
        // 33 ms at 2 us a cycle: 16,500 cycles in real time, 50 times as many fast.
        assert_eq!(p.limit(&m, frame).cycles, Some(16_500 * 50));
        p.speed = Speed::parse("real").unwrap();
        assert_eq!(p.limit(&m, frame).cycles, Some(16_500));
        assert_eq!(p.limit(&m, frame).instructions, Some(FIRST_CAP));
        p.adapt(Duration::from_millis(100));
        assert_eq!(p.limit(&m, frame).instructions, Some(FIRST_CAP / 2));
        p.adapt(Duration::from_millis(20));
        assert_eq!(
            p.limit(&m, frame).instructions,
            Some(FIRST_CAP / 2),
            "within the frame"
        );
        for _ in 0..40 {
            p.adapt(Duration::ZERO);
        }
        assert_eq!(p.limit(&m, frame).instructions, Some(MAX_CAP));
        for _ in 0..40 {
            p.adapt(Duration::from_secs(1));
        }
        assert_eq!(p.limit(&m, frame).instructions, Some(MIN_CAP));
        assert!(Speed::parse("warp").is_err());
    }
}
