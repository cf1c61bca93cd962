//! Black's forbidden moves (禁手, guide §2.3) in the two modes of [`Rule`].
//!
//! A move is judged only by the lines through it (a three or four made in earlier steps is
//! no foul). In order: a move that makes exactly five is never forbidden (五勝ち優先); six
//! or more in a row is an overline; two or more fours (also on one line, `X.X?X.X`) a
//! double-four; two or more threes on different lines a double-three. Lines that hold a four
//! are not also counted as threes. When several apply, the highest code is reported.

use crate::board::{cell, Board};
use crate::line::Line;
use crate::point::Point;
use crate::rule::Rule;
use crate::stone::Stone;
use std::fmt;

/// A forbidden move's kind, with the codes of the `forbidden` command (and of the PyPI
/// `renju` checker): the highest applies when several do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Foul {
    /// 3x3: two threes at once.
    DoubleThree = 1,
    /// 4x4: two fours at once, also on one line.
    DoubleFour = 2,
    /// 長連: six or more in a row.
    Overline = 3,
}

impl Foul {
    /// 1 double-three, 2 double-four, 3 overline.
    pub fn code(self) -> u8 {
        self as u8
    }

    /// The foul of a code.
    pub fn from_code(code: u8) -> Option<Foul> {
        match code {
            1 => Some(Foul::DoubleThree),
            2 => Some(Foul::DoubleFour),
            3 => Some(Foul::Overline),
            _ => None,
        }
    }

    /// The guide's name.
    pub fn japanese(self) -> &'static str {
        match self {
            Foul::DoubleThree => "3x3禁",
            Foul::DoubleFour => "4x4禁",
            Foul::Overline => "長連",
        }
    }
}

impl fmt::Display for Foul {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Foul::DoubleThree => "double-three",
            Foul::DoubleFour => "double-four",
            Foul::Overline => "overline",
        })
    }
}

/// Whether black playing the empty point `p` would be a foul, and which. `None` for an
/// occupied point. Allocates nothing; in `renju` mode a candidate double-three copies the
/// board once to test its key points.
pub fn foul(board: &Board, p: Point, rule: Rule) -> Option<Foul> {
    let c = cell(p);
    if !board.cell_is_empty(c) {
        return None;
    }
    judge(board, c, rule, &mut None)
}

/// Every point black may not play, in point order (by row from the top-left corner).
pub fn forbidden_points(board: &Board, rule: Rule) -> Vec<(Point, Foul)> {
    let mut scratch = None;
    Point::all()
        .filter(|&p| board.cell_is_empty(cell(p)))
        .filter_map(|p| judge(board, cell(p), rule, &mut scratch).map(|f| (p, f)))
        .collect()
}

/// Judges the empty cell `c`; `scratch` is the board copy renju's key-point test works on,
/// made on first need and handed back unchanged for the next point.
fn judge(board: &Board, c: usize, rule: Rule, scratch: &mut Option<Board>) -> Option<Foul> {
    match by_shape(board, c, rule) {
        Judgement::Decided(f) => f,
        Judgement::Threes(keys) => {
            let s = scratch.get_or_insert_with(|| board.clone());
            confirm_threes(s, c, &keys)
        }
    }
}

/// Black's forbidden points as the `forbidden` command prints them: `x,y:T` sorted by x then
/// y, space-separated, or `-` when there are none.
pub fn listing(board: &Board, rule: Rule) -> String {
    let mut points = forbidden_points(board, rule);
    if points.is_empty() {
        return "-".to_string();
    }
    points.sort_by_key(|(p, _)| (p.x(), p.y()));
    let items: Vec<String> = points
        .iter()
        .map(|(p, f)| format!("{p}:{}", f.code()))
        .collect();
    items.join(" ")
}

/// What the lines through a point decide on their own.
enum Judgement {
    Decided(Option<Foul>),
    /// Renju only: two or more lines are threes by shape; their key points must be tested.
    /// Key-point masks per direction (zero: no three on that line).
    Threes([u16; 4]),
}

fn by_shape(board: &Board, c: usize, rule: Rule) -> Judgement {
    let lines = board.lines(c, Stone::Black);
    // Every foul needs at least four other black stones on these lines (the fewest: a
    // one-line double-four, or two threes of two stones each).
    let others = |l: &Line| l.own.count_ones() - 1;
    if lines.iter().map(others).sum::<u32>() < 4 {
        return Judgement::Decided(None);
    }
    let mut overline = false;
    for l in &lines {
        match l.run() {
            5 => return Judgement::Decided(None),
            n if n >= 6 => overline = true,
            _ => {}
        }
    }
    if overline {
        return Judgement::Decided(Some(Foul::Overline));
    }
    let mut fours = 0;
    let mut keys = [0u16; 4];
    for (i, l) in lines.iter().enumerate() {
        // A four needs three more stones on its line, a three two.
        if others(l) < 2 {
            continue;
        }
        let s = l.completions(true);
        if s != 0 {
            fours += crate::line::fours(s);
        } else {
            keys[i] = l.three_keys(true);
        }
    }
    if fours >= 2 {
        return Judgement::Decided(Some(Foul::DoubleFour));
    }
    let threes = keys.iter().filter(|&&k| k != 0).count();
    if threes < 2 {
        return Judgement::Decided(None);
    }
    match rule {
        Rule::Guide1993 => Judgement::Decided(Some(Foul::DoubleThree)),
        Rule::Renju => Judgement::Threes(keys),
    }
}

/// Renju: with black on `c`, counts the threes that have a key point black may play (one
/// that makes no five and is no foul itself); two make a double-three. Leaves `board` as
/// it found it.
fn confirm_threes(board: &mut Board, c: usize, keys: &[u16; 4]) -> Option<Foul> {
    board.put_black(c);
    let mut confirmed = 0;
    let mut left = keys.iter().filter(|&&k| k != 0).count();
    for (i, &mask) in keys.iter().enumerate() {
        if mask == 0 {
            continue;
        }
        let d = crate::board::DIRECTIONS[i];
        if key_points(c, d, mask).any(|k| playable_key(board, k)) {
            confirmed += 1;
        }
        left -= 1;
        if confirmed >= 2 || confirmed + left < 2 {
            break;
        }
    }
    board.clear(c);
    (confirmed >= 2).then_some(Foul::DoubleThree)
}

/// The cells of a key-point mask on the line through `c` in direction `d`.
fn key_points(c: usize, d: usize, mut mask: u16) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let i = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        Some(c + i * d - 5 * d)
    })
}

/// Whether a three's key point turns it into a real straight four: black may play it and it
/// does not already complete a five on another line (then it would be a five, not a four).
fn playable_key(board: &mut Board, k: usize) -> bool {
    let lines: [Line; 4] = board.lines(k, Stone::Black);
    if lines.iter().any(|l| l.run() == 5) {
        return false;
    }
    match by_shape(board, k, Rule::Renju) {
        Judgement::Decided(f) => f.is_none(),
        Judgement::Threes(keys) => confirm_threes(board, k, &keys).is_none(),
    }
}

/// The `forbidden` command on a stream: each line of `input` a position (`#` lines are
/// comments), its [`listing`] written to `out`, or `error: line N: ...`; whether every line
/// was a position.
///
/// # Errors
/// `input` or `out` failing.
pub fn listing_lines(
    input: impl std::io::BufRead,
    out: &mut dyn std::io::Write,
    rule: Rule,
) -> std::io::Result<bool> {
    let mut ok = true;
    for (i, line) in input.lines().enumerate() {
        let line = line?;
        if line.starts_with('#') {
            continue;
        }
        match crate::parse_position(&line) {
            Ok((_, board)) => writeln!(out, "{}", listing(&board, rule))?,
            Err(e) => {
                ok = false;
                writeln!(out, "error: line {}: {e}", i + 1)?;
            }
        }
    }
    Ok(ok)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_listed_and_bad_ones_named() {
        let mut out = Vec::new();
        let ok = listing_lines("# a comment\n\nzz\n".as_bytes(), &mut out, Rule::Renju);
        let text = String::from_utf8(out).unwrap();
        assert!(!ok.unwrap(), "{text}");
        assert!(text.starts_with("-\nerror: line 3: "), "{text}");
    }

    #[test]
    fn codes() {
        for f in [Foul::DoubleThree, Foul::DoubleFour, Foul::Overline] {
            assert_eq!(Foul::from_code(f.code()), Some(f));
        }
        assert!(Foul::Overline > Foul::DoubleFour && Foul::DoubleFour > Foul::DoubleThree);
        assert_eq!(Foul::from_code(0), None);
    }

    #[test]
    fn cells_round_trip() {
        for p in Point::all() {
            assert_eq!(Board::point_of_cell(cell(p)), p);
        }
    }
}
