//! Emulated time per move in whole sessions at the teletype: every NHEX reply, from the
//! operator's RETURN to the reply's first character, takes less than 5 s of 2100A time
//! (the paper: "at most a few seconds, mostly at once").

use hp2100::panel::Limit;
use nhex_hp2100::opponent::{AutoOpponent, Style};
use nhex_hp2100::{play, MoveClock};

#[test]
fn every_reply_within_five_seconds() {
    let mut all = Vec::new();
    for (style, games) in [
        (Style::Engine, 4),
        (Style::Random(1975), 2),
        (Style::Random(308), 2),
    ] {
        let host = MoveClock::new(AutoOpponent::new(style, games));
        let (s, h) = play(host, Limit::seconds(4.0 * 3600.0)).expect("boot");
        assert_eq!(
            s.stop.halt_code(),
            Some(nhex_hp2100::machine::HALT_DONE),
            "{style:?}"
        );
        assert!(
            h.moves().len() >= 4 * games,
            "{style:?}: {} replies",
            h.moves().len()
        );
        for m in h.moves() {
            assert!(
                m.seconds() < 5.0,
                "{style:?}: {} took {:.3} s",
                m.cell,
                m.seconds()
            );
        }
        all.extend(h.moves().iter().map(|m| m.nanos));
    }
    let (med, max) = nhex_hp2100::stats::median_max(all.clone()).unwrap();
    eprintln!(
        "{} replies: median {:.3} s, maximum {:.3} s of 2100A time",
        all.len(),
        med as f64 / 1e9,
        max as f64 / 1e9
    );
}
