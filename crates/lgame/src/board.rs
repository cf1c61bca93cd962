//! Cells, 16-bit masks and the board in its Λ-type and M-type forms (§7).
//!
//! Cell (i, j), 1 ≤ i, j ≤ 4 (row i from the top, column j from the left) is numbered
//! k = 4(i − 1) + (j − 1) and has bit value 2^(15 − k) in a mask, so a whole board is three
//! masks R, B, N (the M-type representation) and `0164000` is `rrr./r...` in the top rows.

use std::fmt;

/// A set of cells as a 16-bit mask, cell k at bit value 2^(15 − k).
pub type Mask = u16;

/// Number of cells on the board.
pub const CELLS: usize = 16;

/// The mask bit of cell `k` (0..16).
pub const fn bit(k: usize) -> Mask {
    1 << (15 - k)
}

/// The cells of a mask, in ascending k.
pub fn cells(mask: Mask) -> impl Iterator<Item = usize> {
    (0..CELLS).filter(move |&k| mask & bit(k) != 0)
}

/// The paper's name of cell k: row digit then column digit, both 1..4 (`a_ij`).
pub fn cell_name(k: usize) -> String {
    format!("{}{}", k / 4 + 1, k % 4 + 1)
}

/// The two players; red is the paper's `r`, blue its `b`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    Red,
    Blue,
}

impl Colour {
    pub fn other(self) -> Colour {
        match self {
            Colour::Red => Colour::Blue,
            Colour::Blue => Colour::Red,
        }
    }

    /// The paper's letter, `r` or `b`.
    pub fn letter(self) -> char {
        match self {
            Colour::Red => 'r',
            Colour::Blue => 'b',
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Blue => "blue",
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A board as masks (the paper's M-type representation A = Rr + Bb + Nn), not yet checked
/// to hold two L pieces and two neutrals.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    pub r: Mask,
    pub b: Mask,
    pub n: Mask,
}

/// Why a written board is not a board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    #[error("'{0}': a board is four rows of four letters r, b, n, o, separated by '/'")]
    Shape(String),
    #[error("'{text}': {letter} must fill {want} cells, not {got}")]
    Count {
        text: String,
        letter: char,
        want: u32,
        got: u32,
    },
    #[error("'{text}': the {colour} cells do not form an L")]
    NotAnL { text: String, colour: Colour },
}

impl Board {
    /// The letter (`r`, `b`, `n` or `o`) on cell k: the Λ-type entry a_ij.
    pub fn letter(&self, k: usize) -> char {
        let m = bit(k);
        if self.r & m != 0 {
            'r'
        } else if self.b & m != 0 {
            'b'
        } else if self.n & m != 0 {
            'n'
        } else {
            'o'
        }
    }

    /// The Λ-type representation: the 4 × 4 matrix of letters.
    pub fn lambda(&self) -> [[char; 4]; 4] {
        let mut a = [['o'; 4]; 4];
        for (k, row) in (0..CELLS).zip(a.iter_mut().flat_map(|r| r.iter_mut())) {
            *row = self.letter(k);
        }
        a
    }

    /// One line: rows separated by `/`, e.g. `nbbo/orbo/orbo/orrn`.
    pub fn rows(&self) -> String {
        let mut s = String::with_capacity(19);
        for k in 0..CELLS {
            if k > 0 && k % 4 == 0 {
                s.push('/');
            }
            s.push(self.letter(k));
        }
        s
    }

    /// Read the one-line form written by [`Board::rows`] (letters in either case). The counts
    /// are checked here; whether the pieces are L shapes is checked by `Position`.
    pub fn parse_rows(text: &str) -> Result<Board, BoardError> {
        let rows: Vec<&str> = text.trim().split('/').collect();
        if rows.len() != 4 || rows.iter().any(|r| r.chars().count() != 4) {
            return Err(BoardError::Shape(text.to_string()));
        }
        let mut board = Board { r: 0, b: 0, n: 0 };
        for (k, c) in rows.iter().flat_map(|r| r.chars()).enumerate() {
            match c.to_ascii_lowercase() {
                'r' => board.r |= bit(k),
                'b' => board.b |= bit(k),
                'n' => board.n |= bit(k),
                'o' | '.' => {}
                _ => return Err(BoardError::Shape(text.to_string())),
            }
        }
        for (letter, mask, want) in [('r', board.r, 4), ('b', board.b, 4), ('n', board.n, 2)] {
            if mask.count_ones() != want {
                return Err(BoardError::Count {
                    text: text.to_string(),
                    letter,
                    want,
                    got: mask.count_ones(),
                });
            }
        }
        Ok(board)
    }

    /// The board as the paper draws a Λ-type position: four rows of `r b n o`, with row and
    /// column numbers (1..4) around it for the move notation. Lines end in CR LF.
    pub fn lambda_text(&self) -> String {
        let mut s = String::from("    1 2 3 4\r\n");
        for (i, row) in self.lambda().iter().enumerate() {
            s.push_str(&format!("  {}", i + 1));
            for c in row {
                s.push(' ');
                s.push(*c);
            }
            s.push_str("\r\n");
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_bits_follow_the_paper() {
        // §7: m = 07200 r + 0560 b + 010010 n is "ooon/rrrb/rbbb/nooo".
        let m = Board {
            r: 0o7200,
            b: 0o560,
            n: 0o10010,
        };
        assert_eq!(m.rows(), "ooon/rrrb/rbbb/nooo");
        assert_eq!(Board::parse_rows("ooon/rrrb/rbbb/nooo"), Ok(m));
        assert_eq!(cell_name(0), "11");
        assert_eq!(cell_name(15), "44");
        assert_eq!(cells(0o164000).collect::<Vec<_>>(), vec![0, 1, 2, 4]);
    }

    #[test]
    fn bad_boards_are_refused() {
        assert!(matches!(
            Board::parse_rows("rrr/rbbb"),
            Err(BoardError::Shape(_))
        ));
        assert!(matches!(
            Board::parse_rows("ooon/rrrb/rbbb/nnoo"),
            Err(BoardError::Count { letter: 'n', .. })
        ));
        assert!(matches!(
            Board::parse_rows("ooon/rrrb/rbbb/nxoo"),
            Err(BoardError::Shape(_))
        ));
    }

    #[test]
    fn lambda_form() {
        let s = Board::parse_rows("nbbo/orbo/orbo/orrn").unwrap();
        assert_eq!(s.lambda()[0], ['n', 'b', 'b', 'o']);
        assert_eq!(
            s.lambda_text(),
            "    1 2 3 4\r\n  1 n b b o\r\n  2 o r b o\r\n  3 o r b o\r\n  4 o r r n\r\n"
        );
    }
}
