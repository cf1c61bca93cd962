//! The emulator's speed on the classifier (`retro lgame bench --emulated`): whole runs of
//! `asm/t3300/lgame.asm` to its halt, timed on the host. The machine's own figures (cycles,
//! instructions, machine time) are the same in every run; only the host time varies.

use crate::classifier::{self, Error, Options, SOURCE_NAME};
use std::fmt;
use std::time::Duration;

/// Host times of complete classifier runs.
#[derive(Clone, Debug)]
pub struct Timing {
    pub wall: Vec<Duration>,
    pub cycles: u64,
    pub instructions: u64,
    pub time_ns: u64,
}

/// Run the classifier `runs` times (at least once) with the default machine.
pub fn run(runs: usize) -> Result<Timing, Error> {
    let mut t = Timing {
        wall: Vec::new(),
        cycles: 0,
        instructions: 0,
        time_ns: 0,
    };
    for _ in 0..runs.max(1) {
        let r = classifier::run_quietly(Options::default())?;
        t.wall.push(r.wall);
        (t.cycles, t.instructions, t.time_ns) = (r.cycles, r.instructions, r.time_ns);
    }
    Ok(t)
}

impl fmt::Display for Timing {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let median = lgame::bench::median(&self.wall).as_secs_f64();
        let min = self.wall.iter().min().copied().unwrap_or_default();
        writeln!(
            f,
            "T3300-R classifier ({SOURCE_NAME}) to its halt: {} cycles, {} instructions, {:.1} s \
             of machine time",
            crate::report::grouped(self.cycles),
            crate::report::grouped(self.instructions),
            self.time_ns as f64 / 1e9
        )?;
        writeln!(
            f,
            "  host time, median of {}: {median:.2} s (min {:.2} s); {:.1} million \
             instructions per host second, {:.1} times the machine's speed",
            self.wall.len(),
            min.as_secs_f64(),
            self.instructions as f64 / median.max(1e-9) / 1e6,
            self.time_ns as f64 / 1e9 / median.max(1e-9)
        )
    }
}
