//! The paper's figures (§3.3, Tables 1 and 2): 50 000 playouts a move, n = 10, 1000 games a cell
//! (500 with each side first), 3 random moves a side, a draw after 300 moves.

/// One row of a paper table: wins as first player, as second (draws as halves), average.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PaperRow {
    pub first: f64,
    pub second: f64,
    pub average: f64,
}

const fn row(first: f64, second: f64, average: f64) -> PaperRow {
    PaperRow {
        first,
        second,
        average,
    }
}

pub const PLAYOUTS: u64 = 50_000;
pub const N: u32 = 10;
pub const GAMES: u64 = 1000;
pub const RANDOM_OPENING: u32 = 3;
pub const MAX_MOVES: u32 = 300;

/// Table 1: UCB with the dynamic threshold against depth-2 alpha-beta, by d.
pub const TABLE1: [(f64, PaperRow); 7] = [
    (0.0025, row(225.5, 254.0, 0.480)),
    (0.005, row(239.5, 237.0, 0.477)),
    (0.01, row(229.5, 257.5, 0.487)),
    (0.02, row(198.0, 283.0, 0.481)),
    (0.04, row(213.0, 252.0, 0.465)),
    (0.08, row(169.0, 193.0, 0.362)),
    (0.16, row(93.0, 133.0, 0.226)),
];

/// Table 1, last row: plain UCB against depth-2 alpha-beta.
pub const TABLE1_PLAIN_UCB: PaperRow = row(176.0, 191.5, 0.368);

/// Table 2: UCB with the dynamic threshold against plain UCB, by d.
pub const TABLE2: [(f64, PaperRow); 6] = [
    (0.0025, row(280.0, 278.0, 0.558)),
    (0.005, row(276.0, 304.0, 0.580)),
    (0.01, row(260.0, 261.0, 0.521)),
    (0.02, row(246.0, 270.0, 0.516)),
    (0.04, row(231.0, 237.0, 0.468)),
    (0.08, row(159.0, 199.0, 0.358)),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn averages_agree_with_the_counts() {
        // The paper's averages are (first + second) / 1000, rounded to three places.
        for (_, r) in TABLE1.iter().chain(TABLE2.iter()) {
            assert!(((r.first + r.second) / 1000.0 - r.average).abs() <= 0.0005 + 1e-9);
        }
        let r = TABLE1_PLAIN_UCB;
        assert!(((r.first + r.second) / 1000.0 - r.average).abs() <= 0.0005 + 1e-9);
    }
}
