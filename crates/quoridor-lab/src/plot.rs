//! The plot of Figures 6 and 7: player A's average score against d on a logarithmic axis, our
//! points with their 95% intervals, the paper's points, and the plain-UCB line (Table 1: our
//! plain UCB against ab2, with the paper's 0.368 dashed; Table 2: 0.5, plain UCB against itself).

use crate::experiment::Table;
use crate::paper;
use crate::report::ExperimentReport;
use std::fmt::Write;

const W: f64 = 640.0;
const H: f64 = 440.0;
const LEFT: f64 = 60.0;
const RIGHT: f64 = 20.0;
const TOP: f64 = 62.0;
const BOTTOM: f64 = 50.0;

struct Axes {
    log_lo: f64,
    log_hi: f64,
}

impl Axes {
    fn x(&self, d: f64) -> f64 {
        LEFT + (d.log10() - self.log_lo) / (self.log_hi - self.log_lo) * (W - LEFT - RIGHT)
    }

    fn y(&self, rate: f64) -> f64 {
        TOP + (1.0 - rate) * (H - TOP - BOTTOM)
    }
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The SVG of `report`'s table.
pub fn svg(report: &ExperimentReport) -> String {
    let c = &report.config;
    let ds: Vec<f64> = report.cells.iter().filter_map(|r| r.cell.d).collect();
    let lo = ds.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = ds.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let ax = Axes {
        log_lo: lo.log10() - 0.2,
        log_hi: hi.log10() + 0.2,
    };
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" font-family="sans-serif" font-size="11">"#
    );
    let _ = writeln!(s, r#"<rect width="{W}" height="{H}" fill="white"/>"#);
    let fig = match c.table {
        Table::Table1 => "Figure 6 (Table 1): score against depth-2 alpha-beta",
        Table::Table2 => "Figure 7 (Table 2): score against plain UCB",
    };
    let _ = writeln!(s, r#"<text x="{LEFT}" y="18" font-size="13">{fig}</text>"#);
    let budget = format!(
        "ours: {} playouts a move, n = {}, {} games a point, seed {}; paper: {} playouts, {} games",
        c.playouts,
        c.n,
        c.games,
        c.seed,
        paper::PLAYOUTS,
        paper::GAMES
    );
    let _ = writeln!(s, r#"<text x="{LEFT}" y="34">{}</text>"#, escape(&budget));
    if !report.problems.is_empty() {
        let _ = writeln!(
            s,
            r#"<text x="{LEFT}" y="48" fill="darkred">incomplete: {}</text>"#,
            escape(&report.problems.join("; "))
        );
    }
    // Grid and axes.
    for i in 0..=10 {
        let rate = f64::from(i) / 10.0;
        let y = ax.y(rate);
        let _ = writeln!(
            s,
            r##"<line x1="{LEFT}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="#ddd"/><text x="{:.1}" y="{:.1}" text-anchor="end">{rate:.1}</text>"##,
            W - RIGHT,
            LEFT - 6.0,
            y + 4.0
        );
    }
    for &d in &ds {
        let x = ax.x(d);
        let _ = writeln!(
            s,
            r##"<line x1="{x:.1}" y1="{TOP}" x2="{x:.1}" y2="{:.1}" stroke="#eee"/><text x="{x:.1}" y="{:.1}" text-anchor="middle">{d}</text>"##,
            H - BOTTOM,
            H - BOTTOM + 16.0
        );
    }
    let _ = writeln!(
        s,
        r#"<rect x="{LEFT}" y="{TOP}" width="{:.1}" height="{:.1}" fill="none" stroke="black"/>"#,
        W - LEFT - RIGHT,
        H - TOP - BOTTOM
    );
    let _ = writeln!(
        s,
        r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">d (log scale)</text>"#,
        (LEFT + W - RIGHT) / 2.0,
        H - 12.0
    );
    let _ = writeln!(
        s,
        r#"<text x="16" y="{:.1}" text-anchor="middle" transform="rotate(-90 16 {:.1})">average score of UCB with the dynamic threshold</text>"#,
        (TOP + H - BOTTOM) / 2.0,
        (TOP + H - BOTTOM) / 2.0
    );
    // The plain-UCB line.
    let hline = |s: &mut String, rate: f64, style: &str| {
        let y = ax.y(rate);
        let _ = writeln!(
            s,
            r#"<line x1="{LEFT}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" {style}/>"#,
            W - RIGHT
        );
    };
    let mut legend: Vec<(String, String)> = Vec::new();
    match (c.table, report.plain_ucb()) {
        (Table::Table1, Some(p)) => {
            if let Some(avg) = p.tally.average() {
                let i = p.tally.interval();
                let (y1, y2) = (ax.y(i.high), ax.y(i.low));
                let _ = writeln!(
                    s,
                    r##"<rect x="{LEFT}" y="{y1:.1}" width="{:.1}" height="{:.1}" fill="#36c" fill-opacity="0.12"/>"##,
                    W - LEFT - RIGHT,
                    y2 - y1
                );
                hline(&mut s, avg, r##"stroke="#36c" stroke-width="1.5""##);
                legend.push((
                    r##"stroke="#36c" stroke-width="1.5""##.into(),
                    format!("plain UCB, ours {avg:.3} (band: 95%)"),
                ));
            }
            hline(
                &mut s,
                paper::TABLE1_PLAIN_UCB.average,
                r##"stroke="#c33" stroke-dasharray="5,4""##,
            );
            legend.push((
                r##"stroke="#c33" stroke-dasharray="5,4""##.into(),
                format!("plain UCB, paper {:.3}", paper::TABLE1_PLAIN_UCB.average),
            ));
        }
        _ => {
            hline(&mut s, 0.5, r##"stroke="#36c" stroke-width="1.5""##);
            legend.push((
                r##"stroke="#36c" stroke-width="1.5""##.into(),
                "plain UCB (even: 0.5)".into(),
            ));
        }
    }
    // The paper's points, then ours with their intervals.
    let paper_pts: Vec<(f64, f64)> = report
        .cells
        .iter()
        .filter_map(|r| Some((r.cell.d?, r.paper?.average)))
        .collect();
    polyline(
        &mut s,
        &ax,
        &paper_pts,
        r##"stroke="#c33" stroke-dasharray="5,4""##,
    );
    for &(d, rate) in &paper_pts {
        let _ = writeln!(
            s,
            r##"<rect x="{:.1}" y="{:.1}" width="8" height="8" fill="white" stroke="#c33" stroke-width="1.5"/>"##,
            ax.x(d) - 4.0,
            ax.y(rate) - 4.0
        );
    }
    let ours: Vec<(f64, f64)> = report
        .cells
        .iter()
        .filter_map(|r| Some((r.cell.d?, r.tally.average()?)))
        .collect();
    polyline(&mut s, &ax, &ours, r#"stroke="black""#);
    for r in &report.cells {
        let (Some(d), Some(avg)) = (r.cell.d, r.tally.average()) else {
            continue;
        };
        let i = r.tally.interval();
        let x = ax.x(d);
        let _ = writeln!(
            s,
            r#"<path d="M{:.1},{:.1}H{:.1}M{x:.1},{:.1}V{:.1}M{:.1},{:.1}H{:.1}" stroke="black" fill="none"/><circle cx="{x:.1}" cy="{:.1}" r="4"/>"#,
            x - 4.0,
            ax.y(i.high),
            x + 4.0,
            ax.y(i.high),
            ax.y(i.low),
            x - 4.0,
            ax.y(i.low),
            x + 4.0,
            ax.y(avg)
        );
    }
    legend.insert(
        0,
        (r#"stroke="black""#.into(), "ours, with 95% interval".into()),
    );
    legend.insert(
        1,
        (
            r##"stroke="#c33" stroke-dasharray="5,4""##.into(),
            "the paper".into(),
        ),
    );
    for (i, (style, text)) in legend.iter().enumerate() {
        let y = TOP + 14.0 + 15.0 * i as f64;
        let x = W - RIGHT - 230.0;
        let _ = writeln!(
            s,
            r#"<line x1="{x:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" {style}/><text x="{:.1}" y="{y:.1}">{}</text>"#,
            y - 4.0,
            x + 22.0,
            y - 4.0,
            x + 28.0,
            escape(text)
        );
    }
    s.push_str("</svg>\n");
    s
}

fn polyline(s: &mut String, ax: &Axes, pts: &[(f64, f64)], style: &str) {
    if pts.len() < 2 {
        return;
    }
    let mut sorted = pts.to_vec();
    sorted.sort_by(|a, b| a.0.total_cmp(&b.0));
    let points: Vec<String> = sorted
        .iter()
        .map(|&(d, r)| format!("{:.1},{:.1}", ax.x(d), ax.y(r)))
        .collect();
    let _ = writeln!(
        s,
        r#"<polyline points="{}" fill="none" {style}/>"#,
        points.join(" ")
    );
}
