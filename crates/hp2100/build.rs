//! Looks for HP's diagnostic tapes ($HP2100_DIAG_DIR, else ../shared/hp2100-diagnostics beside
//! the checkout). Where they are found the tests that run them are built as ordinary tests
//! (cfg `hp_tapes`); elsewhere they are built `#[ignore]`d, so the test summary counts them as
//! ignored instead of passing them silently.

use std::path::PathBuf;

/// A file every tape folder has: the diagnostic configurator.
const CONFIGURATOR: &str = "24296-60001_DSN000200_DIAGNOSTIC_CONFIGURATOR.abin";

fn main() {
    println!("cargo::rustc-check-cfg=cfg(hp_tapes)");
    println!("cargo::rerun-if-env-changed=HP2100_DIAG_DIR");
    println!("cargo::rerun-if-changed=build.rs");
    let dir = std::env::var_os("HP2100_DIAG_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/hp2100-diagnostics")
        });
    let configurator = dir.join(CONFIGURATOR);
    if configurator.exists() {
        println!("cargo::rerun-if-changed={}", configurator.display());
        println!("cargo::rustc-cfg=hp_tapes");
    }
}
