//! End-to-end matches through the dohyo, in one test binary so that they run side by side
//! (cargo runs the tests of one binary in parallel, the binaries one after another): the
//! engine matches compute while the misbehaving programs' matches wait on their timeouts.
//!
//! * `engines`: our `search` beats `eval` in each protocol;
//! * `misbehaving`: misbehaving programs are adjudicated and leave no process behind.
//!
//! The match against the outside engine pbrain-figrid is `tests/figrid.rs`.
//!
//! One group alone: `cargo test --release -p dohyo --test matches engines -- --nocapture`.
//! Each match writes under a folder of its own in cargo's temporary folder, so they cannot
//! collide.

mod engines;
mod misbehaving;

/// A number from the environment variable `name` (a measurement's override), else `default`.
fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}
