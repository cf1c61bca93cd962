//! A game on the teletype: a person against the native perfect (or random) player.
//!
//! The board is printed after every move in the paper's Λ form, four rows of `r b n o`
//! (§7 (1): the representation used for games with people), with row and column numbers for
//! the move notation of [`crate::notation`]. A position seen before is announced as a loop:
//! the paper notes (§9) that with correct play from the start position the game can only
//! loop, and that a program printing every position notices it at once.

use crate::board::Colour;
use crate::classify::{Classification, Outcome};
use crate::game::Game;
use crate::notation::{self, Input};
use crate::player::{Perfect, Player, Random};
use crate::position::Position;
use teletype::{Teletype, TtyHost};

/// The opponent the person plays against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent {
    Perfect,
    Random,
}

/// How a game is set up.
#[derive(Clone, Debug)]
pub struct Options {
    /// The side the person plays; red moves first from the start position.
    pub human: Colour,
    pub opponent: Opponent,
    /// Seed for the opponent's choice among equally good moves.
    pub seed: u64,
    pub start: Position,
    /// Print the class of every position (B, F or U and its level).
    pub hints: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            human: Colour::Red,
            opponent: Opponent::Perfect,
            seed: 1,
            start: Position::start(),
            hints: false,
        }
    }
}

/// How the dialogue ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// One side had no move.
    Won { winner: Colour, plies: usize },
    /// The person typed `quit`.
    Quit { plies: usize },
    /// Input ended.
    EndOfInput { plies: usize },
}

const HELP: &str = "\
a move is the four cells of your L's new place, each written as row and column
(1 to 4, as numbered around the board), then, if you wish, the cell of one
neutral (n) and the empty cell it moves to.  examples:
    21 31 41 42          the L only
    21 31 41 42 11-14    the L, then the neutral on 11 to 14
words: help, board (print the board again), quit.
";

/// What a class means for the side to move.
pub fn describe(o: Outcome, mover: Colour) -> String {
    let them = mover.other();
    match o {
        Outcome::B(0) => format!("B0: {mover} has no move"),
        Outcome::B(i) => format!(
            "B{i}: {them} can force a win; {mover} can hold out for {i} more move{}",
            if i == 1 { "" } else { "s" }
        ),
        Outcome::F(i) => format!(
            "F{i}: {mover} can force a win in {} move{}",
            i + 1,
            if i == 0 { "" } else { "s" }
        ),
        Outcome::U => "U: neither side can force a win".to_string(),
    }
}

/// The text with each line ended by CR LF, as the teletype wants it.
fn crlf(text: &str) -> String {
    text.lines().map(|l| format!("{l}\r\n")).collect()
}

/// A line as typed, with RUBOUTs (177) taking back the character before them.
fn typed(line: &str) -> String {
    let mut s = String::new();
    for c in line.chars() {
        if c == '\u{7f}' {
            s.pop();
        } else {
            s.push(c);
        }
    }
    s
}

/// Run one game on the console.
pub fn play<H: TtyHost>(
    con: &mut Teletype<H>,
    classification: &Classification,
    opts: &Options,
) -> Ending {
    let mut opponent: Box<dyn Player + '_> = match opts.opponent {
        Opponent::Perfect => Box::new(Perfect::with_seed(classification, opts.seed)),
        Opponent::Random => Box::new(Random::new(opts.seed)),
    };
    let who = |c: Colour| if c == opts.human { "you" } else { "computer" };
    let kind = match opts.opponent {
        Opponent::Perfect => "perfect",
        Opponent::Random => "random",
    };
    con.print(&crlf(&format!(
        "The L-game (M. Sato, TOSBAC-3300 paper): you against the native {kind} player.\n\
         You play {} ({}), the computer {} ({}). Type help for the move notation.",
        opts.human,
        opts.human.letter(),
        opts.human.other(),
        opts.human.other().letter()
    )));
    let mut game = Game::new(opts.start);
    show(con, classification, opts, &game);
    loop {
        let pos = game.position();
        if let Some(winner) = game.winner() {
            con.print(&crlf(&format!(
                "{} ({}) has no move: {} ({}) wins after {} moves.",
                pos.mover(),
                who(pos.mover()),
                winner,
                who(winner),
                game.plies()
            )));
            return Ending::Won {
                winner,
                plies: game.plies(),
            };
        }
        let number = game.plies() + 1;
        let mv = if pos.mover() == opts.human {
            con.print(&format!("move {number}, {} (you): ", pos.mover()));
            let Some(line) = con.read_line() else {
                con.print("\r\nend of input: game abandoned.\r\n");
                return Ending::EndOfInput {
                    plies: game.plies(),
                };
            };
            con.print("\n");
            let line = typed(&line);
            if line.trim().is_empty() {
                continue;
            }
            match notation::parse(&line) {
                Ok(Input::Help) => {
                    con.print(&crlf(HELP));
                    continue;
                }
                Ok(Input::Board) => {
                    show(con, classification, opts, &game);
                    continue;
                }
                Ok(Input::Quit) => {
                    con.print("game abandoned.\r\n");
                    return Ending::Quit {
                        plies: game.plies(),
                    };
                }
                Ok(Input::Move(m)) => match pos.after(m) {
                    Ok(_) => m,
                    Err(e) => {
                        con.print(&crlf(&format!("'{}': illegal move: {e}.", line.trim())));
                        continue;
                    }
                },
                Err(e) => {
                    con.print(&crlf(&format!("'{}': {e}.", line.trim())));
                    continue;
                }
            }
        } else {
            let Some(m) = opponent.choose(&pos) else {
                con.print("the computer offers no move: you win.\r\n");
                return Ending::Won {
                    winner: opts.human,
                    plies: game.plies(),
                };
            };
            con.print(&crlf(&format!(
                "move {number}, {} (computer): {}",
                pos.mover(),
                notation::format(&m)
            )));
            m
        };
        match game.play(mv) {
            Ok(played) => {
                show(con, classification, opts, &game);
                if let Some(first) = played.repeats {
                    con.print(&crlf(&format!(
                        "loop: this position was reached before, {}.",
                        if first == 0 {
                            "at the start".to_string()
                        } else {
                            format!("after move {first}")
                        }
                    )));
                }
            }
            Err(e) => con.print(&crlf(&format!("illegal move: {e}."))),
        }
    }
}

/// Print the board (and with hints, the class of the position).
fn show<H: TtyHost>(
    con: &mut Teletype<H>,
    classification: &Classification,
    opts: &Options,
    game: &Game,
) {
    let pos = game.position();
    con.print("\r\n");
    con.print(&pos.board().lambda_text());
    if opts.hints {
        let lt = pos.ltype();
        con.print(&crlf(&format!(
            "l-type {} (octal {}), {}",
            lt,
            lt.octal(),
            describe(classification.of_position(&pos), pos.mover())
        )));
    }
    con.print("\r\n");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classify::classify;
    use crate::player::best_moves;
    use teletype::Scripted;

    fn run(lines: &str, opts: &Options) -> (Ending, String) {
        let c = classify();
        let mut con = Teletype::new(Scripted::from_lines(lines));
        let end = play(&mut con, &c, opts);
        (end, con.host().paper())
    }

    #[test]
    fn bad_lines_get_a_reply_and_a_new_prompt() {
        let (end, paper) = run(
            "help\n21 31 41\n21 22 23 24\n22 32 42 43\n21 31 41 42 11-12\nboard\nquit\n",
            &Options::default(),
        );
        assert_eq!(end, Ending::Quit { plies: 0 });
        assert!(paper.contains("a move is the four cells"), "{paper}");
        assert!(paper.contains("'21 31 41': a move is the four cells of the L (8 digits)"));
        assert!(paper.contains("'21 22 23 24': cells 21 22 23 24 do not form an L."));
        assert!(paper.contains("'22 32 42 43': illegal move: the L is already there"));
        assert!(paper.contains("'21 31 41 42 11-12': illegal move: cell 12 is not empty."));
        assert_eq!(paper.matches("move 1, red (you): ").count(), 7);
        assert!(paper.contains("  1 n b b o\n  2 o r b o\n  3 o r b o\n  4 o r r n\n"));
        assert!(paper.ends_with("game abandoned.\n"));
    }

    #[test]
    fn a_winning_move_ends_the_game() {
        let c = classify();
        // A position of F_0 for red: its best move leaves blue without a move.
        let lt = c.with_outcome(Outcome::F(0))[0];
        let start = lt.position();
        let m = best_moves(&c, &start)[0];
        let opts = Options {
            start,
            hints: true,
            ..Options::default()
        };
        let (end, paper) = run(&format!("{}\n", notation::format(&m)), &opts);
        assert_eq!(
            end,
            Ending::Won {
                winner: Colour::Red,
                plies: 1
            }
        );
        assert!(
            paper.contains("F0: red can force a win in 1 move"),
            "{paper}"
        );
        assert!(paper.contains("blue (computer) has no move: red (you) wins after 1 moves."));
    }

    #[test]
    fn the_computer_wins_a_lost_position_for_the_person() {
        let c = classify();
        let lt = c.with_outcome(Outcome::B(1))[0];
        let start = lt.position();
        let m = best_moves(&c, &start)[0];
        let (end, paper) = run(
            &format!("{}\n", notation::format(&m)),
            &Options {
                start,
                ..Options::default()
            },
        );
        assert_eq!(
            end,
            Ending::Won {
                winner: Colour::Blue,
                plies: 2
            }
        );
        assert!(paper.contains("move 2, blue (computer): "), "{paper}");
    }

    #[test]
    fn a_repeated_position_is_announced_as_a_loop() {
        // Script the person's moves as another perfect player would play them; two perfect
        // players from the start position can only go round in a loop.
        let c = classify();
        let opts = Options::default();
        let mut computer = Perfect::with_seed(&c, opts.seed);
        let mut person = Perfect::with_seed(&c, 99);
        let mut game = Game::new(opts.start);
        let mut script = String::new();
        let first_repeat = loop {
            let p = game.position();
            let m = if p.mover() == opts.human {
                let m = person.choose(&p).unwrap();
                script.push_str(&notation::format(&m));
                script.push('\n');
                m
            } else {
                computer.choose(&p).unwrap()
            };
            if let Some(first) = game.play(m).unwrap().repeats {
                break first;
            }
            assert!(game.plies() < 500, "no repetition");
        };
        let (end, paper) = run(&script, &opts);
        assert!(matches!(end, Ending::EndOfInput { .. }));
        let said = if first_repeat == 0 {
            "loop: this position was reached before, at the start.".to_string()
        } else {
            format!("loop: this position was reached before, after move {first_repeat}.")
        };
        assert!(paper.contains(&said), "{paper}");
        assert!(paper.ends_with("end of input: game abandoned.\n"));
    }

    #[test]
    fn rubout_takes_back_a_character() {
        assert_eq!(typed("21 31 41 43\u{7f}2"), "21 31 41 42");
    }
}
