//! The wait pass's exactness over DOS-M's whole generation and its boot (`exact_waits.rs` has
//! the rest): every instruction of the generation's 23 minutes of 2100A time executed one way
//! (about 5 s of host time on the project's machine, alone in its test binary), so it is run on
//! purpose, to keep the test run short:
//!
//! ```text
//! cargo test --release -p hp2100 --test exact_waits_whole -- --ignored
//! ```

#[allow(dead_code)] // each test binary uses part of the shared module
mod dofiles;
#[allow(dead_code)]
mod exact;

use exact::{both_ways, do_file, software};

#[test]
#[ignore = "slow (the whole DOS-M generation executed instruction by instruction, then with the pass): run with --ignored"]
fn dos_m_whole_generation_is_the_same_both_ways() {
    assert!(
        dofiles::software().join("dos-m").is_dir(),
        "needs HP's software in $HP2100_SOFTWARE_DIR or ../shared/hp2100-software"
    );
    both_ways(
        "dosm",
        &[
            (do_file("dosm-gen.do"), "dosm-gen", vec![software()]),
            (do_file("dosm-boot.do"), "dosm-boot", vec![software()]),
        ],
        |_| {},
    );
}
