//! The per-position listing: one line per l-type, in the format of the independent
//! reference result (`tests/lgame/lgame-reference.txt`, section `[classification]`):
//!
//! `ltype_dec ltype_oct class level R_oct B_oct N_oct board`
//!
//! with the level `-` for U and the board as rows separated by `/` (`o` = empty). Writing
//! and reading it lets any two classifications be compared line by line.

use crate::board::{Board, Mask};
use crate::classify::{Classification, Outcome};
use crate::ltype::LType;

/// One line of a listing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub ltype: LType,
    pub outcome: Outcome,
    /// The M-type representation: R, B, N.
    pub board: Board,
}

/// A line that is not a record.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {msg}")]
pub struct ListingError {
    pub line: usize,
    pub msg: String,
}

/// The line of one l-type.
pub fn line(lt: LType, o: Outcome) -> String {
    let b = lt.board();
    let level = o.level().map_or("-".to_string(), |i| i.to_string());
    format!(
        "{} {:o} {} {} {:o} {:o} {:o} {}",
        lt.get(),
        lt.get(),
        o.class(),
        level,
        b.r,
        b.b,
        b.n,
        b.rows()
    )
}

/// The whole listing, with a comment line naming the fields.
pub fn listing(c: &Classification) -> String {
    let mut s =
        String::from("# ltype_dec ltype_oct class level R_oct B_oct N_oct board(rows, o=empty)\n");
    for lt in LType::all() {
        s.push_str(&line(lt, c.outcome(lt)));
        s.push('\n');
    }
    s
}

/// Read records; blank lines and lines starting with `#` are skipped. `first_line` is the
/// number of the text's first line in its file, for messages.
pub fn parse(text: &str, first_line: usize) -> Result<Vec<Record>, ListingError> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let l = raw.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let err = |msg: String| ListingError {
            line: first_line + i,
            msg,
        };
        let f: Vec<&str> = l.split_whitespace().collect();
        let [dec, oct, class, level, r, b, n, rows] = f[..] else {
            return Err(err(format!("expected 8 fields, found {}", f.len())));
        };
        let dec: u16 = dec
            .parse()
            .map_err(|_| err(format!("bad l-type '{dec}'")))?;
        let ltype = LType::new(dec).ok_or_else(|| err(format!("l-type {dec} out of range")))?;
        if u16::from_str_radix(oct, 8).ok() != Some(dec) {
            return Err(err(format!("octal '{oct}' is not {dec}")));
        }
        let level = match level {
            "-" => None,
            s => Some(
                s.parse::<u8>()
                    .map_err(|_| err(format!("bad level '{s}'")))?,
            ),
        };
        let outcome = match (class, level) {
            ("B", Some(i)) => Outcome::B(i),
            ("F", Some(i)) => Outcome::F(i),
            ("U", None) => Outcome::U,
            _ => return Err(err(format!("class '{class}' with level {level:?}"))),
        };
        let mask = |s: &str| -> Result<Mask, ListingError> {
            Mask::from_str_radix(s, 8).map_err(|_| err(format!("bad octal mask '{s}'")))
        };
        let board = Board {
            r: mask(r)?,
            b: mask(b)?,
            n: mask(n)?,
        };
        let drawn = Board::parse_rows(rows).map_err(|e| err(e.to_string()))?;
        if drawn != board {
            return Err(err(format!("board {rows} is not the masks {r} {b} {n}")));
        }
        out.push(Record {
            ltype,
            outcome,
            board,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_read_back() {
        let lt = LType::new(0o2365).unwrap();
        let l = line(lt, Outcome::U);
        assert_eq!(l, "1269 2365 U - 7200 560 10010 ooon/rrrb/rbbb/nooo");
        let r = parse(&l, 1).unwrap();
        assert_eq!(
            r,
            vec![Record {
                ltype: lt,
                outcome: Outcome::U,
                board: lt.board()
            }]
        );
        assert!(parse("1269 2365 U 3 7200 560 10010 ooon/rrrb/rbbb/nooo", 5).is_err());
        assert!(parse("1269 2366 U - 7200 560 10010 ooon/rrrb/rbbb/nooo", 5).is_err());
        assert!(parse("1269 2365 U - 7200 560 10001 ooon/rrrb/rbbb/nooo", 5).is_err());
        let e = parse("\n\n1 2 3", 10).unwrap_err();
        assert_eq!(e.line, 12);
    }
}
