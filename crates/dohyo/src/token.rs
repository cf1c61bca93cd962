//! How a move is written in each protocol.
//!
//! The guide numbers columns x and rows y from 1 to 15, the centre being (8,8) (§3.2).
//! - `5moku.ban` / `5moku.res` (§3.2): x then y in two digits: `808` is (8,8), `1012` is (10,12).
//! - Appendix G's command line: `xxyy`, both in two digits: `0808`.
//! - pbrain: 0-based `x,y`, so the guide's (8,8) is `7,7`.
//!
//! Parsing returns raw numbers, so that a point off the board is told apart from garbage.

use std::fmt;

/// A point in the guide's coordinates, 1..=15 each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub struct Pt {
    pub x: u8,
    pub y: u8,
}

/// The board's side (§2.1).
pub const SIZE: u8 = 15;

impl Pt {
    pub fn new(x: u8, y: u8) -> Pt {
        Pt { x, y }
    }

    /// The point, if (x, y) lies on the board.
    pub fn on_board(x: i64, y: i64) -> Option<Pt> {
        let ok = |v: i64| (1..=SIZE as i64).contains(&v);
        (ok(x) && ok(y)).then(|| Pt::new(x as u8, y as u8))
    }

    /// `808`, `1012`: the `5moku.ban` token.
    pub fn ban(self) -> String {
        format!("{}{:02}", self.x, self.y)
    }

    /// `0808`: appendix G's token.
    pub fn xxyy(self) -> String {
        format!("{:02}{:02}", self.x, self.y)
    }

    /// `7,7`: the pbrain token.
    pub fn pbrain(self) -> String {
        format!("{},{}", self.x - 1, self.y - 1)
    }
}

/// `< 8 8>`: the log's form (appendix F).
impl fmt::Display for Pt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "<{:2}{:2}>", self.x, self.y)
    }
}

/// Read a `5moku.res` or `xxyy` token: 3 or 4 digits, y being the last two.
pub fn parse_digits(s: &str) -> Option<(i64, i64)> {
    let s = s.trim();
    if !(3..=4).contains(&s.len()) || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n: i64 = s.parse().ok()?;
    Some((n / 100, n % 100))
}

/// Read a pbrain `x,y` (0-based) into guide numbers (1-based).
pub fn parse_pbrain(s: &str) -> Option<(i64, i64)> {
    let (x, y) = s.trim().split_once(',')?;
    let x: i64 = x.trim().parse().ok()?;
    let y: i64 = y.trim().parse().ok()?;
    Some((x + 1, y + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_guides_examples() {
        assert_eq!(Pt::new(8, 8).ban(), "808");
        assert_eq!(Pt::new(10, 12).ban(), "1012");
        assert_eq!(Pt::new(8, 7).xxyy(), "0807");
        assert_eq!(Pt::new(8, 8).pbrain(), "7,7");
        assert_eq!(Pt::new(8, 8).to_string(), "< 8 8>");
        assert_eq!(parse_digits("906"), Some((9, 6)));
        assert_eq!(parse_digits("1012\r"), Some((10, 12)));
        assert_eq!(parse_digits("0808"), Some((8, 8)));
        assert_eq!(parse_digits("9a6"), None);
        assert_eq!(parse_pbrain("7,7"), Some((8, 8)));
        assert_eq!(parse_pbrain("7"), None);
    }

    #[test]
    fn every_point_round_trips_through_every_token() {
        for x in 1..=SIZE {
            for y in 1..=SIZE {
                let p = Pt::new(x, y);
                let back = |(a, b)| Pt::on_board(a, b);
                assert_eq!(parse_digits(&p.ban()).and_then(back), Some(p));
                assert_eq!(parse_digits(&p.xxyy()).and_then(back), Some(p));
                assert_eq!(parse_pbrain(&p.pbrain()).and_then(back), Some(p));
            }
        }
        assert_eq!(Pt::on_board(16, 1), None);
        assert_eq!(Pt::on_board(0, 1), None);
    }
}
