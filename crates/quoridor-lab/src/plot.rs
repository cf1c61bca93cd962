//! The plot of Figures 6 and 7: player A's average score against d on a logarithmic axis, our
//! points with their 95% intervals, the paper's points, and the plain-UCB line (Table 1: our
//! plain UCB against ab2 with its band, and the paper's 0.368 dotted; Table 2: 0.5, plain UCB
//! against itself). When all our intervals lie below [`ZOOM_BELOW`], a second panel shows them
//! magnified, so that small rates stay visible beside the paper's.

use crate::experiment::Table;
use crate::paper;
use crate::report::ExperimentReport;
use std::fmt::Write;

const W: f64 = 640.0;
/// The main panel's height; the magnified panel adds [`ZOOM_H`].
const H: f64 = 440.0;
const ZOOM_H: f64 = 190.0;
const LEFT: f64 = 60.0;
const RIGHT: f64 = 20.0;
const TOP: f64 = 62.0;
const BOTTOM: f64 = 50.0;
/// Our intervals all below this rate get the magnified panel.
pub const ZOOM_BELOW: f64 = 0.15;

/// The paper's plain-UCB line: dotted orange, unlike the paper's d curve (dashed red).
const PAPER_PLAIN: &str = r##"stroke="#d80" stroke-width="1.5" stroke-dasharray="2,3""##;
const PAPER_CURVE: &str = r##"stroke="#c33" stroke-dasharray="5,4""##;
const OURS_PLAIN: &str = r##"stroke="#36c" stroke-width="1.5""##;

struct Axes {
    log_lo: f64,
    log_hi: f64,
    /// The rates at the panel's bottom and top, and the panel's top and bottom in pixels.
    rate_lo: f64,
    rate_hi: f64,
    top: f64,
    bottom: f64,
}

impl Axes {
    fn x(&self, d: f64) -> f64 {
        LEFT + (d.log10() - self.log_lo) / (self.log_hi - self.log_lo) * (W - LEFT - RIGHT)
    }

    fn y(&self, rate: f64) -> f64 {
        let r = rate.clamp(self.rate_lo, self.rate_hi);
        self.top + (self.rate_hi - r) / (self.rate_hi - self.rate_lo) * (self.bottom - self.top)
    }
}

/// The top of the magnified panel: the first of 0.02, 0.05, 0.1, 0.15 above every interval.
fn zoom_top(highest: f64) -> f64 {
    [0.02, 0.05, 0.1, ZOOM_BELOW]
        .into_iter()
        .find(|&t| highest <= t)
        .unwrap_or(ZOOM_BELOW)
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
        rate_lo: 0.0,
        rate_hi: 1.0,
        top: TOP,
        bottom: H - BOTTOM,
    };
    let highest = report
        .cells
        .iter()
        .filter(|r| r.tally.games > 0)
        .map(|r| r.tally.interval().high)
        .fold(f64::NAN, f64::max);
    let zoom = (highest < ZOOM_BELOW).then(|| zoom_top(highest));
    let height = if zoom.is_some() { H + ZOOM_H } else { H };
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{height}" viewBox="0 0 {W} {height}" font-family="sans-serif" font-size="11">"#
    );
    let _ = writeln!(s, r#"<rect width="{W}" height="{height}" fill="white"/>"#);
    let fig = match c.table {
        Table::Table1 => "Figure 6 (Table 1): score against depth-2 alpha-beta",
        Table::Table2 => "Figure 7 (Table 2): score against plain UCB",
    };
    let _ = writeln!(s, r#"<text x="{LEFT}" y="18" font-size="13">{fig}</text>"#);
    let budget = format!(
        "ours: {} playouts a move ({} playouts), n = {}, start {}, {} games a point, seed {}",
        c.playouts, c.policy, c.n, c.start, c.games, c.seed
    );
    let _ = writeln!(s, r#"<text x="{LEFT}" y="32">{}</text>"#, escape(&budget));
    let _ = writeln!(
        s,
        r#"<text x="{LEFT}" y="45">paper: {} playouts a move, {} games a point</text>"#,
        paper::PLAYOUTS,
        paper::GAMES
    );
    if !report.problems.is_empty() {
        let _ = writeln!(
            s,
            r#"<text x="{LEFT}" y="57" fill="darkred">incomplete: {}</text>"#,
            escape(&report.problems.join("; "))
        );
    }
    let mut legend: Vec<(String, &str, String)> = vec![
        (
            r#"stroke="black""#.into(),
            "circle",
            "ours, with 95% interval".into(),
        ),
        (PAPER_CURVE.into(), "square", "the paper".into()),
    ];
    match (c.table, report.plain_ucb().and_then(|p| p.tally.average())) {
        (Table::Table1, ours) => {
            if let Some(avg) = ours {
                legend.push((
                    OURS_PLAIN.into(),
                    "",
                    format!("plain UCB, ours {avg:.3} (band: 95%)"),
                ));
            }
            legend.push((
                PAPER_PLAIN.into(),
                "",
                format!("plain UCB, paper {:.3}", paper::TABLE1_PLAIN_UCB.average),
            ));
        }
        (Table::Table2, _) => {
            legend.push((OURS_PLAIN.into(), "", "plain UCB (even: 0.5)".into()));
        }
    }
    panel(&mut s, report, &ax, true, "d (log scale)");
    for (i, (style, mark, text)) in legend.iter().enumerate() {
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
        marker(&mut s, mark, x + 11.0, y - 4.0);
    }
    if let Some(top) = zoom {
        let z = Axes {
            rate_hi: top,
            top: H + 24.0,
            bottom: H + ZOOM_H - 34.0,
            ..ax
        };
        let _ = writeln!(
            s,
            r#"<text x="{LEFT}" y="{:.1}" font-size="12">ours magnified: rates 0 to {top} (the paper's points lie above)</text>"#,
            H + 14.0
        );
        panel(&mut s, report, &z, false, "d (log scale)");
    }
    s.push_str("</svg>\n");
    s
}

/// A legend or point marker at (x, y).
fn marker(s: &mut String, mark: &str, x: f64, y: f64) {
    match mark {
        "circle" => {
            let _ = writeln!(s, r#"<circle cx="{x:.1}" cy="{y:.1}" r="4"/>"#);
        }
        "square" => {
            let _ = writeln!(
                s,
                r##"<rect x="{:.1}" y="{:.1}" width="8" height="8" fill="white" stroke="#c33" stroke-width="1.5"/>"##,
                x - 4.0,
                y - 4.0
            );
        }
        _ => {}
    }
}

/// One panel: grid, axes, the plain-UCB lines, the paper's points (when `with_paper`) and ours.
fn panel(s: &mut String, report: &ExperimentReport, ax: &Axes, with_paper: bool, xlabel: &str) {
    let c = &report.config;
    let ds: Vec<f64> = report.cells.iter().filter_map(|r| r.cell.d).collect();
    let steps = 10;
    for i in 0..=steps {
        let rate = ax.rate_lo + (ax.rate_hi - ax.rate_lo) * f64::from(i) / f64::from(steps);
        let y = ax.y(rate);
        let label = if ax.rate_hi < 0.1 {
            format!("{rate:.3}")
        } else {
            format!("{rate:.2}")
        };
        let _ = writeln!(
            s,
            r##"<line x1="{LEFT}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="#ddd"/><text x="{:.1}" y="{:.1}" text-anchor="end">{label}</text>"##,
            W - RIGHT,
            LEFT - 6.0,
            y + 4.0
        );
    }
    for &d in &ds {
        let x = ax.x(d);
        let _ = writeln!(
            s,
            r##"<line x1="{x:.1}" y1="{:.1}" x2="{x:.1}" y2="{:.1}" stroke="#eee"/><text x="{x:.1}" y="{:.1}" text-anchor="middle">{d}</text>"##,
            ax.top,
            ax.bottom,
            ax.bottom + 16.0
        );
    }
    let _ = writeln!(
        s,
        r#"<rect x="{LEFT}" y="{:.1}" width="{:.1}" height="{:.1}" fill="none" stroke="black"/>"#,
        ax.top,
        W - LEFT - RIGHT,
        ax.bottom - ax.top
    );
    let _ = writeln!(
        s,
        r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">{xlabel}</text>"#,
        (LEFT + W - RIGHT) / 2.0,
        ax.bottom + 32.0
    );
    if with_paper {
        let mid = (ax.top + ax.bottom) / 2.0;
        let _ = writeln!(
            s,
            r#"<text x="16" y="{mid:.1}" text-anchor="middle" transform="rotate(-90 16 {mid:.1})">average score of UCB with the dynamic threshold</text>"#
        );
    }
    let hline = |s: &mut String, rate: f64, style: &str| {
        let y = ax.y(rate);
        let _ = writeln!(
            s,
            r#"<line x1="{LEFT}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" {style}/>"#,
            W - RIGHT
        );
    };
    match (c.table, report.plain_ucb()) {
        (Table::Table1, plain) => {
            if let Some(p) = plain.filter(|p| p.tally.games > 0) {
                let i = p.tally.interval();
                let (y1, y2) = (ax.y(i.high), ax.y(i.low));
                let _ = writeln!(
                    s,
                    r##"<rect x="{LEFT}" y="{y1:.1}" width="{:.1}" height="{:.1}" fill="#36c" fill-opacity="0.12"/>"##,
                    W - LEFT - RIGHT,
                    (y2 - y1).max(1.0)
                );
                if let Some(avg) = p.tally.average() {
                    hline(s, avg, OURS_PLAIN);
                }
            }
            if with_paper {
                hline(s, paper::TABLE1_PLAIN_UCB.average, PAPER_PLAIN);
            }
        }
        (Table::Table2, _) => {
            if ax.rate_hi >= 0.5 {
                hline(s, 0.5, OURS_PLAIN);
            }
        }
    }
    if with_paper {
        let paper_pts: Vec<(f64, f64)> = report
            .cells
            .iter()
            .filter_map(|r| Some((r.cell.d?, r.paper?.average)))
            .collect();
        polyline(s, ax, &paper_pts, PAPER_CURVE);
        for &(d, rate) in &paper_pts {
            marker(s, "square", ax.x(d), ax.y(rate));
        }
    }
    let ours: Vec<(f64, f64)> = report
        .cells
        .iter()
        .filter_map(|r| Some((r.cell.d?, r.tally.average()?)))
        .collect();
    polyline(s, ax, &ours, r#"stroke="black""#);
    for r in &report.cells {
        let (Some(d), Some(avg)) = (r.cell.d, r.tally.average()) else {
            continue;
        };
        let i = r.tally.interval();
        let x = ax.x(d);
        let _ = writeln!(
            s,
            r#"<path d="M{:.1},{:.1}H{:.1}M{x:.1},{:.1}V{:.1}M{:.1},{:.1}H{:.1}" stroke="black" fill="none"/>"#,
            x - 4.0,
            ax.y(i.high),
            x + 4.0,
            ax.y(i.high),
            ax.y(i.low),
            x - 4.0,
            ax.y(i.low),
            x + 4.0,
        );
        marker(s, "circle", x, ax.y(avg));
    }
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
