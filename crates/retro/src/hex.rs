//! `retro hex`: NHEX, the 1975 HEX program of the University of Electro-Communications
//! (crate `nhex`): play it at the teletype, replay the 1975 logs against it, write its tables
//! as HP 2100 assembly, and time it.

use crate::CliResult;
use clap::Subcommand;
use nhex::board::{Board, Cell, Side};
use nhex::coords::{to_a1, to_gpcc, GpccFrame};
use nhex::dialogue::Dialogue;
use nhex::engine::Engine;
use nhex::log::{is_log, parse_log, LoggedGame};
use nhex::replay::{replay_game, GameReplay};
use nhex::table::Table;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;
use teletype::{Scripted, Terminal, Transcript, TtyHost};

#[derive(Subcommand)]
pub enum Cmd {
    /// Play NHEX at the teletype: the 1975 program booted on the emulated HP 2100A (you join
    /// left and right, NHEX top and bottom)
    Play {
        /// Run the native Rust reference engine instead of the HP 2100A program
        #[arg(long)]
        native: bool,
        /// The opponent's typed lines, one per prompt, for batch runs
        #[arg(long)]
        input: Option<PathBuf>,
        /// Write what the paper roll shows to this file
        #[arg(long)]
        transcript: Option<PathBuf>,
        /// Pace the live terminal at the ASR-33's 10 characters per second
        #[arg(long)]
        realtime: bool,
        /// After the session, print the 2100A seconds and cycles of every NHEX reply
        #[arg(long, conflicts_with = "native")]
        stats: bool,
    },
    /// Replay teletype logs: check them, compare every NHEX move with ours, score agreement
    Replay {
        /// Logs in the format of tests/nhex/*.txt (other text files are skipped with a note)
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Also write the final board as SVG (one file per game: NAME, NAME-2, ...)
        #[arg(long)]
        svg: Option<PathBuf>,
        /// Show GPCC (x,y) coordinates too (the Tokai match convention)
        #[arg(long)]
        gpcc: bool,
        /// Let NHEX's moves come from the HP 2100A program on the emulator
        #[arg(long)]
        machine: bool,
    },
    /// Write the pattern table and the other constant tables as HP 2100 assembly data
    GenTables {
        /// Output file, e.g. asm/hp2100/nhex-tables.asm
        #[arg(short, long)]
        output: PathBuf,
    },
    /// Time the engine: milliseconds per move on 8x8, from the empty to the full board
    Bench {
        /// Number of games to play (NHEX against a pseudo-random opponent)
        #[arg(long, default_value_t = 10)]
        games: usize,
    },
}

pub fn run(cmd: Cmd) -> CliResult {
    match cmd {
        Cmd::Play {
            native: false,
            input,
            transcript,
            realtime,
            stats,
        } => crate::hex_machine::play(input.as_deref(), transcript.as_deref(), realtime, stats),
        Cmd::Play {
            native: true,
            input,
            transcript,
            realtime,
            ..
        } => play(input, transcript, realtime),
        Cmd::Replay {
            files,
            svg,
            gpcc,
            machine: true,
        } => crate::hex_machine::replay(&files, svg.as_deref(), gpcc),
        Cmd::Replay {
            files, svg, gpcc, ..
        } => replay(&files, svg.as_deref(), gpcc),
        Cmd::GenTables { output } => gen_tables(&output),
        Cmd::Bench { games } => bench(games),
    }
}

fn play(input: Option<PathBuf>, transcript: Option<PathBuf>, realtime: bool) -> CliResult {
    let scripted = input.is_some();
    let host: Box<dyn TtyHost> = match &input {
        Some(p) => {
            let text = std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()))?;
            Box::new(Scripted::from_lines(&text))
        }
        None => Box::new(Terminal::new(realtime)),
    };
    let mut d = Dialogue::new(Transcript::new(host), Engine::default());
    d.run();
    let paper = d.console.host().paper();
    if scripted {
        print!("{paper}");
    }
    if let Some(t) = transcript {
        std::fs::write(&t, &paper).map_err(|e| format!("{}: {e}", t.display()))?;
    }
    Ok(ExitCode::SUCCESS)
}

fn side_name(s: Side) -> &'static str {
    match s {
        Side::Nhex => "NHEX",
        Side::Opponent => "opponent",
    }
}

/// Where a replay's NHEX moves come from: the native reference or the program on the
/// emulated HP 2100A. Both give the same report.
pub(crate) trait ReplayEngine {
    /// Replay one game: the outer error is a host failure, the inner one an illegal log.
    fn replay(
        &mut self,
        g: &LoggedGame,
    ) -> Result<Result<GameReplay, String>, Box<dyn std::error::Error>>;
    /// The announcement test: has `s` won on `b`?
    fn has_won(&mut self, b: &Board, s: Side) -> Result<bool, Box<dyn std::error::Error>>;
}

impl ReplayEngine for Engine {
    fn replay(
        &mut self,
        g: &LoggedGame,
    ) -> Result<Result<GameReplay, String>, Box<dyn std::error::Error>> {
        Ok(replay_game(g, self).map_err(|e| e.to_string()))
    }

    fn has_won(&mut self, b: &Board, s: Side) -> Result<bool, Box<dyn std::error::Error>> {
        Ok(Engine::has_won(self, b, s))
    }
}

fn replay(files: &[PathBuf], svg: Option<&Path>, gpcc: bool) -> CliResult {
    replay_with(files, svg, gpcc, &mut Engine::default())
}

/// Replay logs with NHEX's moves from `engine`: per-move table, legality, announcements, final
/// board, and the last line `agreement: K/N NHEX moves (P%)`.
pub(crate) fn replay_with(
    files: &[PathBuf],
    svg: Option<&Path>,
    gpcc: bool,
    engine: &mut dyn ReplayEngine,
) -> CliResult {
    let (mut agree, mut total) = (0usize, 0usize);
    let mut failed = false;
    let mut svg_count = 0usize;
    for f in files {
        let text = match std::fs::read_to_string(f) {
            Ok(t) => t,
            Err(e) => {
                println!("{}: {e}", f.display());
                failed = true;
                continue;
            }
        };
        if !is_log(&text) {
            println!(
                "{}: skipped (not a teletype log: it starts with neither a typed line nor a message of the program)",
                f.display()
            );
            continue;
        }
        let games = match parse_log(&text) {
            Ok(g) => g,
            Err(e) => {
                println!("{}: {e}", f.display());
                failed = true;
                continue;
            }
        };
        for (gi, g) in games.iter().enumerate() {
            println!(
                "== {} game {}: {} first, key {}, {} moves",
                f.display(),
                gi + 1,
                side_name(g.first),
                g.key.map(|k| format!("{k:02}")).unwrap_or("-".into()),
                g.moves.len()
            );
            let r = match engine.replay(g)? {
                Ok(r) => r,
                Err(e) => {
                    println!("ILLEGAL: {e}");
                    failed = true;
                    continue;
                }
            };
            let frame = if g.first == Side::Nhex {
                GpccFrame::NhexFirst
            } else {
                GpccFrame::OpponentFirst
            };
            print_table(&r, gpcc.then_some(frame));
            let (k, n) = r.agreement();
            agree += k;
            total += n;
            let declared = match r.declared {
                Some(Side::Nhex) => "NHEX (WATASHI NO KACHI!)",
                Some(Side::Opponent) => "opponent (?ANATA NO KACHI)",
                None => "none",
            };
            let vc = match r.declared {
                Some(w) => Some(engine.has_won(&r.board, w)?),
                None => None,
            };
            println!(
                "legal: yes; declared winner: {declared}; completed chain: {}; winner connected by our announcement test: {}",
                r.chain.map(side_name).unwrap_or("none"),
                match vc {
                    Some(true) => "yes",
                    Some(false) => "no",
                    None => "-",
                }
            );
            println!(
                "our announcement: {}{}",
                match r.our_announcement {
                    Some((ply, s)) => format!("{} after ply {ply}", side_name(s)),
                    None => "none".into(),
                },
                if r.announcement_matches() {
                    " (as logged)"
                } else {
                    " (differs from the log)"
                }
            );
            let last = g.moves.last().map(|m| m.cell);
            print!("{}", nhex::render::diamond(&r.board, last));
            println!("agreement in this game: {k}/{n}");
            if let Some(path) = svg {
                svg_count += 1;
                let p = if svg_count == 1 {
                    path.to_path_buf()
                } else {
                    numbered(path, svg_count)
                };
                let nums: Vec<(Cell, usize)> = g
                    .moves
                    .iter()
                    .enumerate()
                    .map(|(i, m)| (m.cell, i + 1))
                    .collect();
                let title = format!("{} game {}", f.display(), gi + 1);
                std::fs::write(&p, nhex::render::svg(&r.board, &nums, &title))
                    .map_err(|e| format!("{}: {e}", p.display()))?;
                println!("svg: {}", p.display());
            }
        }
    }
    let pct = if total == 0 {
        0.0
    } else {
        100.0 * agree as f64 / total as f64
    };
    println!("agreement: {agree}/{total} NHEX moves ({pct:.1}%)");
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn numbered(p: &Path, k: usize) -> PathBuf {
    let stem = p.file_stem().and_then(|s| s.to_str()).unwrap_or("board");
    let name = match p.extension().and_then(|e| e.to_str()) {
        Some(e) => format!("{stem}-{k}.{e}"),
        None => format!("{stem}-{k}"),
    };
    p.with_file_name(name)
}

fn print_table(r: &GameReplay, gpcc: Option<GpccFrame>) {
    let g = |c: Cell| -> String {
        match gpcc {
            Some(f) => {
                let (x, y) = to_gpcc(c, 8, f);
                format!(" ({x},{y})")
            }
            None => String::new(),
        }
    };
    println!(
        " ply side      log{}  ours{}  a1   L1 candidates (look-ahead score)",
        if gpcc.is_some() { " gpcc " } else { "" },
        if gpcc.is_some() { " gpcc " } else { "" }
    );
    for row in &r.rows {
        let who = if row.side == Side::Nhex { "N" } else { "O" };
        match &row.ours {
            Some(c) => {
                let mark = if c.cell == row.logged { "=" } else { "x" };
                let cands: Vec<String> = c
                    .candidates
                    .iter()
                    .enumerate()
                    .map(|(i, (cell, v))| match c.scores.get(i) {
                        Some(s) => format!("{cell}:{v}({s})"),
                        None => format!("{cell}:{v}"),
                    })
                    .collect();
                println!(
                    "{:>4}  {who}   {}{}  {}{} {mark} {:<4} {}",
                    row.ply,
                    row.logged,
                    g(row.logged),
                    c.cell,
                    g(c.cell),
                    to_a1(c.cell, 8),
                    cands.join(" ")
                );
            }
            None => println!("{:>4}  {who}   {}{}", row.ply, row.logged, g(row.logged)),
        }
    }
}

fn gen_tables(output: &Path) -> CliResult {
    let t = Table::standard();
    let (src, words) = nhex::asm::tables_source(t);
    if let Some(dir) = output.parent() {
        if !dir.as_os_str().is_empty() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
    }
    std::fs::write(output, src).map_err(|e| format!("{}: {e}", output.display()))?;
    println!(
        "{}: {} patterns, {words} words",
        output.display(),
        t.patterns.len()
    );
    Ok(ExitCode::SUCCESS)
}

/// A 16-bit linear congruential generator (x <- 25173 x + 13849 mod 2^16), the kind a 1975
/// program could run; here it only plays the benchmark's opponent.
struct Lcg16(u16);

impl Lcg16 {
    fn next(&mut self) -> u16 {
        self.0 = self.0.wrapping_mul(25173).wrapping_add(13849);
        self.0
    }
}

fn bench(games: usize) -> CliResult {
    let engine = Engine::default();
    let _ = Table::standard(); // built once, before timing
    let mut rng = Lcg16(1975);
    let mut buckets = [(0f64, 0usize); 4];
    let mut worst = 0f64;
    for gi in 0..games {
        let mut b = Board::new(8);
        let mut to_move = if gi % 2 == 0 {
            Side::Nhex
        } else {
            Side::Opponent
        };
        while !b.is_full() {
            let c = match to_move {
                Side::Nhex => {
                    let t = Instant::now();
                    let c = engine.choose(&b).ok_or("engine found no move")?;
                    let ms = t.elapsed().as_secs_f64() * 1000.0;
                    let k = (b.stones() / 16).min(3);
                    buckets[k].0 += ms;
                    buckets[k].1 += 1;
                    worst = worst.max(ms);
                    c
                }
                Side::Opponent => {
                    let empty: Vec<Cell> = b.cells().filter(|&c| b.is_empty(c)).collect();
                    empty[rng.next() as usize % empty.len()]
                }
            };
            b.play(c, to_move);
            to_move = to_move.other();
        }
    }
    let (sum, n) = buckets.iter().fold((0.0, 0), |a, x| (a.0 + x.0, a.1 + x.1));
    for (k, (s, c)) in buckets.iter().enumerate() {
        if *c > 0 {
            println!(
                "stones {:>2}-{:>2}: {:>4} moves, {:.3} ms per move",
                k * 16,
                k * 16 + 15,
                c,
                s / *c as f64
            );
        }
    }
    println!("worst move: {worst:.3} ms");
    println!(
        "{games} games, {n} NHEX moves: {:.3} ms per move",
        sum / n.max(1) as f64
    );
    Ok(ExitCode::SUCCESS)
}
