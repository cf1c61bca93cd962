//! LGM's dialogue on the typewriter: the board, replies to bad and illegal moves (compared
//! with the native notation and rules on random lines), loops, and the shared subroutine deck.

mod common;

use lgame::moves::MoveError;
use lgame::notation::{self, Input, NotationError};
use lgame::rng::Rng;
use lgame::{Colour, Position};
use lgame_t3300::classifier;
use lgame_t3300::lgm::{Event, GameEnd, Keys, Lgm, Question};
use t3300::{Config, Stop};
use teletype::Scripted;

fn tape() -> Vec<u8> {
    common::tape().clone()
}

fn fast() -> Config {
    Config {
        fast_typewriter: true,
        fast_tape: true,
        key_wait_limit: Some(0),
        ..Config::default()
    }
}

/// Run LGM on typed lines to its halt (or the end of the lines); the paper.
fn session(lines: &str) -> (Stop, String) {
    let mut lgm = Lgm::new(tape(), Scripted::from_lines(lines), fast()).unwrap();
    let stop = lgm.run();
    (stop, lgm.paper())
}

#[test]
fn a_dialogue_with_bad_and_illegal_moves() {
    let (stop, paper) = session(
        "X\nH\nC\n\nhelp\n21 31 41\n21 22 23 24\n22 32 42 43\n21 31 41 42 11-12\n\
         21 31 41 45\n21 21 41 42\n11 12 13 21\n21 31 41 42 12-14\n21 31 41 42 11-11\n\
         21 31 41 x2\n21 31 41 42 11-14\nboard\nquit\nmaybe\nn\n",
    );
    assert_eq!(stop.halt_code(), Some(0o7777), "{stop}");
    let expect = [
        "LGM, THE L-GAME PLAYER (M. SATO), T3300-R",
        "THE CLASSIFICATION OF 2296 POSITIONS IS READ FROM TAPE.",
        "",
        "RED: A PERSON OR THE COMPUTER (H OR C)? X",
        "PLEASE TYPE H OR C.",
        "RED: A PERSON OR THE COMPUTER (H OR C)? H",
        "BLUE: A PERSON OR THE COMPUTER (H OR C)? C",
        "START (RETURN: THE PAPER'S, OR 4 ROWS OF R B N O)?",
        "",
        "    1 2 3 4",
        "  1 n b b o",
        "  2 o r b o",
        "  3 o r b o",
        "  4 o r r n",
        "",
        "MOVE 1, RED: HELP",
        "A MOVE IS THE FOUR CELLS OF YOUR L'S NEW PLACE, EACH WRITTEN AS ROW",
        "AND COLUMN (1 TO 4, AS NUMBERED AROUND THE BOARD), THEN, IF YOU",
        "WISH, THE CELL OF ONE NEUTRAL (N) AND THE EMPTY CELL IT MOVES TO.",
        "EXAMPLES:",
        "    21 31 41 42          THE L ONLY",
        "    21 31 41 42 11-14    THE L, THEN THE NEUTRAL ON 11 TO 14",
        "WORDS: HELP, BOARD (PRINT THE BOARD AGAIN), QUIT.",
        "MOVE 1, RED: 21 31 41",
        "'21 31 41': 6 DIGITS: A MOVE HAS 8, OR 12 WITH A NEUTRAL (TYPE HELP).",
        "MOVE 1, RED: 21 22 23 24",
        "'21 22 23 24': CELLS 21 22 23 24 DO NOT FORM AN L.",
        "MOVE 1, RED: 22 32 42 43",
        "'22 32 42 43': ILLEGAL MOVE: THE L IS ALREADY THERE.",
        "MOVE 1, RED: 21 31 41 42 11-12",
        "'21 31 41 42 11-12': ILLEGAL MOVE: CELL 12 IS NOT EMPTY.",
        "MOVE 1, RED: 21 31 41 45",
        "'21 31 41 45': 45 IS NOT A CELL (ROW AND COLUMN 1 TO 4).",
        "MOVE 1, RED: 21 21 41 42",
        "'21 21 41 42': CELL 21 IS GIVEN TWICE.",
        "MOVE 1, RED: 11 12 13 21",
        "'11 12 13 21': ILLEGAL MOVE: THE L WOULD COVER CELL 11, A NEUTRAL.",
        "MOVE 1, RED: 21 31 41 42 12-14",
        "'21 31 41 42 12-14': ILLEGAL MOVE: NO NEUTRAL ON CELL 12.",
        "MOVE 1, RED: 21 31 41 42 11-11",
        "'21 31 41 42 11-11': ILLEGAL MOVE: THE NEUTRAL MUST GO TO ANOTHER CELL.",
        "MOVE 1, RED: 21 31 41 X2",
        "'21 31 41 X2': X IS NOT A DIGIT, A SEPARATOR OR A WORD (TYPE HELP).",
        "MOVE 1, RED: 21 31 41 42 11-14",
        "",
        "    1 2 3 4",
        "  1 o b b n",
        "  2 r o b o",
        "  3 r o b o",
        "  4 r r o n",
        "",
        "MOVE 2, BLUE (COMPUTER): 22 23 33 43 44-11",
        "",
        "    1 2 3 4",
        "  1 n o o n",
        "  2 r b b o",
        "  3 r o b o",
        "  4 r r b o",
        "",
        "RED HAS NO MOVE: BLUE WINS AFTER 2 MOVES.",
        "",
        "NEW GAME (Y OR N)? BOARD",
        "PLEASE TYPE Y OR N.",
        "",
        "NEW GAME (Y OR N)? QUIT",
        "PLEASE TYPE Y OR N.",
        "",
        "NEW GAME (Y OR N)? MAYBE",
        "PLEASE TYPE Y OR N.",
        "",
        "NEW GAME (Y OR N)? N",
        "END OF LGM.",
        "",
    ];
    assert_eq!(paper, expect.join("\n"));
}

#[test]
fn blue_covered_and_quit() {
    let (_, paper) = session("h\nh\nooon/rrrb/rbbb/nooo\n22 32 42 43\nquit\nn\n");
    assert!(
        paper.contains("'22 32 42 43': ILLEGAL MOVE: THE L WOULD COVER CELL 32, BLUE'S L."),
        "{paper}"
    );
    assert!(
        paper.contains("MOVE 1, RED: QUIT\nGAME ABANDONED.\n"),
        "{paper}"
    );
}

#[test]
fn bad_start_boards_are_refused() {
    let (_, paper) = session(
        "C\nC\nnbbo/orbo/orbo\nnbbo/orbo/orbo/orrx\nnbbo/rrbo/rrbo/ooon\nnbbo/orbo/orbo/orrb\n\
         ooon/rrrb/rbbb/nooo\nn\n",
    );
    for line in [
        "'NBBO/ORBO/ORBO': NOT 4 ROWS OF 4 LETTERS R, B, N, O.",
        "'NBBO/ORBO/ORBO/ORRX': NOT 4 ROWS OF 4 LETTERS R, B, N, O.",
        "'NBBO/RRBO/RRBO/OOON': THE R CELLS DO NOT FORM AN L.",
        "'NBBO/ORBO/ORBO/ORRB': THE B CELLS DO NOT FORM AN L.",
    ] {
        assert!(paper.contains(line), "{line}\n{paper}");
    }
    // The paper's m (section 6) is in U: the computer against itself can only loop.
    assert!(
        paper.contains("THE COMPUTER PLAYS BOTH SIDES: DRAWN BY THE LOOP."),
        "{paper}"
    );
    assert!(paper.contains("LOOP: THIS POSITION WAS REACHED BEFORE, "));
    assert!(paper.ends_with("END OF LGM.\n"));
}

#[test]
fn the_computer_against_itself_from_the_paper_start_loops() {
    let mut lgm = Lgm::new(tape(), Keys::new(), fast()).unwrap();
    for (q, answer) in [
        (Question::RedPlayer, "C"),
        (Question::BluePlayer, "C"),
        (Question::Start, ""),
    ] {
        assert_eq!(lgm.next_question().unwrap(), Event::Question(q));
        lgm.host_mut().type_line(answer);
    }
    assert_eq!(
        lgm.next_question().unwrap(),
        Event::Question(Question::NewGame)
    );
    assert_eq!(lgm.game_end(), Some(GameEnd::Loop));
    let c = lgame::classify();
    assert_eq!(c.of_position(&lgm.position().unwrap()), lgame::Outcome::U);
}

#[test]
fn no_tape_no_game() {
    let mut lgm = Lgm::new(tape()[..100].to_vec(), Keys::new(), fast()).unwrap();
    assert!(matches!(lgm.run(), Stop::Halt { code: 1, .. }));
    assert!(lgm
        .paper()
        .ends_with("NO CLASSIFICATION TAPE FROM LGAME IN THE READER.\n"));
}

/// What LGM must answer to a line, by the native notation and rules.
fn native_reply(line: &str, p: &Position) -> Result<Position, String> {
    let reason = match notation::parse(line) {
        Ok(Input::Move(m)) => match p.after(m) {
            Ok(next) => return Ok(next),
            Err(MoveError::SamePlace) => "ILLEGAL MOVE: THE L IS ALREADY THERE.".to_string(),
            Err(MoveError::Covered { cell, what }) => format!(
                "ILLEGAL MOVE: THE L WOULD COVER CELL {cell}, {}.",
                what.to_ascii_uppercase()
            ),
            Err(MoveError::NoNeutral(c)) => format!("ILLEGAL MOVE: NO NEUTRAL ON CELL {c}."),
            Err(MoveError::NotEmpty(c)) => format!("ILLEGAL MOVE: CELL {c} IS NOT EMPTY."),
            Err(MoveError::SameCell) => {
                "ILLEGAL MOVE: THE NEUTRAL MUST GO TO ANOTHER CELL.".to_string()
            }
        },
        Ok(_) => return Err(String::new()),
        Err(NotationError::Unexpected(_)) => {
            "IS NOT A DIGIT, A SEPARATOR OR A WORD (TYPE HELP).".to_string()
        }
        Err(NotationError::Digits(n)) => {
            format!("{n} DIGITS: A MOVE HAS 8, OR 12 WITH A NEUTRAL (TYPE HELP).")
        }
        Err(NotationError::NotACell(c)) => format!("{c} IS NOT A CELL (ROW AND COLUMN 1 TO 4)."),
        Err(NotationError::Twice(c)) => format!("CELL {c} IS GIVEN TWICE."),
        Err(NotationError::NotAnL(c)) => format!("CELLS {c} DO NOT FORM AN L."),
    };
    Err(reason)
}

#[test]
fn random_lines_are_answered_as_the_native_rules_say() {
    let mut rng = Rng::new(5);
    let alphabet: Vec<char> = "1234123412341234 ,-/05x?".chars().collect();
    let mut lgm = Lgm::new(tape(), Keys::new(), fast()).unwrap();
    let (mut legal, mut refused) = (0, 0);
    let mut pending = lgm.next_question().unwrap();
    while legal + refused < 1500 {
        match pending {
            Event::Question(Question::RedPlayer | Question::BluePlayer) => {
                lgm.host_mut().type_line("H")
            }
            Event::Question(Question::Start) => lgm.host_mut().type_line(""),
            Event::Question(Question::NewGame) => lgm.host_mut().type_line("Y"),
            Event::Question(Question::Move) => {
                let p = lgm.position().unwrap();
                // Lines of legal moves (half the time) and random text.
                let line = if rng.below(2) == 0 {
                    let moves = p.moves();
                    notation::format(&moves[rng.below(moves.len())])
                } else {
                    let n = 6 + rng.below(14);
                    (0..n)
                        .map(|_| alphabet[rng.below(alphabet.len())])
                        .collect()
                };
                let trimmed = line.trim().to_string();
                if matches!(
                    notation::parse(&line),
                    Ok(Input::Help | Input::Board | Input::Quit)
                ) || trimmed.is_empty()
                {
                    continue;
                }
                let before = lgm.host().output().len();
                lgm.host_mut().type_line(&line);
                pending = lgm.next_question().unwrap();
                let said = String::from_utf8_lossy(&lgm.host().output()[before..]).into_owned();
                match native_reply(&line, &p) {
                    Ok(next) => {
                        legal += 1;
                        let now = lgm.position().unwrap();
                        // The next side moved, or the game ended.
                        assert!(
                            now == next || pending == Event::Question(Question::NewGame),
                            "'{line}' from {}: {}",
                            p.board().rows(),
                            said
                        );
                        assert!(!said.contains("': "), "'{line}': {said}");
                    }
                    Err(reason) => {
                        refused += 1;
                        assert_eq!(lgm.position(), Some(p), "'{line}'");
                        let reply = format!("'{}': ", trimmed.to_ascii_uppercase());
                        assert!(
                            said.contains(&reply) && said.contains(&reason),
                            "'{line}' from {}: wanted {reason}, LGM said {said}",
                            p.board().rows()
                        );
                    }
                }
                continue;
            }
            Event::Ended => panic!("LGM ended"),
        }
        pending = lgm.next_question().unwrap();
    }
    assert!(
        legal > 300 && refused > 300,
        "{legal} legal, {refused} refused"
    );
}

#[test]
fn long_lines_are_refused() {
    let long = "2".repeat(70);
    let (_, paper) = session(&format!("h\nh\n\n{long}\nquit\nn\n"));
    assert!(
        paper.contains("LINE TOO LONG (AT MOST 60 CHARACTERS)."),
        "{paper}"
    );
}

#[test]
fn the_subroutine_deck_is_the_same_in_both_programs() {
    let deck = |src: &'static str| -> &'static str {
        let a = src.find("* ---- deck begin").expect("deck begin");
        let b = src.find("* ---- deck end ----").expect("deck end");
        &src[a..b]
    };
    let classifier_deck = deck(classifier::SOURCE);
    assert_eq!(classifier_deck, deck(lgame_t3300::lgm::SOURCE));
    assert!(classifier_deck.contains("+mtol+"));
}

#[test]
fn the_start_is_red_to_move() {
    let mut lgm = Lgm::new(tape(), Keys::new(), fast()).unwrap();
    for answer in ["H", "H", ""] {
        lgm.next_question().unwrap();
        lgm.host_mut().type_line(answer);
    }
    assert_eq!(
        lgm.next_question().unwrap(),
        Event::Question(Question::Move)
    );
    assert_eq!(lgm.position(), Some(Position::start()));
    assert_eq!(lgm.position().unwrap().mover(), Colour::Red);
}

#[test]
fn opening_answers_follow_the_command_line() {
    use lgame_t3300::lgm::opening_answers;
    assert!(opening_answers(false, false, None).is_empty());
    assert_eq!(opening_answers(true, false, None), ["C", "H", ""]);
    assert_eq!(opening_answers(true, true, None), ["C", "C", ""]);
    let start = lgame::Position::start();
    assert_eq!(
        opening_answers(false, false, Some(&start)),
        ["H", "C", "NBBO/ORBO/ORBO/ORRN"]
    );
}
