//! The move notation of `retro lgame play`.
//!
//! A cell is written as two digits, row then column, each 1..4: the paper's a_ij (row 1 at
//! the top, column 1 at the left, as the board is printed). A move is
//!
//! * the four cells of the L's new place, in any order, then optionally
//! * the cell of the neutral to move and the empty cell it goes to.
//!
//! Blanks, commas, `-` and `/` between cells are optional: `21 31 41 42`, `21 31 41 42 11-14`
//! and `2131414211-14` are the same kinds of move. Words: `help`, `board`, `quit` (in either
//! case).

use crate::board::{bit, cell_name, cells, Mask};
use crate::moves::Move;
use crate::tables::Placement;

/// A line typed by the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    Move(Move),
    Help,
    Board,
    Quit,
}

/// Why a line is not a move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    #[error("'{0}' is not a cell, a word (help, board, quit) or a separator")]
    Unexpected(String),
    #[error(
        "a move is the four cells of the L (8 digits), optionally followed by a neutral's cell \
         and the cell it moves to (4 more digits); this has {0} digits"
    )]
    Digits(usize),
    #[error("{0} is not a cell: rows and columns are 1 to 4")]
    NotACell(String),
    #[error("cell {0} is given twice")]
    Twice(String),
    #[error("cells {0} do not form an L")]
    NotAnL(String),
}

/// Read one line.
pub fn parse(line: &str) -> Result<Input, NotationError> {
    let text = line.trim();
    match text.to_ascii_lowercase().as_str() {
        "help" | "h" | "?" => return Ok(Input::Help),
        "board" | "b" => return Ok(Input::Board),
        "quit" | "q" => return Ok(Input::Quit),
        _ => {}
    }
    let mut digits = Vec::new();
    for c in text.chars() {
        match c {
            '0'..='9' => digits.push(c as u8 - b'0'),
            ' ' | '\t' | ',' | '-' | '/' => {}
            _ => {
                let word: String = text
                    .split(|c: char| c.is_whitespace() || ",-/".contains(c))
                    .find(|w| w.contains(c))
                    .unwrap_or_default()
                    .to_string();
                return Err(NotationError::Unexpected(word));
            }
        }
    }
    if digits.len() != 8 && digits.len() != 12 {
        return Err(NotationError::Digits(digits.len()));
    }
    let cell = |pair: &[u8]| -> Result<usize, NotationError> {
        match pair {
            &[i @ 1..=4, j @ 1..=4] => Ok(usize::from(4 * (i - 1) + (j - 1))),
            _ => Err(NotationError::NotACell(format!("{}{}", pair[0], pair[1]))),
        }
    };
    let all: Vec<usize> = digits.chunks(2).map(cell).collect::<Result<_, _>>()?;
    let mut l: Mask = 0;
    for &k in &all[..4] {
        if l & bit(k) != 0 {
            return Err(NotationError::Twice(cell_name(k)));
        }
        l |= bit(k);
    }
    let placement = Placement::from_mask(l).ok_or_else(|| NotationError::NotAnL(cell_list(l)))?;
    let neutral = (all.len() == 6).then(|| (all[4], all[5]));
    Ok(Input::Move(Move {
        l: placement,
        neutral,
    }))
}

fn cell_list(m: Mask) -> String {
    cells(m).map(cell_name).collect::<Vec<_>>().join(" ")
}

/// A move in the notation: the L's cells in ascending order, then `from-to` for a neutral.
pub fn format(m: &Move) -> String {
    let mut s = cell_list(m.l.mask());
    if let Some((from, to)) = m.neutral {
        s.push_str(&format!(" {}-{}", cell_name(from), cell_name(to)));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;
    use proptest::prelude::*;

    #[test]
    fn moves_and_words() {
        let m = parse("21 31 41 42 11-14").unwrap();
        let Input::Move(mv) = m else { panic!("{m:?}") };
        assert_eq!(mv.l.mask(), bit(4) | bit(8) | bit(12) | bit(13));
        assert_eq!(mv.neutral, Some((0, 3)));
        assert_eq!(format(&mv), "21 31 41 42 11-14");
        assert_eq!(parse("42,41,31,21"), parse("21 31 41 42"));
        assert_eq!(parse("2131414211-14"), parse("21 31 41 42 11 14"));
        assert_eq!(parse(" QUIT "), Ok(Input::Quit));
        assert_eq!(parse("Help"), Ok(Input::Help));
        assert_eq!(parse("board"), Ok(Input::Board));
    }

    #[test]
    fn bad_lines_say_why() {
        assert_eq!(parse("21 31 41"), Err(NotationError::Digits(6)));
        assert_eq!(parse(""), Err(NotationError::Digits(0)));
        assert_eq!(
            parse("21 31 41 45"),
            Err(NotationError::NotACell("45".into()))
        );
        assert_eq!(parse("21 21 41 42"), Err(NotationError::Twice("21".into())));
        assert_eq!(
            parse("21 22 23 24"),
            Err(NotationError::NotAnL("21 22 23 24".into()))
        );
        assert_eq!(
            parse("21 31 41 x2"),
            Err(NotationError::Unexpected("x2".into()))
        );
        assert_eq!(
            parse("resign"),
            Err(NotationError::Unexpected("resign".into()))
        );
    }

    proptest! {
        #[test]
        fn every_legal_move_reads_back(lt in 0u16..2296, pick in any::<prop::sample::Index>()) {
            let p = crate::ltype::LType::new(lt).unwrap().position();
            let moves = p.moves();
            prop_assume!(!moves.is_empty());
            let m = moves[pick.index(moves.len())];
            prop_assert_eq!(parse(&format(&m)), Ok(Input::Move(m)));
        }

        #[test]
        fn no_line_panics(s in "\\PC{0,30}") {
            let _ = parse(&s);
        }

        #[test]
        fn digit_lines_never_panic(s in "[0-9 ,/-]{0,20}") {
            if let Ok(Input::Move(m)) = parse(&s) {
                let _ = Position::start().after(m);
            }
        }
    }
}
