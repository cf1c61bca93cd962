//! `search` against `eval`: a 10-game match over the guide's openings, both colours, under a
//! node limit so the result is the same on every run (the crate is optimised in test builds
//! too; see the root Cargo.toml).

use gomoku::Rule;
use gomoku_engines::duel::play_match;
use gomoku_engines::{EngineKind, Limits};

#[test]
fn search_beats_eval_in_nine_of_ten() {
    let limits = Limits::nodes(3_000);
    let games = play_match(
        EngineKind::Search,
        EngineKind::Eval,
        Rule::Renju,
        &limits,
        |g| println!("{}", g.describe("search")),
    );
    let wins = games.iter().filter(|g| g.score() == 1).count();
    assert!(wins >= 9, "search won {wins} of 10");
}
