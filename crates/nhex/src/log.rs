//! Teletype logs in the format of the project's `tests/nhex/*.txt` (from the shared
//! `data/nhex-logs/`): `#` comment lines, `> ` lines typed by the operator, every other line
//! printed by the machine. A log may hold several games of one session (MOICHIDO SURU=00).
//!
//! A paper roll as `retro hex play --transcript` writes it is read too: it has no `> ` marks
//! (the typed keys are on the paper as the program echoed them), so a file with no line
//! starting with `>` is read as a roll, where the line after each of the program's prompts
//! (and after each MOICHIDO TADASHIKU KEY-IN SEYO, when the prompt stands) is the typed one.
//!
//! [`parse_log`] turns a log into games; [`LoggedGame::replay`] checks every move is legal and
//! the declared result is consistent with the board.

use crate::board::{Board, Cell, Side};
use crate::coords::{parse_uuvv, CoordError};
use crate::dialogue::msg;
use source_report::visible;
use thiserror::Error;

#[derive(Debug, Error, PartialEq, Eq)]
pub enum LogError {
    #[error("line {line}: {what}")]
    Syntax { line: usize, what: String },
    #[error("line {line}: move {ply} ({side:?} {text}): {what}")]
    Illegal {
        line: usize,
        ply: usize,
        side: Side,
        text: String,
        what: String,
    },
}

/// Why the program refused an entry at `ANATA NO TE WA?`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rejection {
    /// MOICHIDO TADASHIKU KEY-IN SEYO alone.
    Malformed,
    /// SOKO WA SUDENI UTARETE IMAS, then MOICHIDO TADASHIKU KEY-IN SEYO.
    Occupied,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoggedMove {
    pub side: Side,
    pub cell: Cell,
    /// 1-based line of the log.
    pub line: usize,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoggedGame {
    /// The 2-digit number of the session, if this log shows it.
    pub key: Option<u8>,
    pub first: Side,
    pub moves: Vec<LoggedMove>,
    /// Entries the program refused, with the ply they were typed for (0-based) and the reason.
    pub rejected: Vec<(usize, String, Rejection)>,
    /// WATASHI NO KACHI! (Nhex) or ?ANATA NO KACHI (Opponent).
    pub winner: Option<Side>,
    /// Line of that declaration: the game ends there.
    pub result_line: Option<usize>,
    /// Line of the SENTE WA? answer.
    pub line: usize,
}

/// What the prompt last printed was, to interpret the next typed line.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Prompt {
    None,
    Key,
    Sente,
    Move,
    Again,
}

/// Does `text` look like a teletype log at all? Its first line that is neither blank nor a `#`
/// comment must be a typed line (`> `) or one of the program's messages. Other text files (the
/// GPCC table, the moves file) fail this test, so a replay of a glob can skip them.
pub fn is_log(text: &str) -> bool {
    let Some(first) = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
    else {
        return false;
    };
    first.starts_with('>')
        || text.lines().any(|l| l.trim() == msg::HAJIMEMASU)
        || first.starts_with(msg::WATASHI_NO_TE)
        || [
            msg::HAJIMEMASU,
            msg::KEY_IN,
            msg::SENTE_WA,
            msg::ANATA_NO_TE_WA,
            msg::MOICHIDO_SURU,
        ]
        .contains(&first)
}

/// Is `line` one of NHEX's lines?
fn is_message(line: &str) -> bool {
    line.starts_with(msg::WATASHI_NO_TE)
        || [
            msg::HAJIMEMASU,
            msg::KEY_IN,
            msg::SENTE_WA,
            msg::ANATA_NO_TE_WA,
            msg::MOICHIDO_SURU,
            msg::MOICHIDO_TADASHIKU,
            msg::SOKO_WA_SUDENI,
            msg::WATASHI_NO_KACHI,
            msg::ANATA_NO_KACHI,
        ]
        .contains(&line)
}

/// Parse a log into its games.
pub fn parse_log(text: &str) -> Result<Vec<LoggedGame>, LogError> {
    let n = 8;
    let mut games = Vec::new();
    let mut cur: Option<LoggedGame> = None;
    let mut key: Option<u8> = None;
    let mut prompt = Prompt::None;
    let mut pending: Option<(usize, String)> = None; // an opponent entry not yet accepted
    let mut after_soko = false;
    let mut retry = false;
    let syntax = |line: usize, what: String| LogError::Syntax { line, what };
    let roll = !text.lines().any(|l| l.starts_with('>'));
    // On a roll: the program waits for a typed line (the next line is that line).
    let mut awaiting = false;
    // Before NHEX's first line, the operating system's paper (DOS-M's boot, its `@` prompts).
    let mut begun = false;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let l = raw.trim_end();
        let typed = if roll {
            std::mem::take(&mut awaiting).then_some(l)
        } else {
            l.strip_prefix('>')
        };
        if typed.is_none() && (l.trim().is_empty() || l.starts_with('#')) {
            continue;
        }
        if let Some(typed) = typed {
            let typed = typed.trim();
            if let Some((pl, pt)) = pending.take() {
                accept(&mut cur, pl, &pt, n)?;
            }
            let two = typed.len() == 2 && typed.bytes().all(|b| b.is_ascii_digit());
            let valid = match prompt {
                Prompt::Key | Prompt::Sente => two,
                Prompt::Again => typed == "00" || typed == "99",
                _ => true,
            };
            if !valid {
                // Refused: MOICHIDO TADASHIKU KEY-IN SEYO follows and the prompt stands.
                retry = true;
                continue;
            }
            match prompt {
                Prompt::Key => key = typed.parse().ok(),
                Prompt::Sente => {
                    if let Some(g) = cur.take() {
                        games.push(g);
                    }
                    let first = if typed == "99" {
                        Side::Nhex
                    } else {
                        Side::Opponent
                    };
                    cur = Some(LoggedGame {
                        key,
                        first,
                        moves: Vec::new(),
                        rejected: Vec::new(),
                        winner: None,
                        result_line: None,
                        line,
                    });
                }
                Prompt::Move => pending = Some((line, typed.to_string())),
                Prompt::Again => {
                    if let Some(g) = cur.take() {
                        games.push(g);
                    }
                }
                Prompt::None => {} // an operating-system directive such as :RUN,TAM
            }
            prompt = Prompt::None;
            continue;
        }
        let out = l.trim_matches(|c: char| c.is_whitespace() || c == '\x07');
        if out.starts_with('@') || (!begun && !is_message(out)) {
            // DOS-M's paper before NHEX's first line, or its prompt with what the operator
            // typed after it.
            continue;
        }
        begun = true;
        awaiting = [
            msg::KEY_IN,
            msg::SENTE_WA,
            msg::ANATA_NO_TE_WA,
            msg::MOICHIDO_SURU,
            msg::MOICHIDO_TADASHIKU,
        ]
        .contains(&out);
        if out == msg::MOICHIDO_TADASHIKU && retry && pending.is_none() {
            retry = false;
            continue;
        }
        if out == msg::MOICHIDO_TADASHIKU && after_soko {
            // The second line of the occupied-cell reply.
            after_soko = false;
            continue;
        }
        if out == msg::MOICHIDO_TADASHIKU || out == msg::SOKO_WA_SUDENI {
            // The pending entry was refused; the program reads again without a new prompt.
            let (_, text) = pending
                .take()
                .ok_or_else(|| syntax(line, format!("'{}' without a typed move", visible(out))))?;
            let why = if out == msg::SOKO_WA_SUDENI {
                after_soko = true;
                Rejection::Occupied
            } else {
                Rejection::Malformed
            };
            let g = cur
                .as_mut()
                .ok_or_else(|| syntax(line, "move outside a game".into()))?;
            g.rejected.push((g.moves.len(), text, why));
            prompt = Prompt::Move;
            continue;
        }
        after_soko = false;
        if let Some((pl, pt)) = pending.take() {
            accept(&mut cur, pl, &pt, n)?;
        }
        if out == msg::KEY_IN {
            prompt = Prompt::Key;
        } else if out == msg::SENTE_WA {
            prompt = Prompt::Sente;
        } else if out == msg::ANATA_NO_TE_WA {
            prompt = Prompt::Move;
        } else if out == msg::MOICHIDO_SURU {
            prompt = Prompt::Again;
        } else if let Some(mv) = out.strip_prefix(msg::WATASHI_NO_TE) {
            let g = cur
                .as_mut()
                .ok_or_else(|| syntax(line, "move outside a game".into()))?;
            let cell = parse_uuvv(mv, n).map_err(|e| syntax(line, e.to_string()))?;
            g.moves.push(LoggedMove {
                side: Side::Nhex,
                cell,
                line,
            });
        } else if out == msg::WATASHI_NO_KACHI || out == msg::ANATA_NO_KACHI {
            let g = cur
                .as_mut()
                .ok_or_else(|| syntax(line, "result outside a game".into()))?;
            g.winner = Some(if out == msg::WATASHI_NO_KACHI {
                Side::Nhex
            } else {
                Side::Opponent
            });
            g.result_line.get_or_insert(line);
        } else if out == msg::HAJIMEMASU {
            prompt = Prompt::None;
        } else {
            return Err(syntax(
                line,
                format!("unknown output line '{}'", visible(out)),
            ));
        }
    }
    if let Some((pl, pt)) = pending.take() {
        accept(&mut cur, pl, &pt, n)?;
    }
    if let Some(g) = cur.take() {
        games.push(g);
    }
    Ok(games)
}

fn accept(cur: &mut Option<LoggedGame>, line: usize, text: &str, n: usize) -> Result<(), LogError> {
    let g = cur.as_mut().ok_or_else(|| LogError::Syntax {
        line,
        what: "move outside a game".into(),
    })?;
    let cell = parse_uuvv(text, n).map_err(|e: CoordError| LogError::Syntax {
        line,
        what: format!("accepted entry: {e}"),
    })?;
    g.moves.push(LoggedMove {
        side: Side::Opponent,
        cell,
        line,
    });
    Ok(())
}

/// The outcome of a legal replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replayed {
    pub board: Board,
    /// Side with a completed chain at the end, if any.
    pub chain: Option<Side>,
}

impl LoggedGame {
    /// Check that the sides alternate from `first`, every move is on an empty cell, no move is
    /// made after a completed chain or after the declared result, refused entries were really malformed or occupied, and the
    /// loser of the declared result has no chain.
    pub fn replay(&self) -> Result<Replayed, LogError> {
        let mut b = Board::new(8);
        let mut to_move = self.first;
        for (ply, m) in self.moves.iter().enumerate() {
            let illegal = |what: &str| LogError::Illegal {
                line: m.line,
                ply: ply + 1,
                side: m.side,
                text: m.cell.to_string(),
                what: what.to_string(),
            };
            for (at, text, why) in &self.rejected {
                if *at == ply {
                    let ok = match (why, parse_uuvv(text, 8)) {
                        (Rejection::Occupied, Ok(c)) => !b.is_empty(c),
                        (Rejection::Malformed, Ok(_)) => false,
                        (Rejection::Malformed, Err(_)) => true,
                        (Rejection::Occupied, Err(_)) => false,
                    };
                    if !ok {
                        return Err(illegal(&format!(
                            "refused entry '{}' ({why:?}) was valid",
                            visible(text)
                        )));
                    }
                }
            }
            if let (Some(w), Some(at)) = (self.winner, self.result_line) {
                if m.line > at {
                    return Err(illegal(&format!(
                        "the game was already over: {} declared on line {at}",
                        match w {
                            Side::Nhex => msg::WATASHI_NO_KACHI,
                            Side::Opponent => msg::ANATA_NO_KACHI,
                        }
                    )));
                }
            }
            if m.side != to_move {
                return Err(illegal("out of turn"));
            }
            if b.winner().is_some() {
                return Err(illegal("the game was already over (completed chain)"));
            }
            if !b.is_empty(m.cell) {
                return Err(illegal("cell already occupied"));
            }
            b.play(m.cell, m.side);
            to_move = to_move.other();
        }
        let chain = b.winner();
        if let (Some(w), Some(c)) = (self.winner, chain) {
            if w != c {
                let last = self.moves.last().map(|m| m.line).unwrap_or(self.line);
                return Err(LogError::Syntax {
                    line: last,
                    what: format!("declared winner {w:?} but {c:?} has a completed chain"),
                });
            }
        }
        Ok(Replayed { board: b, chain })
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_dos_m_roll_is_a_log_and_its_boot_and_prompts_are_passed_over() {
        let roll = "INPUT :DATE,XXXXXXXXXX,H,M\r\n\r\n@:DATE,8MARCH1975\r\n@\x07\r\n:JOB\r\n\
                    JOB       8MARCH1975 TIME=0000 MIN. 04.7 SECS.\r\n@\x07\r\n:RUN,TAM\r\n\
                    HEX O HAJIMEMASU\r\n2-KETA NO KAZU O KEY-IN SEYO\r\n77\r\n\
                    SENTE WA? ANATA=00 WATASHI=99\r\n00\r\nANATA NO TE WA?\r\n0504\r\n\
                    WATASHI NO TE 0303\r\nANATA NO TE WA?\r\n";
        assert!(is_log(roll));
        let games = parse_log(roll).unwrap();
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].moves.len(), 2);
        assert!(parse_log("HEX O HAJIMEMASU\nNOT A LINE OF NHEX'S\n").is_err());
    }

    use super::*;

    const LOG: &str = "> :RUN,TAM\nHEX O HAJIMEMASU\n2-KETA NO KAZU O KEY-IN SEYO\n> 17\n\
        SENTE WA? ANATA=00 WATASHI=99\n> 00\nANATA NO TE WA?\n> 065\nMOICHIDO TADASHIKU KEY-IN SEYO\n\
        > 0504\nWATASHI NO TE 0404\nANATA NO TE WA?\n> 0404\nSOKO WA SUDENI UTARETE IMAS\n\
        MOICHIDO TADASHIKU KEY-IN SEYO\n> 0302\nWATASHI NO TE 0202\nMOICHIDO SURU=00 SHINAI=99\n> 99\n";

    #[test]
    fn tells_logs_from_other_text() {
        assert!(is_log(LOG));
        assert!(is_log("# header\n\nHEX O HAJIMEMASU\n"));
        assert!(!is_log("# moves\ngame tokai-1975-game1\nN 0405\n"));
        assert!(!is_log(" no  side   NHEX(u,v)  GPCC(x,y)\n"));
        assert!(!is_log("# only comments\n"));
    }

    #[test]
    fn parses_refusals_and_moves() {
        let g = parse_log(LOG).unwrap();
        assert_eq!(g.len(), 1);
        let g = &g[0];
        assert_eq!(g.key, Some(17));
        assert_eq!(g.first, Side::Opponent);
        let mv: Vec<String> = g
            .moves
            .iter()
            .map(|m| format!("{}{}", m.side.letter(), m.cell))
            .collect();
        assert_eq!(mv, ["O0504", "N0404", "O0302", "N0202"]);
        assert_eq!(
            g.rejected,
            vec![
                (0, "065".into(), Rejection::Malformed),
                (2, "0404".into(), Rejection::Occupied)
            ]
        );
        g.replay().unwrap();
    }

    #[test]
    fn rejects_occupied_moves() {
        let bad = LOG.replace("> 0302", "> 0504");
        let g = parse_log(&bad).unwrap();
        assert!(matches!(
            g[0].replay(),
            Err(LogError::Illegal { ply: 3, .. })
        ));
    }

    #[test]
    fn a_move_after_the_declared_win_is_illegal() {
        let won = LOG.replace(
            "WATASHI NO TE 0202\n",
            "WATASHI NO TE 0202\nWATASHI NO KACHI!\nANATA NO TE WA?\n> 0101\n",
        );
        let g = parse_log(&won).unwrap();
        assert_eq!(
            (g[0].winner, g[0].result_line),
            (Some(Side::Nhex), Some(18))
        );
        let e = g[0].replay().unwrap_err();
        assert!(
            matches!(
                e,
                LogError::Illegal {
                    line: 20,
                    ply: 5,
                    ..
                }
            ),
            "{e:?}"
        );
        assert!(
            e.to_string()
                .ends_with("the game was already over: WATASHI NO KACHI! declared on line 18"),
            "{e}"
        );
    }

    #[test]
    fn echoed_text_is_visible() {
        let bad = LOG.replace("WATASHI NO TE 0202", "\u{1b}[2J WATASHI");
        let e = parse_log(&bad).unwrap_err().to_string();
        assert!(
            e.contains("'^[[2J WATASHI'") && !e.contains('\u{1b}'),
            "{e}"
        );
        let long = LOG.replace("WATASHI NO TE 0202", &"Z".repeat(5000));
        assert!(parse_log(&long).unwrap_err().to_string().len() < 200);
    }

    #[test]
    fn a_paper_roll_reads_as_its_log() {
        // The roll is the log without the `> ` marks (and without the operating system's line).
        let roll: String = LOG
            .lines()
            .skip(1)
            .map(|l| l.strip_prefix("> ").unwrap_or(l).to_string() + "\n")
            .collect();
        let mut want = parse_log(LOG).unwrap();
        let mut got = parse_log(&roll).unwrap();
        for g in want.iter_mut().chain(got.iter_mut()) {
            g.line = 0;
            g.moves.iter_mut().for_each(|m| m.line = 0);
        }
        assert_eq!(got, want);
        // A typed line may be blank or look like a message: it is still the typed one.
        let odd = roll.replace("065\n", "\n");
        assert_eq!(parse_log(&odd).unwrap()[0].rejected[0].1, "");
    }

    #[test]
    fn unknown_lines_name_their_line() {
        let bad = LOG.replace("WATASHI NO TE 0202", "WATASHI NO TEE 0202");
        assert!(matches!(
            parse_log(&bad),
            Err(LogError::Syntax { line: 17, .. })
        ));
    }
}
