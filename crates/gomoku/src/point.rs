//! Points of the 15 x 15 board in the guide's coordinates, and their other spellings.
//!
//! The guide (§3.2, `5moku.ban`) numbers x 1..15 from the left and y 1..15 from the top; the
//! centre (天元) is 8,8. Gomocup ("Piskvork") brains use 0-based `x,y` from the top-left
//! corner, so Gomocup = guide - 1 on both axes. Algebraic points (`h8`) use the column
//! letters a..o for x; the number is the guide's y, counted from the top (see the crate's
//! note 2 for why).

use std::fmt;
use std::str::FromStr;

/// Lines and columns of the board.
pub const SIZE: u8 = 15;
/// Number of points.
pub const POINTS: usize = (SIZE as usize) * (SIZE as usize);

/// A point on the board, guide coordinates: `x` 1..15 from the left, `y` 1..15 from the top.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    x: u8,
    y: u8,
}

/// A point that could not be read or lies off the board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PointError {
    #[error("{0:?} is not a point (expected x,y with 1..15, or a letter a..o and 1..15 like h8)")]
    Syntax(String),
    #[error("{0:?} is off the board (x and y run 1..15)")]
    OffBoard(String),
}

impl Point {
    /// The centre, 天元.
    pub const CENTRE: Point = Point { x: 8, y: 8 };

    /// The point at guide coordinates, if on the board.
    pub const fn new(x: u8, y: u8) -> Option<Point> {
        if x >= 1 && x <= SIZE && y >= 1 && y <= SIZE {
            Some(Point { x, y })
        } else {
            None
        }
    }

    /// Like [`Point::new`] for signed coordinates (offsets that may leave the board).
    pub fn at(x: i32, y: i32) -> Option<Point> {
        if (1..=SIZE as i32).contains(&x) && (1..=SIZE as i32).contains(&y) {
            Some(Point {
                x: x as u8,
                y: y as u8,
            })
        } else {
            None
        }
    }

    /// Column, 1..15 from the left.
    pub const fn x(self) -> u8 {
        self.x
    }

    /// Row, 1..15 from the top.
    pub const fn y(self) -> u8 {
        self.y
    }

    /// 0..225, row by row from the top-left corner.
    pub const fn index(self) -> usize {
        (self.y as usize - 1) * SIZE as usize + (self.x as usize - 1)
    }

    /// The point of an [`Point::index`].
    pub fn from_index(i: usize) -> Option<Point> {
        if i < POINTS {
            Some(Point {
                x: (i % SIZE as usize) as u8 + 1,
                y: (i / SIZE as usize) as u8 + 1,
            })
        } else {
            None
        }
    }

    /// All points, row by row from the top-left corner.
    pub fn all() -> impl Iterator<Item = Point> {
        (0..POINTS).filter_map(Point::from_index)
    }

    /// Gomocup (Piskvork) coordinates: 0-based `x,y` from the top-left corner.
    pub const fn gomocup(self) -> (u8, u8) {
        (self.x - 1, self.y - 1)
    }

    /// The point of Gomocup coordinates, if on a 15 x 15 board.
    pub fn from_gomocup(x: u32, y: u32) -> Option<Point> {
        if x < SIZE as u32 && y < SIZE as u32 {
            Point::new(x as u8 + 1, y as u8 + 1)
        } else {
            None
        }
    }

    /// Algebraic spelling: column letter a..o, then the guide's y (`h8` is the centre).
    pub fn algebraic(self) -> String {
        format!("{}{}", (b'a' + self.x - 1) as char, self.y)
    }

    /// Reads an algebraic point (`h8`, case-insensitive).
    pub fn from_algebraic(s: &str) -> Result<Point, PointError> {
        let t = s.trim();
        let mut chars = t.chars();
        let letter = chars
            .next()
            .filter(char::is_ascii_alphabetic)
            .ok_or_else(|| PointError::Syntax(s.to_string()))?
            .to_ascii_lowercase();
        let digits = chars.as_str();
        let y = parse_number(digits).ok_or_else(|| PointError::Syntax(s.to_string()))?;
        let x = (letter as u32) - ('a' as u32) + 1;
        Point::at(x as i32, y).ok_or_else(|| PointError::OffBoard(s.to_string()))
    }

    /// Reads guide coordinates `x,y` (spaces around the numbers allowed).
    pub fn from_guide(s: &str) -> Result<Point, PointError> {
        let (x, y) = parse_pair(s)?;
        Point::at(x, y).ok_or_else(|| PointError::OffBoard(s.to_string()))
    }

    /// Reads Gomocup coordinates `x,y` (0-based).
    pub fn from_gomocup_str(s: &str) -> Result<Point, PointError> {
        let (x, y) = parse_pair(s)?;
        Point::at(x + 1, y + 1).ok_or_else(|| PointError::OffBoard(s.to_string()))
    }

    /// Reads a point as typed by a person: guide `x,y` or algebraic `h8`.
    pub fn parse(s: &str) -> Result<Point, PointError> {
        if s.contains(',') {
            Point::from_guide(s)
        } else {
            Point::from_algebraic(s)
        }
    }
}

/// Two numbers separated by a comma.
fn parse_pair(s: &str) -> Result<(i32, i32), PointError> {
    let syntax = || PointError::Syntax(s.to_string());
    let (a, b) = s.split_once(',').ok_or_else(syntax)?;
    let x = parse_number(a.trim()).ok_or_else(syntax)?;
    let y = parse_number(b.trim()).ok_or_else(syntax)?;
    Ok((x, y))
}

/// A small decimal number; `None` for anything else (signs, empty, too long).
fn parse_number(s: &str) -> Option<i32> {
    if s.is_empty() || s.len() > 3 || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

impl fmt::Display for Point {
    /// Guide coordinates, `x,y`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

impl FromStr for Point {
    type Err = PointError;
    fn from_str(s: &str) -> Result<Point, PointError> {
        Point::parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn spellings_of_the_centre_and_the_corners() {
        assert_eq!(Point::CENTRE.algebraic(), "h8");
        assert_eq!(Point::CENTRE.gomocup(), (7, 7));
        assert_eq!(Point::parse("a1").unwrap(), Point::new(1, 1).unwrap());
        assert_eq!(Point::parse("O15").unwrap(), Point::new(15, 15).unwrap());
        assert_eq!(Point::parse(" 9, 6").unwrap(), Point::new(9, 6).unwrap());
        assert_eq!(
            Point::from_gomocup_str("0,14").unwrap(),
            Point::new(1, 15).unwrap()
        );
        assert!(matches!(Point::parse("16,1"), Err(PointError::OffBoard(_))));
        assert!(matches!(Point::parse("0,1"), Err(PointError::OffBoard(_))));
        assert!(matches!(Point::parse("p1"), Err(PointError::OffBoard(_))));
        assert!(matches!(Point::parse("h"), Err(PointError::Syntax(_))));
        assert!(matches!(Point::parse("-1,3"), Err(PointError::Syntax(_))));
        assert!(matches!(
            Point::from_gomocup_str("15,0"),
            Err(PointError::OffBoard(_))
        ));
    }

    fn point() -> impl Strategy<Value = Point> {
        (1u8..=15, 1u8..=15).prop_map(|(x, y)| Point::new(x, y).unwrap())
    }

    proptest! {
        #[test]
        fn round_trips(p in point()) {
            prop_assert_eq!(Point::parse(&p.to_string()).unwrap(), p);
            prop_assert_eq!(Point::parse(&p.algebraic()).unwrap(), p);
            let (gx, gy) = p.gomocup();
            prop_assert_eq!(Point::from_gomocup(gx as u32, gy as u32).unwrap(), p);
            prop_assert_eq!(Point::from_gomocup_str(&format!("{gx},{gy}")).unwrap(), p);
            prop_assert_eq!(Point::from_index(p.index()).unwrap(), p);
        }

        #[test]
        fn parser_never_panics(s in "\\PC{0,12}") {
            let _ = Point::parse(&s);
            let _ = Point::from_gomocup_str(&s);
        }
    }
}
