//! The native classifier's speed (`retro lgame bench`): the whole classification, and its two
//! parts (the move graph h = f∘g of the quotient game, then the extensions of §8), timed on the
//! host over repeated runs; the median is reported, since a shared host adds outliers.

use crate::classify::solve;
use crate::graph::Graph;
use crate::Counts;
use std::fmt;
use std::time::{Duration, Instant};

/// Host times of the native classification.
#[derive(Clone, Debug)]
pub struct Timing {
    pub runs: usize,
    /// The first classification, with the tables derived too.
    pub first: Duration,
    pub total: Vec<Duration>,
    pub graph: Vec<Duration>,
    pub extend: Vec<Duration>,
    pub moves: usize,
    pub extensions: usize,
    pub counts: Counts,
}

/// Classify `runs` times (at least once). Fails when two classifications differ.
pub fn run(runs: usize) -> Result<Timing, &'static str> {
    let runs = runs.max(1);
    let t = Instant::now();
    let c = crate::classify();
    let first = t.elapsed();
    let mut out = Timing {
        runs,
        first,
        total: Vec::new(),
        graph: Vec::new(),
        extend: Vec::new(),
        moves: 0,
        extensions: 0,
        counts: c.counts(),
    };
    for _ in 0..runs {
        let t = Instant::now();
        let again = crate::classify();
        out.total.push(t.elapsed());
        if again != c {
            return Err("two native classifications differ");
        }
        let t = Instant::now();
        let g = Graph::quotient();
        out.graph.push(t.elapsed());
        out.moves = g.moves();
        let t = Instant::now();
        let (_, n) = solve(&g);
        out.extend.push(t.elapsed());
        out.extensions = n;
    }
    Ok(out)
}

/// The median of host times (zero for none).
pub fn median(v: &[Duration]) -> Duration {
    let mut v = v.to_vec();
    v.sort_unstable();
    v.get(v.len() / 2).copied().unwrap_or_default()
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1e3)
}

impl fmt::Display for Timing {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "native L-game classification: 2296 positions, {} moves, {} extensions \
             -> B {} F {} U {}\n\
             \x20 first run (tables derived too): {}\n\
             \x20 classification, median of {}: {} (min {}; target under 50 ms)\n\
             \x20   move graph h = f.g:  {}\n\
             \x20   extensions of §8:    {}\n",
            self.moves,
            self.extensions,
            self.counts.b,
            self.counts.f,
            self.counts.u,
            ms(self.first),
            self.runs,
            ms(median(&self.total)),
            ms(self.total.iter().copied().min().unwrap_or_default()),
            ms(median(&self.graph)),
            ms(median(&self.extend))
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_run_classifies_as_the_paper() {
        let t = run(0).unwrap();
        assert_eq!(t.runs, 1);
        assert_eq!((t.counts.b, t.counts.f, t.counts.u), (29, 1006, 1261));
        assert!(t.to_string().contains("-> B 29 F 1006 U 1261"));
        assert_eq!(
            median(&[3, 1, 2].map(Duration::from_millis)),
            Duration::from_millis(2)
        );
    }
}
