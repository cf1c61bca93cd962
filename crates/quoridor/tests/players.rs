//! The paper's players: specs, legality, determinism, and what each is for.

use proptest::prelude::*;
use quoridor::notation::position;
use quoridor::{Side, Spec, State};

/// A position `plies` random moves from the start (fewer if the game ends).
fn random_position(seed: u64, plies: u32) -> State {
    let mut s = State::new();
    let mut p = Spec::Random.build(seed);
    while s.ply() < plies && s.winner().is_none() {
        let m = p.choose(&s);
        s.play(m).expect("random plays legal moves");
    }
    s
}

const SMALL: [&str; 4] = [
    "random",
    "ucb:playouts=300",
    "ucb-dt:d=0.01,n=5,playouts=400,formula=printed",
    "ab2",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn players_never_make_an_illegal_move(seed in any::<u64>(), plies in 0u32..80) {
        let s = random_position(seed, plies);
        prop_assume!(s.winner().is_none());
        for spec in SMALL {
            let spec: Spec = spec.parse().unwrap();
            let m = spec.build(seed).choose(&s);
            prop_assert!(s.check(m).is_ok(), "{spec} chose {m}: {:?}", s.check(m));
        }
    }
}

#[test]
fn players_are_deterministic_for_a_seed() {
    let s = random_position(7, 12);
    for spec in SMALL {
        let spec: Spec = spec.parse().unwrap();
        let a: Vec<_> = (0..3).map(|_| spec.build(42).choose(&s)).collect();
        assert!(a.windows(2).all(|w| w[0] == w[1]), "{spec}: {a:?}");
    }
}

#[test]
fn specs_print_every_parameter_and_read_back() {
    let p = quoridor::players::DEFAULT_POLICY;
    let dt = "start=zero,tie=half,reversal=stay";
    let cases = [
        ("random".to_string(), "random".to_string()),
        ("ab2".into(), "ab2".into()),
        (
            "ucb".into(),
            format!("ucb:playouts=50000,c=2.0,formula=ucb1,policy={p},cut=300"),
        ),
        (
            "ucb:c=1.5,formula=printed,policy=uniform".into(),
            "ucb:playouts=50000,c=1.5,formula=printed,policy=uniform,cut=300".into(),
        ),
        (
            "ucb:policy=path:0.5:0.25,cut=none".into(),
            "ucb:playouts=50000,c=2.0,formula=ucb1,policy=path:0.5:0.25,cut=none".into(),
        ),
        (
            "ucb-dt".into(),
            format!(
                "ucb-dt:d=0.005,n=10,{dt},playouts=50000,c=2.0,formula=ucb1,policy={p},cut=300"
            ),
        ),
        (
            "ucb-dt:d=0.01,n=10,playouts=50000,start=carry,tie=loss,reversal=back,policy=respall"
                .into(),
            "ucb-dt:d=0.01,n=10,start=carry,tie=loss,reversal=back,playouts=50000,c=2.0,\
             formula=ucb1,policy=respall,cut=300"
                .into(),
        ),
    ];
    for (text, canonical) in cases {
        let spec: Spec = text.parse().unwrap();
        assert_eq!(spec.to_string(), canonical);
        assert_eq!(canonical.parse::<Spec>().unwrap(), spec);
    }
}

#[test]
fn spec_errors_name_the_problem() {
    let err = |s: &str| s.parse::<Spec>().unwrap_err().to_string();
    assert_eq!(
        err("mcts"),
        "unknown player \"mcts\" (players: random, ucb, ucb-dt, ab2)"
    );
    assert_eq!(
        err("ucb:d=0.1"),
        "ucb has no parameter \"d\" (it takes: playouts, c, formula, policy, cut)"
    );
    assert_eq!(
        err("ab2:depth=3"),
        "ab2 has no parameter \"depth\" (it takes: nothing)"
    );
    assert_eq!(
        err("ucb:playouts=lots"),
        "playouts=\"lots\": a whole number of playouts, at least 1"
    );
    assert_eq!(
        err("ucb:formula=paper"),
        "formula=\"paper\": ucb1 or printed"
    );
    assert_eq!(
        err("ucb:policy=path:0.8:0.5"),
        "policy=\"path:0.8:0.5\": uniform, respall or path:P:W (P, W shares of plies, P + W <= 1)"
    );
    assert_eq!(
        err("ucb:cut=0"),
        "cut=\"0\": a ply count of at least 1, or none"
    );
    assert_eq!(
        err("ucb-dt:start=middle"),
        "start=\"middle\": zero or carry"
    );
    assert_eq!(
        err("ucb-dt:n"),
        "parameter \"n\" is not of the form key=value"
    );
}

/// The positions after ab2's move (seeds 0-4) in the position after `record`, the first
/// player to move.
fn after_ab2(record: &str) -> Vec<(quoridor::Move, State)> {
    let s = position(record).unwrap();
    assert_eq!(s.side_to_move(), Side::First);
    (0..5)
        .map(|seed| {
            let m = Spec::Ab2.build(seed).choose(&s);
            let mut t = s;
            t.play(m).unwrap();
            (m, t)
        })
        .collect()
}

/// ab2 takes a win in one: the first player on e2 steps to row 1.
#[test]
fn ab2_takes_a_win_in_one() {
    // The first player walks to e2 while the second shuffles between d1 and e1.
    for (m, t) in after_ab2("e8, d1, e7, e1, e6, d1, e5, e1, e4, d1, e3, e1, e2, d1") {
        assert_eq!(t.winner(), Some(Side::First), "ab2 played {m}");
    }
}

/// ab2 sees the opponent's replies: with the second player on e8, one step from row 9, the
/// first player's move must leave it no winning reply (a wall does).
#[test]
fn ab2_stops_a_win_in_one() {
    for (m, t) in after_ab2("d9, e2, c9, e3, d9, e4, c9, e5, d9, e6, c9, e7, d9, e8") {
        for r in t.legal_moves() {
            let mut u = t;
            u.play(r).unwrap();
            assert_eq!(
                u.winner(),
                None,
                "ab2 played {m}, the second player wins with {r}"
            );
        }
    }
}
