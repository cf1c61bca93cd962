//! The fuzz loop: random bytes, random lines and mutated good files into every input path of
//! the CLI (assembler sources, tapes, images, console and debugger scripts, typed input, replay
//! logs, Gomoku and Quoridor records, the dohyo's protocol files), each run under a time
//! limit, asserting that no command panics (exit 101), crashes (killed by a signal, e.g. an
//! abort's 134) or hangs. A clear error and any exit status of its own are fine.
//!
//! Deterministic by seed: the input of a case depends only on the seed, the path and the
//! case's number, never on the order or the number of threads the cases run on.
//!
//! `cargo test -p retro --test fuzz` runs a few cases a path. `tests/fuzz/run.sh` runs many
//! more through the same loop, set by the environment (`docs/fuzz.md` has its counts):
//! `FUZZ_SEED` (default 1975), `FUZZ_CASES` (cases per path and kind, default 1),
//! `FUZZ_LIMIT` (seconds a run may take, default 60), `FUZZ_JOBS` (runs at once, default 2),
//! `FUZZ_ONLY` (run the paths whose name contains it), `FUZZ_REPORT` (also write the counts
//! to this file), `FUZZ_KEEP` (keep every case's folder). A failing case's input is kept in the
//! work folder, which is named.

mod common;

use common::root;
use std::collections::BTreeMap;
use std::fs::File;
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// SplitMix64: small, fast and the same everywhere.
struct Rng(u64);

impl Rng {
    fn new(seed: u64, path: &str, case: u64) -> Self {
        let mut h = seed ^ 0x9e37_79b9_7f4a_7c15;
        for b in path.bytes().chain(case.to_le_bytes()) {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        Rng(h)
    }
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn pick<'a>(&mut self, v: &[&'a str]) -> &'a str {
        v[self.below(v.len())]
    }
}

/// How a case's input is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    /// Random bytes, half the time mostly printable.
    Bytes,
    /// Lines of the path's words, numbers and a little noise.
    Lines,
    /// A good file of the path with bytes and lines changed, dropped and repeated.
    Mutated,
}

/// Where the input goes.
#[derive(Clone, Copy)]
enum Feed {
    /// A file named `{in}` in the command (with this name).
    File(&'static str),
    /// Standard input.
    Stdin,
    /// The words of the command line in place of `{words}`.
    Words,
    /// `5moku.ban` in the run's folder, which is the working folder.
    Ban,
    /// The reply `5moku.res` of a program the dohyo runs (`{prog}`).
    Res,
    /// A program the dohyo runs (`{prog}`), a shell script whose body is given, `{in}` being
    /// the input: what it answers (pbrain) or writes into its folder (`5moku.ban`).
    Prog(&'static str),
}

/// One input path of the CLI.
struct Target {
    name: &'static str,
    /// The command's words: `{in}` the input file, `{dir}` the case's folder (the working
    /// folder of the run), `{work}` the setup folder, `{root}` the repository, `{prog}` the
    /// dohyo's program, `{words}` the input's words.
    args: &'static str,
    feed: Feed,
    /// A good input to mutate (relative to the repository, or in the setup folder `{work}`).
    good: Option<&'static str>,
    /// Put before every input (a run limit for a console script).
    prefix: &'static str,
    words: &'static [&'static str],
    /// At most this many lines for `Lines` (an engine's every move costs time).
    max_lines: usize,
    /// At most this many bytes for `Bytes`.
    max_bytes: usize,
}

const HP_ASM: &[&str] = &[
    "      ORG",
    "100B",
    "77777B",
    "LDA",
    "STA",
    "JMP",
    "JSB",
    "HLT",
    "77B",
    "CLA,INA",
    "CCE,SEZ,RSS",
    "STC 10B,C",
    "MPY",
    "=D10",
    "=B7",
    "=AXY",
    "=L*+1",
    "*-2",
    "OCT",
    "DEC",
    "ASC 2,ABCD",
    "BSS",
    "EQU",
    "END",
    "START",
    ",I",
    "LOOP",
    "*",
    "NAM",
    "HED",
    "SPC 2",
    "DEF",
    "ABS",
    "0",
    "-1",
    "32767",
    "\t",
    "X",
    "A",
    "B",
];
const HP_SCRIPT: &[&str] = &[
    "set cpu 16K",
    "set runlimit 1000 instructions",
    "attach ptr roms/bbl.abs",
    "attach -n ptp",
    "detach ptr",
    "boot ptr",
    "deposit",
    "examine",
    "go",
    "run",
    "step 3",
    "expect",
    "send",
    "assert",
    "echo",
    "exit 3",
    "reset",
    "power down",
    "power up",
    "A",
    "B",
    "P",
    "100",
    "77777",
    "-1",
    "tty",
    "ctl",
    "==",
    "\"HI\"",
    "2",
    "102077",
    "do",
];
const DEBUGGER: &[&str] = &[
    "step",
    "step 5",
    "back",
    "next",
    "continue",
    "break",
    "delete",
    "watch",
    "regs",
    "x",
    "deposit",
    "trace on",
    "trace off",
    "time",
    "help",
    "quit",
    "100",
    "2",
    "1000",
    "A",
    "+go+",
    "-1",
    "77777",
    "01000",
];
const T3300_ASM: &[&str] = &[
    "        org.",
    "01000",
    "+go+",
    "+x+",
    "lda",
    "sta",
    "lxi",
    "axi",
    "jmp",
    "jov",
    "hlt",
    "07777",
    "oct.",
    "fix.",
    "txt.",
    "'AB'",
    "bss.",
    "equ.",
    "end.",
    "*",
    "+x++1",
    ",1",
    ",3",
    "rpt",
    "ppt",
    "clo",
    ";",
    "*comment",
    "077777777",
    "-8388608",
];
const T3300_IMAGE: &[&str] = &[
    "start", "01000", "00000000", "77777777", "01001", "word", "#", "-",
];
const HEX_LOG: &[&str] = &[
    "HEX O HAJIMEMASU",
    "2-KETA NO KAZU O KEY-IN SEYO",
    "SENTE WA? ANATA=00 WATASHI=99",
    "ANATA NO TE WA?",
    "WATASHI NO TE 0404",
    "WATASHI NO KACHI!",
    "?ANATA NO KACHI",
    "MOICHIDO SURU=00 SHINAI=99",
    "MOICHIDO TADASHIKU KEY-IN SEYO",
    "SOKO WA SUDENI UTARETE IMAS",
    "> 00",
    "> 99",
    "> 0504",
    "> 0101",
    "> 0808",
    "> 12",
    "#",
    "> :RUN,TAM",
];
const HEX_KEYS: &[&str] = &[
    "00", "99", "12", "0504", "0404", "0101", "0808", "0900", "065", "ZZ", "", "0302", "0606",
];
const GOMOKU_KEYS: &[&str] = &[
    "b", "w", "kansei", "1d", "1993", "renju", "search", "eval", "8,8", "h8", "7,7", "15,15",
    "0,0", "pass", "quit", "yes", "no", "a1", "o15",
];
const GOMOKU_BAN: &[&str] = &[
    "808", "807", "1012", "0", "1515", "101", "\r", "999", "-1", "00",
];
const GOMOKU_WORDS: &[&str] = &[
    "S", "4", "0808", "0807", "0806", "g6", "0907", "1515", "0000", "x",
];
const PBRAIN: &[&str] = &[
    "START 15",
    "START 20",
    "BEGIN",
    "TURN 7,7",
    "TURN 0,0",
    "TURN 14,14",
    "TURN 99,99",
    "BOARD",
    "7,7,1",
    "8,8,2",
    "DONE",
    "INFO timeout_turn 100",
    "INFO rule 1",
    "RESTART",
    "ABOUT",
    "END",
    "TAKEBACK 7,7",
    "RECTSTART 10,12",
];
const PBRAIN_ANSWERS: &[&str] = &[
    "OK",
    "7,7",
    "0,0",
    "14,14",
    "15,15",
    "-1,0",
    "9223372036854775807,0",
    "MESSAGE hello",
    "DEBUG x",
    "name=\"fuzz\", version=\"1\"",
    "ERROR",
    "UNKNOWN",
    "SUGGEST 7,7",
];
const RESULTS: &[&str] = &[
    "{\"match\":1,\"game\":1,\"winner\":\"A\"}",
    "{\"format\":\"retro quoridor results 1\"",
    "\"moves\":\"e8, e2\"",
    "\"winner\":\"draw\"",
    "\"plies\":2",
    "{",
    "}",
    ",",
];
const GOMOKU_POS: &[&str] = &["h8", "h9", "h10", "8,8", "i9", "-", "a1", "o15", "p16", " "];
const DOHYO_LOG: &[&str] = &[
    "#match 1",
    "#rule 1993",
    "#seed 1993",
    "#draw-after 200",
    "#entrant 0 1 cmdline:./a",
    "#entrant 1 2 file:./b",
    "#end 10-0",
    "1 1 24 53 61 < 8 8>< 8 7>< 8 6> 『寒星』(直接1・正・本) 02:15",
    "2 0 0 0 0 [負 1 forfeit]",
    "[引分]",
    "#note 1 x",
];
const QUORIDOR: &[&str] = &[
    "e8", "e2", "e5-", "e5|", "c5v", "c5!", "a1", "i9", "z9", "e9", ",", "#", "h8-", "d4|",
];

#[rustfmt::skip]
fn targets() -> Vec<Target> {
    let t = |name, args, feed, good, words, max_lines| Target { name, args, feed, good, prefix: "", words, max_lines, max_bytes: 1500 };
    vec![
        t("hp2100 asm", "hp2100 asm {in} -o {dir}/out.abs", Feed::File("in.asm"), Some("asm/hp2100/echo.asm"), HP_ASM, 40),
        t("hp2100 run (tape)", "hp2100 run {in} --runlimit 1", Feed::File("in.abs"), Some("roms/nhex.abs"), HP_ASM, 20),
        t("hp2100 run (typed)", "hp2100 run {work}/echo.abs --input {in} --runlimit 5", Feed::File("in.txt"), None, HP_SCRIPT, 20),
        t("hp2100 disasm", "hp2100 disasm {in}", Feed::File("in.abs"), Some("roms/bbl.abs"), HP_ASM, 20),
        Target { prefix: "set runlimit 1 seconds\n", ..t("hp2100 script", "hp2100 script {in}", Feed::File("in.do"), Some("tests/hp2100/tty.do"), HP_SCRIPT, 30) },
        t("hp2100 debug", "hp2100 debug {work}/echo.abs --start 2 --limit 20000 --script {in}", Feed::File("in.dbg"), None, DEBUGGER, 30),
        t("t3300 asm", "t3300 asm {in} -o {dir}/out.img", Feed::File("in.asm"), Some("asm/t3300/echo.asm"), T3300_ASM, 40),
        t("t3300 run (image)", "t3300 run {in} --max-cycles 2000000 --fast-io", Feed::File("in.img"), Some("{work}/echo.img"), T3300_IMAGE, 30),
        t("t3300 run (source)", "t3300 run {in} --max-cycles 2000000 --fast-io", Feed::File("in.asm"), Some("asm/t3300/echo.asm"), T3300_ASM, 40),
        t("t3300 run (typed)", "t3300 run {work}/echo.img --input {in} --max-cycles 5000000 --fast-io", Feed::File("in.txt"), None, HEX_KEYS, 20),
        t("t3300 run (tape)", "t3300 run {root}/asm/t3300/tape.asm --tape-in {in} --tape-out {dir}/out.tape --max-cycles 2000000 --fast-io", Feed::File("in.tape"), Some("roms/bbl.abs"), HEX_KEYS, 20),
        t("t3300 disasm", "t3300 disasm {in}", Feed::File("in.img"), Some("{work}/echo.img"), T3300_IMAGE, 30),
        t("t3300 debug", "t3300 debug {work}/echo.img --limit 20000 --fast-io --script {in}", Feed::File("in.dbg"), None, DEBUGGER, 30),
        t("hex replay", "hex replay {in}", Feed::File("in.txt"), Some("tests/nhex/example-1.txt"), HEX_LOG, 60),
        t("hex play (native)", "hex play --native --input {in}", Feed::File("in.txt"), Some("tests/nhex/golden/session-1.paper.txt"), HEX_KEYS, 16),
        // The 2100A's teletype prints 10 characters a second of machine time, echoes included.
        Target { max_bytes: 200, ..t("hex play (machine)", "hex play --input {in}", Feed::File("in.txt"), None, HEX_KEYS, 8) },
        t("gomoku play", "gomoku play --nodes 300 --input {in}", Feed::File("in.txt"), None, GOMOKU_KEYS, 16),
        t("gomoku forbidden", "gomoku forbidden --rule 1993", Feed::Stdin, None, GOMOKU_POS, 20),
        t("gomoku engine (file)", "gomoku engine --protocol file --nodes 300", Feed::Ban, None, GOMOKU_BAN, 12),
        t("gomoku engine (cmdline)", "gomoku engine --protocol cmdline --nodes 300 {words}", Feed::Words, None, GOMOKU_WORDS, 3),
        t("gomoku engine (pbrain)", "gomoku engine --protocol pbrain --nodes 300", Feed::Stdin, None, PBRAIN, 12),
        t("gomoku dohyo (5moku.res)", "gomoku dohyo file:{prog} cmdline:{prog} --move-time 5 --out {dir}/out -q", Feed::Res, None, GOMOKU_BAN, 3),
        t("gomoku crosstable", "gomoku crosstable {in}", Feed::File("match-001.log"), None, DOHYO_LOG, 20),
        t("gomoku dohyo (pbrain)", "gomoku dohyo pbrain:{prog} pbrain:{prog} --move-time 5 --draw-after 20 --out {dir}/out -q", Feed::Prog("cat '{in}'; exec cat >/dev/null"), None, PBRAIN_ANSWERS, 40),
        t("gomoku dohyo (5moku.ban)", "gomoku dohyo file:{prog} file:{prog} --move-time 5 --out {dir}/out -q", Feed::Prog("cat '{in}' > 5moku.ban; echo 808 > 5moku.res"), None, GOMOKU_BAN, 10),
        t("gomoku dohyo (--resume log)", "gomoku dohyo file:{work}/polite.sh file:{work}/polite.sh --move-time 5 --draw-after 6 --seed 1993 --out {dir} --resume -q", Feed::File("match-001.log"), Some("{work}/dohyo/match-001.log"), DOHYO_LOG, 20),
        t("gomoku dohyo (--results)", "gomoku dohyo file:{work}/polite.sh file:{work}/polite.sh --move-time 5 --draw-after 6 --out {dir}/out --results {in} --resume -q", Feed::File("results.jsonl"), Some("{work}/dohyo.jsonl"), RESULTS, 10),
        t("quoridor match (--resume)", "quoridor match random random --games 4 --results {in} --resume --quiet", Feed::File("r.jsonl"), Some("{work}/q.jsonl"), RESULTS, 10),
        t("quoridor replay", "quoridor replay {in}", Feed::File("in.txt"), None, QUORIDOR, 10),
        t("quoridor moves", "quoridor moves", Feed::Stdin, None, QUORIDOR, 10),
        t("quoridor play", "quoridor play --player random --input {in}", Feed::File("in.txt"), None, QUORIDOR, 30),
    ]
}

/// The good files made before the loop (tapes and images of the demo programs).
fn setup(work: &Path) {
    for (args, out) in [
        (
            vec!["hp2100", "asm", "asm/hp2100/echo.asm", "-o"],
            "echo.abs",
        ),
        (vec!["t3300", "asm", "asm/t3300/echo.asm", "-o"], "echo.img"),
    ] {
        let out = work.join(out);
        let status = Command::new(env!("CARGO_BIN_EXE_retro"))
            .args(&args)
            .arg(&out)
            .current_dir(root())
            .stderr(Stdio::null())
            .status()
            .unwrap();
        assert!(status.success(), "{args:?}");
    }
    // A file-protocol program that plays the first free point of a fixed list, for the
    // dohyo's log and results files; a short match of it gives the good files to mutate.
    let polite = work.join("polite.sh");
    std::fs::write(
        &polite,
        "#!/bin/sh\nfor p in 101 315 1501 1315 505 1111 212 1414 1203 310; do\n  \
         grep -qx \"$p\" 5moku.ban 2>/dev/null || tr -d '\\r' < 5moku.ban | grep -qx \"$p\" || \
         { echo $p > 5moku.res; exit 0; }\ndone\n",
    )
    .unwrap();
    std::fs::set_permissions(&polite, std::fs::Permissions::from_mode(0o755)).unwrap();
    let p = polite.display().to_string();
    let dohyo = work.join("dohyo").display().to_string();
    let results = work.join("dohyo.jsonl").display().to_string();
    let q = work.join("q.jsonl").display().to_string();
    let spec = format!("file:{p}");
    for args in [
        vec![
            "gomoku",
            "dohyo",
            &spec,
            &spec,
            "--draw-after",
            "6",
            "--seed",
            "1993",
            "--out",
            &dohyo,
            "--results",
            &results,
            "-q",
        ],
        vec![
            "quoridor",
            "match",
            "random",
            "random",
            "--games",
            "2",
            "--results",
            &q,
            "--quiet",
        ],
    ] {
        let status = Command::new(env!("CARGO_BIN_EXE_retro"))
            .args(&args)
            .current_dir(root())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .unwrap();
        assert!(status.success(), "{args:?}");
    }
}

fn bytes(rng: &mut Rng, t: &Target) -> Vec<u8> {
    let n = rng.below(t.max_bytes);
    let printable = rng.below(2) == 0;
    (0..n)
        .map(|_| {
            let b = rng.next() as u8;
            match (printable, rng.below(12)) {
                (true, 0) => b'\n',
                (true, _) => 0x20 + b % 0x5f,
                _ => b,
            }
        })
        .collect()
}

fn lines(rng: &mut Rng, t: &Target) -> Vec<u8> {
    let mut out = String::new();
    for _ in 0..=rng.below(t.max_lines) {
        let words: Vec<String> = (0..=rng.below(5))
            .map(|_| match rng.below(10) {
                0 => rng.next().to_string()[..1 + rng.below(6)].to_string(),
                1 => format!("{:o}", rng.below(0o200000)),
                2 => [
                    "\u{1b}[2J",
                    "\t",
                    "\r",
                    "\u{0}",
                    "é",
                    "漢",
                    "\u{7f}",
                    "'",
                    "\"",
                ][rng.below(9)]
                .to_string(),
                _ => rng.pick(t.words).to_string(),
            })
            .collect();
        let sep = [" ", "", ",", "  "][rng.below(4)];
        out.push_str(&words.join(sep));
        out.push('\n');
    }
    out.into_bytes()
}

fn mutate(rng: &mut Rng, good: &[u8], t: &Target) -> Vec<u8> {
    let mut v = good.to_vec();
    for _ in 0..=rng.below(8) {
        let at = rng.below(v.len() + 1);
        match rng.below(6) {
            0 if !v.is_empty() => {
                let k = at.min(v.len() - 1);
                v[k] = rng.next() as u8;
            }
            1 => {
                let end = (at + rng.below(200)).min(v.len());
                v.drain(at..end);
            }
            2 => {
                let end = (at + rng.below(200)).min(v.len());
                let piece = v[at..end].to_vec();
                v.splice(at..at, piece);
            }
            3 => {
                let w = format!("{} ", rng.pick(t.words));
                v.splice(at..at, w.into_bytes());
            }
            4 => {
                let odd = [0xff, 0x1b, b'\n', 0xc3];
                let from = rng.below(odd.len());
                v.splice(at..at, odd[from..].iter().copied());
            }
            _ => v.truncate(at),
        }
    }
    v
}

/// What happened to one run.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Outcome {
    Exit(i32),
    Panic,
    Signal(i32),
    Hang,
}

struct Case<'a> {
    target: &'a Target,
    kind: Kind,
    number: u64,
}

fn env<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Run one case in its own folder; the folder is removed unless the case failed.
fn run(case: &Case, seed: u64, work: &Path, limit: Duration) -> (Outcome, PathBuf) {
    let t = case.target;
    let dir = work.join(format!(
        "{}-{:?}-{}",
        t.name.replace([' ', '(', ')', '.'], ""),
        case.kind,
        case.number
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let mut rng = Rng::new(seed, &format!("{}/{:?}", t.name, case.kind), case.number);
    let good = t.good.map(|g| {
        let p = g.replace("{work}", &work.display().to_string());
        std::fs::read(root().join(p)).unwrap()
    });
    let mut input = t.prefix.as_bytes().to_vec();
    input.extend(match case.kind {
        Kind::Bytes => bytes(&mut rng, t),
        Kind::Lines => lines(&mut rng, t),
        Kind::Mutated => mutate(&mut rng, good.as_deref().unwrap_or_default(), t),
    });
    let in_path = dir.join(match t.feed {
        Feed::File(name) => name,
        Feed::Ban => "5moku.ban",
        _ => "input",
    });
    std::fs::write(&in_path, &input).unwrap();
    let prog = dir.join("prog.sh");
    let body = match t.feed {
        Feed::Res => Some("cat '{in}' > 5moku.res"),
        Feed::Prog(body) => Some(body),
        _ => None,
    };
    if let Some(body) = body {
        let script = format!(
            "#!/bin/sh\n{}\n",
            body.replace("{in}", &in_path.display().to_string())
        );
        std::fs::write(&prog, script).unwrap();
        std::fs::set_permissions(&prog, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    // A command line cannot hold a NUL byte: those are left out of its words.
    let words: Vec<String> = String::from_utf8_lossy(&input)
        .replace('\0', "")
        .split_whitespace()
        .take(40)
        .map(String::from)
        .collect();
    let mut args = Vec::new();
    for a in t.args.split(' ') {
        if a == "{words}" {
            args.extend(words.iter().cloned());
        } else {
            args.push(
                a.replace("{in}", &in_path.display().to_string())
                    .replace("{dir}", &dir.display().to_string())
                    .replace("{work}", &work.display().to_string())
                    .replace("{root}", &root().display().to_string())
                    .replace("{prog}", &prog.display().to_string()),
            );
        }
    }
    let stdin = match t.feed {
        Feed::Stdin => Stdio::from(File::open(&in_path).unwrap()),
        _ => Stdio::null(),
    };

    let mut child = Command::new(env!("CARGO_BIN_EXE_retro"))
        .args(&args)
        // Whatever a command writes in its working folder (the Gomoku engine's `5moku.res`, a
        // script's `attach ptp FILE`) goes into the case's own folder.
        .current_dir(&dir)
        .stdin(stdin)
        .stdout(File::create(dir.join("stdout")).unwrap())
        .stderr(File::create(dir.join("stderr")).unwrap())
        .spawn()
        .unwrap();
    let start = Instant::now();
    let outcome = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break match (status.code(), status.signal()) {
                (Some(101), _) => Outcome::Panic,
                (Some(c), _) => Outcome::Exit(c),
                (None, s) => Outcome::Signal(s.unwrap_or(0)),
            };
        }
        if start.elapsed() > limit {
            child.kill().ok();
            child.wait().ok();
            break Outcome::Hang;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    std::fs::write(dir.join("command"), args.join(" ")).unwrap();
    if matches!(outcome, Outcome::Exit(_)) && std::env::var_os("FUZZ_KEEP").is_none() {
        std::fs::remove_dir_all(&dir).ok();
    }
    (outcome, dir)
}

#[test]
fn no_input_makes_a_command_panic_crash_or_hang() {
    let seed: u64 = env("FUZZ_SEED", 1975);
    let cases: u64 = env("FUZZ_CASES", 1);
    let limit = Duration::from_secs_f64(env("FUZZ_LIMIT", 60.0));
    let jobs: usize = env("FUZZ_JOBS", 2);
    let only: String = env("FUZZ_ONLY", String::new());
    let work = std::env::temp_dir().join(format!("retro-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(&work).unwrap();
    setup(&work);
    let targets = targets();
    let mut all = Vec::new();
    for t in targets.iter().filter(|t| t.name.contains(only.as_str())) {
        for kind in [Kind::Bytes, Kind::Lines, Kind::Mutated] {
            if kind == Kind::Mutated && t.good.is_none() {
                continue;
            }
            all.extend((0..cases).map(|number| Case {
                target: t,
                kind,
                number,
            }));
        }
    }
    let next = AtomicUsize::new(0);
    let results = Mutex::new(BTreeMap::new());
    let began = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..jobs.max(1) {
            s.spawn(|| loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                let Some(case) = all.get(k) else { break };
                let (outcome, dir) = run(case, seed, &work, limit);
                results
                    .lock()
                    .unwrap()
                    .insert((case.target.name, case.kind, case.number), (outcome, dir));
            });
        }
    });
    let results = results.into_inner().unwrap();
    let report = counts(&results, seed, cases, limit, began.elapsed());
    println!("{report}");
    if let Ok(p) = std::env::var("FUZZ_REPORT") {
        std::fs::write(p, &report).unwrap();
    }
    let failed: Vec<String> = results
        .iter()
        .filter(|(_, (o, _))| !matches!(o, Outcome::Exit(_)))
        .map(|((name, kind, n), (o, dir))| {
            let err = std::fs::read_to_string(dir.join("stderr")).unwrap_or_default();
            let tail: String = err.lines().rev().take(5).collect::<Vec<_>>().join(" | ");
            format!(
                "{name} {kind:?} #{n}: {o:?}; input in {} ({tail})",
                dir.display()
            )
        })
        .collect();
    assert!(failed.is_empty(), "seed {seed}:\n{}", failed.join("\n"));
    if std::env::var_os("FUZZ_KEEP").is_none() {
        std::fs::remove_dir_all(&work).ok();
    }
}

/// The table of runs and exit statuses per path.
fn counts(
    results: &BTreeMap<(&str, Kind, u64), (Outcome, PathBuf)>,
    seed: u64,
    cases: u64,
    limit: Duration,
    took: Duration,
) -> String {
    let mut per: BTreeMap<&str, BTreeMap<Outcome, usize>> = BTreeMap::new();
    for ((name, _, _), (o, _)) in results {
        *per.entry(name).or_default().entry(o.clone()).or_default() += 1;
    }
    let mut s = format!(
        "fuzz: seed {seed}, {cases} case(s) per path and kind, limit {:.0} s a run, {} runs in {:.0} s\n",
        limit.as_secs_f64(),
        results.len(),
        took.as_secs_f64()
    );
    s.push_str(&format!("{:<26} {:>5}  exit statuses\n", "path", "runs"));
    for (name, outcomes) in &per {
        let runs: usize = outcomes.values().sum();
        let detail: Vec<String> = outcomes
            .iter()
            .map(|(o, n)| match o {
                Outcome::Exit(c) => format!("{c}: {n}"),
                o => format!("{o:?}: {n}"),
            })
            .collect();
        s.push_str(&format!("{name:<26} {runs:>5}  {}\n", detail.join(", ")));
    }
    s
}
