//! `retro gomoku forbidden`: black's forbidden points, one position or a stream of them.

use crate::CliResult;
use gomoku::{listing, parse_position, Rule};
use std::io::{BufRead, Write};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// No default, as the two rules differ exactly here: renju (strict: a three's key point
    /// must itself be legal) or 1993 (the guide's §2.5:
    /// the key point is not checked)
    #[arg(long)]
    rule: Rule,
    /// Stones in move order, black first, as x,y (1..15, from the top-left) or h8. With none,
    /// each line of standard input is a position (the moves, or a golden-data line
    /// `id n tags | moves | forbidden`); lines starting with # are skipped. A bad line is
    /// answered `error: line N: ...` and makes the exit status 1
    moves: Vec<String>,
}

pub fn run(a: Args) -> CliResult {
    if !a.moves.is_empty() {
        let (_, board) = parse_position(&a.moves.join(" "))?;
        outln!("{}", listing(&board, a.rule))?;
        return Ok(ExitCode::SUCCESS);
    }
    let stdin = std::io::stdin();
    let mut out = std::io::BufWriter::new(crate::out::Out);
    let mut failed = false;
    for (i, line) in stdin.lock().lines().enumerate() {
        let line = line?;
        if line.starts_with('#') {
            continue;
        }
        match parse_position(&line) {
            Ok((_, board)) => writeln!(out, "{}", listing(&board, a.rule))?,
            Err(e) => {
                failed = true;
                writeln!(out, "error: line {}: {e}", i + 1)?;
            }
        }
    }
    out.flush()?;
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}
