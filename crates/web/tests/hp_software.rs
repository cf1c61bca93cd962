//! The HP 2100A page's session with HP's own software, driven as the page drives it (its
//! messages, its frames), without a socket or a browser: HP BASIC prepared, booted and reading
//! a program of the list, and DOS-M booted from the front panel running TAM.
//!
//! HP's software is checked when the tests run (crate `needs`): without it they report
//! themselves ignored, naming what to install; `RETRO_REQUIRE_HP_TAPES=1` (set by `.ci/run` in
//! CI) makes its absence a failure. DOS-M's disc with TAM is made once in
//! `target/web-dosm-tam.dsk` (`nhex_hp2100::dos::prepare`, which keeps a disc already made) and
//! given to the sessions by `RETRO_DOSM_IMAGE`, set before any session opens.

use serde_json::{json, Value};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, OnceLock};
use std::time::Duration;
use web::discs::Discs;
use web::tab::{Env, Outbox, Session};
use web::Limits;

needs::tests! {
    #[needs("hp-software")] basic_is_prepared_booted_and_reads_a_program_of_the_list,
    #[needs("hp-software")] the_front_panel_boots_dos_m_and_tam_runs,
}

/// DOS-M's disc with TAM, made once, and `RETRO_DOSM_IMAGE` naming it: every test calls this
/// before it opens a session, so the variable is set before any session reads it.
fn dos_image() -> &'static PathBuf {
    static IMAGE: OnceLock<PathBuf> = OnceLock::new();
    IMAGE.get_or_init(|| {
        let image = needs::root().join("target/web-dosm-tam.dsk");
        let folder = hp2100_software::Folder::at(needs::folder("hp-software"));
        nhex_hp2100::dos::prepare(&folder, &image)
            .unwrap_or_else(|e| panic!("DOS-M's disc for the page's tests: {e}"));
        std::env::set_var("RETRO_DOSM_IMAGE", &image);
        image
    })
}

/// A tab's HP 2100A, with the server's folder of discs `discs`.
struct Tab {
    s: Box<dyn Session>,
    /// The paper as the page has it: every `paper` event's text, `\r` dropped.
    paper: String,
}

impl Tab {
    fn open(discs: Option<Arc<Discs>>) -> Tab {
        dos_image();
        let env = Env {
            limits: Limits::default(),
            stop: Arc::new(AtomicBool::new(false)),
            discs,
        };
        let page = web::pages::find("hp2100").expect("the HP 2100A page");
        Tab {
            s: (page.open)(&env),
            paper: String::new(),
        }
    }

    /// The events of `events`, their paper kept.
    fn keep(&mut self, events: Vec<Value>) -> Vec<Value> {
        for e in &events {
            if e["ev"] == "paper" {
                if e["fresh"] == true {
                    self.paper.clear();
                }
                self.paper
                    .push_str(&e["text"].as_str().unwrap_or("").replace('\r', ""));
            }
        }
        events
    }

    /// Send `msg`; the events it gave, or the session's refusal.
    fn send(&mut self, msg: Value) -> Result<Vec<Value>, String> {
        let mut out = Outbox::default();
        self.s.message(&msg, &mut out)?;
        Ok(self.keep(out.take()))
    }

    /// The console's answer to `line`.
    fn console(&mut self, line: &str) -> String {
        self.send(json!({"op": "console", "line": line}))
            .unwrap()
            .iter()
            .filter(|e| e["ev"] == "console")
            .filter_map(|e| e["text"].as_str().map(String::from))
            .collect()
    }

    /// The first event named `ev` that `msg` gave.
    fn event(&mut self, msg: Value, ev: &str) -> Value {
        let events = self.send(msg).unwrap();
        events
            .into_iter()
            .find(|e| e["ev"] == ev)
            .unwrap_or_else(|| panic!("no {ev} event"))
    }

    /// Run frames of 100 ms (the machine's time, at the page's fast speed) until `done` holds
    /// of the paper, the machine stops or `frames` pass (the test's run limit); the paper.
    fn run_until(&mut self, frames: usize, done: impl Fn(&str) -> bool) -> String {
        for _ in 0..frames {
            if done(&self.paper) || !self.s.running() {
                break;
            }
            let mut out = Outbox::default();
            self.s.tick(Duration::from_millis(100), &mut out);
            self.keep(out.take());
        }
        self.paper.clone()
    }
}

fn basic_is_prepared_booted_and_reads_a_program_of_the_list() {
    let mut s = Tab::open(None);
    let ev = s.event(json!({"op": "hello"}), "basic");
    assert_eq!(ev["ready"], true, "{ev}");
    assert!(
        ev["programs"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p == "GOLFPT"),
        "{ev}"
    );
    // A program is read only once BASIC runs; a name not in the list is refused, as is a path.
    assert!(s.send(json!({"op": "program", "name": "GOLFPT"})).is_err());
    s.send(json!({"op": "speed", "fast": true})).unwrap();
    s.send(json!({"op": "basic"})).unwrap();
    let paper = s.run_until(3000, |p| p.contains("READY"));
    assert!(paper.contains("READY"), "{paper}");
    for bad in ["../../etc/passwd", "GOLFPT.txt", "/GOLFPT", ""] {
        let e = s.send(json!({"op": "program", "name": bad})).unwrap_err();
        assert!(e.contains("no program"), "{e}");
    }
    s.send(json!({"op": "program", "name": "LANDERPT"}))
        .unwrap();
    let paper = s.run_until(6000, |p| p.matches("READY").count() >= 2);
    assert!(paper.contains("PTAPE"), "{paper}");
    assert_eq!(paper.matches("READY").count(), 2, "{paper}");
    s.send(json!({"op": "key", "text": "LIST\r"})).unwrap();
    let paper = s.run_until(3000, |p| p.matches("READY").count() >= 3);
    assert!(paper.contains("LIST"), "{paper}");
    assert!(
        paper.lines().filter(|l| l.starts_with("10 ")).count() >= 1,
        "{paper}"
    );
}

fn the_front_panel_boots_dos_m_and_tam_runs() {
    let dir = std::env::temp_dir().join(format!("web-dosm-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let discs = Discs::create_in(&dir).unwrap();
    let mut s = Tab::open(Some(discs.clone()));
    let panel = s.event(json!({"op": "hello"}), "panel");
    assert_eq!(panel["dos"], true, "{panel}");
    s.send(json!({"op": "speed", "fast": true})).unwrap();
    s.send(json!({"op": "boot_dos"})).unwrap();
    for (prompts, line) in (1..).zip([":DATE,8MARCH1975\r", ":JOB\r", ":RUN,TAM\r"]) {
        let paper = s.run_until(3000, |p| p.matches('@').count() >= prompts);
        assert_eq!(paper.matches('@').count(), prompts, "{paper}");
        s.send(json!({"op": "key", "text": line})).unwrap();
    }
    let paper = s.run_until(3000, |p| p.contains("KEY-IN SEYO"));
    assert!(paper.starts_with("INPUT :DATE,XXXXXXXXXX,H,M"), "{paper}");
    assert!(
        paper.contains(":RUN,TAM\nHEX O HAJIMEMASU\n2-KETA NO KAZU O KEY-IN SEYO"),
        "{paper}"
    );
    // The disc shows by a name of its own, not the host's path.
    let shown = s.console("show dpc");
    assert!(shown.contains("DOSM.DSK"), "{shown}");
    let host = discs.dir().display().to_string();
    assert!(!shown.contains(&host) && !shown.contains("/tmp"), "{shown}");
    // A boot again boots the tab's disc again: one file, the same one.
    let files = || -> Vec<u64> {
        use std::os::unix::fs::MetadataExt;
        std::fs::read_dir(discs.dir())
            .unwrap()
            .map(|e| e.unwrap().metadata().unwrap().ino())
            .collect()
    };
    let first = files();
    assert_eq!(first.len(), 1, "the tab's disc");
    for _ in 0..5 {
        s.send(json!({"op": "boot_dos"})).unwrap();
    }
    assert_eq!(files(), first);
    let paper = s.run_until(3000, |p| p.matches('@').count() >= 4);
    assert!(paper.matches('@').count() >= 4, "{paper}");
    drop(s);
    assert_eq!(files(), Vec::<u64>::new(), "the disc goes with the session");
    drop(discs);
    std::fs::remove_dir_all(&dir).ok();
}
