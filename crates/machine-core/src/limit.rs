//! How far a run may go: the one run limit of both machines.
//!
//! Implementation notes:
//!
//! 1. A run that no operator watches (standard input is not a terminal: a pipe, a file, a CI
//!    job) gets [`Limit::BATCH`] unless it was given a limit, so that a program that never
//!    halts ends instead of running for ever. An hour of emulated time is far beyond the
//!    longest programs the project runs (HP's I/O instruction group diagnostic, 98 s of 2100A
//!    time; the L-game classification on the T3300-R, 187 s) and ends a runaway loop in
//!    seconds of host time. At a terminal the operator stops a run with Ctrl-C
//!    or Ctrl-E instead, so there is no default limit there.

/// The unit of a number given alone to [`Limit::parse`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    Seconds,
    Instructions,
    Cycles,
}

/// Seconds of emulated time in [`Limit::BATCH`].
pub const BATCH_SECONDS: u64 = 3600;

/// How far a run may go, counted from where it starts. Each bound is optional and the run
/// stops at the first one reached, with [`crate::Stop::RunLimit`]. The units mean the same on
/// both machines: an instruction is one the machine executes (an interrupt acknowledge counts
/// as the instruction it runs), a cycle is a memory cycle, and emulated time is cycles times
/// the machine's cycle time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limit {
    /// Instructions to execute at most.
    pub instructions: Option<u64>,
    /// Memory cycles at most.
    pub cycles: Option<u64>,
    /// Emulated time at most, in nanoseconds.
    pub time_ns: Option<u64>,
}

impl Limit {
    /// No limit: the run ends only at a stop.
    pub const NONE: Limit = Limit {
        instructions: None,
        cycles: None,
        time_ns: None,
    };

    /// The limit of a run that no operator watches (note 1): an hour of emulated time.
    pub const BATCH: Limit = Limit {
        time_ns: Some(BATCH_SECONDS * 1_000_000_000),
        ..Limit::NONE
    };

    /// The limit of a run: `given` if there is one, else [`Limit::BATCH`] when no operator
    /// is at a terminal to stop the run, else none (note 1).
    pub fn for_run(given: Option<Limit>, at_terminal: bool) -> Limit {
        match given {
            Some(l) => l,
            None if at_terminal => Limit::NONE,
            None => Limit::BATCH,
        }
    }

    pub fn instructions(n: u64) -> Self {
        Limit {
            instructions: Some(n),
            ..Limit::NONE
        }
    }

    pub fn cycles(n: u64) -> Self {
        Limit {
            cycles: Some(n),
            ..Limit::NONE
        }
    }

    pub fn seconds(s: f64) -> Self {
        Limit {
            time_ns: Some((s * 1e9) as u64),
            ..Limit::NONE
        }
    }

    /// A limit as the operator writes it: `off` (or `none`), or a number and a unit,
    /// `seconds` (emulated), `instructions` or `cycles` (singular too, or `s`); a bare number
    /// is in `bare` units. Seconds are a positive finite number, counts a whole number.
    ///
    /// # Errors
    /// A message naming what is wrong.
    pub fn parse(text: &str, bare: Unit) -> Result<Limit, String> {
        let mut words = text.split_whitespace();
        let n = words.next().unwrap_or("");
        if n.eq_ignore_ascii_case("off") || n.eq_ignore_ascii_case("none") {
            return Ok(Limit::NONE);
        }
        let unit = match words.next().map(str::to_ascii_lowercase).as_deref() {
            None => bare,
            Some("seconds" | "second" | "s") => Unit::Seconds,
            Some("instructions" | "instruction") => Unit::Instructions,
            Some("cycles" | "cycle") => Unit::Cycles,
            Some(u) => {
                return Err(format!(
                    "unit must be seconds, instructions or cycles, not {u}"
                ))
            }
        };
        if let Some(extra) = words.next() {
            return Err(format!("unexpected {extra} after the limit"));
        }
        let count = || n.parse::<u64>().map_err(|_| format!("bad number: {n}"));
        Ok(match unit {
            Unit::Seconds => {
                let t = n.parse::<f64>().ok().filter(|t| t.is_finite() && *t > 0.0);
                Limit::seconds(
                    t.ok_or_else(|| format!("seconds must be a positive number, not {n}"))?,
                )
            }
            Unit::Instructions => Limit::instructions(count()?),
            Unit::Cycles => Limit::cycles(count()?),
        })
    }

    /// The limit in words, as messages quote it (`3600 s of emulated time`).
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        if let Some(n) = self.instructions {
            parts.push(format!("{n} instructions"));
        }
        if let Some(n) = self.cycles {
            parts.push(format!("{n} cycles"));
        }
        if let Some(ns) = self.time_ns {
            parts.push(format!("{} s of emulated time", ns as f64 * 1e-9));
        }
        if parts.is_empty() {
            "no limit".into()
        } else {
            parts.join(" or ")
        }
    }

    /// The instruction count at which a run started at count `now` stops (`u64::MAX`: none).
    pub fn instruction_bound(&self, now: u64) -> u64 {
        self.instructions
            .map_or(u64::MAX, |n| now.saturating_add(n))
    }

    /// The cycle count at which a run started at count `now` stops (`u64::MAX`: none), on a
    /// machine whose `cycles_for_ns` turns emulated time into cycles.
    pub fn cycle_bound(&self, now: u64, cycles_for_ns: impl Fn(u64) -> u64) -> u64 {
        let by_cycles = self.cycles.map_or(u64::MAX, |c| now.saturating_add(c));
        let by_time = self
            .time_ns
            .map_or(u64::MAX, |ns| now.saturating_add(cycles_for_ns(ns)));
        by_cycles.min(by_time)
    }
}

#[cfg(test)]
mod tests {
    use super::Limit;

    #[test]
    fn the_nearest_bound_wins() {
        let per_us = |ns: u64| ns / 1000;
        assert_eq!(Limit::NONE.cycle_bound(5, per_us), u64::MAX);
        assert_eq!(Limit::NONE.instruction_bound(5), u64::MAX);
        assert_eq!(Limit::cycles(10).cycle_bound(5, per_us), 15);
        assert_eq!(Limit::seconds(0.001).cycle_bound(5, per_us), 1005);
        let both = Limit {
            cycles: Some(2000),
            ..Limit::seconds(0.001)
        };
        assert_eq!(both.cycle_bound(5, per_us), 1005);
        assert_eq!(
            Limit::instructions(3).instruction_bound(u64::MAX - 1),
            u64::MAX
        );
    }

    #[test]
    fn limits_as_the_operator_writes_them() {
        use super::Unit::*;
        assert_eq!(Limit::parse("off", Seconds), Ok(Limit::NONE));
        assert_eq!(Limit::parse("NONE", Seconds), Ok(Limit::NONE));
        assert_eq!(Limit::parse("2.5", Seconds), Ok(Limit::seconds(2.5)));
        assert_eq!(Limit::parse("7", Instructions), Ok(Limit::instructions(7)));
        assert_eq!(Limit::parse("2 s", Instructions), Ok(Limit::seconds(2.0)));
        assert_eq!(Limit::parse("9 Cycles", Seconds), Ok(Limit::cycles(9)));
        for (text, says) in [
            ("NaN seconds", "positive number"),
            ("-1", "positive number"),
            ("inf s", "positive number"),
            ("0", "positive number"),
            ("-1 instructions", "bad number"),
            ("5 years", "unit must be"),
            ("5 s more", "unexpected more"),
            ("", "positive number"),
        ] {
            let e = Limit::parse(text, Seconds).unwrap_err();
            assert!(e.contains(says), "{text}: {e}");
        }
        assert_eq!(Limit::BATCH.describe(), "3600 s of emulated time");
        assert_eq!(
            Limit {
                cycles: Some(4),
                ..Limit::instructions(3)
            }
            .describe(),
            "3 instructions or 4 cycles"
        );
    }

    #[test]
    fn a_run_without_a_terminal_is_bounded_unless_told_otherwise() {
        assert_eq!(Limit::for_run(None, false), Limit::BATCH);
        assert_eq!(Limit::BATCH, Limit::seconds(3600.0));
        assert_eq!(Limit::for_run(None, true), Limit::NONE);
        let given = Limit::cycles(7);
        assert_eq!(Limit::for_run(Some(given), false), given);
        assert_eq!(Limit::for_run(Some(Limit::NONE), false), Limit::NONE);
    }
}
