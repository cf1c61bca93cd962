//! HP BASIC on our 2100A against SIMH: each do-file in `tests/simh/` was run once on Open SIMH
//! 4 (provenance in `tests/simh/README.md`) and what SIMH's teletype printed is kept beside it
//! as `NAME.simh4.txt`. Here the same do-file's `send`/`expect` steps drive our machine
//! (`hp2100_software::dialogue`), BASIC prepared on our machine by HP's Prepare, and the
//! teletype's bytes must be the same, CR and LF included.
//!
//! HP's tapes are not part of the project: they are read from `$HP2100_SOFTWARE_DIR`, else
//! `../shared/hp2100-software` beside the checkout; without them (checked when the tests
//! run, crate `needs`) the tests report themselves ignored, and the test summary counts them.

use hp2100::panel::Limit;
use hp2100_software::basic::{self, program_tape};
use hp2100_software::dialogue::{self, Dialogue};
use hp2100_software::keyboard::Keyboard;
use hp2100_software::Folder;
use std::path::{Path, PathBuf};
use teletype::Scripted;

fn here() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/simh")
}

needs::tests! {
    #[needs("hp-software")] commands_typed_at_basic_print_as_on_simh,
    #[needs("hp-software")] prepare_asks_and_punches_as_on_simh,
    #[needs("hp-software")] golf_draws_the_same_shots_as_on_simh,
    #[needs("hp-software")] lunar_lander_draws_the_same_start_as_on_simh,
    #[needs("hp-software")] beasti_places_the_same_beasts_as_on_simh,
    #[needs("hp-software")] othello_breaks_ties_as_on_simh,
    #[needs("hp-software")] gomoku_answers_as_on_simh,
    #[needs("hp-software")] tty_trek_draws_the_same_galaxy_as_on_simh,
}

fn folder() -> Folder {
    Folder::at(needs::folder("hp-software"))
}

/// The do-file's steps, and the program tape it attaches (`%2/...`: the software folder).
fn session(name: &str) -> (Vec<dialogue::Step>, Option<Vec<u8>>, Vec<u8>) {
    let file = here().join(format!("{name}.do"));
    let text = std::fs::read_to_string(&file).unwrap();
    let steps = dialogue::steps(&file.display().to_string(), &text).unwrap();
    let tapes: Vec<String> = steps
        .iter()
        .filter_map(|s| match s {
            dialogue::Step::AttachPtr(f) if f != "%1" => Some(f.clone()),
            _ => None,
        })
        .collect();
    assert!(tapes.len() <= 1, "{name}: one program tape a session");
    let program = tapes.first().map(|t| {
        let rel = t
            .strip_prefix("%2/")
            .expect("a program from the software folder");
        program_tape(&std::fs::read(folder().path(rel)).unwrap())
    });
    let simh = std::fs::read(here().join(format!("{name}.simh4.txt"))).unwrap();
    (steps, program, simh)
}

/// What SIMH's console shows of the teletype's characters in its default `UC` mode (SIMH 4
/// `sim_console.c`, `sim_tt_outcvt` with `sim_tt_pchar` 0x2780): the printing characters and
/// BEL, BS, HT, LF, CR; NUL, RUBOUT and the other controls leave no mark, as on the paper.
fn console(printed: &[u8]) -> Vec<u8> {
    printed
        .iter()
        .map(|&c| c & 0x7f)
        .filter(|&c| (0x20..0x7f).contains(&c) || matches!(c, 7..=10 | 13))
        .collect()
}

/// Show both texts where they part (ours as SIMH's console shows it).
fn same(name: &str, ours: &[u8], simh: &[u8]) {
    let ours = &console(ours)[..];
    if ours != simh {
        let at = ours.iter().zip(simh).take_while(|(a, b)| a == b).count();
        let from = at.saturating_sub(200);
        panic!(
            "{name}: ours and SIMH's part at byte {at}\n--- ours:\n{}\n--- SIMH:\n{}",
            String::from_utf8_lossy(&ours[from..(at + 200).min(ours.len())]),
            String::from_utf8_lossy(&simh[from..(at + 200).min(simh.len())])
        );
    }
}

/// Play the do-file on ours with its exact steps.
fn compare(name: &str) {
    let (steps, program, simh) = session(name);
    let tape = basic::configured(&folder()).unwrap();
    let dialogue = Dialogue::new(steps.clone());
    let (s, d) =
        basic::session(&tape, program.clone(), dialogue, Limit::seconds(36_000.0)).unwrap();
    assert!(
        d.done(),
        "{name}: stopped with {} before the last step",
        s.stop
    );
    same(name, d.matched_output(), &simh);
    // The same keys as lines from a file, held until BASIC asks, as `retro hp2100 basic
    // --input` types them: the same paper up to the last expected text.
    let mut lines = String::new();
    let mut ptape = false;
    for s in &steps {
        if let dialogue::Step::Send(t) = s {
            if t == "PTAPE\r" && program.is_some() && !ptape {
                ptape = true;
                continue;
            }
            lines.push_str(t.trim_end_matches('\r'));
            lines.push('\n');
        }
    }
    let keys = teletype::Transcript::new(Scripted::from_lines(&lines));
    let kb = Keyboard::new(keys, true, ptape);
    let (_, kb) = basic::session(&tape, program, kb, Limit::seconds(36_000.0)).unwrap();
    let printed: Vec<u8> = kb
        .inner()
        .printed()
        .iter()
        .map(|&(_, c)| c & 0x7f)
        .collect();
    let printed = console(&printed);
    assert!(
        printed.len() >= simh.len(),
        "{name} (--input): the paper is short:\n{}",
        String::from_utf8_lossy(&printed)
    );
    same(&format!("{name} (--input)"), &printed[..simh.len()], &simh);
}

fn commands_typed_at_basic_print_as_on_simh() {
    compare("commands");
}

/// FNV-1a, 64 bits: the configured tape's fingerprint (`tests/simh/prepare.tape.txt`).
fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

fn prepare_asks_and_punches_as_on_simh() {
    let p = hp2100_software::prepare::prepare(&folder()).unwrap();
    let simh = std::fs::read(here().join("prepare.simh4.txt")).unwrap();
    same("prepare", &p.printed, &simh);
    let want = std::fs::read_to_string(here().join("prepare.tape.txt")).unwrap();
    let field = |k: &str| {
        want.lines()
            .find_map(|l| l.strip_prefix(k))
            .map(str::trim)
            .unwrap()
            .to_string()
    };
    assert_eq!(p.tape.len().to_string(), field("frames "));
    assert_eq!(format!("{:016x}", fnv1a64(&p.tape)), field("fnv1a64 "));
    // About 234 s of 2100A time, most of it the punch at 75 frames a second.
    assert!((200.0..300.0).contains(&p.seconds), "{}", p.seconds);
}

macro_rules! sessions {
    ($($test:ident: $name:literal;)*) => {$(
        fn $test() {
            compare($name);
        }
    )*};
}

sessions! {
    golf_draws_the_same_shots_as_on_simh: "golf";
    lunar_lander_draws_the_same_start_as_on_simh: "lander";
    beasti_places_the_same_beasts_as_on_simh: "beasti";
    othello_breaks_ties_as_on_simh: "othello";
    gomoku_answers_as_on_simh: "gomoku";
    tty_trek_draws_the_same_galaxy_as_on_simh: "ttytrek";
}
