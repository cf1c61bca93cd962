//! Looks for HP's diagnostic tapes ($HP2100_DIAG_DIR, else ../shared/hp2100-diagnostics beside
//! the checkout) and HP's own software ($HP2100_SOFTWARE_DIR, else ../shared/hp2100-software).
//! Where they are found the tests that run them are built as ordinary tests (cfg `hp_tapes`,
//! `hp_software`); elsewhere they are built `#[ignore]`d, so the test summary counts them as
//! ignored instead of passing them silently. With `RETRO_REQUIRE_HP_TAPES=1` (set by `.ci/run`
//! where the shared material is present) missing tapes fail the build instead. SIMH's `hp2100`
//! is probed the same way (cfg `with_simh`, required by `RETRO_REQUIRE_SIMH=1`; crate `needs`).

use std::path::PathBuf;

/// A file every diagnostic tape folder has: the diagnostic configurator.
const CONFIGURATOR: &str = "24296-60001_DSN000200_DIAGNOSTIC_CONFIGURATOR.abin";
/// A file every software folder has: HP BASIC's unconfigured tape.
const BASIC: &str = "basic/hpbasic.abs";

/// Sets `cfg` when `dir/probe` exists; fails the build when it does not and CI requires it.
fn look(var: &str, default: &str, probe: &str, cfg: &str, what: &str) {
    println!("cargo::rustc-check-cfg=cfg({cfg})");
    println!("cargo::rerun-if-env-changed={var}");
    let dir = std::env::var_os(var)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(default));
    let file = dir.join(probe);
    if file.exists() {
        println!("cargo::rerun-if-changed={}", file.display());
        println!("cargo::rustc-cfg={cfg}");
    } else if std::env::var_os("RETRO_REQUIRE_HP_TAPES").is_some_and(|v| v == "1") {
        // CI beside the shared material: a folder that went missing is a failure there.
        panic!(
            "RETRO_REQUIRE_HP_TAPES=1 but {what} are not in {}",
            dir.display()
        );
    }
}

fn main() {
    println!("cargo::rerun-if-env-changed=RETRO_REQUIRE_HP_TAPES");
    println!("cargo::rerun-if-changed=build.rs");
    look(
        "HP2100_DIAG_DIR",
        "../../../shared/hp2100-diagnostics",
        CONFIGURATOR,
        "hp_tapes",
        "HP's diagnostic tapes",
    );
    look(
        "HP2100_SOFTWARE_DIR",
        "../../../shared/hp2100-software",
        BASIC,
        "hp_software",
        "HP's software tapes",
    );
    needs::build_script(&["simh"]);
}
