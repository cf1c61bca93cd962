//! The 8 symmetries of the board about its centre (the dihedral group of the square), and
//! how the log names them.
//!
//! The guide's log line (appendix F) names an opening with its symmetry as
//! `『寒星』(直接1・正・本)`; only this one example is given, and it is the opening exactly as
//! appendix A draws it. Our reading (docs/gomoku.md): the first mark says whether the
//! diagram is taken as drawn (正, 正像) or as its mirror image (鏡, 鏡像: the word of §2.4,
//! left and right exchanged); the second its orientation: as drawn (本), turned a quarter
//! to the right (右, clockwise), upside down (逆) or a quarter to the left (左). The mirror
//! is applied first, then the turn.

use crate::point::Point;
use std::fmt;

/// One of the 8 symmetries: an optional left-right mirror, then 0-3 quarter turns clockwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Symmetry {
    mirror: bool,
    turns: u8,
}

impl Symmetry {
    /// The identity (正・本).
    pub const IDENTITY: Symmetry = Symmetry {
        mirror: false,
        turns: 0,
    };

    /// All eight, the identity first: 正・本, 正・右, 正・逆, 正・左, 鏡・本, ...
    pub const ALL: [Symmetry; 8] = {
        let mut all = [Symmetry::IDENTITY; 8];
        let mut i = 0;
        while i < 8 {
            all[i] = Symmetry {
                mirror: i >= 4,
                turns: (i % 4) as u8,
            };
            i += 1;
        }
        all
    };

    /// The symmetry with a mirror flag and a number of clockwise quarter turns (mod 4).
    pub const fn new(mirror: bool, turns: u8) -> Symmetry {
        Symmetry {
            mirror,
            turns: turns % 4,
        }
    }

    /// 0..8, the position in [`Symmetry::ALL`].
    pub fn number(self) -> usize {
        self.mirror as usize * 4 + self.turns as usize
    }

    pub fn is_mirror(self) -> bool {
        self.mirror
    }

    pub fn turns(self) -> u8 {
        self.turns
    }

    /// Where a point goes.
    pub fn apply(self, p: Point) -> Point {
        let (mut dx, mut dy) = (p.x() as i32 - 8, p.y() as i32 - 8);
        if self.mirror {
            dx = -dx;
        }
        for _ in 0..self.turns {
            // Clockwise on the page, y growing downwards: right becomes down.
            (dx, dy) = (-dy, dx);
        }
        Point::at(dx + 8, dy + 8).expect("a symmetry keeps the board")
    }

    /// The symmetry that undoes this one.
    pub fn inverse(self) -> Symmetry {
        if self.mirror {
            self
        } else {
            Symmetry::new(false, 4 - self.turns)
        }
    }

    /// The log's two marks, e.g. `正・本`.
    pub fn label(self) -> &'static str {
        const LABELS: [&str; 8] = [
            "正・本",
            "正・右",
            "正・逆",
            "正・左",
            "鏡・本",
            "鏡・右",
            "鏡・逆",
            "鏡・左",
        ];
        LABELS[self.number()]
    }

    /// The symmetry of a label (`正・本`, also without the dot).
    pub fn from_label(s: &str) -> Option<Symmetry> {
        let t: String = s.chars().filter(|&c| c != '・').collect();
        Symmetry::ALL
            .into_iter()
            .find(|m| m.label().chars().filter(|&c| c != '・').collect::<String>() == t)
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eight_distinct_symmetries_fixing_the_centre() {
        let corner = Point::new(3, 1).unwrap();
        let images: std::collections::HashSet<Point> =
            Symmetry::ALL.iter().map(|s| s.apply(corner)).collect();
        assert_eq!(images.len(), 8);
        for s in Symmetry::ALL {
            assert_eq!(s.apply(Point::CENTRE), Point::CENTRE);
            assert_eq!(Symmetry::from_label(s.label()), Some(s));
            for p in Point::all() {
                assert_eq!(s.inverse().apply(s.apply(p)), p);
            }
        }
    }

    #[test]
    fn quarter_turn_right_takes_up_to_right() {
        let up = Point::new(8, 7).unwrap();
        assert_eq!(Symmetry::new(false, 1).apply(up), Point::new(9, 8).unwrap());
        assert_eq!(
            Symmetry::new(true, 0).apply(Point::new(9, 7).unwrap()),
            Point::new(7, 7).unwrap()
        );
    }
}
