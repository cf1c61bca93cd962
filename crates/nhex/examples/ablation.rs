//! The effect of each documented choice on the agreement with the four logs: one option
//! changed at a time from the defaults (the table in docs/nhex.md).
//! Run: `cargo run --release -p nhex --example ablation`

use nhex::engine::Engine;
use nhex::log::parse_log;
use nhex::replay::replay_game;

fn main() {
    use nhex::engine::{Lookahead, Options, WinRule};
    use nhex::eval::Centre;
    use nhex::position::{CategoryRule, ThreeBlock};
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/nhex/");
    let games: Vec<nhex::log::LoggedGame> = [
        "tokai-1975-game1",
        "tokai-1975-game2",
        "example-1",
        "example-2",
    ]
    .iter()
    .flat_map(|f| parse_log(&std::fs::read_to_string(format!("{dir}{f}.txt")).unwrap()).unwrap())
    .collect();
    let d = Options::default();
    let variants: Vec<(&str, Options)> = vec![
        ("default", d),
        (
            "centre off",
            Options {
                centre: Centre::Off,
                ..d
            },
        ),
        (
            "centre hex2",
            Options {
                centre: Centre::Hex2,
                ..d
            },
        ),
        (
            "categories listed",
            Options {
                categories: CategoryRule::Listed,
                ..d
            },
        ),
        (
            "3-block none",
            Options {
                three_block: ThreeBlock {
                    full_then_one: false,
                    common_key: false,
                },
                ..d
            },
        ),
        (
            "3-block +common key",
            Options {
                three_block: ThreeBlock {
                    full_then_one: true,
                    common_key: true,
                },
                ..d
            },
        ),
        (
            "look-ahead off",
            Options {
                lookahead: Lookahead::Off,
                ..d
            },
        ),
        (
            "look-ahead 2",
            Options {
                lookahead: Lookahead::Bar(2),
                ..d
            },
        ),
        (
            "look-ahead 6",
            Options {
                lookahead: Lookahead::Bar(6),
                ..d
            },
        ),
        (
            "look-ahead 7",
            Options {
                lookahead: Lookahead::Bar(7),
                ..d
            },
        ),
        (
            "look-ahead 10",
            Options {
                lookahead: Lookahead::Bar(10),
                ..d
            },
        ),
        (
            "look-ahead to the end (60 plies)",
            Options {
                lookahead: Lookahead::Bar(60),
                ..d
            },
        ),
        ("candidates 1", Options { candidates: 1, ..d }),
        ("candidates 5", Options { candidates: 5, ..d }),
        (
            "announce chain",
            Options {
                announce: WinRule::Chain,
                ..d
            },
        ),
        (
            "announce engine",
            Options {
                announce: WinRule::Engine,
                ..d
            },
        ),
        (
            "categories listed, look-ahead 4 (first working set)",
            Options {
                categories: CategoryRule::Listed,
                lookahead: Lookahead::Bar(4),
                ..d
            },
        ),
    ];
    println!("| variant | tokai 1 | tokai 2 | example 1 | example 2 | total | announced after |");
    println!("|---|---|---|---|---|---|---|");
    for (name, o) in variants {
        let e = Engine::new(o);
        let mut per = Vec::new();
        let (mut tk, mut tn) = (0, 0);
        let mut ann = Vec::new();
        for g in &games {
            let r = replay_game(g, &e).unwrap();
            let (k, n) = r.agreement();
            per.push(format!("{k}/{n}"));
            tk += k;
            tn += n;
            ann.push(match r.our_announcement {
                Some((p, s)) => format!("{}{p}", s.letter()),
                None => "-".into(),
            });
        }
        println!(
            "| {name} | {} | {tk}/{tn} | {} |",
            per.join(" | "),
            ann.join(" ")
        );
    }
}
