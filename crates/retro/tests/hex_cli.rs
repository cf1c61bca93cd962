//! `retro hex play` and `retro hex replay` as a user runs them: the HP 2100A program and the
//! native reference give the same session and the same replay.

mod common;

use common::{retro, retro_stdin, root, tmp};

#[test]
fn the_machine_and_the_reference_play_the_same_session() {
    let input = tmp("in");
    std::fs::write(&input, "12\n00\n0404\n0505\nzz\n0404\n0906\n0303\n").unwrap();
    let (machine, native) = (tmp("machine.paper"), tmp("native.paper"));
    let (status, _, err) = retro(&[
        "hex",
        "play",
        "--input",
        input.to_str().unwrap(),
        "--transcript",
        machine.to_str().unwrap(),
        "--stats",
    ]);
    assert_eq!(status, 0, "{err}");
    let (status, _, err) = retro(&[
        "hex",
        "play",
        "--native",
        "--input",
        input.to_str().unwrap(),
        "--transcript",
        native.to_str().unwrap(),
    ]);
    assert_eq!(status, 0, "{err}");
    let m = std::fs::read_to_string(&machine).unwrap();
    assert!(
        m.starts_with("HEX O HAJIMEMASU\n2-KETA NO KAZU O KEY-IN SEYO\n"),
        "{m}"
    );
    assert!(m.contains("MOICHIDO TADASHIKU KEY-IN SEYO"), "{m}");
    assert!(m.contains("SOKO WA SUDENI UTARETE IMAS"), "{m}");
    assert_eq!(m, std::fs::read_to_string(&native).unwrap());
    for f in [input, machine, native] {
        std::fs::remove_file(f).ok();
    }
}

#[test]
fn replay_on_the_machine_reports_as_the_reference_does() {
    let logs: Vec<String> = std::fs::read_dir(root().join("tests/nhex"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .map(|p| p.strip_prefix(root()).unwrap().display().to_string())
        .collect();
    assert_eq!(logs.len(), 4, "{logs:?}");
    let mut args = vec!["hex", "replay"];
    args.extend(logs.iter().map(String::as_str));
    let (status, native, err) = retro(&args);
    assert_eq!(status, 0, "{err}");
    args.push("--machine");
    let (status, machine, err) = retro(&args);
    assert_eq!(status, 0, "{err}");
    assert_eq!(machine, native);
    assert!(
        machine
            .trim_end()
            .lines()
            .last()
            .unwrap()
            .starts_with("agreement: "),
        "{machine}"
    );
}

#[test]
fn replay_errors_go_to_standard_error_and_a_file_with_no_game_fails() {
    let empty = tmp("nogame.txt");
    std::fs::write(
        &empty,
        "HEX O HAJIMEMASU\n2-KETA NO KAZU O KEY-IN SEYO\n> 12\n",
    )
    .unwrap();
    let (status, out, err) = retro(&["hex", "replay", empty.to_str().unwrap()]);
    assert_eq!(status, 1, "{out}{err}");
    assert!(err.contains("nogame.txt: no game in this log"), "{err}");
    assert!(err.contains("no game was replayed"), "{err}");
    assert!(!out.contains("no game"), "{out}");

    // A log that goes on after the declared win: the first move after it is named.
    let log = std::fs::read_to_string(root().join("tests/nhex/example-1.txt")).unwrap();
    let result = log.lines().position(|l| l == "?ANATA NO KACHI").unwrap() + 1;
    let more = log.replace("?ANATA NO KACHI\n", "?ANATA NO KACHI\nWATASHI NO TE 0101\n");
    let after = tmp("after-win.txt");
    std::fs::write(&after, more).unwrap();
    let (status, out, err) = retro(&["hex", "replay", after.to_str().unwrap()]);
    assert_eq!(status, 1, "{out}{err}");
    let want = format!(
        "game 1: ILLEGAL: line {}: move 28 (Nhex 0101): the game was already over: ?ANATA NO KACHI declared on line {result}",
        result + 1
    );
    assert!(err.contains(&want), "want {want}\n{err}");
    assert!(
        out.contains("ILLEGAL: not replayed") && !out.contains("already over"),
        "{out}"
    );
    for f in [empty, after] {
        std::fs::remove_file(f).ok();
    }
}

/// A newcomer's game: Ctrl-D ends it cleanly, `--board` draws beside the paper without
/// touching it, and the transcript replays, with every NHEX move agreeing (the same engine).
#[test]
fn a_played_game_ends_at_ctrl_d_and_its_transcript_replays() {
    let (native, machine) = (tmp("ctrl-d.paper"), tmp("board.paper"));
    let (status, paper, board) = retro_stdin(
        &[
            "hex",
            "play",
            "--native",
            "--board",
            "--transcript",
            native.to_str().unwrap(),
        ],
        "12\n00\n0504\n0302\n\x04\n0606\n",
    );
    assert_eq!(status, 0, "{board}");
    let t = std::fs::read_to_string(&native).unwrap();
    assert!(t.ends_with("WATASHI NO TE 0202\nANATA NO TE WA?\n"), "{t}");
    assert_eq!(paper.replace('\r', ""), t);
    assert!(!paper.contains("move "), "{paper}");
    assert!(board.contains("move 1 (you 0504):\n"), "{board}");
    assert!(board.contains("move 4 (NHEX 0202):\n"), "{board}");
    assert_eq!(board.matches("NHEX (top)").count(), 4, "{board}");

    // The HP 2100A program prints the same paper, and the board beside it.
    let input = tmp("board.in");
    std::fs::write(&input, "12\n00\n0504\n0302\n").unwrap();
    let (status, _, board_m) = retro(&[
        "hex",
        "play",
        "--board",
        "--input",
        input.to_str().unwrap(),
        "--transcript",
        machine.to_str().unwrap(),
    ]);
    assert_eq!(status, 0, "{board_m}");
    assert_eq!(std::fs::read_to_string(&machine).unwrap(), t);
    assert!(board_m.contains(&board), "{board_m}");

    for paper in [&native, &machine] {
        let (status, out, err) = retro(&["hex", "replay", paper.to_str().unwrap()]);
        assert_eq!(status, 0, "{err}");
        assert!(out.contains("4 moves"), "{out}");
        assert!(
            out.ends_with("agreement: 2/2 NHEX moves (100.0%)\n"),
            "{out}"
        );
    }
    for f in [native, machine, input] {
        std::fs::remove_file(f).ok();
    }
}

/// The tape and listing of the help's example open in the debugger at the program's start
/// (the listing names no START ADDRESS: 2, as `hp2100 run` starts).
#[test]
fn the_nhex_tape_opens_in_the_debugger() {
    let (code, out, err) = retro_stdin(
        &[
            "hp2100",
            "debug",
            "roms/nhex.abs",
            "--listing",
            "roms/nhex.lst",
        ],
        "quit\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("=> 00002"), "{out}");
}

/// Several logs drawn into a folder: one picture a log, named after it, with the u and v
/// numbers of the board.
#[test]
fn replay_svgs_are_named_after_their_logs() {
    let dir = tmp("svgs");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let folder = format!("{}/", dir.display());
    let (code, out, err) = retro(&[
        "hex",
        "replay",
        "tests/nhex/tokai-1975-game1.txt",
        "tests/nhex/tokai-1975-game2.txt",
        "--svg",
        &folder,
    ]);
    assert_eq!(code, 0, "{err}");
    for log in ["tokai-1975-game1", "tokai-1975-game2"] {
        let path = dir.join(format!("{log}.svg"));
        assert!(out.contains(&format!("svg: {}", path.display())), "{out}");
        let svg = std::fs::read_to_string(&path).unwrap();
        assert!(
            svg.contains(&format!("<title>{log}.txt game 1</title>")),
            "{svg}"
        );
        assert_eq!(svg.matches("class=\"u\"").count(), 8);
    }
    let (code, _, err) = retro(&[
        "hex",
        "replay",
        "tests/nhex/tokai-1975-game1.txt",
        "--svg",
        "no/such/folder/",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("no folder"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}
