//! The report of `retro lgame classify` on the T3300-R: a progress line per level as the run
//! reaches it, then the typewriter's paper, the machine time and cycles of every extension pass
//! beside the paper's "about 20-30 minutes" (§9), the table of §9 beside the printed one, and
//! the comparison of every l-type with the native classifier.

use crate::classifier::{Pass, Run, SOURCE_NAME};
use lgame::classify::TableError;

/// The first line: the machine, the program and the cycle time.
pub fn header(cycle_us: f64, direct: bool) -> String {
    format!(
        "T3300-R (TOSBAC-3300 reconstruction, not the historical instruction set): {SOURCE_NAME} \
         at {cycle_us} us per memory cycle{}",
        if direct {
            ", each extension from h directly (no phi)"
        } else {
            ""
        }
    )
}

/// A count with thousands separated by commas.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut s = String::new();
    for (i, ch) in digits.chars().enumerate() {
        let left = digits.len() - i;
        if i > 0 && left / 3 * 3 == left {
            s.push(',');
        }
        s.push(ch);
    }
    s
}

fn seconds(ns: u64) -> String {
    format!("{:.2} s", ns as f64 / 1e9)
}

/// The progress line of a level, once both its passes (B, then F) are known.
pub fn level_line(b: &Pass, f: Option<&Pass>) -> String {
    let paper = |v: &[usize], i: u32| v.get(i as usize).map_or("-".to_string(), |n| n.to_string());
    let mut s = format!(
        "level {}: Bbar {} (paper {})",
        b.level,
        b.new_b,
        paper(&lgame::paper::B_BAR, b.level)
    );
    match f {
        Some(f) => s.push_str(&format!(
            ", Fbar {} (paper {}); extensions {} and {}: {} and {} of machine time \
             ({} and {} cycles)",
            f.new_f,
            paper(&lgame::paper::F_BAR, f.level),
            b.extension,
            f.extension,
            seconds(b.time_ns),
            seconds(f.time_ns),
            grouped(b.cycles),
            grouped(f.cycles)
        )),
        None => s.push_str(&format!(
            "; extension {}: {} of machine time ({} cycles)",
            b.extension,
            seconds(b.time_ns),
            grouped(b.cycles)
        )),
    }
    s
}

/// The progress lines of a run: a level's line once its B and F passes have ended.
#[derive(Debug, Default)]
pub struct Progress {
    pending: Option<Pass>,
}

impl Progress {
    /// The line to print after `p`, if any.
    pub fn pass(&mut self, p: &Pass) -> Option<String> {
        match (p.set(), p.found(), self.pending.take()) {
            ('B', 0, _) => Some(format!(
                "extension {}: nothing new; the classification is complete",
                p.extension
            )),
            ('B', _, _) => {
                self.pending = Some(*p);
                None
            }
            (_, _, Some(b)) => Some(level_line(&b, Some(p))),
            (_, _, None) => None,
        }
    }

    /// The line of a level whose F pass never came.
    pub fn finish(self) -> Option<String> {
        self.pending.map(|b| level_line(&b, None))
    }
}

/// The report after the run, and whether every l-type agrees with the native classifier.
pub fn after_run(run: &Run, cycle_us: f64) -> Result<(String, bool), TableError> {
    let mut text = String::from("\nThe typewriter printed:\n");
    for l in run.paper.lines() {
        text.push_str(&format!("  | {l}\n"));
    }
    text.push_str(&format!(
        "\nExtension passes (machine time = cycles x {cycle_us} us; the paper: \"about 20-30 \
         minutes\" per extension, section 9):\n\
         \x20 ext  finds   new        cycles  instructions  machine time  of 25 min\n"
    ));
    for p in &run.passes {
        text.push_str(&format!(
            "  {:>3}  {}{:<3} {:>5} {:>13} {:>13} {:>13} {:>9}\n",
            p.extension,
            p.set(),
            p.level,
            p.found(),
            grouped(p.cycles),
            grouped(p.instructions),
            seconds(p.time_ns),
            format!("1/{:.0}", 1500e9 / p.time_ns.max(1) as f64)
        ));
    }
    let (cycles, ns): (u64, u64) = run
        .passes
        .iter()
        .fold((0, 0), |(c, t), p| (c + p.cycles, t + p.time_ns));
    let n = run.passes.len().max(1) as u64;
    text.push_str(&format!(
        "  all {} passes: {} cycles, {} of machine time (a pass takes {} on average)\n\
         \x20 the whole run, with the typewriter (10 characters a second) and the tape punch: \
         {} cycles, {} instructions, {} of machine time; {:.2} s on this host\n\
         \x20 (docs/lgame.md explains why a pass takes seconds here and minutes in the paper)\n\n",
        run.passes.len(),
        grouped(cycles),
        seconds(ns),
        seconds(ns / n),
        grouped(run.cycles),
        grouped(run.instructions),
        seconds(run.time_ns),
        run.wall.as_secs_f64()
    ));
    let c = run.classification()?;
    text.push_str(&lgame::report::report(&c, "T3300-R, asm/t3300/lgame.asm"));
    let (agreement, agrees) = agreement(&c);
    text.push_str(&agreement);
    Ok((text, agrees))
}

/// Whether every l-type of `c` agrees with the native classifier, in words (the report's
/// last lines, with the first 20 that differ), and as a flag.
pub fn agreement(c: &lgame::Classification) -> (String, bool) {
    let diff = c.diff(&lgame::classify());
    let mut text = String::new();
    if diff.is_empty() {
        text.push_str(
            "\n  every l-type agrees with the native classifier (class and level): 2296 of 2296\n",
        );
    } else {
        text.push_str(&format!(
            "\n  {} l-types differ from the native classifier:\n",
            diff.len()
        ));
        for (lt, emulated, native) in diff.iter().take(20) {
            text.push_str(&format!(
                "    l-type {lt} (octal {}): T3300-R {emulated}, native {native}\n",
                lt.octal()
            ));
        }
    }
    (text, diff.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pass(extension: u32, new_b: u32, new_f: u32) -> Pass {
        Pass {
            extension,
            level: (extension - 1) / 2,
            new_b,
            new_f,
            cycles: 5_000_000,
            instructions: 3_000_000,
            time_ns: 10_000_000_000,
        }
    }

    #[test]
    fn counts_and_level_lines() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(9_856_394), "9,856,394");
        assert_eq!(
            level_line(&pass(1, 15, 0), Some(&pass(2, 0, 768))),
            "level 0: Bbar 15 (paper 15), Fbar 768 (paper 768); extensions 1 and 2: 10.00 s \
             and 10.00 s of machine time (5,000,000 and 5,000,000 cycles)"
        );
        assert_eq!(
            level_line(&pass(11, 2, 0), None),
            "level 5: Bbar 2 (paper -); extension 11: 10.00 s of machine time (5,000,000 cycles)"
        );
    }

    #[test]
    fn progress_pairs_the_passes_of_a_level() {
        let mut p = Progress::default();
        assert_eq!(p.pass(&pass(1, 15, 0)), None);
        assert!(p
            .pass(&pass(2, 0, 768))
            .unwrap()
            .starts_with("level 0: Bbar 15"));
        assert_eq!(p.pass(&pass(3, 3, 0)), None);
        assert!(p
            .finish()
            .unwrap()
            .starts_with("level 1: Bbar 3 (paper 3); extension 3"));
        let mut p = Progress::default();
        assert_eq!(
            p.pass(&pass(11, 0, 0)).unwrap(),
            "extension 11: nothing new; the classification is complete"
        );
        assert_eq!(p.finish(), None);
    }
}
