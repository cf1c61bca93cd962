//! The classifier `asm/t3300/lgame.asm` on the T3300-R: assemble it, run it to its halt, time
//! each extension pass, and read back the result table it leaves in core.
//!
//! The program (see its header and `docs/lgame.md`) computes the classification of the 2296
//! elements of M by the repeated extension of §8, prints the table of §9 on the typewriter and
//! punches its result table on paper tape. Its labels used here:
//!
//! | label | what |
//! |---|---|
//! | `+xbeg+` | the start of an extension pass (φ over f, then χ̃ over g) |
//! | `+xend+` | the end of the pass; `+ext+` counts the passes, `+lev+` is the level, `+nb+` and `+nf+` the new elements of C and G |
//! | `+res+` | the result table, one word per l-type (χ in bits 1–0, the level in bits 7–2) |
//! | `+bo+`, `+nbo+` | B_0 (the paper's `+bo+`) and its length |
//! | `+mode+` | 0: χ̃ through φ over f, then g (§8, the default); 1: χ̃ from h directly |
//!
//! Notes:
//!
//! 1. A pass is timed from the breakpoint at `+xbeg+` to the one at `+xend+`, so the cycles
//!    of a pass exclude the typewriter (100 ms a character) and the tape punch.
//! 2. The machine time of a pass is its cycle count × T_c (2.0 µs by default). The paper gives
//!    "about 20–30 minutes" for one extension (§9); `docs/lgame.md` explains the difference.
//! 3. With [`Options::direct`] the program computes every extension from h = f∘g directly,
//!    13 positions per L move, as §8's "algorithm as it stands"; the paper says the f∘g method
//!    takes a third of the time or less. The classification is the same either way (tested).

use lgame::classify::TableError;
use lgame::ltype::COUNT;
use lgame::Classification;
use std::time::{Duration, Instant};
use t3300::{Config, Limit, Machine, Stop};
use t3300_asm::Assembly;
use teletype::{Scripted, Transcript, TtyHost};

/// The source of the classifier.
pub const SOURCE: &str = include_str!("../../../asm/t3300/lgame.asm");

/// The name the source is assembled under (for messages and listings).
pub const SOURCE_NAME: &str = "asm/t3300/lgame.asm";

/// The halt code of a complete run.
pub const DONE: u16 = 0o7777;

/// The paper's time for one extension (§9), in minutes.
pub const PAPER_MINUTES: (u32, u32) = (20, 30);

/// Cycles a run may take before it is given up (the program needs about 10^8).
const CYCLE_BUDGET: u64 = 20_000_000_000;

/// Why a run did not give a classification.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("a program does not assemble:\n{0}")]
    Assemble(#[from] t3300_asm::AsmError),
    #[error("a program lacks the label +{0}+")]
    Label(&'static str),
    #[error("loading a program: {0}")]
    Load(#[from] t3300::LoadError),
    #[error("{0} stopped unexpectedly: {1}")]
    Stopped(&'static str, Stop),
    #[error("the result table left in core is not a classification: {0}")]
    Table(#[from] TableError),
}

/// Assemble the classifier.
pub fn assemble() -> Result<Assembly, Error> {
    Ok(t3300_asm::assemble(SOURCE_NAME, SOURCE)?)
}

/// The address of a label of an assembly.
pub(crate) fn label(a: &Assembly, name: &'static str) -> Result<u16, Error> {
    a.symbol(name)
        .and_then(|v| u16::try_from(v).ok())
        .ok_or(Error::Label(name))
}

/// One extension pass as the machine ran it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pass {
    /// The extension, 1 for the first: extension 2i + 1 finds B̄_i, extension 2i + 2 F̄_i.
    pub extension: u32,
    /// The level i it computes.
    pub level: u32,
    /// New elements of C (B̄_i) and of G (F̄_i).
    pub new_b: u32,
    pub new_f: u32,
    pub cycles: u64,
    pub instructions: u64,
    /// Machine time of the pass: cycles × T_c.
    pub time_ns: u64,
}

impl Pass {
    /// `B` or `F`: the set this extension adds to (by its parity).
    pub fn set(&self) -> char {
        if self.extension % 2 == 1 {
            'B'
        } else {
            'F'
        }
    }

    /// The number of new elements.
    pub fn found(&self) -> u32 {
        self.new_b + self.new_f
    }
}

/// How to run the classifier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The memory cycle T_c in nanoseconds.
    pub cycle_ns: u64,
    /// Do not charge the typewriter's and the punch's time.
    pub fast_io: bool,
    /// Compute each extension from h directly instead of through φ over f (§8): the
    /// program's `+mode+` word set to 1, for comparing the cost of the two methods.
    pub direct: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            cycle_ns: Config::default().cycle_ns,
            fast_io: false,
            direct: false,
        }
    }
}

/// A complete run of the classifier.
#[derive(Clone, Debug)]
pub struct Run {
    /// The result table `+res+`, one word per l-type.
    pub words: Vec<u32>,
    /// The extension passes in order (the last one found nothing new).
    pub passes: Vec<Pass>,
    /// `+bo+`: B_0 as the program listed it.
    pub bo: Vec<u16>,
    /// What the typewriter printed.
    pub paper: String,
    /// The punched result table.
    pub tape: Vec<u8>,
    /// The whole run: cycles, instructions, machine time.
    pub cycles: u64,
    pub instructions: u64,
    pub time_ns: u64,
    /// Host time of the run.
    pub wall: Duration,
    /// Words of the image.
    pub image_words: usize,
}

impl Run {
    /// The result table as a classification.
    pub fn classification(&self) -> Result<Classification, TableError> {
        Classification::from_words(&self.words)
    }
}

/// Run the classifier with its typewriter on `host`; `progress` sees each pass as it ends.
pub fn run<H: TtyHost + 'static>(
    host: H,
    opts: Options,
    mut progress: impl FnMut(&Pass),
) -> Result<Run, Error> {
    let a = assemble()?;
    let (xbeg, xend) = (label(&a, "xbeg")?, label(&a, "xend")?);
    let [ext, lev, nb, nf, res, bo, nbo] =
        ["ext", "lev", "nb", "nf", "res", "bo", "nbo"].map(|n| label(&a, n));
    let (ext, lev, nb, nf, res, bo, nbo) = (ext?, lev?, nb?, nf?, res?, bo?, nbo?);
    let config = Config {
        cycle_ns: opts.cycle_ns.max(1),
        fast_typewriter: opts.fast_io,
        fast_tape: opts.fast_io,
        key_wait_limit: Some(0),
        ..Config::default()
    };
    let mut m = Machine::new(config, Transcript::new(host));
    m.load(&a.image)?;
    if opts.direct {
        m.poke(label(&a, "mode")?, t3300_isa::Word::new(1));
    }
    m.set_breakpoint(xbeg);
    m.set_breakpoint(xend);
    let started = Instant::now();
    let mut passes = Vec::new();
    let mut begun = (0u64, 0u64);
    loop {
        let budget = CYCLE_BUDGET.saturating_sub(m.cycles());
        match m.run(Limit::cycles(budget)) {
            Stop::Breakpoint { p } if p == u32::from(xbeg) => {
                begun = (m.cycles(), m.instructions())
            }
            Stop::Breakpoint { p } if p == u32::from(xend) => {
                let word = |addr: u16| m.peek(addr).get();
                let cycles = m.cycles() - begun.0;
                let pass = Pass {
                    extension: word(ext),
                    level: word(lev),
                    new_b: word(nb),
                    new_f: word(nf),
                    cycles,
                    instructions: m.instructions() - begun.1,
                    time_ns: cycles * config.cycle_ns,
                };
                progress(&pass);
                passes.push(pass);
            }
            Stop::Halt { code, .. } if code == u32::from(DONE) => break,
            stop => return Err(Error::Stopped(SOURCE_NAME, stop)),
        }
    }
    let wall = started.elapsed();
    let words = (0..COUNT as u16).map(|x| m.peek(res + x).get()).collect();
    let bo = (0..m.peek(nbo).get().min(32) as u16)
        .map(|k| m.peek(bo + k).get() as u16)
        .collect();
    Ok(Run {
        words,
        passes,
        bo,
        paper: m
            .host::<Transcript<H>>()
            .map(Transcript::paper)
            .unwrap_or_default(),
        tape: m.punched().to_vec(),
        cycles: m.cycles(),
        instructions: m.instructions(),
        time_ns: m.time_ns(),
        wall,
        image_words: a.image.words.len(),
    })
}

/// Run the classifier with its typewriter printing to nowhere but the run's paper.
pub fn run_quietly(opts: Options) -> Result<Run, Error> {
    run(Scripted::new(), opts, |_| {})
}
