//! Looks for HP's own software ($HP2100_SOFTWARE_DIR, else ../shared/hp2100-software beside
//! the checkout). Where it is found the tests that run it are built as ordinary tests (cfg
//! `hp_software`); elsewhere they are built `#[ignore]`d, so the test summary counts them as
//! ignored instead of passing them silently. With `RETRO_REQUIRE_HP_TAPES=1` (set by `.ci/run`
//! where the shared material is present) missing software fails the build instead.

use std::path::PathBuf;

/// A file every software folder has: HP BASIC's unconfigured tape.
const BASIC: &str = "basic/hpbasic.abs";

fn main() {
    println!("cargo::rerun-if-env-changed=RETRO_REQUIRE_HP_TAPES");
    println!("cargo::rerun-if-env-changed=HP2100_SOFTWARE_DIR");
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rustc-check-cfg=cfg(hp_software)");
    let dir = std::env::var_os("HP2100_SOFTWARE_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/hp2100-software")
        });
    let file = dir.join(BASIC);
    if file.exists() {
        println!("cargo::rerun-if-changed={}", file.display());
        println!("cargo::rustc-cfg=hp_software");
    } else if std::env::var_os("RETRO_REQUIRE_HP_TAPES").is_some_and(|v| v == "1") {
        // CI beside the shared material: a folder that went missing is a failure there.
        panic!(
            "RETRO_REQUIRE_HP_TAPES=1 but HP's software tapes are not in {}",
            dir.display()
        );
    }
}
