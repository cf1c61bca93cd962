//! The emulator's speed (`retro t3300 bench`): the benchmark loop `asm/t3300/bench.asm`, or
//! any program, run again and again for a span of host time.
//!
//! Notes:
//!
//! 1. Device time is not charged and the keyboard is empty (a program that reads it stops),
//!    so the figure is the CPU's.
//! 2. `bench.asm` counts its passes down from `+passes+`, set to 077777 so that one run lasts
//!    long enough to hide the reload; another program is reloaded each time it halts.

use crate::{Config, Limit, Machine, Stop};
use std::fmt;
use std::time::Instant;
use t3300_isa::{Image, Word};

/// Cycles a single run may take before it is cut off and the program reloaded.
const RUN_CYCLES: u64 = 2_000_000_000;

/// What to time: an image, and where its pass count is (note 2).
pub struct Program {
    pub name: String,
    pub image: Image,
    pub passes: Option<u16>,
}

/// Why a benchmark could not be timed.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error(transparent)]
    Load(#[from] crate::LoadError),
    #[error("{name}: {stop}")]
    Stopped { name: String, stop: Stop },
}

/// One measurement.
#[derive(Clone, Debug)]
pub struct Measurement {
    pub name: String,
    pub runs: u64,
    pub instructions: u64,
    pub cycles: u64,
    pub wall_seconds: f64,
    pub cycle_ns: u64,
}

impl Measurement {
    /// Million emulated instructions per host second.
    pub fn mips(&self) -> f64 {
        self.instructions as f64 / self.wall_seconds / 1e6
    }

    /// Seconds of machine time emulated.
    pub fn emulated_seconds(&self) -> f64 {
        self.cycles as f64 * self.cycle_ns as f64 / 1e9
    }
}

impl fmt::Display for Measurement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (i, c, wall) = (self.instructions, self.cycles, self.wall_seconds);
        let emulated = self.emulated_seconds();
        writeln!(f, "T3300-R benchmark: {}, {} runs", self.name, self.runs)?;
        writeln!(
            f,
            "  {i} instructions, {c} cycles in {wall:.3} s of host time"
        )?;
        writeln!(f, "  {:.1} million emulated instructions/s", self.mips())?;
        write!(
            f,
            "  {:.2} cycles/instruction; {emulated:.1} s of machine time at {:.1} us/cycle = {:.0}x real time",
            c as f64 / i.max(1) as f64,
            self.cycle_ns as f64 / 1000.0,
            emulated / wall
        )
    }
}

/// `retro t3300 bench`: `program` (the benchmark loop, or any program, reloaded each time it
/// halts: the caller reads or assembles it) timed for `seconds` of host time (more than 0, at
/// most a day).
///
/// # Errors
/// Seconds out of range, a program that stops other than by a halt.
pub fn run(program: &Program, seconds: f64) -> Result<Measurement, String> {
    if !(seconds.is_finite() && seconds > 0.0 && seconds <= 86_400.0) {
        return Err(format!(
            "--seconds must be a number of seconds from 0 to 86400, not {seconds}"
        ));
    }
    measure(program, seconds).map_err(|e| e.to_string())
}

/// Run `program` again and again for `seconds` of host time.
pub fn measure(program: &Program, seconds: f64) -> Result<Measurement, Error> {
    let config = Config {
        fast_typewriter: true,
        fast_tape: true,
        key_wait_limit: Some(0),
        ..Config::default()
    };
    let mut m = Machine::new(config, teletype::Scripted::new());
    let (mut instructions, mut cycles, mut runs) = (0u64, 0u64, 0u64);
    let started = Instant::now();
    while started.elapsed().as_secs_f64() < seconds {
        m.load(&program.image)?;
        if let Some(p) = program.passes {
            m.poke(p, Word::new(0o77777));
        }
        let (i0, c0) = (m.instructions(), m.cycles());
        let stop = m.run(Limit::cycles(RUN_CYCLES));
        instructions += m.instructions() - i0;
        cycles += m.cycles() - c0;
        runs += 1;
        if !matches!(stop, Stop::Halt { .. } | Stop::RunLimit { .. }) {
            let name = program.name.clone();
            return Err(Error::Stopped { name, stop });
        }
    }
    Ok(Measurement {
        name: program.name.clone(),
        runs,
        instructions,
        cycles,
        wall_seconds: started.elapsed().as_secs_f64(),
        cycle_ns: config.cycle_ns,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bench_loop() -> Program {
        let (image, passes) = t3300_asm::files::bench_loop().unwrap();
        Program {
            name: t3300_asm::files::BENCH_NAME.into(),
            image,
            passes: Some(passes),
        }
    }

    #[test]
    fn the_loop_runs_and_reports() {
        let r = measure(&bench_loop(), 0.0).unwrap();
        assert_eq!(r.runs, 0, "no time, no run");
        assert!(run(&bench_loop(), 0.0).is_err());
        let r = measure(&bench_loop(), 0.05).unwrap();
        assert!(r.runs >= 1 && r.instructions > 0);
        assert!(r.to_string().contains("million emulated instructions/s"));
    }

    #[test]
    fn a_program_that_reads_the_keyboard_stops_the_benchmark() {
        let a = t3300_asm::assemble("echo", include_str!("../../../asm/t3300/echo.asm")).unwrap();
        let p = Program {
            name: "echo".into(),
            image: a.image,
            passes: None,
        };
        let e = measure(&p, 1.0).unwrap_err();
        assert!(e.to_string().starts_with("echo: "), "{e}");
    }
}
