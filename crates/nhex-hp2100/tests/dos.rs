//! NHEX as DOS-M program TAM (`nhex_hp2100::dos`): DOS-M generated from HP's tapes, TAM's
//! source stored, assembled by HP's assembler and loaded under DOS-M on our 2100A, as Open SIMH
//! 4 does with the same do-files (`tests/simh/dosm-tam.simh4.txt`); then the four public logs
//! replayed through DOS-M give the paper the tape's NHEX gives, every reply in under 5 s of
//! 2100A time. HP's tapes come from `$HP2100_SOFTWARE_DIR`, else `../shared/hp2100-software`;
//! without them (checked when the tests run, crate `needs`) the tests report themselves
//! ignored.

#[allow(dead_code)]
#[path = "../../hp2100/tests/dofiles/mod.rs"]
mod dofiles;

use hp2100::panel::Limit;
use hp2100_software::Folder;
use nhex_hp2100::{dos, MoveClock};
use std::path::PathBuf;
use std::sync::OnceLock;
use std::time::Duration;
use teletype::{Scripted, Transcript};

needs::tests! {
    #[needs("hp-software")] tam_is_assembled_loaded_and_run_under_dos_m_as_on_simh,
    #[needs("hp-software")] the_four_logs_through_dos_m_give_the_tapes_paper_in_under_5_s_a_reply,
}

/// Host time the making of the image may take (DOS-M generated and TAM loaded: about 80 s on
/// a loaded 2-core machine): `dos::prepare` runs its do-files with no run limit, so a device
/// bug that makes DOS-M wait would hang the test without this bound (the do-files' module,
/// note 2).
const PREPARE_BOUND: Duration = Duration::from_secs(600);

/// The image with TAM, made once for the test binary, and the teletype text of `dosm-tam.do`.
fn image() -> &'static (PathBuf, String) {
    static I: OnceLock<(PathBuf, String)> = OnceLock::new();
    I.get_or_init(|| {
        let watchdog = dofiles::Watchdog::start("nhex-hp2100 --test dos", PREPARE_BOUND);
        watchdog
            .at("dos::prepare: DOS-M generated from HP's tapes, TAM stored, assembled and loaded");
        let dir = std::env::temp_dir().join(format!("nhex-dos-{}", std::process::id()));
        let image = dir.join("tam.dsk");
        let papers = dos::prepare(&Folder::at(dofiles::software()), &image)
            .unwrap_or_else(|e| panic!("{e}"))
            .expect("a new image");
        (image, papers.step)
    })
}

fn tam_is_assembled_loaded_and_run_under_dos_m_as_on_simh() {
    let (_, paper) = image();
    assert!(paper.contains("**  NO ERRORS*"), "{paper}");
    assert!(paper.contains("TAM        07000"), "{paper}");
    assert!(
        paper.contains(":RUN,TAM\r\nHEX O HAJIMEMASU\r\n"),
        "{paper}"
    );
    assert_eq!(
        dofiles::without_job_seconds(paper),
        dofiles::without_job_seconds(&dofiles::simh_teletype("dosm-tam")),
        "dosm-tam.do: ours, SIMH's"
    );
}

/// The operator's lines of a log (`> ` lines), without the `:RUN,TAM` the session types.
fn typed_lines(log: &str) -> String {
    log.lines()
        .filter_map(|l| l.strip_prefix("> "))
        .filter(|l| !l.replace(' ', "").eq_ignore_ascii_case(":RUN,TAM"))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// The paper from `HEX O HAJIMEMASU` to the last line NHEX printed (DOS-M's blank line and
/// `@` after TAM ends are left out).
fn dialogue(paper: &str) -> String {
    let from = paper.find("HEX O HAJIMEMASU").expect("NHEX's first line");
    let rest = &paper[from..];
    match rest.find("\n@") {
        Some(at) => format!("{}\n", rest[..at].trim_end_matches('\n')),
        None => rest.to_string(),
    }
}

fn the_four_logs_through_dos_m_give_the_tapes_paper_in_under_5_s_a_reply() {
    let (image, _) = image();
    let folder = Folder::at(dofiles::software());
    let logs = nhex_hp2100::rom::repo_root().join("tests/nhex");
    for name in [
        "tokai-1975-game1.txt",
        "tokai-1975-game2.txt",
        "example-1.txt",
        "example-2.txt",
    ] {
        let log = std::fs::read_to_string(logs.join(name)).expect(name);
        let input = typed_lines(&log);
        let limit = Limit::seconds(4.0 * 3600.0);
        let host = MoveClock::new(Transcript::new(Scripted::from_lines(&input)));
        let (s, clock) = dos::play(&folder, image, host, limit).unwrap();
        assert!(
            matches!(s.stop, hp2100::Stop::InputExhausted { .. }),
            "{name}: {}",
            s.stop
        );
        let paper = clock.inner().paper();
        assert!(
            paper.starts_with("INPUT :DATE,XXXXXXXXXX,H,M"),
            "{name}: {paper}"
        );
        assert!(
            paper.contains(":RUN,TAM\nHEX O HAJIMEMASU"),
            "{name}: {paper}"
        );
        let tape_host = Transcript::new(Scripted::from_lines(&input));
        let (t, tape) = nhex_hp2100::play(tape_host, limit).unwrap();
        assert!(
            t.ended_well(nhex_hp2100::tape::HALT_DONE),
            "{name}: the tape's session ended with {}",
            t.stop
        );
        assert_eq!(
            dialogue(&paper),
            tape.paper(),
            "{name}: TAM's paper, the tape's"
        );
        let moves = host_moves(&paper);
        assert!(moves > 0, "{name}");
        let worst = clock
            .moves()
            .iter()
            .map(|m| m.nanos as f64 / 1e9)
            .fold(0.0, f64::max);
        assert!(worst < 5.0, "{name}: a reply took {worst} s of 2100A time");
        eprintln!("{name}: {moves} replies through DOS-M, the longest {worst:.2} s of 2100A time");
    }
}

fn host_moves(paper: &str) -> usize {
    paper.matches("WATASHI NO TE ").count()
}
