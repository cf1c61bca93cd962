//! `retro gomoku show`: a position through the board renderer.

use crate::CliResult;
use gomoku::{forbidden_points, Game, Opening, Picture, Point, Rule, Status, Symmetry, Win};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Moves in order, black first, as x,y (1..15 from the top-left) or h8
    moves: Vec<String>,
    /// Start with one of the 24 openings (寒星, kansei, 1D, 直接1 ...); MOVES follow it
    #[arg(long)]
    opening: Option<String>,
    /// The opening's symmetry: 正・本 (as drawn) ... 鏡・左, or 0..7
    #[arg(long, default_value = "正・本")]
    symmetry: String,
    /// Mark black's forbidden points (*)
    #[arg(long)]
    forbidden: bool,
    /// Rule for the forbidden points and the game: renju or 1993 (renju by default here, the
    /// strict rule; what plays by the 1993 tournament's rules (dohyo, tournament, engine)
    /// defaults to 1993)
    #[arg(long, default_value = "renju")]
    rule: Rule,
    /// Show move numbers instead of stones, as the guide's diagrams do
    #[arg(long)]
    numbers: bool,
    /// Print as the teletype would (upper case ASCII, 72 columns; the opening by code and
    /// romaji)
    #[arg(long)]
    teletype: bool,
    /// Also write the board as SVG to FILE
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
}

fn symmetry(s: &str) -> Result<Symmetry, String> {
    if let Ok(n) = s.parse::<usize>() {
        return Symmetry::ALL
            .get(n)
            .copied()
            .ok_or(format!("symmetry {n}: expected 0..7"));
    }
    Symmetry::from_label(s).ok_or(format!(
        "unknown symmetry {s:?} (expected 正・本 ... 鏡・左 or 0..7)"
    ))
}

pub fn run(a: Args) -> CliResult {
    let mut moves = Vec::new();
    if let Some(name) = &a.opening {
        let o = Opening::find(name).ok_or(format!("unknown opening {name:?}"))?;
        moves.extend(o.moves_under(symmetry(&a.symmetry)?));
    }
    for t in &a.moves {
        let p = Point::parse(t).map_err(|e| format!("move {}: {e}", moves.len() + 1))?;
        moves.push(p);
    }
    let game = Game::from_moves(&moves, a.rule)
        .map_err(|(n, e)| format!("move {n} ({}): {e}", moves[n - 1]))?;
    let mut picture = Picture::of_game(&game).numbered(a.numbers);
    if a.forbidden {
        picture = picture.forbidden(forbidden_points(game.board(), a.rule));
    }
    let opening = Opening::identify(&moves[..moves.len().min(3)]);
    match opening {
        // The teletype has neither kanji nor lower case: the code, the name in romaji and
        // the symmetry's number.
        Some((o, s)) if a.teletype => {
            let n = Symmetry::ALL.iter().position(|&t| t == s).unwrap_or(0);
            outln!(
                "OPENING {} {}, SYMMETRY {n}",
                o.code(),
                o.romaji.to_ascii_uppercase()
            )?;
        }
        Some((o, s)) => outln!("{}", o.log_name(s))?,
        None => {}
    }
    out!(
        "{}",
        if a.teletype {
            picture.teletype()
        } else {
            picture.terminal()
        }
    )?;
    if a.teletype {
        outln!("{}", status_line(&game).to_ascii_uppercase())?;
    } else {
        outln!("{}", status_line(&game))?;
    }
    if let Some(path) = &a.svg {
        let mut caption = Vec::new();
        if let Some((o, s)) = opening {
            caption.push(format!(
                "opening {} {}: {}",
                o.code(),
                o.romaji,
                o.log_name(s)
            ));
        }
        caption.push(status_line(&game));
        if a.forbidden {
            caption.push(format!("× black's forbidden points ({})", a.rule));
        }
        let svg = picture.caption(caption).svg();
        std::fs::write(path, svg).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(ExitCode::SUCCESS)
}

fn status_line(game: &Game) -> String {
    let n = game.history().len();
    match game.status() {
        Status::Playing => format!("{n} moves, {} to move ({})", game.to_move(), game.rule()),
        Status::Draw => format!("{n} moves, the board is full: a draw"),
        Status::Won {
            winner,
            by: Win::Five,
        } => format!("{n} moves, {winner} wins with five"),
        Status::Won {
            by: Win::Foul(f), ..
        } => {
            format!(
                "{n} moves, black's last move is forbidden ({f}, {}): white wins",
                game.rule()
            )
        }
    }
}
