//! `search` against `eval`: a 10-game match over the guide's openings, both colours, under a
//! node limit so the result is the same on every run (the crate is optimised in test builds
//! too; see the root Cargo.toml). The games are played side by side, one a core: the same
//! games as one after another (`duel`'s note 1).

use gomoku::Rule;
use gomoku_engines::duel::play_match_in;
use gomoku_engines::{EngineKind, Limits};

#[test]
fn search_beats_eval_in_nine_of_ten() {
    let limits = Limits::nodes(3_000);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let games = play_match_in(
        threads,
        EngineKind::Search,
        EngineKind::Eval,
        Rule::Renju,
        &limits,
        |g| println!("{}", g.describe("search")),
    );
    let wins = games.iter().filter(|g| g.score() == 1).count();
    assert!(wins >= 9, "search won {wins} of 10");
}
