//! The board S = S0² ∪ S1 of the paper (section 1): n x n cells (i,j) = (u,v), the four edges
//! ⊤, ⊥, ⊢, ⊣, the adjacency N and the position K.
//!
//! Cells are numbered `(v-1)*8 + (u-1)` whatever n is (n ≤ 8), so a set of cells is one 64-bit
//! word here and four 16-bit words on the HP 2100A. Scan order ("cell order") is this index:
//! v = 1 first, u = 1..n within a row. Every tie in the engine is broken by it.

use std::fmt;

/// The largest board the tables are laid out for (the program was built for 8x8).
pub const NMAX: usize = 8;

/// A cell index, `(v-1)*8 + (u-1)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell(pub u8);

impl Cell {
    /// The cell (u,v), 1-based.
    pub fn new(u: usize, v: usize) -> Cell {
        debug_assert!((1..=NMAX).contains(&u) && (1..=NMAX).contains(&v));
        Cell(((v - 1) * NMAX + (u - 1)) as u8)
    }
    pub fn u(self) -> usize {
        self.0 as usize % NMAX + 1
    }
    pub fn v(self) -> usize {
        self.0 as usize / NMAX + 1
    }
    pub fn idx(self) -> usize {
        self.0 as usize
    }
    pub fn bit(self) -> u64 {
        1u64 << self.0
    }
}

impl fmt::Display for Cell {
    /// NHEX's printed form `uuvv`.
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{:02}{:02}", self.u(), self.v())
    }
}

/// The two sides. NHEX joins ⊤ (row v=1) and ⊥ (row v=n); the opponent joins ⊢ (column u=1)
/// and ⊣ (column u=n), whoever moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// K = 1: "WATASHI".
    Nhex,
    /// K = -1: "ANATA".
    Opponent,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::Nhex => Side::Opponent,
            Side::Opponent => Side::Nhex,
        }
    }
    /// The value K gives this side's stones.
    pub fn k(self) -> i8 {
        match self {
            Side::Nhex => 1,
            Side::Opponent => -1,
        }
    }
    /// The letter used in move files: N or O.
    pub fn letter(self) -> char {
        match self {
            Side::Nhex => 'N',
            Side::Opponent => 'O',
        }
    }
}

/// The four edge points of S1. Their order here is their block number in the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Edge {
    /// ⊤: next to row v = 1; NHEX's.
    Top,
    /// ⊥: next to row v = n; NHEX's.
    Bottom,
    /// ⊢: next to column u = 1; the opponent's.
    Left,
    /// ⊣: next to column u = n; the opponent's.
    Right,
}

impl Edge {
    pub const ALL: [Edge; 4] = [Edge::Top, Edge::Bottom, Edge::Left, Edge::Right];
    pub fn side(self) -> Side {
        match self {
            Edge::Top | Edge::Bottom => Side::Nhex,
            Edge::Left | Edge::Right => Side::Opponent,
        }
    }
    pub fn index(self) -> usize {
        self as usize
    }
    /// The cells next to this edge on an n x n board.
    pub fn cells(self, n: usize) -> impl Iterator<Item = Cell> {
        (1..=n).map(move |k| match self {
            Edge::Top => Cell::new(k, 1),
            Edge::Bottom => Cell::new(k, n),
            Edge::Left => Cell::new(1, k),
            Edge::Right => Cell::new(n, k),
        })
    }
    /// The distance of (u,v) from this edge: 1 for the adjacent row or column.
    pub fn row_of(self, n: usize, c: Cell) -> usize {
        match self {
            Edge::Top => c.v(),
            Edge::Bottom => n + 1 - c.v(),
            Edge::Left => c.u(),
            Edge::Right => n + 1 - c.u(),
        }
    }
    /// Is `c` adjacent to this edge?
    pub fn touches(self, n: usize, c: Cell) -> bool {
        self.row_of(n, c) == 1
    }
    pub fn symbol(self) -> &'static str {
        match self {
            Edge::Top => "⊤",
            Edge::Bottom => "⊥",
            Edge::Left => "⊢",
            Edge::Right => "⊣",
        }
    }
}

/// The six neighbour offsets of rule N i), in the fixed order the engine scans them:
/// (+1,0), (+1,+1), (0,+1), (-1,0), (-1,-1), (0,-1). Each is the previous one turned by 60°.
pub const DIRS: [(i8, i8); 6] = [(1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1)];

/// Turn an offset by 60° on the hex lattice: (a,b) -> (a-b, a), which carries `DIRS[k]` to `DIRS[k+1]`.
pub fn rot60(p: (i8, i8)) -> (i8, i8) {
    (p.0 - p.1, p.0)
}

/// Turn an offset by k·60°.
pub fn rot(p: (i8, i8), k: usize) -> (i8, i8) {
    let mut q = p;
    for _ in 0..k % 6 {
        q = rot60(q);
    }
    q
}

/// A position K on an n x n board: +1 NHEX, -1 opponent, 0 empty.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    n: usize,
    k: [i8; NMAX * NMAX],
    stones: u8,
}

impl Board {
    /// An empty n x n board, 2 <= n <= 8.
    pub fn new(n: usize) -> Board {
        assert!((2..=NMAX).contains(&n), "board size {n} outside 2..=8");
        Board {
            n,
            k: [0; NMAX * NMAX],
            stones: 0,
        }
    }
    pub fn n(&self) -> usize {
        self.n
    }
    /// The cell (u,v) if it is on the board.
    pub fn cell(&self, u: i32, v: i32) -> Option<Cell> {
        let n = self.n as i32;
        if (1..=n).contains(&u) && (1..=n).contains(&v) {
            Some(Cell::new(u as usize, v as usize))
        } else {
            None
        }
    }
    /// Every cell of the board in scan order.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        let n = self.n;
        (1..=n).flat_map(move |v| (1..=n).map(move |u| Cell::new(u, v)))
    }
    pub fn get(&self, c: Cell) -> i8 {
        self.k[c.idx()]
    }
    pub fn is_empty(&self, c: Cell) -> bool {
        self.k[c.idx()] == 0
    }
    /// The side whose stone stands on `c`.
    pub fn owner(&self, c: Cell) -> Option<Side> {
        match self.k[c.idx()] {
            1 => Some(Side::Nhex),
            -1 => Some(Side::Opponent),
            _ => None,
        }
    }
    pub fn on_board(&self, c: Cell) -> bool {
        c.u() <= self.n && c.v() <= self.n
    }
    /// Put a stone; the cell must be empty.
    pub fn play(&mut self, c: Cell, s: Side) {
        debug_assert!(self.on_board(c) && self.is_empty(c));
        self.k[c.idx()] = s.k();
        self.stones += 1;
    }
    /// Take a stone back (for tests and look-ahead).
    pub fn clear(&mut self, c: Cell) {
        if self.k[c.idx()] != 0 {
            self.k[c.idx()] = 0;
            self.stones -= 1;
        }
    }
    pub fn stones(&self) -> usize {
        self.stones as usize
    }
    pub fn is_full(&self) -> bool {
        self.stones() == self.n * self.n
    }
    /// The empty cells as a bit set, E(K).
    pub fn empty_set(&self) -> u64 {
        self.cells()
            .filter(|&c| self.is_empty(c))
            .fold(0, |m, c| m | c.bit())
    }
    /// The neighbours of a cell on the board, in DIRS order.
    pub fn neighbours(&self, c: Cell) -> impl Iterator<Item = Cell> + '_ {
        let (u, v) = (c.u() as i32, c.v() as i32);
        DIRS.iter()
            .filter_map(move |&(du, dv)| self.cell(u + du as i32, v + dv as i32))
    }
    /// G^K(e1, e2) for the side's two edges: a completed chain of stones.
    pub fn connected(&self, s: Side) -> bool {
        let (from, to) = match s {
            Side::Nhex => (Edge::Top, Edge::Bottom),
            Side::Opponent => (Edge::Left, Edge::Right),
        };
        let mut seen = 0u64;
        let mut stack: Vec<Cell> = from
            .cells(self.n)
            .filter(|&c| self.get(c) == s.k())
            .collect();
        for &c in &stack {
            seen |= c.bit();
        }
        while let Some(c) = stack.pop() {
            if to.touches(self.n, c) {
                return true;
            }
            for d in self.neighbours(c) {
                if self.get(d) == s.k() && seen & d.bit() == 0 {
                    seen |= d.bit();
                    stack.push(d);
                }
            }
        }
        false
    }
    /// The side with a completed chain, if any (at most one side can have one).
    pub fn winner(&self) -> Option<Side> {
        [Side::Nhex, Side::Opponent]
            .into_iter()
            .find(|&s| self.connected(s))
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        for v in 1..=self.n {
            for u in 1..=self.n {
                let c = match self.get(Cell::new(u, v)) {
                    1 => 'N',
                    -1 => 'O',
                    _ => '.',
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_follow_rule_i() {
        let b = Board::new(8);
        let mut got: Vec<String> = b
            .neighbours(Cell::new(4, 5))
            .map(|c| c.to_string())
            .collect();
        got.sort();
        assert_eq!(
            got,
            ["0305", "0404", "0406", "0304", "0505", "0506"]
                .iter()
                .copied()
                .map(String::from)
                .collect::<Vec<_>>()
                .tap_sort()
        );
        assert_eq!(b.neighbours(Cell::new(1, 1)).count(), 3);
        assert_eq!(b.neighbours(Cell::new(1, 8)).count(), 2);
    }

    trait TapSort {
        fn tap_sort(self) -> Self;
    }
    impl TapSort for Vec<String> {
        fn tap_sort(mut self) -> Self {
            self.sort();
            self
        }
    }

    #[test]
    fn rotation_has_order_six_and_walks_the_directions() {
        for k in 0..6 {
            assert_eq!(rot60(DIRS[k]), DIRS[(k + 1) % 6]);
        }
        assert_eq!(rot((3, -2), 6), (3, -2));
    }

    #[test]
    fn chains_and_winner() {
        let mut b = Board::new(8);
        for v in 1..=8 {
            b.play(Cell::new(3, v), Side::Nhex);
        }
        assert!(b.connected(Side::Nhex));
        assert_eq!(b.winner(), Some(Side::Nhex));
        let mut b = Board::new(8);
        for k in 1..=8 {
            b.play(Cell::new(k, 9 - k), Side::Nhex);
        }
        assert!(!b.connected(Side::Nhex), "the anti-diagonal is not a chain");
        let mut b = Board::new(8);
        for k in 1..=8 {
            b.play(Cell::new(k, k), Side::Opponent);
        }
        assert!(b.connected(Side::Opponent), "the short diagonal is a chain");
    }
}
