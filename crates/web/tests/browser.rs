//! The pages end to end in a real browser: Debian's Chromium, driven by playwright-core from
//! the npm registry (`tests/browser/package.json`), against a server started here on
//! loopback. Each page's script `tests/browser/PAGE.mjs` registers its tests; one Node.js
//! process runs them all in one Chromium (`tests/browser/run.mjs`), each in a fresh browser
//! context, the first Rust test to get here starting it and each Rust test reading its own
//! result. Screenshots are kept in `target/browser-artifacts/`.
//!
//! Each test names what it needs (crate `needs`, looked at when the tests run): Chromium,
//! Node.js and `npm ci` done in `tests/browser`, the IPA Gothic font, and for HP BASIC and
//! DOS-M HP's software. A test whose need is missing is counted ignored, saying what to install;
//! with its `RETRO_REQUIRE_*` switch (set by `.ci/run`) it fails instead. With HP's software,
//! DOS-M's disc with TAM is made once in `target/browser-dosm-tam.dsk` and given to the server
//! (`RETRO_DOSM_IMAGE`).
//!
//! The test's server runs a machine's "fast" speed at up to 1,000 times real time
//! ([`web::Limits::max_speed`], 50 by default, [`limits`]): the pages' machines then wait on
//! the host rather than on paced emulated time (the loader's tape, HP BASIC's `PTAPE` and
//! `LIST` at the teleprinter's ten characters a second, the T3300-R's run to its halt), and
//! the scripts see the same paper, registers and tables sooner; no test measures a speed. The
//! scripts wait for what they check, never for a fixed time. Run alone on the 2-core machine
//! beside other builds, the binary took 23 s before (HP BASIC's `LIST 10` of LANDERPT alone
//! took 12 s at 50 times real time; the script now lists the program's last lines) and 11-16 s
//! after, most of it Chromium's own CPU for the 24 pages the scripts load side by side
//! (`docs/testing.md`, "Time of the test run").

use std::collections::HashMap;
use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

needs::tests! {
    #[needs("browser", "ipa-font")] index_page,
    #[needs("browser", "ipa-font")] every_page_fits_360_and_1280_pixels,
    #[needs("browser", "ipa-font")] a_client_holding_every_connection_it_can_leaves_the_pages_to_chromium,
    #[needs("browser", "ipa-font")] hp2100_page,
    #[needs("browser", "ipa-font")] hp2100_keyboard_bound_and_tab_stops,
    #[needs("browser", "ipa-font", "hp-software")] hp2100_basic,
    #[needs("browser", "ipa-font", "hp-software")] hp2100_dos_m,
    #[needs("browser", "ipa-font")] t3300_page,
    #[needs("browser", "ipa-font")] gomoku_page,
    #[needs("browser", "ipa-font")] quoridor_page,
}

/// The scripts, each registering the tests named in [`run`]'s output; the longest first,
/// as they all start at once and the browser opens their pages in turn.
const SCRIPTS: &[&str] = &[
    "t3300", "hp2100", "layout", "fair", "index", "gomoku", "quoridor",
];

fn here() -> PathBuf {
    needs::root().join("crates/web/tests/browser")
}

fn target() -> PathBuf {
    needs::root().join("target")
}

/// Whether HP's software is here now (the BASIC and DOS-M tests need it).
fn hp_software() -> bool {
    needs::need("hp-software").missing().is_none()
}

/// DOS-M's disc with TAM for the server, made once (with HP's software only).
fn dos_image() -> Option<PathBuf> {
    if !hp_software() {
        return None;
    }
    let image = target().join("browser-dosm-tam.dsk");
    let folder = hp2100_software::Folder::at(needs::folder("hp-software"));
    match nhex_hp2100::dos::prepare(&folder, &image) {
        Ok(_) => Some(image),
        Err(e) => panic!("DOS-M's disc for the browser tests: {e}"),
    }
}

/// The test server's limits: the defaults, but a machine's fast speed 1,000 times real time
/// (the file's note).
fn limits() -> web::Limits {
    web::Limits {
        max_speed: 1000.0,
        ..web::Limits::default()
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
            limits(),
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
            .env("RETRO_HP_SOFTWARE", flag(hp_software()))
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

/// The browser test `name`'s result (its needs checked before it runs).
fn browser_test(name: &str) {
    let results = run().as_ref().unwrap_or_else(|e| panic!("{e}"));
    let r = results
        .get(name)
        .unwrap_or_else(|| panic!("the browser test {name} did not run; ran: {results:?}"));
    assert!(r.starts_with("passed"), "the browser test {name} {r}");
}

fn index_page() {
    browser_test("index");
}

fn every_page_fits_360_and_1280_pixels() {
    browser_test("layout");
}

fn a_client_holding_every_connection_it_can_leaves_the_pages_to_chromium() {
    browser_test("fair");
}

fn hp2100_page() {
    browser_test("hp2100");
}

fn hp2100_keyboard_bound_and_tab_stops() {
    browser_test("hp2100-keys");
}

fn hp2100_basic() {
    browser_test("hp2100-basic");
}

fn hp2100_dos_m() {
    browser_test("hp2100-dos");
}

fn t3300_page() {
    browser_test("t3300");
}

fn gomoku_page() {
    browser_test("gomoku");
}

fn quoridor_page() {
    browser_test("quoridor");
}
