//! One line through a point, as two 11-bit masks, and the shapes read from it.
//!
//! Bit `i` stands for the cell at offset `i - 5` along a direction, so bit 5 is the point
//! being judged (always counted as the mover's stone). Every shape that contains the point
//! fits in this window: a five through it spans offsets -4..4, and telling an exact five
//! from an overline needs one more cell at each end.

/// The centre bit.
pub(crate) const CENTRE: u32 = 5;
const CENTRE_BIT: u16 = 1 << CENTRE;
const FIVE: u16 = 0b11111;
/// Cells that can hold a three's key point: the four stones of the straight four it makes
/// contain the centre, so the key point is at most three cells away.
const KEY_RANGE: u16 = 0b0001_1111_1100 & !CENTRE_BIT;

/// The mover's stones and the empty cells of one line through a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Line {
    pub own: u16,
    pub empty: u16,
}

impl Line {
    /// Length of the unbroken run of the mover's stones through the centre.
    pub fn run(self) -> u32 {
        let right = (!(self.own >> CENTRE)).trailing_zeros();
        let left = (!(self.own << (16 - CENTRE))).leading_zeros();
        right + left
    }

    /// The empty cells that would complete a five through the centre: windows of five cells
    /// containing the centre with four stones and one empty cell. With `exact` (black) the
    /// cells just outside the window must not be the mover's (a six is no five).
    pub fn completions(self, exact: bool) -> u16 {
        let mut found = 0u16;
        for start in 1..=CENTRE {
            let window = FIVE << start;
            let stones = self.own & window;
            if stones.count_ones() != 4 || (self.own | self.empty) & window != window {
                continue;
            }
            if exact {
                let outside = (1u16 << (start - 1)) | (1u16 << (start + 5));
                if self.own & outside != 0 {
                    continue;
                }
            }
            found |= window & !stones;
        }
        found
    }

    /// The key points of a three through the centre: empty cells where one more stone makes
    /// a straight four (two completions five cells apart) without making five on this line.
    pub fn three_keys(self, exact: bool) -> u16 {
        let mut keys = 0u16;
        let mut candidates = self.empty & KEY_RANGE;
        while candidates != 0 {
            let k = candidates & candidates.wrapping_neg();
            candidates &= !k;
            let next = Line {
                own: self.own | k,
                empty: self.empty & !k,
            };
            if next.run() < 5 && is_straight(next.completions(exact)) {
                keys |= k;
            }
        }
        keys
    }
}

/// Number of distinct fours among a set of completions: a straight four has two completions
/// five cells apart and is one four; any other pair (as in `X.X?X.X`) is two.
pub(crate) fn fours(completions: u16) -> u32 {
    completions.count_ones() - (completions & (completions >> 5)).count_ones()
}

/// Whether the completions include a straight four (an open four, 活四).
pub(crate) fn is_straight(completions: u16) -> bool {
    completions & (completions >> 5) != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A line from text: `X` mover, `.` empty, anything else blocks; `?` is the centre.
    fn line(s: &str) -> Line {
        assert_eq!(s.len(), 11, "{s}");
        let (mut own, mut empty) = (0, 0);
        for (i, c) in s.bytes().enumerate() {
            match c {
                b'X' | b'?' => own |= 1 << i,
                b'.' => empty |= 1 << i,
                _ => {}
            }
        }
        assert!(own & CENTRE_BIT != 0);
        Line { own, empty }
    }

    #[test]
    fn runs() {
        assert_eq!(line("....X?X....").run(), 3);
        assert_eq!(line("XXXXX?XXXXX").run(), 11);
        assert_eq!(line(".....?.....").run(), 1);
        assert_eq!(line("X.XXX?.....").run(), 4);
    }

    #[test]
    fn fours_and_straight_fours() {
        let s = line("...XX?X....").completions(true);
        assert_eq!(fours(s), 1);
        assert!(is_straight(s));
        assert_eq!(fours(line("..X.X?X.X..").completions(true)), 2);
        // `O.XXX?.X`: the right completion would make six.
        let s = line("..OXX?X.X..").completions(true);
        assert_eq!(s, 0);
        let s = line(".OXXX?.X...").completions(true);
        assert_eq!(fours(s), 0);
        assert_eq!(fours(line(".OXXX?.....").completions(true)), 1);
        // White: six counts as five.
        assert_eq!(fours(line("..OXX?X.X..").completions(false)), 1);
    }

    #[test]
    fn threes() {
        assert_ne!(line("....X?X....").three_keys(true), 0);
        assert_ne!(line("...X.?X....").three_keys(true), 0);
        // 夏止め: `○+★★★+○`.
        assert_eq!(line("..O.X?X.O..").three_keys(true), 0);
        // `○+★★★++●+`: only for black is this no three.
        assert_eq!(line("..O.X?X..X.").three_keys(true), 0);
        assert_ne!(line("..O.X?X..X.").three_keys(false), 0);
    }
}
