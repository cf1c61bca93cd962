//! The size of the program (code, tables, base page, work areas) and of the expanded
//! placements. `cargo run --release -p nhex-hp2100 --example size`

use hp2100::panel::Limit;

fn main() {
    let a = nhex_hp2100::rom::assembly();
    let s = nhex_hp2100::rom::size(a);
    println!(
        "code {} words, tables {} words, base page {} words, on the tape {} words",
        s.code,
        s.tables,
        s.base_page,
        a.words.len()
    );
    println!(
        "work areas {:05o}-{:05o} ({} words)",
        s.work.0,
        s.work.1,
        s.work.1 - s.work.0 + 1
    );
    for page in 0..5u16 {
        let lo = page * 0o2000;
        let hi = lo + 0o1777;
        let used: Vec<u16> = a
            .words
            .iter()
            .map(|w| w.0)
            .filter(|&x| (lo..=hi).contains(&x))
            .collect();
        if let (Some(first), Some(last)) = (used.iter().min(), used.iter().max()) {
            println!("page {page}: {} words, {first:05o}-{last:05o}", used.len());
        }
    }
    let mut m = nhex_hp2100::boot().expect("boot");
    nhex_hp2100::tape::start_at(&mut m, 0o102);
    m.run(Limit::seconds(60.0));
    let (pla, plax, plae) = (
        a.symbol("PLA").unwrap_or(0),
        a.symbol("PLAX").unwrap_or(0),
        a.symbol("PLAE").map(|x| m.peek(x)).unwrap_or(0),
    );
    println!(
        "expanded placements: {} of {} words",
        plae.wrapping_sub(pla),
        plax.wrapping_sub(pla)
    );
}
