//! `retro hex play` and `retro hex replay --machine`: NHEX as the HP 2100 assembly program
//! (`asm/hp2100/nhex*.asm`, tape `roms/nhex.abs`) running on the emulated 2100A (crate
//! `nhex-hp2100`).
//!
//! * [`play`] boots the machine as an operator does (our Basic Binary Loader, the NHEX tape in
//!   the photoreader, LOAD, RUN at address 2) and connects its 12531C teletype to the terminal
//!   or to a scripted opponent. With `stats`, every NHEX reply is timed in emulated 2100A time
//!   from the operator's RETURN to the reply's first character (`nhex_hp2100::stats`).
//! * [`replay`] replays teletype logs with NHEX's moves computed by the program on the machine,
//!   and prints the same table and final line as the native `retro hex replay`.

use crate::CliResult;
use hp2100::panel::Limit;
use machine_core::Stop;
use nhex::board::{Cell, Side};
use nhex::coords::{to_a1, to_gpcc, GpccFrame};
use nhex::log::{is_log, parse_log};
use nhex::replay::GameReplay;
use nhex_hp2100::replay::replay_game;
use nhex_hp2100::{MachineEngine, MoveClock, Shared};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use teletype::{Key, Scripted, Terminal, Transcript, TtyHost};

/// Scripted keys, with the printer on standard output.
struct Echo {
    script: Scripted,
    printer: Terminal,
}

impl TtyHost for Echo {
    fn print(&mut self, ch: u8, at: u64) {
        self.script.print(ch, at);
        self.printer.print(ch, at);
    }
    fn key(&mut self, at: u64) -> Key {
        self.script.key(at)
    }
}

/// Play NHEX on the emulated 2100A at the teletype.
///
/// * `input`: the opponent's typed lines, one per prompt (otherwise the keyboard);
/// * `transcript`: write what the paper roll shows to this file;
/// * `realtime`: print at the ASR-33's 10 characters per second;
/// * `stats`: after the session, the emulated 2100A seconds and cycles of each NHEX reply.
pub fn play(
    input: Option<&Path>,
    transcript: Option<&Path>,
    realtime: bool,
    stats: bool,
) -> CliResult {
    let base: Box<dyn TtyHost> = match input {
        Some(p) => {
            let text = std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()))?;
            Box::new(Echo {
                script: Scripted::from_lines(&text),
                printer: Terminal::new_output_only(realtime),
            })
        }
        None => Box::new(Terminal::new(realtime)),
    };
    let host = Shared::new(MoveClock::new(Transcript::new(base)));
    let session = nhex_hp2100::play(host.clone(), Limit::NONE)?;
    let h = host.0.borrow();
    if let Some(t) = transcript {
        std::fs::write(t, h.inner().paper()).map_err(|e| format!("{}: {e}", t.display()))?;
    }
    if stats {
        print_stats(h.moves(), &session);
    }
    if session.clean() {
        Ok(ExitCode::SUCCESS)
    } else {
        eprintln!(
            "\nNHEX stopped: {}{}",
            session.stop,
            match session.stop {
                Stop::RunLimit => " (run limit)",
                _ => "",
            }
        );
        Ok(ExitCode::from(1))
    }
}

fn print_stats(moves: &[nhex_hp2100::MoveTime], s: &nhex_hp2100::Session) {
    println!();
    println!("NHEX's replies: emulated 2100A time from the RETURN to the reply's first character");
    println!("   #  move   2100A s      cycles   wall ms");
    for (i, m) in moves.iter().enumerate() {
        println!(
            "{:>4}  {}  {:>8.3}  {:>10}  {:>8.2}",
            i + 1,
            m.cell,
            m.seconds(),
            m.cycles(),
            m.wall.as_secs_f64() * 1000.0
        );
    }
    let t: Vec<u64> = moves.iter().map(|m| m.nanos).collect();
    if let Some((med, max)) = nhex_hp2100::stats::median_max(t) {
        println!(
            "{} replies: median {:.3} s, maximum {:.3} s of 2100A time",
            moves.len(),
            med as f64 / 1e9,
            max as f64 / 1e9
        );
    }
    println!(
        "session: {:.1} s of 2100A time ({} cycles) in {:.0} ms",
        s.seconds,
        s.cycles,
        s.wall.as_secs_f64() * 1000.0
    );
}

fn side_name(s: Side) -> &'static str {
    match s {
        Side::Nhex => "NHEX",
        Side::Opponent => "opponent",
    }
}

/// Replay teletype logs with NHEX's moves from the program on the emulated 2100A. The output
/// has the layout of the native `retro hex replay` and ends with
/// `agreement: K/N NHEX moves (P%)`.
pub fn replay(files: &[PathBuf], svg: Option<&Path>, gpcc: bool) -> CliResult {
    let mut hp = MachineEngine::new()?;
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
            let r = match replay_game(g, &mut hp) {
                Ok(r) => r,
                Err(nhex_hp2100::replay::ReplayError::Log(e)) => {
                    println!("ILLEGAL: {e}");
                    failed = true;
                    continue;
                }
                Err(e) => return Err(e.into()),
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
                Some(w) => Some(hp.has_won(&r.board, w)?),
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
