//! Where NHEX's move entry spends its 2100A cycles: the positions of one engine-against-engine
//! game are run at the move entry one instruction at a time, and the cycles are added up per
//! routine (or per label with `fine`). Also counts how often a few hot labels are reached.
//!
//! `cargo run --release -p nhex-hp2100 --example profile [fine]`

use hp2100::panel::Limit;
use hp2100_asm::SymbolKind;
use nhex::board::{Board, Cell, Side};
use nhex::engine::Engine;
use nhex_hp2100::tape::{boot, start_at};
use std::collections::BTreeMap;

const ROUTINES: &[&str] = &[
    "ANAL", "ANAJ", "LOADB", "BLOCK", "PUSH", "FLOOD", "LINKS", "SIDE", "LAY", "RECRD", "CONN",
    "BITA", "TST5", "OR5", "ROW5", "THREE", "TBAPP", "COMPS", "FIND", "JOIN", "CLASS", "CAT",
    "CAT1", "EVAL", "ADDL", "CENTR", "TOP", "CHOOS", "LINE", "PLAY", "WIN", "DFS", "CLEAR",
];

const WATCH: &[&str] = &["LYF", "LY3", "SJ4", "SE2", "SJ1", "RC6", "CLR1", "EV5"];

fn transpose(b: &Board) -> Board {
    let mut t = Board::new(8);
    for c in b.cells() {
        if let Some(o) = b.owner(c) {
            t.play(Cell::new(c.v(), c.u()), o.other());
        }
    }
    t
}

fn main() {
    let a = nhex_hp2100::rom::assembly();
    let fine = std::env::args().any(|x| x == "fine");
    let tables = a.symbol("NPAT").unwrap_or(0);
    let mut starts: Vec<(u16, &str)> = if fine {
        a.symbols
            .iter()
            .filter(|s| s.kind == SymbolKind::Label)
            .filter_map(|s| s.value.map(|v| (v, s.name.as_str())))
            .filter(|&(v, _)| (0o2000..tables).contains(&v))
            .collect()
    } else {
        ROUTINES
            .iter()
            .filter_map(|r| a.symbol(r).map(|v| (v, *r)))
            .collect()
    };
    starts.sort();
    let watch: Vec<(u16, &str)> = WATCH
        .iter()
        .filter_map(|n| a.symbol(n).map(|v| (v, *n)))
        .collect();
    let pos = a.symbol("POS").expect("POS");
    let e = Engine::default();
    let mut b = Board::new(8);
    let mut boards = vec![];
    let mut s = Side::Nhex;
    while !b.is_full() {
        let c = if s == Side::Nhex {
            boards.push(b.clone());
            e.choose(&b)
        } else {
            e.choose(&transpose(&b)).map(|c| Cell::new(c.v(), c.u()))
        }
        .expect("a move");
        b.play(c, s);
        if e.has_won(&b, s) {
            break;
        }
        s = s.other();
    }
    let mut m = boot().expect("boot");
    start_at(&mut m, 0o102); // expand the tables once
    m.run(Limit::seconds(60.0));
    let mut hist: BTreeMap<&str, u64> = BTreeMap::new();
    let mut counts = vec![0u64; watch.len()];
    let (mut total, mut worst) = (0u64, 0u64);
    for bd in &boards {
        for i in 0..64u16 {
            let v = match bd.get(Cell(i as u8)) {
                1 => 1,
                -1 => 0xffff,
                _ => 0,
            };
            m.poke(pos + i, v);
        }
        start_at(&mut m, 0o100);
        let c0 = m.cycles;
        loop {
            let p = m.p;
            let before = m.cycles;
            for (i, w) in watch.iter().enumerate() {
                if w.0 == p {
                    counts[i] += 1;
                }
            }
            let stop = m.single_instruction();
            let r = match starts.binary_search_by(|x| x.0.cmp(&p)) {
                Ok(i) => starts[i].1,
                Err(0) => "?",
                Err(i) => starts[i - 1].1,
            };
            *hist.entry(r).or_default() += m.cycles - before;
            if stop.halt_code().is_some() {
                break;
            }
        }
        total += m.cycles - c0;
        worst = worst.max(m.cycles - c0);
    }
    let n = boards.len() as u64;
    for (i, w) in watch.iter().enumerate() {
        println!("{:6} reached {:>6} times per move", w.1, counts[i] / n);
    }
    let mut v: Vec<_> = hist.into_iter().collect();
    v.sort_by_key(|x| std::cmp::Reverse(x.1));
    for (r, c) in v.iter().take(30) {
        println!("{r:6} {:5.1}%", 100.0 * *c as f64 / total as f64);
    }
    println!(
        "{n} positions, mean {:.3} s, worst {:.3} s of 2100A time",
        total as f64 * 980e-9 / n as f64,
        worst as f64 * 980e-9
    );
}
