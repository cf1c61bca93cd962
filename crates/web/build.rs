//! Probes HP's own software, from whose tapes the HP 2100A page's DOS-M test generates its disc
//! ($HP2100_SOFTWARE_DIR, else ../shared/hp2100-software; crate `needs`, cfg
//! `with_hp_software`). Without it those tests are built ignored, so `cargo test` names them
//! and counts them; `RETRO_REQUIRE_HP_TAPES=1` (set by `.ci/run` in CI beside ../shared) makes
//! its absence a failure instead.

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    needs::build_script(&["hp-software"]);
}
