//! What the test files share: the classifier's punched tape (LGM's classification), made once
//! per test binary.

use lgame_t3300::classifier::{self, Options};
use std::sync::OnceLock;

pub fn tape() -> &'static Vec<u8> {
    static TAPE: OnceLock<Vec<u8>> = OnceLock::new();
    TAPE.get_or_init(|| {
        classifier::run_quietly(Options {
            fast_io: true,
            ..Options::default()
        })
        .expect("the classifier runs")
        .tape
    })
}
