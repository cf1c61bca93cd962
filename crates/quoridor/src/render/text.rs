//! The board as characters, 39 columns wide: a square is a dot (or a pawn) four columns from
//! the next, walls are `|` and `-` drawn through the grooves.
//!
//! ```text
//!     a   b   c   d   e   f   g   h   i
//!   +-----------------------------------+
//! 1 | .   .   .   .   o   .   .   .   . | 1
//!   |                                   |
//! ```

use super::{picture, Picture};
use crate::wall::Orient;
use crate::State;

const COLS: usize = 41;
const ROWS: usize = 21;

fn grid(p: &Picture) -> Vec<Vec<u8>> {
    let mut g = vec![vec![b' '; COLS]; ROWS];
    let letters = "    a   b   c   d   e   f   g   h   i";
    for row in [0, ROWS - 1] {
        g[row][..letters.len()].copy_from_slice(letters.as_bytes());
    }
    for row in [1, ROWS - 2] {
        g[row][2] = b'+';
        g[row][38] = b'+';
        g[row][3..38].fill(b'-');
    }
    for line in &mut g[2..ROWS - 2] {
        line[2] = b'|';
        line[38] = b'|';
    }
    for r in 0..9 {
        let y = 2 + 2 * r;
        let digit = b'1' + r as u8;
        g[y][0] = digit;
        g[y][40] = digit;
        for c in 0..9 {
            g[y][4 + 4 * c] = b'.';
        }
    }
    for &(side, sq) in &p.pawns {
        g[2 + 2 * sq.row()][4 + 4 * sq.col()] = side.pawn_char() as u8;
    }
    for w in &p.walls {
        let (c, r) = (w.col(), w.row());
        match w.orient {
            Orient::Vertical => {
                for line in &mut g[2 + 2 * r..=4 + 2 * r] {
                    line[6 + 4 * c] = b'|';
                }
            }
            Orient::Horizontal => {
                g[3 + 2 * r][3 + 4 * c..=9 + 4 * c].fill(b'-');
            }
        }
    }
    g
}

fn lines(state: &State) -> Vec<String> {
    let p = picture(state);
    let mut out: Vec<String> = grid(&p)
        .into_iter()
        .map(|row| String::from_utf8_lossy(&row).trim_end().to_string())
        .collect();
    out.push(String::new());
    out.extend(p.caption);
    out
}

/// The board for a terminal: lower case, `\n` line ends.
pub fn text(state: &State) -> String {
    lines(state).iter().map(|l| format!("{l}\n")).collect()
}

/// The board for the teletype, in the ASR-33's character set, CR LF line ends.
pub fn teletype(state: &State) -> String {
    lines(state)
        .iter()
        .map(|l| format!("{}\r\n", asr33(l)))
        .collect()
}

/// Text as the ASR-33 prints it: upper case, and `!` for the vertical bar it lacks (so a
/// vertical wall reads `C5!`; the notation reader takes `!` for `|`).
pub fn asr33(text: &str) -> String {
    text.to_ascii_uppercase().replace('|', "!")
}
