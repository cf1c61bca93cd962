//! Everything the paper computes from a position K before it evaluates the empty points
//! (paper 3(1)–(5), 2(2); notes §6.2–6.3):
//!
//! 1. blocks: classes of G^K; the edge points are blocks 0 ⊤, 1 ⊥, 2 ⊢, 3 ⊣ (a block that
//!    touches an edge is that edge's block; if a chain joins two edges they share a number),
//!    the other blocks numbered in the scan order of their first cell;
//! 2. the table of (A, B, D, D' = M^K(A,B;D)) for one-move connectable blocks, from the pattern
//!    table laid on the board at every stone, and KC(A,B): a three-set pattern, or two KC* of the
//!    pair with disjoint supports;
//! 3. the three-block rules (their figures are lost; options [`ThreeBlock`]);
//! 4. Tamura's rule "A ↔ B ↔ C and B ↔ C ↔ D ⇒ A ↔ D", applied until nothing changes, which
//!    makes ↔ transitive (choice **tamura**: the rule with its arrows as printed);
//! 5. the sets O, L, I for each edge and the category of each pair of blocks.
//!
//! Fixed sizes for the HP 2100A: at most 68 blocks; relations as rows of 68 bits (5 words);
//! at most [`MAXLINKS`] one-move connections (A, B, D) per position, each D and D' a 64-bit
//! (4-word) cell set. Patterns found after the table is full are dropped (counted in
//! `overflow`; never seen on 8x8).

use crate::board::{Board, Cell, Edge, Side, NMAX};
use crate::table::{edge_to_board, Ends, Kind, Placement, Table};
use std::sync::OnceLock;

/// Blocks: 4 edges + at most 64 stone blocks.
pub const MAXB: usize = 4 + NMAX * NMAX;
/// Size of the (A, B, D, D') table.
pub const MAXLINKS: usize = 1024;
const NOBLK: u8 = 255;

/// Which three-block rules to apply (choice **3-block**). Derived connectabilities carry no
/// support region (paper 3(3)), so they change the classification only, not the sums of 3(6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThreeBlock {
    /// i) A ↔ B, B → C ⇒ A → C.
    pub full_then_one: bool,
    /// ii) A → B, B → C with a key cell in common ⇒ A → C (one stone connects all three).
    pub common_key: bool,
}

/// How a pair's category is read from the O/L/I sets (choice **categories**).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CategoryRule {
    /// The notes' reading: 1 OO, 2 OL, 3 LL, 4 LI, 5 II; O×I has no category.
    Listed,
    /// Category 1 + d(A) + d(B) with d = 0 for O, 1 for L, 2 for I (so O×I is 3).
    DistanceSum,
}

/// One-move connectability A –D→ B with D' = M^K(A,B;D) (a < b), or a full one (m = 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Link {
    pub a: u8,
    pub b: u8,
    pub d: u64,
    pub m: u64,
}

/// The analysis of one position.
#[derive(Clone, Debug)]
pub struct Analysis {
    pub blk: [u8; NMAX * NMAX],
    pub nblocks: usize,
    /// K of each block.
    pub bside: [i8; MAXB],
    /// Block of each edge.
    pub edge_blk: [u8; 4],
    /// KC* triples, in order of discovery.
    pub semis: Vec<Link>,
    /// Full connections given by three-set patterns.
    pub fulls: Vec<Link>,
    pub overflow: usize,
    /// A ↔ B after steps 2–4.
    pub conn: [u128; MAXB],
    /// A → B (one move) after steps 2–3.
    pub one: [u128; MAXB],
    /// Distance class per edge and block: 0 O, 1 L, 2 I, 3 none.
    pub dist: [[u8; MAXB]; 4],
}

/// The standard table's placements, indexed by cell delta and by edge row.
type Indexed = (Vec<Placement>, Vec<Vec<usize>>, Vec<Vec<usize>>);

fn placements() -> &'static Indexed {
    static P: OnceLock<Indexed> = OnceLock::new();
    P.get_or_init(|| {
        let pl = Table::standard().placements();
        // Index: cell patterns by delta (15 x 15), edge patterns by row.
        let mut by_delta = vec![Vec::new(); 15 * 15];
        let mut by_row = vec![Vec::new(); NMAX + 1];
        for (i, p) in pl.iter().enumerate() {
            match p.ends {
                Ends::Cells(q) => {
                    if (-7..=7).contains(&q.0) && (-7..=7).contains(&q.1) {
                        by_delta[((q.0 as i32 + 7) * 15 + q.1 as i32 + 7) as usize].push(i)
                    }
                }
                Ends::Edge(r) => by_row[r as usize].push(i),
            }
        }
        (pl, by_delta, by_row)
    })
}

fn bit(b: usize) -> u128 {
    1u128 << b
}

impl Analysis {
    pub fn new(board: &Board, tb: ThreeBlock) -> Analysis {
        let mut a = Analysis {
            blk: [NOBLK; NMAX * NMAX],
            nblocks: 4,
            bside: [0; MAXB],
            edge_blk: [0, 1, 2, 3],
            semis: Vec::new(),
            fulls: Vec::new(),
            overflow: 0,
            conn: [0; MAXB],
            one: [0; MAXB],
            dist: [[3; MAXB]; 4],
        };
        a.find_blocks(board);
        a.find_links(board);
        a.connect(tb);
        a.classify();
        a
    }

    /// Step 1.
    fn find_blocks(&mut self, b: &Board) {
        let n = b.n();
        for e in Edge::ALL {
            let id = e.index() as u8;
            self.bside[e.index()] = e.side().k();
            // An edge already reached by an earlier edge's flood shares its block; its other
            // stones join that block too.
            let id = e
                .cells(n)
                .find(|&c| b.get(c) == e.side().k() && self.blk[c.idx()] != NOBLK)
                .map_or(id, |c| self.blk[c.idx()]);
            self.edge_blk[e.index()] = id;
            let seeds: Vec<Cell> = e
                .cells(n)
                .filter(|&c| b.get(c) == e.side().k() && self.blk[c.idx()] == NOBLK)
                .collect();
            self.flood(b, &seeds, id);
        }
        for c in b.cells() {
            if b.get(c) != 0 && self.blk[c.idx()] == NOBLK {
                let id = self.nblocks as u8;
                self.bside[self.nblocks] = b.get(c);
                self.nblocks += 1;
                self.flood(b, &[c], id);
            }
        }
    }

    fn flood(&mut self, b: &Board, seeds: &[Cell], id: u8) {
        let mut stack: Vec<Cell> = seeds.to_vec();
        for &c in seeds {
            self.blk[c.idx()] = id;
        }
        while let Some(c) = stack.pop() {
            for d in b.neighbours(c) {
                if b.get(d) == b.get(c) && self.blk[d.idx()] == NOBLK {
                    self.blk[d.idx()] = id;
                    stack.push(d);
                }
            }
        }
    }

    pub fn block_of(&self, c: Cell) -> Option<u8> {
        let x = self.blk[c.idx()];
        (x != NOBLK).then_some(x)
    }

    pub fn edge_block(&self, e: Edge) -> u8 {
        self.edge_blk[e.index()]
    }

    fn record(&mut self, kind: Kind, x: u8, y: u8, d: u64, m: u64) {
        let (a, b) = if x < y { (x, y) } else { (y, x) };
        let list = if kind == Kind::Full {
            &mut self.fulls
        } else {
            &mut self.semis
        };
        if let Some(l) = list.iter_mut().find(|l| l.a == a && l.b == b && l.d == d) {
            l.m |= m;
            return;
        }
        if list.len() >= MAXLINKS {
            self.overflow += 1;
            return;
        }
        list.push(Link { a, b, d, m });
    }

    /// Step 2: lay the pattern table on the board at every stone.
    fn find_links(&mut self, b: &Board) {
        let (pl, by_delta, by_row) = placements();
        let empty = b.empty_set();
        let stones: Vec<Cell> = b.cells().filter(|&c| b.get(c) != 0).collect();
        for &p in &stones {
            let kp = b.get(p);
            let bp = self.blk[p.idx()];
            // Cell–cell: every other stone of the same side in another block.
            for &q in &stones {
                if b.get(q) != kp || self.blk[q.idx()] == bp {
                    continue;
                }
                let (du, dv) = (q.u() as i32 - p.u() as i32, q.v() as i32 - p.v() as i32);
                for &i in &by_delta[((du + 7) * 15 + dv + 7) as usize] {
                    let pat = &pl[i];
                    if let Some((d, m)) = lay(&pat.cells, pat.keys, empty, |o| {
                        b.cell(p.u() as i32 + o.0 as i32, p.v() as i32 + o.1 as i32)
                    }) {
                        self.record(pat.kind, bp, self.blk[q.idx()], d, m);
                    }
                }
            }
            // Cell–edge.
            for e in Edge::ALL {
                let eb = self.edge_blk[e.index()];
                if e.side().k() != kp || eb == bp {
                    continue;
                }
                let row = e.row_of(b.n(), p);
                if row >= by_row.len() {
                    continue;
                }
                for &i in &by_row[row] {
                    let pat = &pl[i];
                    if let Some((d, m)) = lay(&pat.cells, pat.keys, empty, |o| {
                        edge_to_board(b, e, p, row as i8, o)
                    }) {
                        self.record(pat.kind, bp, eb, d, m);
                    }
                }
            }
        }
    }

    /// Steps 2 (KC), 3 and 4.
    fn connect(&mut self, tb: ThreeBlock) {
        for l in &self.fulls {
            self.conn[l.a as usize] |= bit(l.b as usize);
            self.conn[l.b as usize] |= bit(l.a as usize);
        }
        for (i, x) in self.semis.iter().enumerate() {
            self.one[x.a as usize] |= bit(x.b as usize);
            self.one[x.b as usize] |= bit(x.a as usize);
            for y in &self.semis[i + 1..] {
                if x.a == y.a && x.b == y.b && x.d & y.d == 0 {
                    self.conn[x.a as usize] |= bit(x.b as usize);
                    self.conn[x.b as usize] |= bit(x.a as usize);
                }
            }
        }
        let nb = self.nblocks;
        // Step 3: three-block rules, one pass over the direct relations.
        let (conn0, one0) = (self.conn, self.one);
        if tb.full_then_one {
            for (bb, &one_b) in one0.iter().enumerate().take(nb) {
                for (a, &conn_a) in conn0.iter().enumerate().take(nb) {
                    if conn_a & bit(bb) != 0 {
                        self.one[a] |= one_b & !bit(a);
                        for c in 0..nb {
                            if one_b & bit(c) != 0 && c != a {
                                self.one[c] |= bit(a);
                            }
                        }
                    }
                }
            }
        }
        if tb.common_key {
            for x in &self.semis {
                for y in &self.semis {
                    if x.m & y.m == 0 {
                        continue;
                    }
                    // x joins {a,b}, y joins {c,d}; one shared block and two others.
                    for (p, q) in [(x.a, x.b), (x.b, x.a)] {
                        for (r, s) in [(y.a, y.b), (y.b, y.a)] {
                            if p == r && q != s {
                                self.one[q as usize] |= bit(s as usize);
                                self.one[s as usize] |= bit(q as usize);
                            }
                        }
                    }
                }
            }
        }
        // Step 4: Tamura's rule until nothing changes (transitive closure of ↔).
        loop {
            let mut changed = false;
            for a in 0..nb {
                let mut row = self.conn[a];
                for bb in 0..nb {
                    if row & bit(bb) != 0 {
                        row |= self.conn[bb];
                    }
                }
                row &= !bit(a);
                if row != self.conn[a] {
                    self.conn[a] = row;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
    }

    /// Step 5: O, L, I for each edge.
    fn classify(&mut self) {
        let nb = self.nblocks;
        for e in Edge::ALL {
            let t = self.edge_blk[e.index()] as usize;
            let o = (self.conn[t] | bit(t)) & self.side_mask(e.side().k());
            let mut l = 0u128;
            for a in 0..nb {
                if o & bit(a) != 0 {
                    l |= self.one[a];
                }
            }
            // ... or B ↔ C with such a B.
            let mut l2 = l;
            for bb in 0..nb {
                if l & bit(bb) != 0 {
                    l2 |= self.conn[bb];
                }
            }
            let l = l2 & !o;
            let mut i = 0u128;
            for bb in 0..nb {
                if l & bit(bb) != 0 {
                    i |= self.one[bb];
                }
            }
            let i = i & !o & !l;
            for a in 0..nb {
                self.dist[e.index()][a] = if o & bit(a) != 0 {
                    0
                } else if l & bit(a) != 0 {
                    1
                } else if i & bit(a) != 0 {
                    2
                } else {
                    3
                };
            }
        }
    }

    fn side_mask(&self, k: i8) -> u128 {
        (0..self.nblocks)
            .filter(|&a| self.bside[a] == k)
            .fold(0, |m, a| m | bit(a))
    }

    /// The category 1–5 of a pair of blocks of one side (primed for the opponent's), if any.
    pub fn category(&self, a: u8, b: u8, rule: CategoryRule) -> Option<u8> {
        let side = self.bside[a as usize];
        let (e1, e2) = if side > 0 { (0, 1) } else { (2, 3) };
        let cat = |x: u8, y: u8| -> Option<u8> {
            let d1 = self.dist[e1][x as usize];
            let d2 = self.dist[e2][y as usize];
            if d1 > 2 || d2 > 2 {
                return None;
            }
            match rule {
                CategoryRule::DistanceSum => Some(1 + d1 + d2).filter(|&c| c <= 5),
                CategoryRule::Listed => match (d1.min(d2), d1.max(d2)) {
                    (0, 0) => Some(1),
                    (0, 1) => Some(2),
                    (1, 1) => Some(3),
                    (1, 2) => Some(4),
                    (2, 2) => Some(5),
                    _ => None,
                },
            }
        };
        match (cat(a, b), cat(b, a)) {
            (Some(x), Some(y)) => Some(x.min(y)),
            (x, y) => x.or(y),
        }
    }

    /// Are the side's two edges joined by ↔ (the engine's own virtual connection)?
    pub fn edges_joined(&self, s: Side) -> bool {
        let (e1, e2) = match s {
            Side::Nhex => (Edge::Top, Edge::Bottom),
            Side::Opponent => (Edge::Left, Edge::Right),
        };
        let (a, b) = (self.edge_block(e1) as usize, self.edge_block(e2) as usize);
        a == b || self.conn[a] & bit(b) != 0
    }
}

/// Lay one placement: every cell on the board and empty. Returns (D, D') as cell sets.
fn lay(
    cells: &[(i8, i8)],
    keys: usize,
    empty: u64,
    at: impl Fn((i8, i8)) -> Option<Cell>,
) -> Option<(u64, u64)> {
    let mut d = 0u64;
    let mut m = 0u64;
    for (i, &o) in cells.iter().enumerate() {
        let c = at(o)?;
        if empty & c.bit() == 0 {
            return None;
        }
        d |= c.bit();
        if i < keys {
            m |= c.bit();
        }
    }
    Some((d, m))
}
