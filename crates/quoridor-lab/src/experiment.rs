//! The paper's sweeps (§3.3): Table 1 sets UCB with the dynamic threshold against the depth-2
//! alpha-beta player for each d, and plain UCB against the same player; Table 2 sets it against
//! plain UCB for each d. Each pairing is a *cell*, and a cell is exactly a match
//! (`retro quoridor match A B --games G --seed S`): the same seed gives the same games.
//!
//! Notes:
//! 1. Because a cell's games are seeded by their game number alone, game j has the same random
//!    opening in every cell. The d values are thus compared on common openings, which narrows
//!    the differences between cells without biasing any of them.
//! 2. Games are played in the order of their place in all cells (game 0 of every cell, then
//!    game 1, ...), so a run stopped early leaves every cell with about as many games.

use crate::as_text;
use crate::error::{LabError, Result};
use crate::opening::Opening;
use crate::paper::{self, PaperRow};
use longrun::Share;
use quoridor::players::{DtParams, Formula, Reversal, Start, Tie, UcbParams};
use quoridor::playout::Cut;
use quoridor::policy::Policy;
use quoridor::Spec;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Which of the paper's tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Table {
    Table1,
    Table2,
}

impl Table {
    pub fn name(self) -> &'static str {
        match self {
            Table::Table1 => "table1",
            Table::Table2 => "table2",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Table::Table1 => {
                "Table 1: UCB with the dynamic threshold against depth-2 alpha-beta, by d"
            }
            Table::Table2 => "Table 2: UCB with the dynamic threshold against plain UCB, by d",
        }
    }

    /// The paper's d values.
    pub fn paper_d(self) -> Vec<f64> {
        match self {
            Table::Table1 => paper::TABLE1.iter().map(|(d, _)| *d).collect(),
            Table::Table2 => paper::TABLE2.iter().map(|(d, _)| *d).collect(),
        }
    }

    /// The paper's row for d, if it measured that d.
    pub fn paper_row(self, d: f64) -> Option<PaperRow> {
        let rows: &[(f64, PaperRow)] = match self {
            Table::Table1 => &paper::TABLE1,
            Table::Table2 => &paper::TABLE2,
        };
        rows.iter()
            .find(|(pd, _)| (pd - d).abs() < 1e-12)
            .map(|(_, r)| *r)
    }
}

impl FromStr for Table {
    type Err = LabError;
    fn from_str(s: &str) -> Result<Table> {
        match s {
            "table1" => Ok(Table::Table1),
            "table2" => Ok(Table::Table2),
            _ => Err(LabError::Parameter(format!(
                "unknown experiment `{s}`: expected table1 or table2"
            ))),
        }
    }
}

impl fmt::Display for Table {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Everything that decides an experiment's games.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ExperimentConfig {
    pub table: Table,
    /// Playouts a move of every UCB player.
    pub playouts: u64,
    /// The dynamic threshold's n (the number of near-best moves that moves the threshold).
    pub n: u32,
    pub d: Vec<f64>,
    /// Games a cell.
    pub games: u64,
    pub seed: u64,
    pub random_opening: u32,
    pub max_moves: u32,
    /// The UCB players' playout policy, cut and formula (files made before these were
    /// settings used `uniform`, 300 and UCB1).
    #[serde(with = "as_text", default = "uniform")]
    pub policy: Policy,
    #[serde(with = "as_text", default)]
    pub cut: Cut,
    #[serde(with = "as_text", default = "ucb1")]
    pub formula: Formula,
    /// The dynamic threshold's unstated choices (`quoridor::players::UcbDt`).
    #[serde(with = "as_text", default)]
    pub start: Start,
    #[serde(with = "as_text", default)]
    pub tie: Tie,
    #[serde(with = "as_text", default)]
    pub reversal: Reversal,
    /// What the random opening moves are drawn from.
    #[serde(default, skip_serializing_if = "Opening::is_legal")]
    pub opening: Opening,
}

fn uniform() -> Policy {
    Policy::Uniform
}

fn ucb1() -> Formula {
    Formula::Ucb1
}

impl ExperimentConfig {
    /// The paper's settings for `table`.
    pub fn paper(table: Table) -> ExperimentConfig {
        ExperimentConfig {
            table,
            playouts: paper::PLAYOUTS,
            n: paper::N,
            d: table.paper_d(),
            games: paper::GAMES,
            seed: 1,
            random_opening: paper::RANDOM_OPENING,
            max_moves: paper::MAX_MOVES,
            policy: quoridor::players::DEFAULT_POLICY,
            cut: Cut::default(),
            formula: Formula::Ucb1,
            start: Start::default(),
            tie: Tie::default(),
            reversal: Reversal::default(),
            opening: Opening::default(),
        }
    }

    pub fn check(&self) -> Result<()> {
        if self.d.is_empty() {
            return Err(LabError::Parameter("--d: no value of d given".into()));
        }
        if let Some(d) = self.d.iter().find(|d| !(d.is_finite() && **d > 0.0)) {
            return Err(LabError::Parameter(format!(
                "--d: {d} is not a positive number (the plot's axis is logarithmic)"
            )));
        }
        if self.games == 0 {
            return Err(LabError::Parameter("--games: needs at least 1 game".into()));
        }
        if self.playouts == 0 || self.playouts > u64::from(u32::MAX) {
            return Err(LabError::Parameter(
                "--playouts: needs at least 1 and at most 4294967295".into(),
            ));
        }
        if self.d.iter().any(|d| *d > 1.0) {
            return Err(LabError::Parameter(
                "--d: a rate margin is at most 1".into(),
            ));
        }
        Ok(())
    }

    /// The UCB players' parameters.
    pub fn ucb(&self) -> UcbParams {
        UcbParams {
            playouts: u32::try_from(self.playouts).unwrap_or(u32::MAX),
            formula: self.formula,
            policy: self.policy,
            cut: self.cut,
            ..UcbParams::default()
        }
    }

    /// Plain UCB at this budget.
    pub fn plain_ucb(&self) -> Spec {
        Spec::Ucb(self.ucb())
    }

    /// UCB with the dynamic threshold at `d`.
    pub fn dt(&self, d: f64) -> Spec {
        Spec::UcbDt {
            ucb: self.ucb(),
            dt: DtParams {
                d,
                n: self.n,
                start: self.start,
                tie: self.tie,
                reversal: self.reversal,
            },
        }
    }

    /// The cells in table order: one per d, then (Table 1) plain UCB.
    pub fn cells(&self) -> Vec<Cell> {
        let opponent = match self.table {
            Table::Table1 => Spec::Ab2,
            Table::Table2 => self.plain_ucb(),
        };
        let mut cells: Vec<Cell> = self
            .d
            .iter()
            .map(|&d| Cell {
                d: Some(d),
                a: self.dt(d),
                b: opponent,
            })
            .collect();
        if self.table == Table::Table1 {
            cells.push(Cell {
                d: None,
                a: self.plain_ucb(),
                b: opponent,
            });
        }
        cells
    }

    /// One line stating the budget, printed with every output.
    pub fn budget(&self) -> String {
        format!(
            "{} playouts a move ({} playouts, cut {}, {}), n = {}, start {}, tie {}, reversal {}, \
             {} games a cell ({} with each side first), random opening {} moves a side ({}), \
             a draw after {} moves, seed {}",
            self.playouts,
            self.policy,
            self.cut,
            self.formula,
            self.n,
            self.start,
            self.tie,
            self.reversal,
            self.games,
            self.games / 2,
            self.random_opening,
            self.opening,
            self.max_moves,
            self.seed
        )
    }
}

/// One pairing of an experiment: player A (the one measured) against player B.
#[derive(Debug, Clone, PartialEq)]
pub struct Cell {
    /// The threshold's d, or `None` for plain UCB.
    pub d: Option<f64>,
    pub a: Spec,
    pub b: Spec,
}

impl Cell {
    pub fn label(&self) -> String {
        match self.d {
            Some(d) => format!("d={d}"),
            None => "plain-ucb".into(),
        }
    }

    /// The file holding this cell's games of `share`.
    pub fn file_name(&self, table: Table, index: usize, share: Share) -> String {
        format!(
            "{table}-{index:02}-{}.share-{}-of-{}.jsonl",
            self.label(),
            share.k,
            share.n
        )
    }
}

/// What an experiment's results file belongs to.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CellOf {
    pub experiment: ExperimentConfig,
    pub cell: usize,
    pub share: Share,
}

/// Parse `--d 0.005,0.01`.
pub fn parse_d_list(s: &str) -> Result<Vec<f64>> {
    s.split(',')
        .map(|x| {
            x.trim()
                .parse::<f64>()
                .map_err(|_| LabError::Parameter(format!("--d: `{}` is not a number", x.trim())))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paper_cells() {
        let c = ExperimentConfig::paper(Table::Table1).cells();
        assert_eq!(c.len(), 8);
        let p = quoridor::players::DEFAULT_POLICY;
        assert_eq!(
            c[1].a.to_string(),
            format!(
                "ucb-dt:d=0.005,n=10,start=zero,tie=half,reversal=stay,playouts=50000,c=2.0,\
                 formula=ucb1,policy={p},cut=300"
            )
        );
        assert_eq!(c[1].b, Spec::Ab2);
        assert_eq!(
            c[7].a.to_string(),
            format!("ucb:playouts=50000,c=2.0,formula=ucb1,policy={p},cut=300")
        );
        let c = ExperimentConfig::paper(Table::Table2).cells();
        assert_eq!(c.len(), 6);
        assert_eq!(c[5].b, c[5].b.to_string().parse().unwrap());
        assert_eq!(c[5].b.playouts(), 50_000);
        assert_eq!(
            c[0].file_name(Table::Table2, 0, Share { k: 2, n: 3 }),
            "table2-00-d=0.0025.share-2-of-3.jsonl"
        );
    }

    #[test]
    fn bad_parameters() {
        assert!(parse_d_list("0.01,x")
            .unwrap_err()
            .to_string()
            .contains("`x`"));
        let mut c = ExperimentConfig::paper(Table::Table1);
        c.d = vec![0.01, -1.0];
        assert!(c.check().unwrap_err().to_string().contains("-1"));
        c.d = vec![];
        assert!(c.check().is_err());
        assert!("table3".parse::<Table>().is_err());
    }
}
