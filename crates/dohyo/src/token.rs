//! How a move is written in each protocol, for the guide's points (`gomoku::Point`: x 1..15
//! from the left, y 1..15 from the top, the centre 8,8).
//! - `5moku.ban` / `5moku.res` (§3.2): x then y in two digits: `808` is (8,8), `1012` is (10,12).
//! - Appendix G's command line: `xxyy`, both in two digits: `0808`.
//! - pbrain: 0-based `x,y`, so the guide's (8,8) is `7,7`.
//! - The log (appendix F): `< 8 8>`.
//!
//! Parsing returns raw numbers, so that a point off the board is told apart from garbage.

use gomoku::Point;

/// The spellings of a point.
pub trait Spell {
    /// `808`, `1012`: the `5moku.ban` token.
    fn ban(self) -> String;
    /// `0808`: appendix G's token.
    fn xxyy(self) -> String;
    /// `7,7`: the pbrain token.
    fn pbrain(self) -> String;
    /// `< 8 8>`: the log's.
    fn log(self) -> String;
}

impl Spell for Point {
    fn ban(self) -> String {
        format!("{}{:02}", self.x(), self.y())
    }

    fn xxyy(self) -> String {
        format!("{:02}{:02}", self.x(), self.y())
    }

    fn pbrain(self) -> String {
        let (x, y) = self.gomocup();
        format!("{x},{y}")
    }

    fn log(self) -> String {
        format!("<{:2}{:2}>", self.x(), self.y())
    }
}

/// The point at raw guide numbers, if on the board.
pub fn point_at(x: i64, y: i64) -> Option<Point> {
    Point::at(i32::try_from(x).ok()?, i32::try_from(y).ok()?)
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
    Some((x.saturating_add(1), y.saturating_add(1)))
}

/// A point for tests and tables: (x, y) must be on the board.
pub fn pt(x: u8, y: u8) -> Point {
    Point::new(x, y).expect("a point on the board")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_guides_examples() {
        assert_eq!(pt(8, 8).ban(), "808");
        assert_eq!(pt(10, 12).ban(), "1012");
        assert_eq!(pt(8, 7).xxyy(), "0807");
        assert_eq!(pt(8, 8).pbrain(), "7,7");
        assert_eq!(pt(8, 8).log(), "< 8 8>");
        assert_eq!(parse_digits("906"), Some((9, 6)));
        assert_eq!(parse_digits("1012\r"), Some((10, 12)));
        assert_eq!(parse_digits("0808"), Some((8, 8)));
        assert_eq!(parse_digits("9a6"), None);
        assert_eq!(parse_pbrain("7,7"), Some((8, 8)));
        assert_eq!(parse_pbrain("7"), None);
    }

    #[test]
    fn the_largest_answer_does_not_wrap() {
        // Told in the off-board detail: it must read as the program's number, not wrap.
        assert_eq!(parse_pbrain("9223372036854775807,0"), Some((i64::MAX, 1)));
        assert_eq!(point_at(i64::MAX, 1), None);
    }

    #[test]
    fn every_point_round_trips_through_every_token() {
        for p in Point::all() {
            let back = |(a, b)| point_at(a, b);
            assert_eq!(parse_digits(&p.ban()).and_then(back), Some(p));
            assert_eq!(parse_digits(&p.xxyy()).and_then(back), Some(p));
            assert_eq!(parse_pbrain(&p.pbrain()).and_then(back), Some(p));
        }
        assert_eq!(point_at(16, 1), None);
        assert_eq!(point_at(0, 1), None);
    }
}
