//! Looks for HP's own software ($HP2100_SOFTWARE_DIR, else ../shared/hp2100-software beside the
//! checkout), whose sources and tapes the tests compare this assembler with. Where it is found
//! those tests are built as ordinary tests (cfg `hp_software`); elsewhere they are built
//! `#[ignore]`d, so the test summary counts them as ignored instead of passing them silently.
//! With `RETRO_REQUIRE_HP_TAPES=1` (set by `.ci/run` where the shared material is present) a
//! missing folder fails the build instead.

use std::path::PathBuf;

/// A file every software folder has: the Extended Assembler's source.
const PROBE: &str = "tools/extasmb.asm";

fn main() {
    println!("cargo::rustc-check-cfg=cfg(hp_software)");
    println!("cargo::rerun-if-env-changed=HP2100_SOFTWARE_DIR");
    println!("cargo::rerun-if-env-changed=RETRO_REQUIRE_HP_TAPES");
    println!("cargo::rerun-if-changed=build.rs");
    let dir = std::env::var_os("HP2100_SOFTWARE_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/hp2100-software")
        });
    let probe = dir.join(PROBE);
    if probe.exists() {
        println!("cargo::rerun-if-changed={}", probe.display());
        println!("cargo::rustc-cfg=hp_software");
    } else if std::env::var_os("RETRO_REQUIRE_HP_TAPES").is_some_and(|v| v == "1") {
        panic!(
            "RETRO_REQUIRE_HP_TAPES=1 but HP's software is not in {}",
            dir.display()
        );
    }
}
