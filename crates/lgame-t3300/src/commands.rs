//! What `retro lgame classify|play|tables` do with the operator's choices: the native
//! reference (crate `lgame`) or the paper's programs on the T3300-R ([`crate::runs`]), and
//! the choices each of them refuses.
//!
//! Notes:
//!
//! 1. `--direct` changes how the emulated classifier computes its extensions, so it is
//!    refused with `--native`; `--random` and `--hints` belong to the native player (LGM
//!    always plays from the classification), `--watch` to LGM.
//! 2. A `--start` board is checked before either player runs.

use crate::runs::{self, Ended, Error};
use lgame::play::{Opponent, Options};
use lgame::{Board, Colour, Position};
use std::io::Write;
use teletype::{Teletype, Terminal, TypeAhead};

/// The native classification's report, with every l-type's class and level after it when
/// `list` is given (`retro lgame classify --native`).
///
/// # Errors
/// `direct`, which the native classifier does not take (note 1).
pub fn native_classification(list: bool, direct: bool) -> Result<String, String> {
    if direct {
        return Err("--direct applies to the emulated classifier (leave out --native)".into());
    }
    let c = lgame::classify();
    let mut text = lgame::report::report(&c, "native");
    if list {
        text.push('\n');
        text.push_str(&lgame::listing::listing(&c));
    }
    Ok(text)
}

/// `retro lgame tables`: +fred+, +form+, +ti+, +mt+ and +bo+ as T3300-R assembler data.
pub fn tables() -> String {
    let mut text = lgame::asm::tables_source(lgame::tables());
    text.push_str(&lgame::asm::bo_source(&lgame::classify()));
    text
}

/// The operator's choices for `retro lgame play`.
#[derive(Clone, Debug, Default)]
pub struct PlayChoices {
    /// The native perfect (or random) player instead of LGM.
    pub native: bool,
    /// The operator plays blue; the computer moves first.
    pub second: bool,
    /// LGM plays both sides.
    pub watch: bool,
    /// The native random player.
    pub random: bool,
    /// The native player's seed for equally good moves.
    pub seed: u64,
    /// A board to start from, red to move (rows of r b n o).
    pub start: Option<String>,
    /// The native game shows every position's class.
    pub hints: bool,
    /// Print at 10 characters a second.
    pub realtime: bool,
}

/// `retro lgame play`: the game at the terminal, its keys those of `keys` (the host's reader
/// of the keyboard fills them), LGM's notes on `notes`; whether it ended because the input
/// ran out while LGM waited for a key.
///
/// # Errors
/// A choice the player does not take (note 1), a bad start board, a run that failed.
pub fn play(
    notes: &mut dyn Write,
    o: &PlayChoices,
    keys: Option<TypeAhead>,
) -> Result<bool, Error> {
    let start = match &o.start {
        Some(rows) => Position::from_board(&Board::parse_rows(rows)?, Colour::Red)?,
        None => Position::start(),
    };
    if !o.native {
        if o.random || o.hints {
            return Err("--random and --hints apply to the native player only \
                        (add --native); LGM always plays from the classification"
                .into());
        }
        let start = o.start.as_ref().map(|_| start);
        let ended = runs::play(notes, o.second, o.watch, start, o.realtime, keys)?;
        return Ok(ended == Ended::InputExhausted);
    }
    if o.watch {
        return Err("--watch applies to LGM on the T3300-R (leave out --native)".into());
    }
    let opts = Options {
        human: if o.second { Colour::Blue } else { Colour::Red },
        opponent: if o.random {
            Opponent::Random
        } else {
            Opponent::Perfect
        },
        seed: o.seed,
        start,
        hints: o.hints,
    };
    let c = lgame::classify();
    let mut con = Teletype::new(Terminal::new(Box::new(std::io::stdout()), keys, o.realtime));
    lgame::play::play(&mut con, &c, &opts);
    Ok(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choices_a_player_does_not_take_are_refused() {
        let mut notes = Vec::new();
        let random = PlayChoices {
            random: true,
            ..PlayChoices::default()
        };
        assert!(play(&mut notes, &random, None).is_err());
        let bad_start = PlayChoices {
            start: Some("rrrr/bbbb/nnoo/oooo".into()),
            ..PlayChoices::default()
        };
        assert!(play(&mut notes, &bad_start, None).is_err());
        let watch = PlayChoices {
            native: true,
            watch: true,
            ..PlayChoices::default()
        };
        assert!(play(&mut notes, &watch, None)
            .unwrap_err()
            .to_string()
            .contains("--watch"));
        assert!(notes.is_empty(), "nothing ran");
        assert!(native_classification(false, true).is_err());
    }

    #[test]
    fn the_tables_end_with_bo() {
        let t = tables();
        assert!(
            t.contains("+fred+") && t.contains("+bo+"),
            "{}",
            &t[..200.min(t.len())]
        );
    }
}
