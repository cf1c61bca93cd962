//! The 24 basic openings (24基本珠型) of the guide's §2.4 and appendix A.
//!
//! Black 1 on the centre (天元); white 2 next to it, diagonally (間接打ち, indirect) or
//! straight (直接打ち, direct); black 3 within two points of the centre. Appendix A draws
//! them with white 2 above and to the right of black 1 (indirect) or straight above it
//! (direct); in guide coordinates 9,7 and 8,7. The black 3 of each, and the order and
//! names, are those of appendix A (the standard renju openings 1I-12I and 1D-12D; the
//! guide leaves out 彗星 and 遊星).

use crate::point::Point;
use crate::symmetry::Symmetry;
use std::fmt;

/// Indirect (間接, white 2 diagonal) or direct (直接, white 2 straight).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Indirect,
    Direct,
}

impl Kind {
    pub fn japanese(self) -> &'static str {
        match self {
            Kind::Indirect => "間接",
            Kind::Direct => "直接",
        }
    }

    /// White 2 in appendix A's drawing.
    pub fn white_two(self) -> Point {
        match self {
            Kind::Indirect => pt(9, 7),
            Kind::Direct => pt(8, 7),
        }
    }
}

/// One basic opening: three stones from the centre.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Opening {
    pub kind: Kind,
    /// 1..12 within its kind (間接1号 ...).
    pub number: u8,
    /// The name, e.g. 寒星.
    pub name: &'static str,
    /// The name in Hepburn romanisation, e.g. kansei.
    pub romaji: &'static str,
    /// Black 3 as appendix A draws it.
    pub third: Point,
}

const fn pt(x: u8, y: u8) -> Point {
    match Point::new(x, y) {
        Some(p) => p,
        None => panic!("opening point off the board"),
    }
}

const fn op(
    kind: Kind,
    number: u8,
    name: &'static str,
    romaji: &'static str,
    x: u8,
    y: u8,
) -> Opening {
    Opening {
        kind,
        number,
        name,
        romaji,
        third: pt(x, y),
    }
}

use Kind::{Direct, Indirect};

/// The 24, indirect 1-12 then direct 1-12, as appendix A lists them.
pub const OPENINGS: [Opening; 24] = [
    op(Indirect, 1, "長星", "chosei", 10, 6),
    op(Indirect, 2, "峡月", "kyogetsu", 10, 7),
    op(Indirect, 3, "恒星", "kosei", 10, 8),
    op(Indirect, 4, "水月", "suigetsu", 10, 9),
    op(Indirect, 5, "流星", "ryusei", 10, 10),
    op(Indirect, 6, "雲月", "ungetsu", 9, 8),
    op(Indirect, 7, "浦月", "hogetsu", 9, 9),
    op(Indirect, 8, "嵐月", "rangetsu", 9, 10),
    op(Indirect, 9, "銀月", "gingetsu", 8, 9),
    op(Indirect, 10, "明星", "myojo", 8, 10),
    op(Indirect, 11, "斜月", "shagetsu", 7, 9),
    op(Indirect, 12, "名月", "meigetsu", 7, 10),
    op(Direct, 1, "寒星", "kansei", 8, 6),
    op(Direct, 2, "渓月", "keigetsu", 9, 6),
    op(Direct, 3, "疎星", "sosei", 10, 6),
    op(Direct, 4, "花月", "kagetsu", 9, 7),
    op(Direct, 5, "残月", "zangetsu", 10, 7),
    op(Direct, 6, "雨月", "ugetsu", 9, 8),
    op(Direct, 7, "金星", "kinsei", 10, 8),
    op(Direct, 8, "松月", "shogetsu", 8, 9),
    op(Direct, 9, "丘月", "kyugetsu", 9, 9),
    op(Direct, 10, "新月", "shingetsu", 10, 9),
    op(Direct, 11, "瑞星", "zuisei", 8, 10),
    op(Direct, 12, "山月", "sangetsu", 9, 10),
];

impl Opening {
    /// The three moves as appendix A draws them.
    pub fn moves(&self) -> [Point; 3] {
        [Point::CENTRE, self.kind.white_two(), self.third]
    }

    /// The three moves under a symmetry.
    pub fn moves_under(&self, s: Symmetry) -> [Point; 3] {
        self.moves().map(|p| s.apply(p))
    }

    /// Short code: `1D` for 直接1号, `12I` for 間接12号.
    pub fn code(&self) -> String {
        let k = match self.kind {
            Kind::Indirect => 'I',
            Kind::Direct => 'D',
        };
        format!("{}{k}", self.number)
    }

    /// How the log names the opening played under a symmetry: `『寒星』(直接1・正・本)`.
    pub fn log_name(&self, s: Symmetry) -> String {
        format!(
            "『{}』({}{}・{})",
            self.name,
            self.kind.japanese(),
            self.number,
            s.label()
        )
    }

    /// Finds an opening by name (寒星 or kansei), code (1D, 12i) or 直接1 / 間接12.
    pub fn find(s: &str) -> Option<Opening> {
        let t = s.trim();
        OPENINGS.into_iter().find(|o| {
            o.name == t
                || o.romaji.eq_ignore_ascii_case(t)
                || o.code().eq_ignore_ascii_case(t)
                || format!("{}{}", o.kind.japanese(), o.number) == t
                || format!("{}{}号", o.kind.japanese(), o.number) == t
        })
    }

    /// The opening and symmetry of three moves, if they are one of the 24 under one of the
    /// 8 symmetries (the first such symmetry in [`Symmetry::ALL`] order).
    pub fn identify(moves: &[Point]) -> Option<(Opening, Symmetry)> {
        let [a, b, c] = moves else { return None };
        OPENINGS.into_iter().find_map(|o| {
            Symmetry::ALL
                .into_iter()
                .find(|&s| o.moves_under(s) == [*a, *b, *c])
                .map(|s| (o, s))
        })
    }
}

impl fmt::Display for Opening {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}号「{}」",
            self.kind.japanese(),
            self.number,
            self.name
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// An opening's stones up to symmetry: the smallest image of (black set, white).
    fn class(moves: [Point; 3]) -> (Vec<Point>, Point) {
        Symmetry::ALL
            .iter()
            .map(|s| {
                let m = moves.map(|p| s.apply(p));
                let mut black = vec![m[0], m[2]];
                black.sort();
                (black, m[1])
            })
            .min()
            .unwrap()
    }

    #[test]
    fn the_24_follow_section_2_4_and_are_distinct_up_to_symmetry() {
        let mut classes = HashSet::new();
        for o in OPENINGS {
            let [b1, w2, b3] = o.moves();
            assert_eq!(b1, Point::CENTRE);
            let (dx, dy) = (w2.x().abs_diff(8), w2.y().abs_diff(8));
            assert_eq!(
                (dx, dy),
                if o.kind == Kind::Direct {
                    (0, 1)
                } else {
                    (1, 1)
                }
            );
            assert!(b3.x().abs_diff(8) <= 2 && b3.y().abs_diff(8) <= 2, "{o}");
            assert!(b3 != b1 && b3 != w2);
            assert!(
                classes.insert(class(o.moves())),
                "{o} repeats another opening"
            );
        }
        // 彗星 (f10 for black 3 after an indirect white 2) and 遊星 (j10 after a direct one)
        // are the two standard openings the guide leaves out: neither is among the 24.
        for (w2, b3) in [(pt(9, 7), pt(6, 10)), (pt(8, 7), pt(10, 10))] {
            assert!(!classes.contains(&class([Point::CENTRE, w2, b3])));
        }
    }

    #[test]
    fn log_names() {
        let kansei = Opening::find("寒星").unwrap();
        assert_eq!(
            kansei.log_name(Symmetry::IDENTITY),
            "『寒星』(直接1・正・本)"
        );
        // The appendix F log: < 8 8>< 8 7>< 8 6>.
        assert_eq!(kansei.moves(), [pt(8, 8), pt(8, 7), pt(8, 6)]);
        assert_eq!(Opening::find("1d"), Some(kansei));
        assert_eq!(Opening::find("直接1号"), Some(kansei));
        assert_eq!(Opening::find("chosei").unwrap().code(), "1I");
        // docs/gomoku.md's example: 渓月 mirrored, then turned clockwise.
        let keigetsu = Opening::find("渓月").unwrap();
        let s = Symmetry::from_label("鏡・右").unwrap();
        assert_eq!(keigetsu.moves_under(s), [pt(8, 8), pt(9, 8), pt(10, 7)]);
        for o in OPENINGS {
            for s in Symmetry::ALL {
                let (found, t) = Opening::identify(&o.moves_under(s)).unwrap();
                assert_eq!(found, o);
                assert_eq!(o.moves_under(t), o.moves_under(s));
            }
        }
    }
}
