//! `retro lgame`: the L-game of M. Sato's TOSBAC-3300 paper: the classification of its
//! 2296 essentially different positions, a game against the perfect player, the tables as
//! T3300-R assembler data, and the benchmark of the native classifier (crate `lgame`).
//!
//! By default `classify` and `play` run the paper's programs on the T3300-R emulator (crate
//! `lgame-t3300`: `asm/tosbac/lgame.asm` and `asm/tosbac/lgm.asm`); `--native` runs the
//! native reference instead.
//!
//! Notes:
//!
//! 1. `classify` prints a progress line per level as the emulated run reaches it, then the
//!    typewriter's paper, the machine time and cycles of every extension pass beside the
//!    paper's "about 20-30 minutes", the table of §9 beside the printed one, and the
//!    comparison of every l-type with the native classifier (a difference fails the command).
//! 2. `play` first runs the classifier (its punched tape is LGM's classification), then LGM
//!    with the typewriter on the terminal. `--second`, `--watch` and `--start` answer LGM's
//!    opening questions; everything else is asked by LGM itself.

use crate::CliResult;
use clap::Subcommand;
use lgame::classify::solve;
use lgame::graph::Graph;
use lgame::play::{Opponent, Options};
use lgame::{Board, Colour, Position};
use lgame_t3300::classifier::{self, Pass};
use lgame_t3300::lgm;
use std::io::Write;
use std::process::ExitCode;
use std::time::{Duration, Instant};
use teletype::{Console, Scripted, Terminal};

#[derive(Subcommand)]
pub enum Cmd {
    /// Classify the 2296 positions of M into B, F, U by level on the T3300-R (TOSBAC-3300
    /// reconstruction) running asm/tosbac/lgame.asm; print the table of §9, B0, and the
    /// machine time of each extension pass
    Classify {
        /// Use the native classifier instead of the emulated program
        #[arg(long)]
        native: bool,
        /// Also list the class and level of every l-type (one line each)
        #[arg(long)]
        list: bool,
        /// Memory cycle time of the T3300-R in microseconds
        #[arg(long, default_value_t = 2.0)]
        cycle_us: f64,
        /// Write the result tape the program punches (one frame per l-type) to this file
        #[arg(long, value_name = "FILE")]
        tape_out: Option<std::path::PathBuf>,
        /// Compute every extension from h directly instead of through phi over f (section 8),
        /// to compare the cost of the two methods
        #[arg(long)]
        direct: bool,
    },
    /// Play the L-game against LGM on the T3300-R (TOSBAC-3300 reconstruction). A move is the
    /// four cells of your L (row and column 1-4 each, e.g. 21 31 41 42), optionally followed by
    /// a neutral's cell and the empty cell it moves to (e.g. 11-14); type help in the game
    Play {
        /// Play against the native perfect player instead of LGM
        #[arg(long)]
        native: bool,
        /// Play blue; the computer plays red and moves first
        #[arg(long)]
        second: bool,
        /// Let the computer play both sides (LGM only)
        #[arg(long)]
        watch: bool,
        /// Play against the random player instead of the perfect one (--native only)
        #[arg(long)]
        random: bool,
        /// Seed for the computer's choice among equally good moves
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Start from this board instead of §4's, red to move (rows of r b n o, e.g.
        /// nbbo/orbo/orbo/orrn)
        #[arg(long, value_name = "ROWS")]
        start: Option<String>,
        /// Show the class (B, F, U and level) of every position (--native only)
        #[arg(long)]
        hints: bool,
        /// Print at the teletype's 10 characters per second
        #[arg(long)]
        realtime: bool,
    },
    /// Open the classifier (asm/tosbac/lgame.asm) on the T3300-R in the stepping debugger, with
    /// its +labels+; type help for the commands. --tour runs the guided tour of docs/lgame.md
    Step {
        /// Run the guided tour (the commands are shown as they run)
        #[arg(long)]
        tour: bool,
        /// Read debugger commands from this file, showing them, instead of the terminal
        #[arg(long, value_name = "FILE")]
        script: Option<std::path::PathBuf>,
        /// Do not charge the typewriter's time (100 ms a character)
        #[arg(long)]
        fast_io: bool,
    },
    /// Time the native classification (graph of moves, then the extensions of §8)
    Bench {
        /// How many classifications to time
        #[arg(long, default_value_t = 50)]
        runs: usize,
    },
    /// Print +fred+, +form+, +ti+, +mt+ and +bo+ as T3300-R assembler data (oct./fix.)
    Tables,
}

pub fn run(cmd: Cmd) -> CliResult {
    match cmd {
        Cmd::Classify {
            native,
            list,
            cycle_us,
            tape_out,
            direct,
        } => {
            if !native {
                return classify_emulated(list, cycle_us, tape_out.as_deref(), direct);
            }
            if direct {
                return Err(
                    "--direct applies to the emulated classifier (leave out --native)".into(),
                );
            }
            let c = lgame::classify();
            let mut text = lgame::report::report(&c, "native");
            if list {
                text.push('\n');
                text.push_str(&lgame::listing::listing(&c));
            }
            out(&text)
        }
        Cmd::Play {
            native,
            second,
            watch,
            random,
            seed,
            start,
            hints,
            realtime,
        } => {
            let start_rows = start;
            let start = match &start_rows {
                Some(rows) => Position::from_board(&Board::parse_rows(rows)?, Colour::Red)?,
                None => Position::start(),
            };
            if !native {
                if random || hints {
                    return Err("--random and --hints apply to the native player only \
                                (add --native); LGM always plays from the classification"
                        .into());
                }
                return play_emulated(second, watch, start_rows.map(|_| start), realtime);
            }
            if watch {
                return Err("--watch applies to LGM on the T3300-R (leave out --native)".into());
            }
            let opts = Options {
                human: if second { Colour::Blue } else { Colour::Red },
                opponent: if random {
                    Opponent::Random
                } else {
                    Opponent::Perfect
                },
                seed,
                start,
                hints,
            };
            let c = lgame::classify();
            let mut con = Console::new(Terminal::new(realtime));
            lgame::play::play(&mut con, &c, &opts);
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Step {
            tour,
            script,
            fast_io,
        } => step(tour, script.as_deref(), fast_io),
        Cmd::Bench { runs } => bench(runs.max(1)),
        Cmd::Tables => {
            let mut text = lgame::asm::tables_source(lgame::tables());
            text.push_str(&lgame::asm::bo_source(&lgame::classify()));
            out(&text)
        }
    }
}

/// Write to standard output; a reader that stops early (`| head`) is not an error.
fn out(text: &str) -> CliResult {
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(ExitCode::SUCCESS),
    }
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1e3)
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort_unstable();
    v[v.len() / 2]
}

fn bench(runs: usize) -> CliResult {
    let first = Instant::now();
    let c = lgame::classify();
    let first = first.elapsed();
    let (mut total, mut build, mut extend) = (Vec::new(), Vec::new(), Vec::new());
    let mut moves = 0;
    let mut extensions = 0;
    for _ in 0..runs {
        let t = Instant::now();
        let again = lgame::classify();
        total.push(t.elapsed());
        if again != c {
            return Err("two native classifications differ".into());
        }

        let t = Instant::now();
        let g = Graph::quotient();
        build.push(t.elapsed());
        moves = g.moves();
        let t = Instant::now();
        let (_, n) = solve(&g);
        extend.push(t.elapsed());
        extensions = n;
    }
    let counts = c.counts();
    out(&format!(
        "native L-game classification: 2296 positions, {moves} moves, {extensions} extensions \
         -> B {} F {} U {}\n\
         \x20 first run (tables derived too): {}\n\
         \x20 classification, median of {runs}: {} (min {}; target under 50 ms)\n\
         \x20   move graph h = f.g:  {}\n\
         \x20   extensions of §8:    {}\n",
        counts.b,
        counts.f,
        counts.u,
        ms(first),
        ms(median(total.clone())),
        ms(total.iter().copied().min().unwrap_or_default()),
        ms(median(build)),
        ms(median(extend))
    ))
}

/// A count with thousands separated by commas.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut s = String::new();
    for (i, ch) in digits.chars().enumerate() {
        let left = digits.len() - i;
        if i > 0 && left / 3 * 3 == left {
            s.push(',');
        }
        s.push(ch);
    }
    s
}

fn seconds(ns: u64) -> String {
    format!("{:.2} s", ns as f64 / 1e9)
}

/// The progress line of a level, once both its passes (B, then F) are known.
fn level_line(b: &Pass, f: Option<&Pass>) -> String {
    let paper = |v: &[usize], i: u32| v.get(i as usize).map_or("-".to_string(), |n| n.to_string());
    let mut s = format!(
        "level {}: Bbar {} (paper {})",
        b.level,
        b.new_b,
        paper(&lgame::paper::B_BAR, b.level)
    );
    match f {
        Some(f) => s.push_str(&format!(
            ", Fbar {} (paper {}); extensions {} and {}: {} and {} of machine time \
             ({} and {} cycles)",
            f.new_f,
            paper(&lgame::paper::F_BAR, f.level),
            b.extension,
            f.extension,
            seconds(b.time_ns),
            seconds(f.time_ns),
            grouped(b.cycles),
            grouped(f.cycles)
        )),
        None => s.push_str(&format!(
            "; extension {}: {} of machine time ({} cycles)",
            b.extension,
            seconds(b.time_ns),
            grouped(b.cycles)
        )),
    }
    s
}

/// `retro lgame classify`: the T3300-R program, timed pass by pass (note 1).
fn classify_emulated(
    list: bool,
    cycle_us: f64,
    tape_out: Option<&std::path::Path>,
    direct: bool,
) -> CliResult {
    if !(cycle_us.is_finite() && cycle_us > 0.0 && cycle_us < 1e6) {
        return Err("--cycle-us must be a positive number of microseconds".into());
    }
    let opts = classifier::Options {
        cycle_ns: ((cycle_us * 1000.0).round() as u64).max(1),
        fast_io: false,
        direct,
    };
    println!(
        "T3300-R (TOSBAC-3300 reconstruction, not the historical instruction set): {} \
         at {cycle_us} us per memory cycle{}",
        classifier::SOURCE_NAME,
        if direct {
            ", each extension from h directly (no phi)"
        } else {
            ""
        }
    );
    let mut pending: Option<Pass> = None;
    let run = classifier::run(Scripted::new(), opts, |p| {
        let line = match (p.set(), p.found(), pending.take()) {
            ('B', 0, _) => Some(format!(
                "extension {}: nothing new; the classification is complete",
                p.extension
            )),
            ('B', _, _) => {
                pending = Some(*p);
                None
            }
            (_, _, Some(b)) => Some(level_line(&b, Some(p))),
            (_, _, None) => None,
        };
        if let Some(line) = line {
            println!("{line}");
        }
    })?;
    if let Some(b) = pending {
        println!("{}", level_line(&b, None));
    }
    if let Some(path) = tape_out {
        std::fs::write(path, &run.tape).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    let mut text = String::from("\nThe typewriter printed:\n");
    for l in run.paper.lines() {
        text.push_str(&format!("  | {l}\n"));
    }
    text.push_str(&format!(
        "\nExtension passes (machine time = cycles x {cycle_us} us; the paper: \"about 20-30 \
         minutes\" per extension, section 9):\n\
         \x20 ext  finds   new        cycles  instructions  machine time  of 25 min\n"
    ));
    for p in &run.passes {
        text.push_str(&format!(
            "  {:>3}  {}{:<3} {:>5} {:>13} {:>13} {:>13} {:>9}\n",
            p.extension,
            p.set(),
            p.level,
            p.found(),
            grouped(p.cycles),
            grouped(p.instructions),
            seconds(p.time_ns),
            format!("1/{:.0}", 1500e9 / p.time_ns.max(1) as f64)
        ));
    }
    let (cycles, ns): (u64, u64) = run
        .passes
        .iter()
        .fold((0, 0), |(c, t), p| (c + p.cycles, t + p.time_ns));
    let n = run.passes.len().max(1) as u64;
    text.push_str(&format!(
        "  all {} passes: {} cycles, {} of machine time (a pass takes {} on average)\n\
         \x20 the whole run, with the typewriter (10 characters a second) and the tape punch: \
         {} cycles, {} instructions, {} of machine time; {:.2} s on this host\n\
         \x20 (docs/lgame.md explains why a pass takes seconds here and minutes in the paper)\n\n",
        run.passes.len(),
        grouped(cycles),
        seconds(ns),
        seconds(ns / n),
        grouped(run.cycles),
        grouped(run.instructions),
        seconds(run.time_ns),
        run.wall.as_secs_f64()
    ));
    let c = run.classification()?;
    text.push_str(&lgame::report::report(&c, "T3300-R, asm/tosbac/lgame.asm"));
    let diff = c.diff(&lgame::classify());
    if diff.is_empty() {
        text.push_str(
            "\n  every l-type agrees with the native classifier (class and level): 2296 of 2296\n",
        );
    } else {
        text.push_str(&format!(
            "\n  {} l-types differ from the native classifier:\n",
            diff.len()
        ));
        for (lt, emulated, native) in diff.iter().take(20) {
            text.push_str(&format!(
                "    l-type {lt} (octal {}): T3300-R {emulated}, native {native}\n",
                lt.octal()
            ));
        }
    }
    if list {
        text.push('\n');
        text.push_str(&lgame::listing::listing(&c));
    }
    out(&text)?;
    Ok(if diff.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// `retro lgame play`: LGM on the T3300-R with the terminal as its typewriter (note 2).
fn play_emulated(second: bool, watch: bool, start: Option<Position>, realtime: bool) -> CliResult {
    eprintln!(
        "retro: running {} on the T3300-R for LGM's classification tape ...",
        classifier::SOURCE_NAME
    );
    let run = classifier::run_quietly(classifier::Options {
        fast_io: true,
        ..Default::default()
    })?;
    let mut answers = Vec::new();
    if second || watch || start.is_some() {
        let (red, blue) = match (watch, second) {
            (true, _) => ("C", "C"),
            (false, true) => ("C", "H"),
            (false, false) => ("H", "C"),
        };
        answers.push(red.to_string());
        answers.push(blue.to_string());
        answers.push(start.as_ref().map(lgm::start_line).unwrap_or_default());
    }
    let host = lgm::Prefilled::new(&answers, Terminal::new(realtime));
    let mut m = lgm::Lgm::new(run.tape, host, t3300::Config::default())?;
    let stop = m.run();
    match stop {
        t3300::Stop::Halt { code: 0o7777, .. } => Ok(ExitCode::SUCCESS),
        t3300::Stop::InputExhausted { .. } => {
            eprintln!("\nretro: end of input; LGM stopped waiting for a key");
            Ok(ExitCode::SUCCESS)
        }
        other => Err(format!("LGM stopped: {other}").into()),
    }
}

/// `retro lgame step`: the classifier in the debugger; the typewriter prints to the terminal.
fn step(tour: bool, script: Option<&std::path::Path>, fast_io: bool) -> CliResult {
    let config = t3300::Config {
        fast_typewriter: fast_io,
        fast_tape: fast_io,
        key_wait_limit: Some(0),
        ..t3300::Config::default()
    };
    let mut d = lgame_t3300::step::debugger(Terminal::new_output_only(false), config)?;
    let out = std::io::stdout();
    let done = match (tour, script) {
        (true, Some(_)) => return Err("give --tour or --script, not both".into()),
        (true, None) => d.run(lgame_t3300::step::TOUR.as_bytes(), out.lock(), true),
        (false, Some(p)) => {
            let f = std::fs::File::open(p).map_err(|e| format!("{}: {e}", p.display()))?;
            d.run(std::io::BufReader::new(f), out.lock(), true)
        }
        (false, None) => {
            println!(
                "The L-game classifier {} on the T3300-R, in the debugger (help lists the \
                 commands; retro lgame step --tour shows a guided tour).",
                classifier::SOURCE_NAME
            );
            d.run(std::io::stdin().lock(), out.lock(), false)
        }
    };
    match done {
        // A reader that stops early (`| head`) is not an error.
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(ExitCode::SUCCESS),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_level_lines() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(9_856_394), "9,856,394");
        let pass = |extension, new_b, new_f| Pass {
            extension,
            level: (extension - 1) / 2,
            new_b,
            new_f,
            cycles: 5_000_000,
            instructions: 3_000_000,
            time_ns: 10_000_000_000,
        };
        assert_eq!(
            level_line(&pass(1, 15, 0), Some(&pass(2, 0, 768))),
            "level 0: Bbar 15 (paper 15), Fbar 768 (paper 768); extensions 1 and 2: 10.00 s \
             and 10.00 s of machine time (5,000,000 and 5,000,000 cycles)"
        );
        assert_eq!(
            level_line(&pass(11, 2, 0), None),
            "level 5: Bbar 2 (paper -); extension 11: 10.00 s of machine time (5,000,000 cycles)"
        );
    }

    #[test]
    fn native_only_flags_are_refused_for_lgm() {
        let cmd = Cmd::Play {
            native: false,
            second: false,
            watch: false,
            random: true,
            seed: 1,
            start: None,
            hints: false,
            realtime: false,
        };
        assert!(run(cmd).is_err());
        let bad_start = Cmd::Play {
            native: false,
            second: false,
            watch: false,
            random: false,
            seed: 1,
            start: Some("rrrr/bbbb/nnoo/oooo".into()),
            hints: false,
            realtime: false,
        };
        assert!(run(bad_start).is_err());
    }
}
