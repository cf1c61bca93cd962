//! Benchmark programs and their measurement (`retro hp2100 bench`).

use crate::panel::Limit;
use crate::{Config, Machine};
use std::time::Instant;

/// A benchmark: a name and a program of (address, word) pairs that starts at 100 and runs for
/// ever.
pub struct Program {
    pub name: &'static str,
    pub words: &'static [(u16, u16)],
}

/// (a) The simple loop: LDA, ADA, STA, ISZ, JMP.
#[rustfmt::skip]
pub const SIMPLE: Program = Program {
    name: "LDA/ADA/STA/ISZ/JMP loop",
    words: &[
        (0o100, 0o062200), // LDA 200
        (0o101, 0o042201), // ADA 201
        (0o102, 0o072202), // STA 202
        (0o103, 0o034203), // ISZ 203
        (0o104, 0o024100), // JMP 100
        (0o105, 0o024100), // JMP 100 (after the ISZ skip)
        (0o200, 1), (0o201, 3),
    ],
};

/// (b) A mix: MPY, a JSB to a subroutine, a two-level indirect chain, ADB.
#[rustfmt::skip]
pub const MIX: Program = Program {
    name: "mix: MPY, JSB, indirect chains",
    words: &[
        (0o100, 0o060210), // LDA 210
        (0o101, 0o100200), // MPY 211
        (0o102, 0o000211),
        (0o103, 0o014300), // JSB 300
        (0o104, 0o164212), // LDB 212,I   (212 -> 213,I -> 214)
        (0o105, 0o044214), // ADB 214
        (0o106, 0o024100), // JMP 100
        (0o210, 7), (0o211, 3), (0o212, 0o100213), (0o213, 0o000214), (0o214, 5),
        (0o300, 0),        // the return address
        (0o301, 0o034215), // ISZ 215
        (0o302, 0o002000), // NOP (ASG form) for the ISZ skip
        (0o303, 0o124300), // JMP 300,I
    ],
};

/// One measurement.
#[derive(Clone, Debug)]
pub struct Measurement {
    pub instructions: u64,
    pub wall_seconds: f64,
    pub emulated_seconds: f64,
}

impl Measurement {
    pub fn mips(&self) -> f64 {
        self.instructions as f64 / self.wall_seconds / 1e6
    }

    /// Emulated 2100A seconds per wall-clock second.
    pub fn speedup(&self) -> f64 {
        self.emulated_seconds / self.wall_seconds
    }
}

/// Run `program` for `instructions` instructions and time it.
pub fn measure(program: &Program, instructions: u64) -> Measurement {
    let mut m = Machine::new(Config::default()).expect("default configuration");
    for &(a, w) in program.words {
        m.poke_core(a, w);
    }
    m.p = 0o100;
    let start = Instant::now();
    let stop = m.run(Limit::instructions(instructions));
    let wall = start.elapsed().as_secs_f64();
    debug_assert!(matches!(stop, machine_core::Stop::RunLimit { .. }));
    Measurement {
        instructions: m.instructions,
        wall_seconds: wall,
        emulated_seconds: m.seconds(),
    }
}

/// The report of `retro hp2100 bench`: both programs, `millions` million instructions each.
///
/// # Errors
/// A count of instructions that is 0 or does not fit 64 bits.
pub fn report(millions: u64) -> Result<String, String> {
    let count = millions
        .checked_mul(1_000_000)
        .filter(|&n| n > 0)
        .ok_or_else(|| format!("--millions must be from 1 to {}", u64::MAX / 1_000_000))?;
    let mut out = format!("HP 2100A emulator speed ({millions} million instructions per program)");
    for p in [&SIMPLE, &MIX] {
        let r = measure(p, count);
        out.push_str(&format!(
            "\n{:<34} {:>8.1} million instructions/s  {:>7.1} s of 2100A time per second",
            p.name,
            r.mips(),
            r.speedup()
        ));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_report_refuses_no_instructions() {
        assert!(report(0).is_err());
        assert!(report(u64::MAX).is_err());
    }

    #[test]
    fn benchmark_programs_run_without_stopping() {
        for p in [&SIMPLE, &MIX] {
            let r = measure(p, 100_000);
            assert_eq!(r.instructions, 100_000, "{}", p.name);
        }
    }
}
