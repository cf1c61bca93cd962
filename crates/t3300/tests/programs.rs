//! The self-checking programs of `asm/t3300/`, assembled with `t3300-asm` and run to their
//! halt. Each halts 07777 when its own checks pass. What they print, punch and cost is
//! compared with the golden files in `tests/t3300/` (rewrite them with `UPDATE_GOLDEN=1`).

use std::path::PathBuf;
use t3300::{Config, Limit, Machine, Stop};
use t3300_asm::{assemble, Assembly};
use teletype::{Scripted, TtyHost};

const PASS: u32 = 0o7777;
const BUDGET: u64 = 100_000_000;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn build(name: &str) -> Assembly {
    let path = root().join("asm/t3300").join(name);
    let src = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assemble(name, &src).unwrap_or_else(|e| panic!("{e}"))
}

fn boot<H: TtyHost + 'static>(a: &Assembly, host: H) -> Machine {
    let cfg = Config {
        key_wait_limit: Some(10),
        ..Config::default()
    };
    let mut m = Machine::new(cfg, host);
    m.load(&a.image).unwrap();
    m
}

/// Compare `got` with the golden file in `tests/t3300/`.
fn golden(file: &str, got: &str) {
    expected_output::check(root().join("tests/t3300").join(file), got);
}

/// Run a program that only computes; returns its machine and a summary line.
fn run_check(name: &str) -> (Machine, String) {
    let a = build(name);
    let mut m = boot(&a, Scripted::new());
    let stop = m.run(Limit::cycles(BUDGET));
    assert!(
        matches!(stop, Stop::Halt { code: PASS, .. }),
        "{name}: {stop}"
    );
    let line = format!(
        "{name}: {} instructions, {} cycles\n",
        m.instructions(),
        m.cycles()
    );
    (m, line)
}

#[test]
fn self_checking_programs_pass_and_cost_what_they_cost() {
    let mut summary = String::new();
    for name in ["alu.asm", "addr.asm", "fit.asm", "mtlist.asm"] {
        summary.push_str(&run_check(name).1);
    }
    golden("cycles.txt", &summary);
}

#[test]
fn fit_counts_what_a_plain_count_gives() {
    let a = build("fit.asm");
    let (m, _) = run_check("fit.asm");
    let pl = a.symbol("pl").unwrap() as u16;
    let occ = m.peek(a.symbol("occ").unwrap() as u16).get();
    let expect = (0..48).filter(|k| m.peek(pl + k).get() & occ == 0).count() as u32;
    assert_eq!(m.peek(a.symbol("cnt").unwrap() as u16).get(), expect);
    assert_eq!(expect, 24);
}

#[test]
fn decimal_output_on_the_typewriter() {
    let a = build("print.asm");
    let mut m = boot(&a, Scripted::new());
    assert_eq!(
        m.run(Limit::cycles(BUDGET)),
        Stop::Halt {
            code: PASS,
            at: u32::from(m.pc() - 1),
            p: u32::from(m.pc())
        }
    );
    assert_eq!(
        m.host::<Scripted>().unwrap().output(),
        b"82 X 28 = 2296\r\n"
    );
    // 16 characters at 100 ms each dominate the machine time.
    let chars = 16 * 100_000_000;
    assert!(
        m.time_ns() > chars && m.time_ns() < chars + 10_000_000,
        "{}",
        m.time_ns()
    );
    golden("print.paper", &m.host::<Scripted>().unwrap().paper());
}

#[test]
fn keyboard_input_is_printed_as_struck() {
    let a = build("echo.asm");
    let mut m = boot(&a, Scripted::from_lines("hello"));
    let stop = m.run(Limit::cycles(BUDGET));
    assert!(matches!(stop, Stop::Halt { code: PASS, .. }), "{stop}");
    assert_eq!(m.host::<Scripted>().unwrap().paper(), "? HELLO\nOLLEH\n");
    golden("echo.paper", &m.host::<Scripted>().unwrap().paper());
}

#[test]
fn keyboard_that_never_answers_stops_the_run() {
    let a = build("echo.asm");
    let mut m = boot(&a, Scripted::new());
    assert_eq!(
        m.run(Limit::cycles(BUDGET)),
        Stop::InputExhausted {
            p: a.symbol("rd").unwrap() as u32
        }
    );
}

#[test]
fn paper_tape_copy() {
    let a = build("tape.asm");
    let mut m = boot(&a, Scripted::new());
    let tape: Vec<u8> = (0..=255).collect();
    m.mount_tape(tape.clone());
    let stop = m.run(Limit::cycles(BUDGET));
    assert!(matches!(stop, Stop::Halt { code: PASS, .. }), "{stop}");
    assert_eq!(m.regs().a.get(), 256);
    let want: Vec<u8> = tape.iter().map(|b| !b).collect();
    assert_eq!(m.punched(), &want[..]);
    // 257 reads at 5 ms and 256 punches at 1/60 s.
    let dev = 257 * 2_500 + 256 * 8_334;
    assert!(
        m.cycles() > dev && m.cycles() < dev + 5_000,
        "{}",
        m.cycles()
    );
}

#[test]
fn benchmark_loop_counts_its_fits() {
    let (m, _) = run_check("bench.asm");
    let a = build("bench.asm");
    assert_eq!(m.peek(a.symbol("cnt").unwrap() as u16).get(), 24 * 1000);
}
