//! How far a run may go: the one run limit of both machines.

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
}
