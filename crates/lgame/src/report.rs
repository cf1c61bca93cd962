//! The report of `retro lgame classify`: the table of §9 beside the printed one, the totals
//! and B_0 in octal l-types beside the printed `+bo+`.

use crate::classify::Classification;
use crate::ltype::COUNT;
use crate::paper;

/// The report of a classification (computed natively or read back from a machine).
pub fn report(c: &Classification, source: &str) -> String {
    let counts = c.counts();
    let mut s = format!("L-game classification of M ({COUNT} positions), {source}");
    if c.extensions() > 0 {
        s.push_str(&format!(", {} extensions", c.extensions()));
    }
    s.push_str("\n\n");
    s.push_str("  i   Bbar_i (paper)   Fbar_i (paper)\n");
    let levels = counts.b_bar.len().max(paper::B_BAR.len());
    let cell = |v: Option<&usize>| v.map_or("-".to_string(), |n| n.to_string());
    for i in 0..levels {
        s.push_str(&format!(
            "  {i}   {:>6} {:>7}   {:>6} {:>7}\n",
            cell(counts.b_bar.get(i)),
            format!("({})", cell(paper::B_BAR.get(i))),
            cell(counts.f_bar.get(i)),
            format!("({})", cell(paper::F_BAR.get(i))),
        ));
    }
    let (pb, pf, pu) = paper::TOTALS;
    s.push_str(&format!(
        "\n  B {} ({pb})   F {} ({pf})   U {} ({pu})\n",
        counts.b, counts.f, counts.u
    ));
    let b0: Vec<u16> = c.b0().iter().map(|l| l.get()).collect();
    s.push_str(&format!("\n  B0 (octal l-types): {}\n", octal_list(&b0)));
    s.push_str(&format!(
        "  +bo+ as printed:    {}\n",
        octal_list(&paper::BO)
    ));
    let missing: Vec<u16> = paper::BO
        .iter()
        .copied()
        .filter(|v| !b0.contains(v))
        .collect();
    let extra: Vec<u16> = b0
        .iter()
        .copied()
        .filter(|v| !paper::BO.contains(v))
        .collect();
    if missing.is_empty() && extra.is_empty() {
        s.push_str("  B0 agrees with +bo+\n");
    } else {
        s.push_str(&format!(
            "  differs from +bo+: printed {}, computed {}\n",
            octal_list(&missing),
            octal_list(&extra)
        ));
    }
    s
}

fn octal_list(v: &[u16]) -> String {
    v.iter()
        .map(|x| format!("{x:o}"))
        .collect::<Vec<_>>()
        .join(" ")
}
