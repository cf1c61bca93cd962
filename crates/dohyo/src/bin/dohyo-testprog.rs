//! A small program for the dohyo's acceptance tests: it speaks any of the three protocols and
//! plays simply, or misbehaves on purpose in one way, from move `--at N` on (default 5).
//!
//! `dohyo-testprog --protocol file|cmdline|pbrain --behave B [--at N] [referee's words...]`
//! B: polite (the first free point in a scattered order), hang, crash, garbage, occupied, off-board,
//! forbidden (as black, builds a double three in the lower right and plays it), rewrite-ban,
//! delete-other (removes the files of the other program's folder), no-res, ignore-end;
//! and against the referee itself: link-ban (makes `5moku.ban` a link to the match log),
//! link-res (`5moku.res` a link to a file outside the output folder), zero-res (a link to
//! `/dev/zero`), fifo-res (a FIFO nobody writes), huge-res (a 1 MiB `5moku.res`), long-line
//! (pbrain: a line that never ends), setsid (leaves `setsid sleep 1000` behind on every
//! move), fill-disk (fills its folder's disk, then cannot write its answer).
//! Every answer also writes `testprog.txt` in the program's folder, as a program keeping notes.
//! With `--engine eval|search [--nodes N] [--rule R]` it is instead one of our engines, served
//! exactly as `retro gomoku engine` serves it.

use dohyo::protocol::{self, Brain, Reply};
use dohyo::spec::Protocol;
use dohyo::token::pt;
use gomoku::{Game, Point, Rule};
use std::fs;
use std::time::Duration;

struct TestProg {
    behave: String,
    at: usize,
}

fn sleep_forever() -> ! {
    loop {
        std::thread::sleep(Duration::from_secs(3600));
    }
}

/// The first free point in a scattered order (index 37 i mod 225), so that a polite program
/// makes no line of its own for a long while.
fn first_empty(game: &Game) -> Point {
    (0..225)
        .filter_map(|i| Point::from_index(i * 37 % 225))
        .find(|&p| game.board().is_empty(p))
        .expect("a free point")
}

impl Brain for TestProg {
    fn answer(&mut self, moves: &[Point]) -> Reply {
        let _ = fs::write("testprog.txt", format!("{} moves\n", moves.len()));
        let game = Game::from_moves(moves, Rule::Guide1993).expect("a legal game");
        let polite = Reply::Move(first_empty(&game), Some("お先に".into()));
        if moves.len() + 1 < self.at {
            return polite;
        }
        match self.behave.as_str() {
            "hang" => sleep_forever(),
            "crash" => std::process::exit(3),
            "garbage" => Reply::Raw("I resign, or maybe not\n".into()),
            "occupied" => Reply::Move(moves[moves.len() - 1], None),
            "off-board" => Reply::Raw("1616\n".into()),
            "no-res" => std::process::exit(0),
            "link-ban" => {
                let _ = fs::remove_file("5moku.ban");
                let _ = std::os::unix::fs::symlink("../../../match-001.log", "5moku.ban");
                polite
            }
            "link-res" | "zero-res" | "fifo-res" | "huge-res" => {
                let _ = fs::remove_file("5moku.res");
                match self.behave.as_str() {
                    "link-res" => {
                        let _ = std::os::unix::fs::symlink("../../../../outside.txt", "5moku.res");
                    }
                    "zero-res" => {
                        let _ = std::os::unix::fs::symlink("/dev/zero", "5moku.res");
                    }
                    "fifo-res" => {
                        let _ = std::process::Command::new("mkfifo")
                            .arg("5moku.res")
                            .status();
                    }
                    _ => {
                        let _ = fs::write("5moku.res", vec![b'8'; 1 << 20]);
                    }
                }
                std::process::exit(0)
            }
            "long-line" => {
                use std::io::Write;
                let mut out = std::io::stdout().lock();
                loop {
                    if out.write_all(&[b'7'; 4096]).is_err() {
                        std::process::exit(1);
                    }
                }
            }
            "setsid" => {
                let _ = std::process::Command::new("setsid")
                    .args(["sleep", "1000"])
                    .stdin(std::process::Stdio::null())
                    .stdout(std::process::Stdio::null())
                    .stderr(std::process::Stdio::null())
                    .spawn();
                polite
            }
            "fill-disk" => {
                let _ = fs::write("filler", vec![0u8; 1 << 20]);
                polite
            }
            "rewrite-ban" => {
                let _ = fs::write("5moku.ban", "808\r\n");
                polite
            }
            "delete-other" => {
                let me = std::env::current_dir().unwrap_or_default();
                for dir in fs::read_dir("..").into_iter().flatten().flatten() {
                    if dir.path().file_name() != me.file_name() {
                        for f in fs::read_dir(dir.path()).into_iter().flatten().flatten() {
                            let _ = fs::remove_file(f.path());
                        }
                    }
                }
                polite
            }
            "forbidden" if moves.len().is_multiple_of(2) => {
                if let Some((p, _)) =
                    gomoku::forbidden_points(game.board(), Rule::Guide1993).first()
                {
                    return Reply::Move(*p, Some("禁手だよ".into()));
                }
                let plan = [pt(11, 13), pt(12, 13), pt(13, 11), pt(13, 12)];
                match plan.into_iter().find(|&p| game.board().is_empty(p)) {
                    Some(p) => Reply::Move(p, None),
                    None => polite,
                }
            }
            _ => polite,
        }
    }

    fn about(&self) -> String {
        format!("name=\"testprog-{}\", version=\"1\"", self.behave)
    }

    fn end(&mut self) -> bool {
        if self.behave == "ignore-end" {
            sleep_forever();
        }
        true
    }
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut take = |flag: &str| -> Option<String> {
        let i = args.iter().position(|a| a == flag)?;
        let v = args.get(i + 1).cloned();
        args.drain(i..(i + 2).min(args.len()));
        v
    };
    let protocol: Protocol = match take("--protocol").unwrap_or_default().parse() {
        Ok(p) => p,
        Err(e) => {
            eprintln!("dohyo-testprog: {e}");
            std::process::exit(2);
        }
    };
    if let Some(kind) = take("--engine") {
        let kind: gomoku_engines::EngineKind =
            kind.parse().unwrap_or(gomoku_engines::EngineKind::Eval);
        let nodes = take("--nodes").and_then(|s| s.parse().ok());
        let rule = take("--rule")
            .and_then(|s| s.parse().ok())
            .unwrap_or(Rule::Guide1993);
        let mut brain = dohyo::engine::EngineBrain::new(kind, rule, None, nodes, 0);
        if let Err(e) = dohyo::engine::serve_engine(protocol, &args, &mut brain) {
            eprintln!("dohyo-testprog: {e}");
            std::process::exit(2);
        }
        return;
    }
    let behave = take("--behave").unwrap_or_else(|| "polite".into());
    let at = take("--at").and_then(|s| s.parse().ok()).unwrap_or(5);
    let mut brain = TestProg { behave, at };
    if let Err(e) = protocol::serve(protocol, &args, &mut brain) {
        eprintln!("dohyo-testprog: {e}");
        std::process::exit(2);
    }
}
