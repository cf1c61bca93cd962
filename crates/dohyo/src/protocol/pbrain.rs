//! The Gomocup brain protocol ("pbrain"), as `docs/games.md` §1a gives it.
//!
//! Referee side: one process per game, in the program's folder. The dohyo sends `START 15`
//! (the guide's board) and waits for `OK`; then the INFO keys `timeout_turn` (the announced time per
//! move in ms), `timeout_match 0` (no match limit), `max_memory 0`, `game_type 1` (brain against brain),
//! `rule` (see `Settings::rule_info`) and `folder`; then, once per match, `ABOUT`. The first
//! question of a game is `BOARD`, the stones in move order (1 own, 2 the opponent's), `DONE`;
//! later ones are `TURN x,y` with the opponent's move. `MESSAGE` and `DEBUG` lines are skipped
//! (shown with `-v`); any other line that is not `x,y` is garbage. At the end of the game the
//! dohyo sends `END` and gives the program one second to exit before killing it.
//! Lines are sent ended by CR LF; replies may end in CR LF, LF or CR.

use super::{Answer, Brain, Fault, Player, Reply, Settings};
use crate::child::Child;
use crate::spec::ProgramSpec;
use crate::token::{self, Spell};
use gomoku::Point;
use std::io::{self, BufRead, Read, Write};
use std::path::PathBuf;
use std::process::{ChildStdin, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// The time a program has to exit after `END`.
pub const END_GRACE: Duration = Duration::from_secs(1);

struct Running {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Line>,
}

/// The referee's side of pbrain.
pub struct Pbrain {
    spec: ProgramSpec,
    folder: PathBuf,
    settings: Settings,
    run: Option<Running>,
    about: Option<String>,
    told: usize,
    black: bool,
}

/// The longest line the dohyo reads from a program; a longer one is garbage (a move, or an
/// ABOUT line, needs well under a hundred bytes).
pub const LINE_CAP: usize = 64 * 1024;

/// A line of a program's output, or the sign that it wrote a line over [`LINE_CAP`].
enum Line {
    Text(String),
    TooLong,
}

/// Split a program's output into lines at CR, LF or CR LF, dropping empty ones. A line over
/// [`LINE_CAP`] ends the reading, so that a program cannot make the dohyo grow without end.
fn read_lines(out: impl Read + Send + 'static) -> Receiver<Line> {
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        let mut line = Vec::new();
        for byte in io::BufReader::new(out).bytes() {
            let Ok(b) = byte else { break };
            if b == b'\n' || b == b'\r' {
                if !line.is_empty() {
                    let text = String::from_utf8_lossy(&line).trim().to_string();
                    if tx.send(Line::Text(text)).is_err() {
                        return;
                    }
                    line.clear();
                }
            } else if line.len() >= LINE_CAP {
                let _ = tx.send(Line::TooLong);
                return;
            } else {
                line.push(b);
            }
        }
        if !line.is_empty() {
            let _ = tx.send(Line::Text(
                String::from_utf8_lossy(&line).trim().to_string(),
            ));
        }
    });
    rx
}

impl Pbrain {
    pub fn new(spec: ProgramSpec, folder: PathBuf, settings: Settings) -> Pbrain {
        Pbrain {
            spec,
            folder,
            settings,
            run: None,
            about: None,
            told: 0,
            black: false,
        }
    }

    fn send(&mut self, line: &str) -> Result<(), Fault> {
        let run = self
            .run
            .as_mut()
            .ok_or(Fault::Crash("not running".into()))?;
        if self.settings.verbose {
            eprintln!("  -> {line}");
        }
        write!(run.stdin, "{line}\r\n")
            .and_then(|_| run.stdin.flush())
            .map_err(|e| Fault::Crash(format!("its input is closed: {e}")))
    }

    /// The next line that is not MESSAGE or DEBUG, within the move time.
    fn receive(&mut self) -> Result<String, Fault> {
        let limit = self.settings.move_time;
        let end = Instant::now() + limit;
        let verbose = self.settings.verbose;
        let run = self
            .run
            .as_mut()
            .ok_or(Fault::Crash("not running".into()))?;
        loop {
            let left = end.saturating_duration_since(Instant::now());
            match run.lines.recv_timeout(left) {
                Ok(Line::TooLong) => {
                    run.child.kill();
                    return Err(Fault::Garbage(format!("a line over {LINE_CAP} bytes")));
                }
                Ok(Line::Text(line)) => {
                    let word = line.split_whitespace().next().unwrap_or("");
                    if word.eq_ignore_ascii_case("MESSAGE") || word.eq_ignore_ascii_case("DEBUG") {
                        if verbose {
                            eprintln!("  <- {line}");
                        }
                        continue;
                    }
                    return Ok(line);
                }
                Err(RecvTimeoutError::Timeout) => {
                    run.child.kill();
                    return Err(Fault::Timeout(limit));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    // The program closed its output and is exiting: its status names the
                    // crash in the log, so wait for it long enough for a loaded machine.
                    let status = run
                        .child
                        .wait_timeout(Duration::from_secs(2))
                        .ok()
                        .flatten();
                    run.child.kill();
                    return Err(Fault::Crash(match status {
                        Some(s) => s.to_string(),
                        None => "closed its output".into(),
                    }));
                }
            }
        }
    }

    fn start(&mut self) -> Result<(), Fault> {
        let io = |e: io::Error| {
            if crate::untrusted::host_error(&e) {
                Fault::Host(e.to_string())
            } else {
                Fault::Start(e.to_string())
            }
        };
        std::fs::create_dir_all(&self.folder).map_err(io)?;
        let mut cmd = crate::child::command(&self.spec.program);
        cmd.args(&self.spec.args)
            .current_dir(&self.folder)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(if self.settings.verbose {
                Stdio::inherit()
            } else {
                Stdio::null()
            });
        let mut child = Child::spawn(&mut cmd).map_err(io)?;
        let stdin = child.stdin().ok_or(Fault::Start("no input pipe".into()))?;
        let lines = read_lines(
            child
                .stdout()
                .ok_or(Fault::Start("no output pipe".into()))?,
        );
        self.run = Some(Running {
            child,
            stdin,
            lines,
        });
        self.send("START 15")?;
        let ok = self.receive()?;
        if ok != "OK" {
            return Err(Fault::Garbage(format!("START 15 answered {ok:?}")));
        }
        let folder = self.folder.display().to_string();
        for info in [
            format!("INFO timeout_turn {}", self.settings.turn_time.as_millis()),
            "INFO timeout_match 0".into(),
            "INFO max_memory 0".into(),
            "INFO game_type 1".into(),
            format!("INFO rule {}", self.settings.rule_info),
            format!("INFO folder {folder}"),
        ] {
            self.send(&info)?;
        }
        if self.about.is_none() {
            self.send("ABOUT")?;
            let about = self.receive()?;
            self.about = Some(about);
        }
        Ok(())
    }
}

impl Player for Pbrain {
    fn begin(&mut self, black: bool) -> Result<(), Fault> {
        self.end();
        self.black = black;
        self.told = 0;
        self.start()
    }

    fn ask(&mut self, moves: &[Point]) -> Result<Answer, Fault> {
        if self.told == 0 {
            self.send("BOARD")?;
            for (i, p) in moves.iter().enumerate() {
                let own = (i % 2 == 0) == self.black;
                self.send(&format!("{},{}", p.pbrain(), if own { 1 } else { 2 }))?;
            }
            self.send("DONE")?;
        } else {
            let last = moves.last().map(|p| p.pbrain()).unwrap_or_default();
            self.send(&format!("TURN {last}"))?;
        }
        self.told = moves.len() + 1;
        let line = self.receive()?;
        let (x, y) = token::parse_pbrain(&line)
            .ok_or_else(|| Fault::Garbage(line.chars().take(40).collect()))?;
        Ok(Answer { x, y, mumble: None })
    }

    fn end(&mut self) -> Option<String> {
        let mut run = self.run.take()?;
        if !run.child.running() {
            run.child.kill();
            return None;
        }
        let _ = write!(run.stdin, "END\r\n").and_then(|_| run.stdin.flush());
        drop(run.stdin);
        let grace = self.settings.end_grace;
        let exited = matches!(run.child.wait_timeout(grace), Ok(Some(_)));
        run.child.kill();
        (!exited).then(|| format!("did not exit within {grace:?} of END; killed"))
    }

    fn about(&self) -> Option<String> {
        self.about.clone()
    }
}

impl Drop for Pbrain {
    fn drop(&mut self) {
        if let Some(mut run) = self.run.take() {
            run.child.kill();
        }
    }
}

/// Put the stones of a BOARD command in playing order: black first, then alternating.
/// Stones sent in move order keep their order; unordered ones get a plausible one.
fn board_order(own: Vec<Point>, theirs: Vec<Point>) -> Vec<Point> {
    // The program is to move: it is black when the board holds an even number of stones.
    let (black, white) = if (own.len() + theirs.len()).is_multiple_of(2) {
        (own, theirs)
    } else {
        (theirs, own)
    };
    let mut moves = Vec::with_capacity(black.len() + white.len());
    let (mut b, mut w) = (black.into_iter(), white.into_iter());
    loop {
        match (b.next(), w.next()) {
            (None, None) => return moves,
            (x, y) => moves.extend(x.into_iter().chain(y)),
        }
    }
}

/// Our program's side of pbrain, over `input` and `output`, until END or the end of input.
pub fn serve_pbrain(
    input: impl BufRead,
    mut output: impl Write,
    brain: &mut dyn Brain,
) -> io::Result<()> {
    let mut moves: Vec<Point> = Vec::new();
    let mut lines = input.lines();
    let point = |s: &str| token::parse_pbrain(s).and_then(|(x, y)| token::point_at(x, y));
    while let Some(line) = lines.next() {
        let line = line?;
        let line = line.trim();
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        let mut play = false;
        match word.to_ascii_uppercase().as_str() {
            "" => {}
            "INFO" => {
                let (key, value) = rest.trim().split_once(' ').unwrap_or((rest.trim(), ""));
                brain.info(key, value.trim());
            }
            "START" if rest.trim() == "15" => {
                moves.clear();
                writeln!(output, "OK")?;
            }
            "START" => writeln!(output, "ERROR only the 15x15 board of the 1993 rules")?,
            "RESTART" => {
                moves.clear();
                writeln!(output, "OK")?;
            }
            "ABOUT" => writeln!(output, "{}", brain.about())?,
            "BEGIN" => {
                moves.clear();
                play = true;
            }
            "TURN" => match point(rest) {
                Some(p) => {
                    moves.push(p);
                    play = true;
                }
                None => writeln!(output, "ERROR bad move {rest}")?,
            },
            "TAKEBACK" => {
                if point(rest).is_some() && moves.last().copied() == point(rest) {
                    moves.pop();
                }
                writeln!(output, "OK")?;
            }
            "BOARD" | "YXBOARD" => {
                let (mut own, mut theirs) = (Vec::new(), Vec::new());
                for l in lines.by_ref() {
                    let l = l?;
                    let l = l.trim();
                    if l.eq_ignore_ascii_case("DONE") {
                        break;
                    }
                    let mut f = l.split(',').map(|v| v.trim().parse::<i64>());
                    if let (Some(Ok(x)), Some(Ok(y)), Some(Ok(who))) =
                        (f.next(), f.next(), f.next())
                    {
                        if let Some(p) = token::point_at(x + 1, y + 1) {
                            if who == 1 {
                                own.push(p)
                            } else {
                                theirs.push(p)
                            }
                        }
                    }
                }
                moves = board_order(own, theirs);
                play = word.eq_ignore_ascii_case("BOARD");
            }
            "END" => {
                if brain.end() {
                    return Ok(());
                }
            }
            _ => writeln!(output, "UNKNOWN {word}")?,
        }
        if play {
            match brain.answer(&moves) {
                Reply::Move(p, mumble) => {
                    if let Some(m) = mumble {
                        writeln!(output, "MESSAGE {m}")?;
                    }
                    moves.push(p);
                    writeln!(output, "{}", p.pbrain())?;
                }
                Reply::Raw(s) => writeln!(output, "{}", s.trim_end())?,
            }
        }
        output.flush()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A brain that plays the first empty point in reading order.
    struct First;
    impl Brain for First {
        fn answer(&mut self, moves: &[Point]) -> Reply {
            let p = (1..=15)
                .flat_map(|y| (1..=15).map(move |x| crate::token::pt(x, y)))
                .find(|p| !moves.contains(p))
                .unwrap();
            Reply::Move(p, None)
        }
        fn about(&self) -> String {
            "name=\"first\"".into()
        }
    }

    #[test]
    fn a_pbrain_session() {
        let input = "START 15\r\nINFO rule 4\r\nABOUT\r\nBOARD\r\n7,7,2\r\n7,6,1\r\n7,5,2\r\nDONE\r\nTURN 0,1\r\nFOO\r\nEND\r\nTURN 1,1\r\n";
        let mut out = Vec::new();
        serve_pbrain(input.as_bytes(), &mut out, &mut First).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "OK\nname=\"first\"\n0,0\n1,0\nUNKNOWN FOO\n"
        );
    }

    #[test]
    fn board_stones_are_put_in_playing_order() {
        let p = |x, y| crate::token::pt(x, y);
        // White to move after three stones: the opponent is black.
        let order = board_order(vec![p(8, 7)], vec![p(8, 8), p(8, 6)]);
        assert_eq!(order, [p(8, 8), p(8, 7), p(8, 6)]);
    }
}
