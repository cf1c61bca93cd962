//! A game at the teletype: a person against one of the paper's players.
//!
//! The machine prints the board (the one renderer, upper case) after every move and prompts
//! for a move in the paper's notation; a malformed or illegal entry gets a reply that says why
//! and a new prompt. The game ends at a win, at the paper's 300-move draw, at `QUIT`, or
//! cleanly at the end of input.
//!
//! Notes:
//! 1. The ASR-33 has no `|`: the keyboard folds it to `\` (crate `teletype`), which the
//!    notation reads as `|`, so `e7|` typed as the paper writes it is the wall e7|. Every move
//!    the person makes is repeated in the paper's notation before it is played, so an entry
//!    can never turn into another move unseen.
//! 2. `HELP` (or `?`) at the prompt prints the notation and the goals; `QUIT` ends the game
//!    at once.

use crate::players::Player;
use crate::render::{asr33, teletype};
use crate::square::Side;
use crate::state::DRAW_PLY;
use crate::{Move, State};
use teletype::{Teletype, TtyHost};

/// How the game goes, for `retro quoridor play --help`.
pub const COMMAND_HELP: &str = "\
You are the first player (x, from e9 to row 1) or, with --second, the second (o, from e1 to
row 9). At YOUR MOVE? type a square to move your pawn (e8), or a wall: its square, then | for
a vertical wall or - for a horizontal one (e7|, c5-), as the paper writes them; v and h, and !
(how the teletype prints |), work too. Every move you make is repeated before it is played.
HELP explains the moves, QUIT ends the game; Ctrl-D, or the end of --input, ends it too.

Examples:
  retro quoridor play
  retro quoridor play --player ab2 --second";

/// How a session at the teletype ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    Won(Side),
    Drawn,
    /// The input ended before the game did.
    EndOfInput,
    /// The person typed `QUIT`.
    Quit,
}

/// The reply to `HELP` (note 2).
const HELP: &str = "\
A move is a square, a pawn's destination: e8.
A wall is the square at the top left of its centre, then ! or v for a
vertical wall (the paper's vertical bar, which the teletype prints as !;
typed, it works too) or - or h for a horizontal one: e7! and c5-.
Walls are two squares long; each side has ten.
First (x) starts on e9 and goes to row 1; second (o) starts on e1 and
goes to row 9. The first to reach its row wins.
Words: HELP, QUIT (ends the game).";

/// Which side `side` is, where it starts and which row it is going to, for the screen.
pub fn goal(side: Side) -> String {
    format!(
        "{} ({}), from {} to row {}",
        side,
        side.pawn_char(),
        side.start(),
        side.goal_row() + 1
    )
}

/// Play one game: the person takes `human`, `opponent` (described as `name`) the other side.
pub fn play<H: TtyHost>(
    console: &mut Teletype<H>,
    opponent: &mut dyn Player,
    name: &str,
    human: Side,
) -> (Ending, Vec<Move>) {
    let say = |console: &mut Teletype<H>, text: &str| {
        for line in text.split('\n') {
            console.print(&asr33(line));
            console.print("\r\n");
        }
    };
    say(console, "Quoridor (Akiyama and Kotani).");
    say(console, &format!("You are {}.", goal(human)));
    say(
        console,
        &format!("The machine is {}.", goal(human.opponent())),
    );
    say(console, &format!("It plays {name}."));
    say(
        console,
        "Type a square (e8) to move, or a wall: e8- or c5! (v and h too).",
    );
    say(console, "HELP explains the moves, QUIT ends the game.");
    let mut state = State::new();
    let mut moves = Vec::new();
    console.print(&teletype(&state));
    loop {
        if let Some(w) = state.winner() {
            return (Ending::Won(w), moves);
        }
        if state.ply() >= DRAW_PLY {
            return (Ending::Drawn, moves);
        }
        let m = if state.side_to_move() == human {
            console.print("YOUR MOVE? ");
            let Some(line) = console.read_line() else {
                say(console, "");
                say(console, "End of input.");
                return (Ending::EndOfInput, moves);
            };
            console.print("\n");
            let entry = line.trim();
            match entry.to_ascii_uppercase().as_str() {
                "HELP" | "?" => {
                    say(console, HELP);
                    continue;
                }
                "QUIT" => {
                    say(console, "Game abandoned.");
                    return (Ending::Quit, moves);
                }
                _ => {}
            }
            match entry.parse::<Move>() {
                Err(e) => {
                    say(console, &e.to_string());
                    continue;
                }
                Ok(m) => match state.check(m) {
                    Err(e) => {
                        say(console, &format!("{m} is illegal: {e}."));
                        continue;
                    }
                    Ok(()) => {
                        say(console, &format!("Move {}: you play {m}.", state.ply() + 1));
                        m
                    }
                },
            }
        } else {
            let m = opponent.choose(&state);
            say(
                console,
                &format!("Move {}: the machine plays {m}.", state.ply() + 1),
            );
            m
        };
        state.play_unchecked(m);
        moves.push(m);
        console.print(&teletype(&state));
    }
}
