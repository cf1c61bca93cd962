//! The L shapes P_0..P_7 and the tables `+form+` and `+fred+` derived from them (§7).
//!
//! `+form+` has 96 words indexed by p(B) = 8·l(B) + O(B): l(B) = min{k; b_k = 1} is the first
//! cell of an L placement B and O(B) the index i of the shape P_i it is a translate of. A word
//! is the placement's mask, or 0 where no placement has that first cell and orientation.
//! `+fred+` lists the six placements of orientation P_0, in order of l: the positions the
//! mover's (red) L takes in the quotient game M.

use crate::board::{bit, Mask};

/// The paper's P_0..P_7 (§7) as lattice points (x, y), x along a row to the right and y
/// upwards (note 1 of the crate).
pub const P: [[(i8, i8); 4]; 8] = [
    [(-2, 0), (-2, 1), (-1, 1), (0, 1)],
    [(2, 0), (2, 1), (1, 1), (0, 1)],
    [(-2, 0), (-2, -1), (-1, -1), (0, -1)],
    [(2, 0), (2, -1), (1, -1), (0, -1)],
    [(0, 2), (-1, 2), (-1, 1), (-1, 0)],
    [(0, 2), (1, 2), (1, 1), (1, 0)],
    [(0, -2), (-1, -2), (-1, -1), (-1, 0)],
    [(0, -2), (1, -2), (1, -1), (1, 0)],
];

/// Number of orientations (shapes P_i).
pub const ORIENTATIONS: usize = 8;

/// Number of entries of `+form+`: first cells l = 0..11 times 8 orientations.
pub const FORM_LEN: usize = 96;

/// The placement of shape P_o whose first cell (smallest k) is cell l, as a mask, or 0 if it
/// does not fit on the board.
pub fn placement_mask(o: usize, l: usize) -> Mask {
    shape_mask(P[o], l)
}

/// The placement of the shape `points` ((x, y), y upwards) whose first cell is l, or 0.
fn shape_mask(points: [(i8, i8); 4], l: usize) -> Mask {
    // Board coordinates of the points: row = −y, column = x.
    let pts = points.map(|(x, y)| (-i32::from(y), i32::from(x)));
    let first = pts.iter().copied().min().unwrap_or((0, 0));
    let (l_row, l_col) = ((l / 4) as i32, (l % 4) as i32);
    let mut mask = 0;
    for (r, c) in pts {
        let (r, c) = (r - first.0 + l_row, c - first.1 + l_col);
        if !(0..4).contains(&r) || !(0..4).contains(&c) {
            return 0;
        }
        mask |= bit((4 * r + c) as usize);
    }
    mask
}

/// `+form+`, derived from P_0..P_7: form(8l + o) = [`placement_mask`]`(o, l)`.
pub fn derive_form() -> [Mask; FORM_LEN] {
    std::array::from_fn(|p| placement_mask(p % 8, p / 8))
}

/// `+fred+`: the non-zero orientation-0 entries of `+form+`, in order of l.
pub fn derive_fred(form: &[Mask; FORM_LEN]) -> [Mask; 6] {
    let mut fred = [0; 6];
    let mut n = 0;
    for l in 0..FORM_LEN / 8 {
        let m = form[8 * l];
        if m != 0 {
            fred[n] = m;
            n += 1;
        }
    }
    assert_eq!(n, 6, "P_0 has six translations on the 4 x 4 board");
    fred
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::cells;

    #[test]
    fn every_shape_is_an_l_tetromino() {
        for o in 0..ORIENTATIONS {
            let m = placement_mask(o, 5);
            let m = if m == 0 { placement_mask(o, 2) } else { m };
            assert_eq!(m.count_ones(), 4, "P_{o}");
        }
    }

    #[test]
    fn other_axis_readings_miss_the_printed_form() {
        // Note 1 of the crate: with y downwards, or x and y exchanged, the table differs.
        let printed = crate::paper::FORM;
        type Reading = fn((i8, i8)) -> (i8, i8);
        let readings: [Reading; 3] = [|(x, y)| (x, -y), |(x, y)| (y, x), |(x, y)| (-y, -x)];
        for read in readings {
            let form: Vec<Mask> = (0..FORM_LEN)
                .map(|p| shape_mask(P[p % 8].map(read), p / 8))
                .collect();
            let wrong = form.iter().zip(&printed).filter(|(a, b)| a != b).count();
            assert!(wrong > 40, "{wrong} mismatches");
        }
    }

    #[test]
    fn forty_eight_placements() {
        let form = derive_form();
        let placed: Vec<Mask> = form.iter().copied().filter(|&m| m != 0).collect();
        assert_eq!(placed.len(), 48);
        let mut dedup = placed.clone();
        dedup.sort_unstable();
        dedup.dedup();
        assert_eq!(dedup.len(), 48, "no placement appears twice");
        for (p, &m) in form.iter().enumerate() {
            if m != 0 {
                assert_eq!(cells(m).next(), Some(p / 8), "l(B) of form({p})");
            }
        }
        // "form(91) and after" (§7): the last non-zero entry is form(91) = 027.
        assert_eq!(form.iter().rposition(|&m| m != 0), Some(91));
        assert_eq!(form[91], 0o27);
    }
}
