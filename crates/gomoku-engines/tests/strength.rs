//! `search` against `eval`: a 10-game match over the guide's openings, both colours, under a
//! node limit so the result is the same on every run (the crate is optimised in test builds
//! too; see the root Cargo.toml).

use gomoku::Rule;
use gomoku_engines::duel::play_match;
use gomoku_engines::{EngineKind, Limits};

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "minutes in a debug build: run with --release"
)]
fn search_beats_eval_in_nine_of_ten() {
    let limits = Limits::nodes(3_000);
    let games = play_match(
        EngineKind::Search,
        EngineKind::Eval,
        Rule::Renju,
        &limits,
        |g| {
            println!(
                "{} search {}: {:+} after {} moves",
                g.opening.code(),
                if g.first_black { "black" } else { "white" },
                g.score(),
                g.outcome.game.history().len()
            )
        },
    );
    let wins = games.iter().filter(|g| g.score() == 1).count();
    assert!(wins >= 9, "search won {wins} of 10");
}
