//! The shares of an experiment put back together (`retro quoridor merge DIR... --out DIR`).
//!
//! The results files of the given folders are grouped by table; the files of one table must
//! belong to the same experiment and the same number of shares. The merge (`longrun::merge`)
//! tells which shares are missing (no file at all) or incomplete (fewer games than the share
//! holds), and builds the tables and plots from the games it has; since each game's result
//! depends only on its seed, a complete merge equals an unsplit run.
//!
//! The games of all cells are numbered in one sequence for the shares, game `j` of cell `c`
//! being `c·games + j` (`games` a cell), so every share gets a slice of every cell (the cells
//! differ in speed, so shares take about as long); a game keeps the seed of its number within
//! its cell, so which share plays it changes nothing.
//! A file's header must be its cell's in every setting (players, seed, games, opening, move
//! limit), and every game line is checked against its moves when the file is read
//! (`results_file` note 3), so a damaged or hand-edited file is refused, not merged.

use crate::error::{LabError, Result};
use crate::experiment::{Cell, ExperimentConfig, Table};
use crate::record::GameRecord;
use crate::report::ExperimentReport;
use crate::results_file::{self, Contents, Header, FORMAT};
use crate::tally::Tally;
use crate::{plot, record};
use longrun::merge::Gathered;
use longrun::Share;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The games of an experiment gathered from its shares' files.
#[derive(Debug, Clone)]
pub struct Collected {
    pub config: ExperimentConfig,
    pub shares: u32,
    /// Each cell's games by number.
    pub cells: Vec<BTreeMap<u64, GameRecord>>,
    /// Missing and incomplete shares, in words.
    pub problems: Vec<String>,
}

/// The results files directly inside `dir`, sorted.
fn results_files(dir: &Path) -> Result<Vec<PathBuf>> {
    let entries = std::fs::read_dir(dir).map_err(|e| LabError::io(dir, e))?;
    let mut files = Vec::new();
    for e in entries {
        let path = e.map_err(|e| LabError::io(dir, e))?.path();
        if path.is_file() && path.extension().is_some_and(|x| x == "jsonl") {
            files.push(path);
        }
    }
    files.sort();
    Ok(files)
}

/// Gather every experiment results file in `dirs`: one collection per table found.
pub fn collect(dirs: &[PathBuf]) -> Result<Vec<Collected>> {
    let mut by_table: BTreeMap<Table, Vec<(PathBuf, Contents)>> = BTreeMap::new();
    let mut seen_files = BTreeSet::new();
    for dir in dirs {
        for path in results_files(dir)? {
            let canonical = path.canonicalize().unwrap_or_else(|_| path.clone());
            if !seen_files.insert(canonical) {
                continue;
            }
            let contents = results_file::read(&path)?;
            let Some(of) = &contents.header.cell else {
                return Err(LabError::File {
                    path,
                    message: "a match's results, not an experiment's (no cell in its header)"
                        .into(),
                });
            };
            by_table
                .entry(of.experiment.table)
                .or_default()
                .push((path, contents));
        }
    }
    if by_table.is_empty() {
        let names: Vec<String> = dirs.iter().map(|d| d.display().to_string()).collect();
        return Err(LabError::Incomplete(format!(
            "no experiment results files (*.jsonl) in {}",
            names.join(", ")
        )));
    }
    by_table.into_values().map(collect_files).collect()
}

/// Gather the games of `table` in `dirs`.
pub fn collect_table(dirs: &[PathBuf], table: Table) -> Result<Collected> {
    collect(dirs)?
        .into_iter()
        .find(|c| c.config.table == table)
        .ok_or_else(|| LabError::Incomplete(format!("no results files of {table}")))
}

/// Put together the files of one table, which must all be of one experiment and one split.
fn collect_files(files: Vec<(PathBuf, Contents)>) -> Result<Collected> {
    let (p0, first) = &files[0];
    let of0 = first.header.cell.as_ref().expect("checked by collect");
    let config = of0.experiment.clone();
    let n = of0.share.n;
    let expected_cells = config.cells();
    let mut gathered: Gathered<(usize, u64), GameRecord> = Gathered::new(n);
    for (path, contents) in &files {
        let h = &contents.header;
        let of = h.cell.as_ref().expect("checked by collect");
        if config != of.experiment {
            return Err(LabError::File {
                path: path.clone(),
                message: format!("another experiment than {} (settings differ)", p0.display()),
            });
        }
        if n != of.share.n {
            return Err(LabError::File {
                path: path.clone(),
                message: format!(
                    "split into {} shares, but {} into {n}",
                    of.share.n,
                    p0.display()
                ),
            });
        }
        let Some(cell) = expected_cells.get(of.cell) else {
            return Err(LabError::File {
                path: path.clone(),
                message: format!("cell {} is not in the experiment", of.cell),
            });
        };
        check_players(path, h, cell)?;
        let want = cell_header(&config, of.cell, cell, of.share)?;
        if *h != want {
            return Err(LabError::File {
                path: path.clone(),
                message: format!(
                    "its header disagrees with its cell ({})",
                    results_file::describe_difference(h, &want)
                ),
            });
        }
        gathered.file_of(of.share);
        for (g, r) in &contents.games {
            if !of.share.holds(item(&config, of.cell, *g)) || r.first != record::first_of(*g) {
                return Err(LabError::File {
                    path: path.clone(),
                    message: format!("game {g} does not belong to share {}", of.share),
                });
            }
            if gathered.add(of.share, (of.cell, *g), r.clone()).is_err() {
                return Err(LabError::File {
                    path: path.clone(),
                    message: format!("game {g} differs from the same game in another file"),
                });
            }
        }
    }
    let quota = |share: Share| {
        (0..expected_cells.len())
            .map(|c| share.count(item(&config, c, 0)..item(&config, c + 1, 0)))
            .sum()
    };
    let problems = gathered.problems(quota, "games");
    let mut cells: Vec<BTreeMap<u64, GameRecord>> = vec![BTreeMap::new(); expected_cells.len()];
    for ((c, g), r) in gathered.items {
        cells[c].insert(g, r);
    }
    Ok(Collected {
        config,
        shares: n,
        cells,
        problems,
    })
}

fn check_players(path: &Path, h: &Header, cell: &Cell) -> Result<()> {
    let (a, b) = (cell.a.to_string(), cell.b.to_string());
    if h.a != a || h.b != b {
        return Err(LabError::File {
            path: path.into(),
            message: format!("players {} vs {} where the cell has {a} vs {b}", h.a, h.b),
        });
    }
    Ok(())
}

/// The number of game `game` of cell `cell` among all the experiment's games, for the shares.
pub fn item(config: &ExperimentConfig, cell: usize, game: u64) -> u64 {
    cell as u64 * config.games + game
}

impl Collected {
    pub fn report(&self) -> ExperimentReport {
        let tallies = self.cells.iter().map(|g| Tally::of(g.values())).collect();
        let mut report = ExperimentReport::new(self.config.clone(), tallies, self.problems.clone());
        report.identical = self.identical_cells();
        if let Some(plain) = report.cells.iter().position(|c| c.cell.d.is_none()) {
            let labels: Vec<String> = report
                .cells
                .iter()
                .map(|c| c.cell.d.map_or("plain UCB".into(), |d| d.to_string()))
                .collect();
            report.beside_plain = crate::paired::section(&labels, &self.cells, plain);
        }
        report
    }

    /// Groups of two or more cells whose games are all alike (and not none).
    pub fn identical_cells(&self) -> Vec<Vec<usize>> {
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for (i, games) in self.cells.iter().enumerate() {
            if games.is_empty() {
                continue;
            }
            match groups.iter_mut().find(|g| self.cells[g[0]] == *games) {
                Some(g) => g.push(i),
                None => groups.push(vec![i]),
            }
        }
        groups.retain(|g| g.len() > 1);
        groups
    }
}

/// Write the table (`table1.md`), the plot (`table1.svg`) into `out`; with `games`, also each
/// cell's games in one file under `out/games/`.
pub fn write_outputs(out: &Path, c: &Collected, games: bool) -> Result<ExperimentReport> {
    std::fs::create_dir_all(out).map_err(|e| LabError::io(out, e))?;
    let report = c.report();
    let name = c.config.table.name();
    let write = |file: String, text: String| {
        let path = out.join(file);
        std::fs::write(&path, text).map_err(|e| LabError::io(&path, e))
    };
    write(format!("{name}.md"), report.markdown())?;
    write(format!("{name}.svg"), plot::svg(&report))?;
    if games {
        for (i, cell) in c.config.cells().iter().enumerate() {
            let path = out
                .join("games")
                .join(cell.file_name(c.config.table, i, Share::WHOLE));
            let _ = std::fs::remove_file(&path);
            let header = cell_header(&c.config, i, cell, Share::WHOLE)?;
            let (mut w, _) = results_file::open(&path, &header, false)?;
            for r in c.cells[i].values() {
                w.record(r)?;
            }
        }
    }
    Ok(report)
}

/// What `retro quoridor merge` did: the problems of each table (missing and incomplete
/// shares, prefixed by the table), and the text of the tables written, when they were.
#[derive(Debug, Clone)]
pub struct Merged {
    pub problems: Vec<String>,
    pub complete: bool,
    pub text: String,
}

impl Merged {
    /// Whether the merge may stand: every share complete, or the tables asked for all the same
    /// (`partial`).
    ///
    /// # Errors
    /// Shares missing or incomplete (listed in [`Merged::problems`]) without `partial`.
    pub fn check(&self, partial: bool) -> Result<()> {
        if self.complete || partial {
            return Ok(());
        }
        Err(LabError::Incomplete(
            "shares are missing or incomplete (above): run them (--resume continues an \
             incomplete share), or merge with --partial"
                .into(),
        ))
    }
}

/// Merge the shares in `dirs` and write each table's outputs into `out`, with the merged
/// games; when a share is missing or incomplete, only with `partial`.
///
/// # Errors
/// An unreadable or inconsistent results file, an unwritable output.
pub fn merge_into(dirs: &[PathBuf], out: &Path, partial: bool) -> Result<Merged> {
    let collections = collect(dirs)?;
    let mut problems = Vec::new();
    for c in &collections {
        let table = c.config.table;
        problems.extend(c.problems.iter().map(|p| format!("{table}: {p}")));
    }
    let complete = problems.is_empty();
    let mut text = String::new();
    if complete || partial {
        for c in &collections {
            let report = write_outputs(out, c, true)?;
            let table = c.config.table;
            text.push_str(&report.markdown());
            text.push_str(&format!(
                "\nwrote {}\nwrote {}\n\n",
                out.join(format!("{table}.md")).display(),
                out.join(format!("{table}.svg")).display()
            ));
        }
    }
    Ok(Merged {
        problems,
        complete,
        text,
    })
}

/// The header of a cell's results file.
pub fn cell_header(
    config: &ExperimentConfig,
    index: usize,
    cell: &Cell,
    share: Share,
) -> Result<Header> {
    Ok(Header {
        format: FORMAT.into(),
        a: cell.a.to_string(),
        b: cell.b.to_string(),
        seed: config.seed,
        games: config.games,
        random_opening: config.random_opening,
        opening: config.opening,
        max_moves: config.max_moves,
        cell: Some(crate::experiment::CellOf {
            experiment: config.clone(),
            cell: index,
            share,
        }),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_incomplete_merge_stands_only_when_partial() {
        let merged = |complete| Merged {
            problems: Vec::new(),
            complete,
            text: String::new(),
        };
        assert!(merged(true).check(false).is_ok());
        assert!(merged(false).check(true).is_ok());
        let e = merged(false).check(false).unwrap_err().to_string();
        assert!(e.starts_with("shares are missing or incomplete"), "{e}");
    }

    #[test]
    fn a_missing_share_is_merged_only_when_partial() {
        let dir = std::env::temp_dir().join(format!("lab-merge-share-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut config = ExperimentConfig::paper(Table::Table1);
        (config.playouts, config.games, config.d) = (50, 2, vec![0.005]);
        let sweep = crate::sweep::Sweep {
            config,
            share: "1/2".parse().unwrap(),
            out: dir.join("share1"),
            jobs: 1,
            resume: false,
            quiet: true,
        };
        crate::sweep::run(&sweep).unwrap();
        let shares = [sweep.out.clone()];
        let m = merge_into(&shares, &dir.join("out"), false).unwrap();
        assert!(!m.complete && m.text.is_empty());
        assert!(m.problems[0].starts_with("table1: "), "{:?}", m.problems);
        let m = merge_into(&shares, &dir.join("out"), true).unwrap();
        assert!(m.text.contains("wrote "), "{}", m.text);
        assert!(dir.join("out/table1.svg").is_file());
        let e = merge_into(&[dir.join("out/games/none")], &dir, true).unwrap_err();
        assert!(e.to_string().contains("out/games/none"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
    use crate::{sweep, Share, Sweep};

    #[test]
    fn a_header_seed_that_is_not_its_cells_is_refused() {
        let dir = std::env::temp_dir().join(format!("quoridor-lab-merge-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut config = ExperimentConfig::paper(Table::Table2);
        config.playouts = 20;
        config.games = 2;
        config.d = vec![0.01];
        config.seed = 11;
        sweep::run(&Sweep {
            config,
            share: Share::WHOLE,
            out: dir.clone(),
            jobs: 1,
            resume: false,
            quiet: true,
        })
        .unwrap();
        assert!(collect(std::slice::from_ref(&dir)).is_ok());
        let file = results_files(&dir).unwrap().remove(0);
        let text = std::fs::read_to_string(&file).unwrap();
        // The header's own seed comes before the experiment's copy in its cell.
        std::fs::write(&file, text.replacen("\"seed\":11", "\"seed\":12", 1)).unwrap();
        let e = collect(std::slice::from_ref(&dir)).unwrap_err().to_string();
        assert!(
            e.contains("disagrees with its cell (seed 12 there, 11 here)"),
            "{e}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
