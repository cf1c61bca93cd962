//! What the dohyo shows while a match runs: the board after each move (the rules crate's
//! renderer), who moved where, the time the move took and the program's mumble; the result of
//! each game. `--quiet` shows nothing (`bout::Quiet`).
//!
//! A write to the screen that fails (a closed pipe, a full disk) stops the showing, never the
//! match: the match is the result; the first error is kept for the caller to report
//! ([`Live::take_error`]).

use crate::bout::{board_text, MatchConfig, Screen};
use crate::game::{Event, Played, Setup};
use crate::token::Spell;
use std::io::{self, Write};
use std::sync::Mutex;

/// The screen of an interactive match, shown live on standard output (the other screen,
/// [`crate::bout::Quiet`], shows nothing).
#[derive(Default)]
pub struct Live {
    error: Mutex<Option<io::Error>>,
}

impl Live {
    /// Write `text` unless an earlier write failed; keep the first error.
    fn show(&self, text: &str) {
        let mut slot = self.error.lock().unwrap_or_else(|e| e.into_inner());
        if slot.is_some() {
            return;
        }
        let mut out = io::stdout().lock();
        if let Err(e) = out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
            *slot = Some(e);
        }
    }

    /// The first write error, if any.
    pub fn take_error(&self) -> Option<io::Error> {
        self.error.lock().unwrap_or_else(|e| e.into_inner()).take()
    }

    /// `retro gomoku dohyo`: play (or finish) the match shown on this screen, or on no
    /// screen when `quiet`, each game also to the results file `results` when given; the
    /// result line. A write error of the screen is left for [`Live::take_error`].
    ///
    /// # Errors
    /// The results file cannot be opened, the match cannot be played.
    pub fn run_match(
        &self,
        cfg: &MatchConfig,
        results: Option<&std::path::Path>,
        quiet: bool,
    ) -> Result<String, Box<dyn std::error::Error>> {
        let results = match results {
            Some(p) => Some(crate::results::open(p, cfg.resume)?),
            None => None,
        };
        let screen: &dyn Screen = if quiet { &crate::bout::Quiet } else { self };
        let log = crate::bout::run_match(cfg, results.as_ref(), screen)?;
        Ok(crate::crosstable::result_line(&log, &cfg.log_path()))
    }
}

const ID: [&str; 2] = ["A", "B"];

impl Screen for Live {
    fn game_start(&self, m: &MatchConfig, s: &Setup) {
        let b = s.first as usize;
        self.show(&format!(
            "== 第{}戦  黒 {} {}  白 {} {}  {}\n",
            s.game,
            ID[b],
            m.specs[b].label(),
            ID[1 - b],
            m.specs[1 - b].label(),
            s.opening_name
        ));
    }

    fn moved(&self, _m: &MatchConfig, e: &Event) {
        let n = e.game.history().len();
        let p = e.game.history()[n - 1];
        let mut out = board_text(e.game);
        out += &format!(
            "{n:3}手 {} {:>5} ({},{})  {:.2} s",
            ID[e.id as usize],
            p.ban(),
            p.x(),
            p.y(),
            e.elapsed.as_secs_f64()
        );
        if let Some(m) = e.mumble {
            out += &format!("  「{m}」");
        }
        out.push('\n');
        self.show(&out);
    }

    fn game_end(&self, _m: &MatchConfig, p: &Played) {
        let l = &p.line;
        let who = l.winner().map_or("引き分け".to_string(), |w| {
            format!("{} の勝ち", ID[w as usize])
        });
        self.show(&format!(
            "== 第{}戦  {}手  {} ({})  時間 A {} s, B {} s\n",
            l.game,
            l.plies,
            who,
            l.reason(),
            l.seconds[0],
            l.seconds[1]
        ));
        for n in &p.notes {
            self.show(&format!("   注: {n}\n"));
        }
    }
}
