//! Probes the outside dependencies of this crate's tests (crate `needs`): pbrain-figrid
//! (`tests/matches/figrid.rs`) and a tmpfs mount (`tests/guarantees.rs`, the full disk). A
//! test whose dependency is missing is built ignored, so `cargo test` names it and counts it;
//! `RETRO_REQUIRE_FIGRID=1` and `RETRO_REQUIRE_TMPFS=1` (set by `.ci/run` in CI) make a
//! missing one a failure instead.

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    needs::build_script(&["figrid", "tmpfs"]);
}
