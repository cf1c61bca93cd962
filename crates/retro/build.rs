//! Probes the outside dependencies of this crate's tests (crate `needs`): Slurm and munge
//! (`tests/slurm.rs`), util-linux's `script` (`tests/console_terminal.rs`) and `setpriv`
//! (`tests/referee_kill_cli.rs`), `/dev/full` (`tests/output_cli.rs`) HP's diagnostic tapes (`tests/readme_cli.rs`) and HP's software (`retro hp2100 basic` in
//! `tests/output_cli.rs`). A test whose
//! dependency is missing is built ignored, so `cargo test` names it and counts it; the
//! `RETRO_REQUIRE_*` switches (set by `.ci/run` in CI) make a missing one a failure instead.

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    needs::build_script(&[
        "slurm",
        "script",
        "setpriv",
        "dev-full",
        "hp-tapes",
        "hp-software",
    ]);
}
