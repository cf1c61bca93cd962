//! The 95% confidence interval printed beside every rate.
//!
//! We use the Wilson score interval (Wilson 1927) on the average score, counting a draw as half
//! a win, as the paper scores it (§3.3). For a score `s` out of `n` games, `p = s/n`, `z` the 97.5%
//! normal quantile:
//!
//! ```text
//! centre = (p + z²/2n) / (1 + z²/n)
//! half   = z / (1 + z²/n) · sqrt(p(1-p)/n + z²/4n²)
//! ```
//!
//! Wilson rather than the normal (Wald) interval because our cells are small at our budget and
//! rates sit near 0 or 1: Wald collapses to a point at 0/n and leaves [0, 1]; Wilson does not.
//! Treating a draw as half a win with binomial variance slightly overstates the variance (a draw
//! is less spread than a win or a loss), so the interval is, if anything, a little wide. Draws
//! are rare (the paper: "ごく少数").

/// The 0.975 quantile of the standard normal distribution.
pub const Z95: f64 = 1.959_963_984_540_054;

/// A closed interval of rates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Interval {
    pub low: f64,
    pub high: f64,
}

impl Interval {
    pub fn contains(&self, x: f64) -> bool {
        self.low <= x && x <= self.high
    }
}

/// Wilson's 95% interval for a score of `score` (draws as halves) out of `n` games.
/// With no games at all the interval is the whole of [0, 1].
pub fn wilson(score: f64, n: u64) -> Interval {
    if n == 0 {
        return Interval {
            low: 0.0,
            high: 1.0,
        };
    }
    let n = n as f64;
    let p = score / n;
    let z2 = Z95 * Z95;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = Z95 / denom * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    // At p = 0 or 1 the bound is exactly 0 or 1; rounding would leave it a hair inside.
    Interval {
        low: if p <= 0.0 {
            0.0
        } else {
            (centre - half).max(0.0)
        },
        high: if p >= 1.0 {
            1.0
        } else {
            (centre + half).min(1.0)
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(i: Interval, low: f64, high: f64) {
        assert!(
            (i.low - low).abs() < 5e-5 && (i.high - high).abs() < 5e-5,
            "{i:?} is not [{low}, {high}]"
        );
    }

    // Reference values: the Wilson interval without continuity correction as tabulated by
    // Newcombe (1998, Statistics in Medicine 17, Table I) and as given by R's
    // `prop.test(x, n, correct = FALSE)$conf.int`.
    #[test]
    fn known_values() {
        close(wilson(81.0, 263), 0.2553, 0.3662);
        close(wilson(15.0, 148), 0.0624, 0.1605);
        close(wilson(0.0, 20), 0.0, 0.1611);
        close(wilson(1.0, 29), 0.0061, 0.1718);
        close(wilson(5.0, 10), 0.2366, 0.7634);
        close(wilson(10.0, 10), 0.7225, 1.0);
    }

    #[test]
    fn symmetric_and_contains_the_rate() {
        for n in [1u64, 7, 100, 1000] {
            for k in 0..=n.min(50) {
                let s = k as f64;
                let a = wilson(s, n);
                let b = wilson(n as f64 - s, n);
                assert!((a.low - (1.0 - b.high)).abs() < 1e-12);
                assert!(a.contains(s / n as f64));
            }
        }
    }

    #[test]
    fn paper_cell_width() {
        // A 1000-game cell at 0.48 is known to about ±0.031.
        let i = wilson(480.0, 1000);
        assert!((i.high - i.low - 0.0619).abs() < 2e-4, "{i:?}");
    }

    #[test]
    fn no_games_is_the_unit_interval() {
        assert_eq!(
            wilson(0.0, 0),
            Interval {
                low: 0.0,
                high: 1.0
            }
        );
    }
}
