//! What one stone makes on one line: the shape table.
//!
//! For a point and a direction, the ten cells at distance 1..5 on either side are read relative
//! to the side about to play (empty, own, blocked = the other colour or the board edge) and
//! packed base 3 into an index. The table gives the shape the stone makes on that line, with
//! the five judged as the rules do: black's five is exactly five (six or more is an overline,
//! guide §2.3); white's is five or more (see the rules crate on white's overline).
//!
//! Notes:
//! 1. Only shapes that contain the new stone count: a four is a single point that completes a
//!    five through the stone, a straight four two or more such points (this includes the
//!    single-line `X.X?X.X`, which for black the rules crate judges as a double four); a three
//!    is a stone after which one more makes a straight four, a closed three one after which one
//!    more makes a four.
//! 2. Eleven cells are enough: a five through the stone lies within distance 4, and its
//!    exactness is settled by the cells at distance 5.
//! 3. The table is filled as windows are met, not whole at start: building all 2 x 3^10
//!    entries takes about 40 ms, which a program started afresh for every move (the file and
//!    command-line protocols) would pay each move, while a game meets a few thousand windows.

use std::sync::atomic::{AtomicU32, Ordering};

/// The shape a stone makes on one line, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Shape {
    None,
    ClosedThree,
    Three,
    Four,
    StraightFour,
    Five,
    /// Six or more black stones in a row: never a win, forbidden unless a five is made too.
    Overline,
}

const HALF: usize = 5;
const CELLS: usize = 2 * HALF + 1;
/// Number of window codes (3^10).
pub const CODES: usize = 59_049;

const EMPTY: u8 = 0;
const OWN: u8 = 1;
const BLOCKED: u8 = 2;

/// The cell states at offsets -5..=5 for a code (centre empty).
fn decode(code: usize) -> [u8; CELLS] {
    let mut w = [EMPTY; CELLS];
    let mut c = code;
    for (i, cell) in w.iter_mut().enumerate() {
        if i == HALF {
            continue;
        }
        *cell = (c % 3) as u8;
        c /= 3;
    }
    w
}

/// The code of a window read by `cell(offset)` for offsets ±1..±5.
#[inline]
pub fn encode(mut cell: impl FnMut(i32) -> u8) -> usize {
    let mut code = 0;
    let mut mul = 1;
    for off in -(HALF as i32)..=HALF as i32 {
        if off == 0 {
            continue;
        }
        code += cell(off) as usize * mul;
        mul *= 3;
    }
    code
}

/// The own run through `i`, as (first, last).
fn run(w: &[u8; CELLS], i: usize) -> (usize, usize) {
    let mut a = i;
    while a > 0 && w[a - 1] == OWN {
        a -= 1;
    }
    let mut b = i;
    while b + 1 < CELLS && w[b + 1] == OWN {
        b += 1;
    }
    (a, b)
}

fn is_five(len: usize, exact: bool) -> bool {
    if exact {
        len == 5
    } else {
        len >= 5
    }
}

/// Points that complete a five containing the centre.
fn five_points(w: &mut [u8; CELLS], exact: bool) -> usize {
    let mut n = 0;
    for q in 0..CELLS {
        if w[q] != EMPTY {
            continue;
        }
        w[q] = OWN;
        let (a, b) = run(w, q);
        if a <= HALF && HALF <= b && is_five(b - a + 1, exact) {
            n += 1;
        }
        w[q] = EMPTY;
    }
    n
}

fn classify(code: usize, exact: bool) -> Shape {
    let mut w = decode(code);
    w[HALF] = OWN;
    let (a, b) = run(&w, HALF);
    let len = b - a + 1;
    if is_five(len, exact) {
        return Shape::Five;
    }
    if len > 5 {
        return Shape::Overline;
    }
    match five_points(&mut w, exact) {
        0 => {}
        1 => return Shape::Four,
        _ => return Shape::StraightFour,
    }
    let mut best = Shape::None;
    for q in 0..CELLS {
        if w[q] != EMPTY || q.abs_diff(HALF) > 4 {
            continue;
        }
        w[q] = OWN;
        let (a, b) = run(&w, q);
        if !(a <= HALF && HALF <= b && b - a + 1 > 5) {
            match five_points(&mut w, exact) {
                0 => {}
                1 => best = best.max(Shape::ClosedThree),
                _ => best = Shape::Three,
            }
        }
        w[q] = EMPTY;
        if best == Shape::Three {
            break;
        }
    }
    best
}

/// Room to grow: over the five-point windows through the centre that hold no blocked cell,
/// the sum of a weight growing with the own stones already in them (twos and ones, mostly;
/// threes and fours are scored by their shape).
fn potential(code: usize) -> u16 {
    const WEIGHT: [u16; 5] = [1, 4, 12, 30, 60];
    let w = decode(code);
    (0..5)
        .map(|s| &w[HALF - 4 + s..=HALF + s])
        .filter(|win| !win.contains(&BLOCKED))
        .map(|win| WEIGHT[win.iter().filter(|&&c| c == OWN).count()])
        .sum()
}

/// One table entry: the shape and the potential.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub shape: Shape,
    pub potential: u16,
}

const SHAPES: [Shape; 7] = [
    Shape::None,
    Shape::ClosedThree,
    Shape::Three,
    Shape::Four,
    Shape::StraightFour,
    Shape::Five,
    Shape::Overline,
];

/// The two tables, [black (exact five), white (five or more)], filled as read (note 3): an
/// entry is `FILLED | shape << 16 | potential`, 0 while not yet computed. Two threads that
/// meet a new window compute the same entry, so a plain store is enough.
static TABLE: [[AtomicU32; CODES]; 2] = [const { [const { AtomicU32::new(0) }; CODES] }; 2];
const FILLED: u32 = 1 << 31;

/// The table entry for a stone at the centre of window `code`; `exact` for black.
#[inline]
pub fn entry(code: usize, exact: bool) -> Entry {
    let slot = &TABLE[usize::from(!exact)][code];
    let mut v = slot.load(Ordering::Relaxed);
    if v == 0 {
        v = FILLED | (classify(code, exact) as u32) << 16 | u32::from(potential(code));
        slot.store(v, Ordering::Relaxed);
    }
    Entry {
        shape: SHAPES[(v >> 16 & 7) as usize],
        potential: v as u16,
    }
}

/// The shape a stone at the centre of window `code` makes; `exact` for black.
#[inline]
pub fn shape(code: usize, exact: bool) -> Shape {
    entry(code, exact).shape
}

/// Cell value for [`encode`]: empty, own, blocked.
#[inline]
pub fn rel(cell: u8, own: u8) -> u8 {
    if cell == 0 {
        EMPTY
    } else if cell == own {
        OWN
    } else {
        BLOCKED
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Shape of the centre `?` in a line written with `X` own, `O` blocked, `.` empty.
    fn of(line: &str, exact: bool) -> Shape {
        let b = line.as_bytes();
        let c = line.find('?').unwrap() as i32;
        let code = encode(|off| {
            let i = c + off;
            if i < 0 || i >= b.len() as i32 {
                BLOCKED
            } else {
                match b[i as usize] {
                    b'X' => OWN,
                    b'.' => EMPTY,
                    _ => BLOCKED,
                }
            }
        });
        shape(code, exact)
    }

    #[test]
    fn shapes_of_the_guide() {
        assert_eq!(of("...XX?XX...", true), Shape::Five);
        assert_eq!(of("..XXX?XX...", true), Shape::Overline);
        assert_eq!(of("..XXX?XX...", false), Shape::Five);
        assert_eq!(of("....X?XX...", true), Shape::StraightFour);
        assert_eq!(of("...OX?XX...", true), Shape::Four);
        assert_eq!(of("...X.?XX...", true), Shape::Four);
        // Guide §2.2 (1) and (2): a three and a split three.
        assert_eq!(of("....X?X....", true), Shape::Three);
        assert_eq!(of("....X?.X...", true), Shape::Three);
        // 夏止め: not a three.
        assert_eq!(of("..O.X?X.O..", true), Shape::ClosedThree);
        // ○+★★★++●+: not a three for black, a three for white.
        assert_eq!(of("..O.X?X..X.", true), Shape::ClosedThree);
        assert_eq!(of("..O.X?X..X.", false), Shape::Three);
        // X.X?X.X: two five points on one line.
        assert_eq!(of("X.X?X.X", true), Shape::StraightFour);
        assert_eq!(of(".....?.....", true), Shape::None);
        assert_eq!(of("....X?.....", true), Shape::None);
    }

    #[test]
    fn an_entry_read_back_is_the_entry_computed() {
        for code in (0..CODES).step_by(7) {
            for exact in [true, false] {
                for _ in 0..2 {
                    let e = entry(code, exact);
                    assert_eq!(e.shape, classify(code, exact));
                    assert_eq!(e.potential, potential(code));
                }
            }
        }
    }
}
