//! `replay --machine`: the four logs replayed with NHEX on the emulated 2100A give the same rows
//! (candidates, L1 values, look-ahead scores, announcements) and the same agreement as the
//! reference's replay.

use nhex::engine::Engine;
use nhex::log::parse_log;
use nhex_hp2100::MachineEngine;

#[test]
fn the_four_logs_replay_as_in_the_reference() {
    let engine = Engine::default();
    let mut hp = MachineEngine::new().expect("boot");
    let (mut agree, mut total) = (0, 0);
    for name in [
        "tokai-1975-game1.txt",
        "tokai-1975-game2.txt",
        "example-1.txt",
        "example-2.txt",
    ] {
        let path = nhex_hp2100::rom::repo_root().join("tests/nhex").join(name);
        let text = std::fs::read_to_string(&path).expect(name);
        for g in parse_log(&text).expect(name) {
            let want = nhex::replay::replay_game(&g, &engine).expect(name);
            let got = nhex::replay::replay_game(&g, &mut hp).expect(name);
            assert_eq!(got.rows, want.rows, "{name}");
            assert_eq!(got.our_announcement, want.our_announcement, "{name}");
            assert_eq!(got.board, want.board);
            let (k, n) = got.agreement();
            agree += k;
            total += n;
        }
    }
    assert_eq!(total, 46, "NHEX moves in the four logs");
    assert!(agree > 0);
}
