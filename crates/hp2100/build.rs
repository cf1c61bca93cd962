//! Probes the outside dependencies of this crate's tests (crate `needs`): HP's diagnostic tapes
//! ($HP2100_DIAG_DIR, else ../shared/hp2100-diagnostics; cfg `with_hp_tapes`), HP's own
//! software ($HP2100_SOFTWARE_DIR, else ../shared/hp2100-software; cfg `with_hp_software`) and
//! SIMH's `hp2100` (cfg `with_simh`). A test whose dependency is missing is built ignored, so
//! `cargo test` names it and counts it; the `RETRO_REQUIRE_*` switches (set by `.ci/run` in CI)
//! make a missing one a failure instead.

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    needs::build_script(&["hp-tapes", "hp-software", "simh"]);
}
