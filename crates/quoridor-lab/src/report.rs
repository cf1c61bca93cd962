//! An experiment's table in the paper's layout (d, wins as first player, wins as second,
//! average), our 95% interval beside it, the paper's figures beside that, and a note where the
//! paper's average lies outside our interval.

use crate::experiment::{Cell, ExperimentConfig, Table};
use crate::paper::{self, PaperRow};
use crate::tally::Tally;
use std::fmt::Write;

/// One measured cell.
#[derive(Debug, Clone)]
pub struct CellResult {
    pub cell: Cell,
    pub tally: Tally,
    pub paper: Option<PaperRow>,
}

/// The measured table.
#[derive(Debug, Clone)]
pub struct ExperimentReport {
    pub config: ExperimentConfig,
    pub cells: Vec<CellResult>,
    /// Shares missing or incomplete; empty when every game is in.
    pub problems: Vec<String>,
    /// Groups of cells (by index) that played identical games, every move alike.
    pub identical: Vec<Vec<usize>>,
    /// Each threshold cell beside the plain-UCB cell, game by game (`paired.rs`), as Markdown.
    pub beside_plain: String,
}

impl ExperimentReport {
    pub fn new(config: ExperimentConfig, tallies: Vec<Tally>, problems: Vec<String>) -> Self {
        let cells = config
            .cells()
            .into_iter()
            .zip(tallies)
            .map(|(cell, tally)| {
                let paper = match cell.d {
                    Some(d) => config.table.paper_row(d),
                    None => Some(paper::TABLE1_PLAIN_UCB),
                };
                CellResult { cell, tally, paper }
            })
            .collect();
        ExperimentReport {
            config,
            cells,
            problems,
            identical: Vec::new(),
            beside_plain: String::new(),
        }
    }

    /// The plain-UCB line of the plot: our plain UCB against ab2 (Table 1), or the even score
    /// of plain UCB against itself (Table 2).
    pub fn plain_ucb(&self) -> Option<&CellResult> {
        self.cells.iter().find(|c| c.cell.d.is_none())
    }

    /// The table as Markdown.
    pub fn markdown(&self) -> String {
        let c = &self.config;
        let mut s = String::new();
        let _ = writeln!(s, "# {}\n", c.table.title());
        let _ = writeln!(s, "Budget: {}.\n", c.budget());
        let _ = writeln!(
            s,
            "The paper's budget: {} playouts a move, n = {}, {} games a cell ({} with each side \
             first). First and second: player A's wins when it moved first and when it moved \
             second (draws as halves), of {} games each here; interval: 95% Wilson on the \
             average score.\n",
            paper::PLAYOUTS,
            paper::N,
            paper::GAMES,
            paper::GAMES / 2,
            c.games / 2
        );
        if !self.problems.is_empty() {
            let _ = writeln!(s, "**Incomplete:** {}.\n", self.problems.join("; "));
        }
        let opponent = match c.table {
            Table::Table1 => "ab2",
            Table::Table2 => "plain UCB",
        };
        let _ = writeln!(
            s,
            "Player A: UCB with the dynamic threshold; player B: {opponent}.\n"
        );
        s.push_str(
            "| d | first | second | draws | games | average | 95% interval | paper first | \
             paper second | paper average | note |\n",
        );
        s.push_str("|---:|---:|---:|---:|---:|---:|:---:|---:|---:|---:|:---|\n");
        for r in &self.cells {
            let t = &r.tally;
            let name = match r.cell.d {
                Some(d) => format!("{d}"),
                None => "plain UCB".into(),
            };
            let (avg, int) = match t.average() {
                Some(a) => {
                    let i = t.interval();
                    (format!("{a:.3}"), format!("[{:.3}, {:.3}]", i.low, i.high))
                }
                None => ("-".into(), "-".into()),
            };
            let (pf, ps, pa, note) = match r.paper {
                Some(p) => {
                    let outside = t.average().is_some() && !t.interval().contains(p.average);
                    (
                        format!("{:.1}", p.first),
                        format!("{:.1}", p.second),
                        format!("{:.3}", p.average),
                        if outside { "paper outside" } else { "" },
                    )
                }
                None => ("".into(), "".into(), "".into(), "not in the paper"),
            };
            let _ = writeln!(
                s,
                "| {name} | {} | {} | {} | {} | {avg} | {int} | {pf} | {ps} | {pa} | {note} |",
                t.points_first, t.points_second, t.draws, t.games
            );
        }
        for group in &self.identical {
            let names: Vec<String> = group.iter().map(|&i| self.cells[i].cell.label()).collect();
            let _ = writeln!(
                s,
                "\nCells {} played identical games, every move alike: at this budget these \
                 settings changed no move, so their rows cannot differ.",
                names.join(", ")
            );
        }
        s.push_str(&self.beside_plain);
        s
    }
}
