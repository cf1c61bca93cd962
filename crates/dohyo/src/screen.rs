//! What the dohyo shows while a match runs: the board after each move (the rules crate's
//! renderer), who moved where, the time the move took and the program's mumble; the result of
//! each game. `--quiet` shows nothing (`bout::Quiet`).

use crate::bout::{board_text, MatchConfig, Screen};
use crate::game::{Event, Played, Setup};
use crate::token::Spell;
use std::io::Write;

/// The screen of an interactive match.
pub struct Console;

const ID: [&str; 2] = ["A", "B"];

impl Screen for Console {
    fn game_start(&self, m: &MatchConfig, s: &Setup) {
        let b = s.first as usize;
        println!(
            "== 第{}戦  黒 {} {}  白 {} {}  {}",
            s.game,
            ID[b],
            m.specs[b].label(),
            ID[1 - b],
            m.specs[1 - b].label(),
            s.opening_name
        );
    }

    fn moved(&self, _m: &MatchConfig, e: &Event) {
        let n = e.game.history().len();
        let p = e.game.history()[n - 1];
        let mut out = std::io::stdout().lock();
        let _ = write!(out, "{}", board_text(e.game));
        let _ = write!(
            out,
            "{n:3}手 {} {:>5} ({},{})  {:.2} s",
            ID[e.id as usize],
            p.ban(),
            p.x(),
            p.y(),
            e.elapsed.as_secs_f64()
        );
        if let Some(m) = e.mumble {
            let _ = write!(out, "  「{m}」");
        }
        let _ = writeln!(out);
        let _ = out.flush();
    }

    fn game_end(&self, _m: &MatchConfig, p: &Played) {
        let l = &p.line;
        let who = l.winner().map_or("引き分け".to_string(), |w| {
            format!("{} の勝ち", ID[w as usize])
        });
        println!(
            "== 第{}戦  {}手  {} ({})  時間 A {} s, B {} s",
            l.game,
            l.plies,
            who,
            l.reason(),
            l.seconds[0],
            l.seconds[1]
        );
        for n in &p.notes {
            println!("   注: {n}");
        }
    }
}
