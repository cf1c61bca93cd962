//! The pages end to end in a real browser: Debian's Chromium, driven by playwright-core from
//! the npm registry (`tests/browser/package.json`), against a server started here on
//! loopback. Each page's script `tests/browser/PAGE.mjs` registers its tests; one Node.js
//! process runs them all in one Chromium (`tests/browser/run.mjs`), each in a fresh browser
//! context, the first Rust test to get here starting it and each Rust test reading its own
//! result. Screenshots are kept in `target/browser-artifacts/`.
//!
//! A machine without Node.js, Chromium or `npm ci` done in `tests/browser` skips these
//! tests and says so on standard error, past the harness's capture; with
//! `RETRO_REQUIRE_BROWSER=1` (set by `.ci/run`) they fail instead. The tests of HP BASIC and
//! DOS-M need HP's software (`build.rs`, cfg `with_hp_software`): without it they are skipped
//! and say so, and with `RETRO_REQUIRE_HP_TAPES=1` fail instead. With it, DOS-M's disc with
//! TAM is made once in `target/browser-dosm-tam.dsk` and given to the server
//! (`RETRO_DOSM_IMAGE`).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// The scripts, each registering the tests named in [`run`]'s output.
const SCRIPTS: &[&str] = &[
    "index", "layout", "fair", "hp2100", "t3300", "gomoku", "quoridor",
];

fn here() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser")
}

fn target() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target")
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

/// Say `what` was skipped and why, past the harness's capture.
fn skipped(what: &str, why: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "SKIPPED {what}: {why}");
}

/// DOS-M's disc with TAM for the server, made once (with HP's software only).
fn dos_image() -> Option<PathBuf> {
    if !cfg!(with_hp_software) {
        return None;
    }
    let image = target().join("browser-dosm-tam.dsk");
    let folder = hp2100_software::Folder::find(None);
    match nhex_hp2100::dos::prepare(&folder, &image) {
        Ok(_) => Some(image),
        Err(e) => panic!("DOS-M's disc for the browser tests: {e}"),
    }
}

/// Every test's result by name (`passed ...`, `skipped: ...` or `failed: ...`), or why none
/// ran; the scripts run once for all the Rust tests.
fn run() -> &'static Result<HashMap<String, String>, String> {
    static RESULTS: OnceLock<Result<HashMap<String, String>, String>> = OnceLock::new();
    RESULTS.get_or_init(|| {
        let image = dos_image();
        if let Some(i) = &image {
            // Read by the HP 2100A page's sessions (`nhex_hp2100::dos::default_image`); set
            // before the server starts, while no session runs.
            std::env::set_var("RETRO_DOSM_IMAGE", i);
        }
        let server = web::Server::start(&web::ServeOptions::new(
            "127.0.0.1:0".parse().unwrap(),
            web::Limits::default(),
        ))
        .map_err(|e| format!("the server did not start: {e}"))?;
        let artifacts = target().join("browser-artifacts");
        std::fs::create_dir_all(&artifacts).map_err(|e| e.to_string())?;
        let flag = |on: bool| if on { "1" } else { "0" };
        let out = Command::new("node")
            .arg(here().join("run.mjs"))
            .arg(format!("http://{}", server.addr()))
            .arg(&artifacts)
            .args(SCRIPTS)
            .env("RETRO_HP_SOFTWARE", flag(cfg!(with_hp_software)))
            .env("RETRO_DOSM_READY", flag(image.is_some()))
            .output()
            .map_err(|e| format!("node did not run: {e}"))?;
        drop(server);
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        let results: HashMap<String, String> = text
            .lines()
            .filter_map(|l| l.strip_prefix("RESULT "))
            .filter_map(|l| l.split_once(' '))
            .map(|(name, r)| (name.to_string(), r.replace("\\n", "\n")))
            .collect();
        if results.is_empty() {
            return Err(format!(
                "no test ran:\n{text}{}",
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        Ok(results)
    })
}

/// The browser test `name`'s result: a failure fails, a skip says why.
fn browser_test(name: &str) {
    if let Some(why) = missing() {
        if std::env::var("RETRO_REQUIRE_BROWSER").as_deref() == Ok("1") {
            panic!("RETRO_REQUIRE_BROWSER=1 but {why}");
        }
        skipped(
            &format!("the {name} browser test"),
            &format!(
                "{why} (apt-get install chromium fonts-ipafont-gothic and npm ci in \
                 crates/web/tests/browser, as .ci/run does; RETRO_REQUIRE_BROWSER=1 makes their \
                 absence a failure)"
            ),
        );
        return;
    }
    let results = run().as_ref().unwrap_or_else(|e| panic!("{e}"));
    let r = results
        .get(name)
        .unwrap_or_else(|| panic!("the browser test {name} did not run; ran: {results:?}"));
    if let Some(why) = r.strip_prefix("skipped: ") {
        if std::env::var("RETRO_REQUIRE_HP_TAPES").as_deref() == Ok("1") {
            panic!("RETRO_REQUIRE_HP_TAPES=1 but the browser test {name} was skipped: {why}");
        }
        skipped(&format!("the {name} browser test"), why);
        return;
    }
    assert!(r.starts_with("passed"), "the browser test {name} {r}");
}

#[test]
fn index_page() {
    browser_test("index");
}

#[test]
fn every_page_fits_360_and_1280_pixels() {
    browser_test("layout");
}

#[test]
fn a_client_holding_every_connection_it_can_leaves_the_pages_to_chromium() {
    browser_test("fair");
}

#[test]
fn hp2100_page() {
    browser_test("hp2100");
}

#[test]
fn hp2100_keyboard_bound_and_tab_stops() {
    browser_test("hp2100-keys");
}

#[test]
fn hp2100_basic() {
    browser_test("hp2100-basic");
}

#[test]
fn hp2100_dos_m() {
    browser_test("hp2100-dos");
}

#[test]
fn t3300_page() {
    browser_test("t3300");
}

#[test]
fn gomoku_page() {
    browser_test("gomoku");
}

#[test]
fn quoridor_page() {
    browser_test("quoridor");
}
