//! `retro lgame`: the L-game of M. Sato's TOSBAC-3300 paper: the classification of its
//! 2296 essentially different positions, a game against the perfect player, the tables as
//! T3300-R assembler data, and the benchmark of the native classifier (crate `lgame`).

use crate::CliResult;
use clap::Subcommand;
use lgame::classify::solve;
use lgame::graph::Graph;
use lgame::play::{Opponent, Options};
use lgame::{Board, Colour, Position};
use std::io::Write;
use std::process::ExitCode;
use std::time::{Duration, Instant};
use teletype::{Console, Terminal};

#[derive(Subcommand)]
pub enum Cmd {
    /// Classify the 2296 positions of M into B, F, U by level; print the table of §9 and B0
    Classify {
        /// Use the native classifier (the T3300-R program asm/tosbac/lgame.asm is not
        /// available yet)
        #[arg(long)]
        native: bool,
        /// Also list the class and level of every l-type (one line each)
        #[arg(long)]
        list: bool,
    },
    /// Play against the perfect player on the terminal. A move is the four cells of your L
    /// (row and column 1-4 each, e.g. 21 31 41 42), optionally followed by a neutral's cell
    /// and the empty cell it moves to (e.g. 11-14); type help in the game
    Play {
        /// Use the native player (the T3300-R program LGM is not available yet)
        #[arg(long)]
        native: bool,
        /// Play blue; the computer plays red and moves first
        #[arg(long)]
        second: bool,
        /// Play against the random player instead of the perfect one
        #[arg(long)]
        random: bool,
        /// Seed for the computer's choice among equally good moves
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Start from this board instead of §4's, red to move (rows of r b n o, e.g.
        /// nbbo/orbo/orbo/orrn)
        #[arg(long, value_name = "ROWS")]
        start: Option<String>,
        /// Show the class (B, F, U and level) of every position
        #[arg(long)]
        hints: bool,
        /// Print at the teletype's 10 characters per second
        #[arg(long)]
        realtime: bool,
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
        Cmd::Classify { native, list } => {
            if !native {
                return Err(
                    "the emulated classifier (asm/tosbac/lgame.asm on the T3300-R) is \
                            not available yet; run `retro lgame classify --native`"
                        .into(),
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
            random,
            seed,
            start,
            hints,
            realtime,
        } => {
            if !native {
                return Err("the LGM player on the T3300-R is not available yet; run \
                            `retro lgame play --native`"
                    .into());
            }
            let start = match start {
                Some(rows) => Position::from_board(&Board::parse_rows(&rows)?, Colour::Red)?,
                None => Position::start(),
            };
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
