//! A game at the teletype: a person against one of the paper's players.
//!
//! The machine prints the board (the one renderer, upper case) after every move and prompts
//! for a move in the paper's notation; a malformed or illegal entry gets a reply that says why
//! and a new prompt. The game ends at a win, at the paper's 300-move draw, or cleanly at the end
//! of input.

use crate::players::Player;
use crate::render::{asr33, teletype};
use crate::square::Side;
use crate::state::DRAW_PLY;
use crate::{Move, State};
use teletype::{Console, TtyHost};

/// How a session at the teletype ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    Won(Side),
    Drawn,
    /// The input ended before the game did.
    EndOfInput,
}

/// Play one game: the person takes `human`, `opponent` (described as `name`) the other side.
pub fn play<H: TtyHost>(
    console: &mut Console<H>,
    opponent: &mut dyn Player,
    name: &str,
    human: Side,
) -> (Ending, Vec<Move>) {
    let say = |console: &mut Console<H>, text: &str| {
        console.print(&asr33(text));
        console.print("\r\n");
    };
    say(console, "Quoridor (Akiyama and Kotani).");
    say(
        console,
        &format!(
            "You are {} ({}), the machine plays {name}.",
            human,
            human.pawn_char()
        ),
    );
    say(
        console,
        "Type a square (e8) to move, or a wall: e8- or c5v (printed c5|).",
    );
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
                    Ok(()) => m,
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
