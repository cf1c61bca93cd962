//! `retro gomoku forbidden`: black's forbidden points, one position or a stream of them.

use crate::CliResult;
use gomoku::{listing, listing_lines, parse_position, Rule};
use std::io::Write;
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
    let mut out = std::io::BufWriter::new(crate::out::Out);
    let ok = listing_lines(std::io::stdin().lock(), &mut out, a.rule)?;
    out.flush()?;
    Ok(ExitCode::from(u8::from(!ok)))
}
