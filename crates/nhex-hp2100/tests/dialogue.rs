//! The teletype dialogue on the emulated 2100A against the reference `nhex::dialogue`: for the
//! same typed lines the paper rolls are identical, character for character (the machine's
//! echo comes from the 12531C interface, the reference's from its console model).

use hp2100::panel::Limit;
use nhex::dialogue::Dialogue;
use nhex::engine::Engine;
use nhex_hp2100::{play, Loaded};
use std::path::PathBuf;
use teletype::{Scripted, Transcript};

/// Emulated time a whole session may take (the guard against a hang).
const SESSION_LIMIT: f64 = 4.0 * 3600.0;

fn logs_dir() -> PathBuf {
    nhex_hp2100::rom::repo_root().join("tests/nhex")
}

fn native(input: &str) -> String {
    let mut d = Dialogue::new(
        Transcript::new(Scripted::from_lines(input)),
        Engine::default(),
    );
    d.run();
    d.teletype.host().paper()
}

thread_local! {
    /// NHEX booted once a test thread and started again for each session (a shared fixture:
    /// the boot reads the whole tape through the loader).
    static LOADED: std::cell::RefCell<Option<Loaded>> = const { std::cell::RefCell::new(None) };
}

fn machine(input: &str) -> (String, nhex_hp2100::Session) {
    let host = Transcript::new(Scripted::from_lines(input));
    let (s, host) = LOADED.with(|l| {
        let mut l = l.borrow_mut();
        let loaded = match l.as_mut() {
            Some(m) => m,
            None => l.insert(Loaded::boot().expect("boot")),
        };
        loaded.play(host, Limit::seconds(SESSION_LIMIT))
    });
    let paper = host.paper();
    (paper, s)
}

fn same(input: &str) -> String {
    let want = native(input);
    let (got, s) = machine(input);
    assert!(
        s.ended_well(nhex_hp2100::tape::HALT_DONE),
        "the session ended with {}",
        s.stop
    );
    assert_eq!(got, want, "input:\n{input}");
    got
}

/// The operator's lines of a log (`> ` lines).
fn typed_lines(log: &str) -> String {
    log.lines()
        .filter_map(|l| l.strip_prefix("> "))
        .map(|l| format!("{l}\n"))
        .collect()
}

#[test]
fn opening_dialogue() {
    let paper = same("12\n");
    assert_eq!(
        paper,
        "HEX O HAJIMEMASU\n2-KETA NO KAZU O KEY-IN SEYO\n12\nSENTE WA? ANATA=00 WATASHI=99\n"
    );
}

#[test]
fn nothing_typed_ends_at_the_first_prompt() {
    assert_eq!(same(""), "HEX O HAJIMEMASU\n2-KETA NO KAZU O KEY-IN SEYO\n");
}

#[test]
fn bad_entries_get_the_programs_replies() {
    // Garbage, blanks, a short key, a bad SENTE answer, malformed, off-board and occupied
    // moves, lower case, a rubout, and the end of input in the middle of the game.
    let input = "\n7\n  77  \n1\nABC\n00\n065\n0900\n0009\nXYZW\n04 5\n\t0504 \n0504\nab\n\x7f\n";
    let paper = same(input);
    for want in [
        "MOICHIDO TADASHIKU KEY-IN SEYO",
        "SOKO WA SUDENI UTARETE IMAS",
        "WATASHI NO TE ",
    ] {
        assert!(paper.contains(want), "{paper}");
    }
}

#[test]
fn the_four_logs_give_the_same_dialogue() {
    for name in [
        "tokai-1975-game1.txt",
        "tokai-1975-game2.txt",
        "example-1.txt",
        "example-2.txt",
    ] {
        let log = std::fs::read_to_string(logs_dir().join(name)).expect(name);
        let paper = same(&typed_lines(&log));
        assert!(paper.contains("WATASHI NO TE "), "{name}:\n{paper}");
    }
}

#[test]
fn the_golden_session_gives_the_same_dialogue() {
    let log = std::fs::read_to_string(logs_dir().join("golden/session-1.txt")).expect("golden");
    let input = typed_lines(&log);
    let paper = same(&input);
    // The machine reproduces the golden roll.
    expected_output::check(logs_dir().join("golden/session-1.paper.txt"), &paper);
    let (_, s) = machine(&input);
    assert_eq!(
        s.stop.halt_code(),
        Some(nhex_hp2100::tape::HALT_DONE),
        "99 halts the program"
    );
}

/// Whole games against the automatic opponent (which answers what it reads, so both programs
/// meet the same replies only if they print the same moves): several games each, both
/// announcements, 00 and 99. The same sessions time every NHEX reply: from the operator's
/// RETURN to the reply's first character it takes less than 5 s of 2100A time (the paper: "at
/// most a few seconds, mostly at once"). The sessions run side by side.
#[test]
fn whole_sessions_against_an_automatic_opponent() {
    use nhex_hp2100::opponent::{AutoOpponent, Style};
    use nhex_hp2100::MoveClock;
    let sessions = [
        (Style::Engine, 4),
        (Style::Random(7), 4),
        (Style::Random(1975), 2),
        (Style::Random(308), 2),
    ];
    let replies: Vec<Vec<u64>> = std::thread::scope(|scope| {
        let runs: Vec<_> = sessions
            .iter()
            .map(|&(style, games)| {
                scope.spawn(move || {
                    let mut d = Dialogue::new(
                        Transcript::new(AutoOpponent::new(style, games)),
                        Engine::default(),
                    );
                    d.run();
                    assert_eq!(d.games().len(), games);
                    let want = d.teletype.host().paper();
                    let host = MoveClock::new(Transcript::new(AutoOpponent::new(style, games)));
                    let (s, host) = play(host, Limit::seconds(SESSION_LIMIT)).expect("boot");
                    assert_eq!(s.stop.halt_code(), Some(nhex_hp2100::tape::HALT_DONE));
                    let got = host.inner().paper();
                    assert_eq!(got, want, "{style:?}");
                    for w in ["WATASHI NO KACHI!", "MOICHIDO SURU=00 SHINAI=99"] {
                        assert!(got.contains(w), "{style:?}: {got}");
                    }
                    let moves = host.moves();
                    assert!(
                        moves.len() >= 4 * games,
                        "{style:?}: {} replies",
                        moves.len()
                    );
                    for m in moves {
                        assert!(
                            m.seconds() < 5.0,
                            "{style:?}: {} took {:.3} s",
                            m.cell,
                            m.seconds()
                        );
                    }
                    moves.iter().map(|m| m.nanos).collect::<Vec<u64>>()
                })
            })
            .collect();
        runs.into_iter()
            .map(|r| r.join().expect("a session"))
            .collect()
    });
    let all: Vec<u64> = replies.concat();
    let (med, max) = nhex_hp2100::stats::median_max(all.clone()).unwrap();
    eprintln!(
        "{} replies: median {:.3} s, maximum {:.3} s of 2100A time",
        all.len(),
        med as f64 / 1e9,
        max as f64 / 1e9
    );
}

/// A blank inside an entry keeps its place: `01<HT>1` is malformed on both, not `011`.
#[test]
fn a_blank_inside_an_entry_is_kept() {
    let input = "0101\n99\n99\n01\t1\n";
    let (got, s) = machine(input);
    assert!(s.ended_well(nhex_hp2100::tape::HALT_DONE), "{}", s.stop);
    assert_eq!(got, native(input));
    assert!(got.ends_with("MOICHIDO TADASHIKU KEY-IN SEYO\n"), "{got}");
}

/// Random typed lines (digits, blanks, letters, tabs) give the same paper roll on the machine
/// as in the reference, and the session ends.
fn same_roll_for(lines: &[String]) -> Result<(), proptest::test_runner::TestCaseError> {
    let input: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let want = native(&input);
    let (got, s) = machine(&input);
    proptest::prop_assert!(s.ended_well(nhex_hp2100::tape::HALT_DONE), "{}", s.stop);
    proptest::prop_assert_eq!(got, want);
    Ok(())
}

// 24 random sessions as two tests of 12, which the harness runs side by side.
proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(12))]
    #[test]
    fn random_typing_gives_the_same_roll(lines in proptest::collection::vec("[0-9 A-Z\t]{0,6}|0[1-8]0[1-8]|99|00", 0..24)) {
        same_roll_for(&lines)?;
    }

    #[test]
    fn more_random_typing_gives_the_same_roll(lines in proptest::collection::vec("[0-9 A-Z\t]{0,6}|0[1-8]0[1-8]|99|00", 0..24)) {
        same_roll_for(&lines)?;
    }
}

/// The shared fixture is sound: sessions on one loaded machine, started again at 2 after a
/// game, a halt and an end of input, print what freshly booted machines print.
#[test]
fn a_restart_gives_the_session_a_boot_gives() {
    let inputs = [
        "12\n00\n0405\n0505\n",
        "12\n99\n0101\n99\n",
        "1\n12\n00\n0808\n",
    ];
    let mut loaded = Loaded::boot().expect("boot");
    for input in inputs {
        let fresh = play(
            Transcript::new(Scripted::from_lines(input)),
            Limit::seconds(SESSION_LIMIT),
        )
        .expect("boot");
        let again = loaded.play(
            Transcript::new(Scripted::from_lines(input)),
            Limit::seconds(SESSION_LIMIT),
        );
        assert_eq!(again.1.paper(), fresh.1.paper(), "input:\n{input}");
        assert_eq!(again.0.stop.halt_code(), fresh.0.stop.halt_code());
    }
}
