//! The pages end to end in a real browser: Debian's Chromium, driven by playwright-core from
//! the npm registry (`tests/browser/package.json`), against a server started here on
//! loopback. Each page's script is `tests/browser/PAGE.mjs`; its screenshots are kept in
//! `target/browser-artifacts/`.
//!
//! A machine without Node.js, Chromium or `npm ci` done in `tests/browser` skips these
//! tests and says so on standard error, past the harness's capture; with
//! `RETRO_REQUIRE_BROWSER=1` (set by `.ci/run`) they fail instead.

use std::path::{Path, PathBuf};
use std::process::Command;

fn here() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser")
}

/// What is missing for the browser tests, if anything.
fn missing() -> Option<String> {
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    if !Path::new(&chromium).exists() {
        return Some(format!(
            "no Chromium at {chromium} (Debian package chromium)"
        ));
    }
    if Command::new("node").arg("--version").output().is_err() {
        return Some("no node on PATH".into());
    }
    if !here().join("node_modules/playwright-core").exists() {
        return Some(format!(
            "playwright-core not installed: npm ci in {}",
            here().display()
        ));
    }
    None
}

/// Run `tests/browser/PAGE.mjs` against a fresh server.
fn page_test(page: &str) {
    if let Some(why) = missing() {
        if std::env::var("RETRO_REQUIRE_BROWSER").as_deref() == Ok("1") {
            panic!("RETRO_REQUIRE_BROWSER=1 but {why}");
        }
        // Straight to standard error, past the test harness's capture, so the run shows it.
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr(),
            "SKIPPED the {page} page's browser test: {why} (apt-get install chromium \
             fonts-ipafont-gothic and npm ci in crates/web/tests/browser, as .ci/run does; \
             RETRO_REQUIRE_BROWSER=1 makes their absence a failure)"
        );
        return;
    }
    let server = web::Server::start(&web::ServeOptions::new(
        "127.0.0.1:0".parse().unwrap(),
        web::Limits::default(),
    ))
    .expect("the server starts on loopback");
    let artifacts = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/browser-artifacts");
    std::fs::create_dir_all(&artifacts).unwrap();
    let out = Command::new("node")
        .arg(here().join(format!("{page}.mjs")))
        .arg(format!("http://{}", server.addr()))
        .arg(&artifacts)
        .output()
        .expect("node runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.status.success(),
        "the {page} page's browser test failed:\n{text}"
    );
    drop(server);
}

#[test]
fn t3300_page() {
    page_test("t3300");
}

#[test]
fn gomoku_page() {
    page_test("gomoku");
}

#[test]
fn quoridor_page() {
    page_test("quoridor");
}

#[test]
fn hp2100_page() {
    page_test("hp2100");
}
