//! A match (対戦) of ten games between programs A and B, as the guide runs it (§1.2).
//!
//! Games alternate colours, A taking black in odd games. Each pair of games (1-2, 3-4, ...)
//! plays one opening, drawn from the 24 of appendix A with one of the 8 symmetries, from the
//! match's own seeded stream. The dohyo places the three stones; play starts with white's move 4.
//! A program that hangs loses the match 10-0: the games not played are written as lost by it
//! (`forfeit`).
//!
//! Files under the output folder, for match N: `match-NNN.log` (the Version 1.50 log),
//! `match-NNN/game-KK.sgf` (the records) and `work/match-NNN/A`, `.../B` (the programs' own
//! folders). Every game is written, flushed and synced when it ends; `--resume` reads the log
//! back and plays only the games that are missing.
//! Notes:
//! 1. The log is locked while its match is played (`lock`): a second run on the same match,
//!    from another tournament, share or `dohyo` on the same `--out`, is refused with the
//!    holder's PID.
//! 2. `--resume` goes on only under the settings the log was begun with: the match number,
//!    the rule, the seed, the draw limit and both programs' specs must be the same, else it is
//!    refused, naming the setting.
//! 3. Each program must be startable before the match begins: a mistyped path is an error,
//!    not ten games lost.
//! 4. A host error (a full disk) stops the match with nothing written for the game it
//!    interrupted (`game` note 5), so that `--resume` on a sound host plays that game again.
//! 5. With `--results`, a game's results line is written before its log line: the log, from
//!    which `--resume` knows what is played, then never holds a game the results file lacks.
//!    A run killed between the two has the game played again on resuming, its results line
//!    kept (`results` note 2); one killed in the results line's write leaves a partial line,
//!    cut off on resuming (`longrun::results` note 1), and the game played again.

use crate::crosstable::match_score;
use crate::game::{self, Event, Played, Setup};
use crate::log::{self, Ending, GameLine, MatchLog, GAMES};
use crate::protocol::{self, Player, Settings};
use crate::record::{self, Head};
use crate::results::{ResultLine, Results};
use crate::spec::ProgramSpec;
use gomoku::opening::OPENINGS;
use gomoku::{Game, Rule, Symmetry};
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::PathBuf;

/// Everything a match needs.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// The match's number (its place in the tournament's pairings, from 1).
    pub number: u32,
    pub seed: u64,
    pub rule: Rule,
    pub draw_after: usize,
    pub settings: Settings,
    /// Programs A (ID 0) and B (ID 1).
    pub specs: [ProgramSpec; 2],
    /// Their places in the tournament, from 1.
    pub entrants: [usize; 2],
    pub out: PathBuf,
    pub resume: bool,
}

#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    #[error("{0}: {1}")]
    Io(String, io::Error),
    #[error("{0} exists: give --resume to go on with it, or another --out")]
    Exists(String),
    #[error(transparent)]
    Log(#[from] log::LogError),
    #[error("match {0}, game {1}: stopped without a result: {2}")]
    Host(u32, u32, String),
    #[error(transparent)]
    Lock(#[from] crate::lock::LockError),
    #[error("{file}: --resume with another {setting}: the log has `{logged}`, this run `{now}`; give the log's settings or another --out")]
    Setting {
        file: String,
        setting: &'static str,
        logged: String,
        now: String,
    },
    #[error("program {0}: {1}")]
    Program(String, String),
    #[error(transparent)]
    Results(#[from] longrun::results::Error),
}

/// What the dohyo tells the screen while a match runs.
pub trait Screen: Sync {
    fn game_start(&self, _m: &MatchConfig, _setup: &Setup) {}
    fn moved(&self, _m: &MatchConfig, _e: &Event) {}
    fn game_end(&self, _m: &MatchConfig, _p: &Played) {}
}

/// The screen of `--quiet`.
pub struct Quiet;
impl Screen for Quiet {}

/// The opening of a pair of games (0-based pair), from the match's stream.
pub fn opening_of(seed: u64, number: u32, pair: u32) -> ([gomoku::Point; 3], String) {
    let mut rng = longrun::seed::stream(seed, u64::from(number) << 8 | u64::from(pair));
    let o = OPENINGS[rng.below(OPENINGS.len())];
    let s = Symmetry::ALL[rng.below(8)];
    (o.moves_under(s), o.log_name(s))
}

impl MatchConfig {
    pub fn log_path(&self) -> PathBuf {
        self.out.join(format!("match-{:03}.log", self.number))
    }

    fn record_path(&self, game: u32) -> PathBuf {
        self.out
            .join(format!("match-{:03}", self.number))
            .join(format!("game-{game:02}.sgf"))
    }

    fn folder(&self, id: usize) -> PathBuf {
        self.out
            .join("work")
            .join(format!("match-{:03}", self.number))
            .join(["A", "B"][id])
    }

    fn header(&self) -> String {
        let mut h = format!(
            "#match {}\n#rule {}\n#seed {}\n#draw-after {}\n",
            self.number,
            self.rule.name(),
            self.seed,
            self.draw_after
        );
        for id in 0..2 {
            h += &format!("#entrant {id} {} {}\n", self.entrants[id], self.specs[id]);
        }
        h
    }

    /// Refuse to resume a log begun under other settings (note 2).
    fn same_settings(&self, file: &str, log: &MatchLog) -> Result<(), MatchError> {
        let differ = |setting: &'static str, logged: String, now: String| {
            (logged != now).then(|| MatchError::Setting {
                file: file.to_string(),
                setting,
                logged,
                now,
            })
        };
        let checks = [
            differ(
                "match number",
                log.number.to_string(),
                self.number.to_string(),
            ),
            differ("--rule", log.rule.clone(), self.rule.name().to_string()),
            differ("--seed", log.seed.to_string(), self.seed.to_string()),
            differ(
                "--draw-after",
                log.draw_after.map_or("(none)".into(), |d| d.to_string()),
                self.draw_after.to_string(),
            ),
            differ(
                "program A",
                format!("{} {}", log.entrants[0].0, log.entrants[0].1),
                format!("{} {}", self.entrants[0], self.specs[0]),
            ),
            differ(
                "program B",
                format!("{} {}", log.entrants[1].0, log.entrants[1].1),
                format!("{} {}", self.entrants[1], self.specs[1]),
            ),
        ];
        match checks.into_iter().flatten().next() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    fn setup(&self, game: u32) -> Setup {
        let (opening, opening_name) = opening_of(self.seed, self.number, (game - 1) / 2);
        Setup {
            game,
            first: ((game + 1) % 2) as u8,
            opening,
            opening_name,
            rule: self.rule,
            draw_after: self.draw_after,
            folders: [self.folder(0), self.folder(1)],
        }
    }

    fn head(&self, setup: &Setup, names: [String; 2]) -> Head {
        let b = setup.first as usize;
        Head {
            black: names[b].clone(),
            white: names[1 - b].clone(),
            rule: self.rule.name().to_string(),
            game_name: format!("dohyo match {} game {}", self.number, setup.game),
            opening: setup.opening_name.clone(),
            date: game::date(),
        }
    }
}

/// The log being written: every line is flushed and synced at once.
struct LogFile(File, String);

impl LogFile {
    fn write(&mut self, text: &str) -> Result<(), MatchError> {
        let e = |err| MatchError::Io(self.1.clone(), err);
        self.0.write_all(text.as_bytes()).map_err(e)?;
        self.0
            .sync_data()
            .map_err(|err| MatchError::Io(self.1.clone(), err))
    }
}

/// Play (or finish) a match; returns its log as read back.
pub fn run_match(
    cfg: &MatchConfig,
    results: Option<&Results>,
    screen: &dyn Screen,
) -> Result<MatchLog, MatchError> {
    let path = cfg.log_path();
    let name = path.display().to_string();
    let io = |err| MatchError::Io(name.clone(), err);
    for spec in &cfg.specs {
        crate::child::check_program(&spec.program)
            .map_err(|e| MatchError::Program(spec.text.clone(), e))?;
    }
    fs::create_dir_all(&cfg.out).map_err(io)?;
    let file = OpenOptions::new()
        .create(true)
        .read(true)
        .append(true)
        .open(&path)
        .map_err(io)?;
    crate::lock::exclusive(&file, &path)?;
    let text = fs::read_to_string(&path).map_err(io)?;
    let fresh = text.is_empty();
    let mut done = MatchLog::default();
    if !fresh {
        if !cfg.resume {
            return Err(MatchError::Exists(name));
        }
        done = log::parse_log(&name, &text)?;
        cfg.same_settings(&name, &done)?;
        if done.finished {
            return Ok(done);
        }
    }
    let mut logf = LogFile(file, name.clone());
    if fresh {
        logf.write(&cfg.header())?;
    }
    let mut hung = done
        .games
        .iter()
        .find(|g| g.reason() == "timeout" || g.reason() == "forfeit")
        .map(|g| match g.ending {
            Ending::Lost { loser, .. } => loser,
            _ => 0,
        });
    let mut players: [Box<dyn Player>; 2] =
        [0, 1].map(|id| protocol::open(&cfg.specs[id], &cfg.folder(id), &cfg.settings));
    let names: [String; 2] = [0, 1].map(|id| cfg.specs[id].label());
    for g in (done.games.len() as u32 + 1)..=GAMES {
        let setup = cfg.setup(g);
        let head = cfg.head(&setup, names.clone());
        let played = match hung {
            Some(loser) => Played {
                line: GameLine {
                    game: g,
                    first: setup.first,
                    plies: 0,
                    seconds: [0, 0],
                    opening: setup.opening,
                    opening_name: setup.opening_name.clone(),
                    end: game::clock(),
                    ending: Ending::Lost {
                        loser,
                        reason: "forfeit".into(),
                        detail: None,
                    },
                },
                moves: Vec::new(),
                notes: Vec::new(),
            },
            None => {
                for id in 0..2 {
                    fs::create_dir_all(setup.folders[id].clone())
                        .map_err(|e| MatchError::Io(setup.folders[id].display().to_string(), e))?;
                }
                screen.game_start(cfg, &setup);
                let rec = cfg.record_path(g);
                if let Some(dir) = rec.parent() {
                    fs::create_dir_all(dir)
                        .map_err(|e| MatchError::Io(dir.display().to_string(), e))?;
                }
                let mut rec_err = None;
                let _ = record::write_atomic(&rec, &record::sgf(&head, &setup.opening, None));
                let played = game::play(&setup, &mut players, &mut |e: Event| {
                    if let Err(err) =
                        record::write_atomic(&rec, &record::sgf(&head, e.game.history(), None))
                    {
                        rec_err.get_or_insert(err);
                    }
                    screen.moved(cfg, &e);
                })
                .map_err(|why| MatchError::Host(cfg.number, g, why))?;
                if let Some(err) = rec_err {
                    return Err(MatchError::Io(rec.display().to_string(), err));
                }
                record::write_atomic(&rec, &record::sgf(&head, &played.moves, Some(&played.line)))
                    .map_err(|e| MatchError::Io(rec.display().to_string(), e))?;
                hung = played.hung();
                played
            }
        };
        // Note 5: the results line first, then the log's.
        if let Some(r) = results {
            r.add(&ResultLine::new(
                cfg.number,
                &played.line,
                &played.moves,
                [&cfg.specs[0].text, &cfg.specs[1].text],
            ))?;
        }
        let mut text = format!("{}\n", played.line);
        for n in &played.notes {
            text += &format!("#note {g} {n}\n");
        }
        logf.write(&text)?;
        screen.game_end(cfg, &played);
        done.games.push(played.line);
    }
    drop(players);
    let (a, b) = match_score(&done);
    logf.write(&format!("#end {a}-{b}\n"))?;
    log::parse_log(&name, &fs::read_to_string(&path).map_err(io)?).map_err(Into::into)
}

/// The board of a game for the screen, drawn by the rules crate's renderer.
pub fn board_text(game: &Game) -> String {
    gomoku::render::Picture::of_game(game).terminal()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_openings_of_a_seed_stay_those_already_played() {
        // From the logs of `retro gomoku tournament` with --seed 7 (three programs), written
        // before the seed streams moved into crate `longrun`.
        let names: Vec<String> = [(1, 0), (1, 1), (1, 2), (3, 0)]
            .iter()
            .map(|&(m, pair)| opening_of(7, m, pair).1)
            .collect();
        assert_eq!(
            names,
            [
                "『寒星』(直接1・鏡・左)",
                "『残月』(直接5・正・右)",
                "『名月』(間接12・鏡・逆)",
                "『銀月』(間接9・正・逆)"
            ]
        );
    }
}
