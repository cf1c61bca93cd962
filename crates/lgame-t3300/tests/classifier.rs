//! The emulated classifier against the paper, the native reference and the independent
//! reference file. The machine runs once; every test shares that run.

use lgame::classify::Outcome;
use lgame::listing;
use lgame::ltype::{LType, COUNT};
use lgame_t3300::classifier::{self, Options, Run};
use std::sync::OnceLock;

const REFERENCE: &str = include_str!("../../../tests/lgame/lgame-reference.txt");

fn run() -> &'static Run {
    static RUN: OnceLock<Run> = OnceLock::new();
    RUN.get_or_init(|| classifier::run_quietly(Options::default()).expect("the classifier runs"))
}

#[test]
fn the_table_of_section_9_exactly() {
    let c = run().classification().unwrap();
    let counts = c.counts();
    assert_eq!(counts.b_bar, vec![15, 3, 3, 5, 3]);
    assert_eq!(counts.f_bar, vec![768, 27, 81, 11, 119]);
    assert_eq!((counts.b, counts.f, counts.u), (29, 1006, 1261));
}

#[test]
fn the_typewriter_prints_the_table_and_b0() {
    assert_eq!(
        run().paper,
        "L-GAME CLASSIFICATION (M. SATO), T3300-R\n\
         \x20I  BBAR  FBAR\n\
         \x200    15   768\n\
         \x201     3    27\n\
         \x202     3    81\n\
         \x203     5    11\n\
         \x204     3   119\n\
         B 29  F 1006  U 1261\n\
         B0 (L-TYPES IN OCTAL)\n\
         110 111 144 145 240 274 302 421\n\
         422 425 454 766 1443 3404 3530\n"
    );
}

#[test]
fn bo_in_core_is_b0() {
    let bo: Vec<u16> = vec![
        0o110, 0o111, 0o144, 0o145, 0o240, 0o274, 0o302, 0o421, 0o422, 0o425, 0o454, 0o766, 0o1443,
        0o3404, 0o3530,
    ];
    assert_eq!(run().bo, bo);
}

#[test]
fn every_position_agrees_with_the_native_classifier() {
    let emulated = run().classification().unwrap();
    let native = lgame::classify();
    let diff = emulated.diff(&native);
    assert!(
        diff.is_empty(),
        "{} l-types differ, first {:?}",
        diff.len(),
        &diff[..diff.len().min(5)]
    );
    assert_eq!(run().words, native.words());
}

#[test]
fn every_position_agrees_with_the_reference_file() {
    let head = "[classification]";
    let start = REFERENCE
        .lines()
        .position(|l| l.starts_with(head))
        .expect("the reference has a classification section");
    let text: Vec<&str> = REFERENCE.lines().skip(start + 1).collect();
    let records = listing::parse(&text.join("\n"), start + 2).unwrap();
    assert_eq!(records.len(), COUNT);
    let emulated = run().classification().unwrap();
    for r in &records {
        assert_eq!(emulated.outcome(r.ltype), r.outcome, "l-type {}", r.ltype);
        assert_eq!(r.ltype.board(), r.board, "l-type {}", r.ltype);
    }
}

#[test]
fn the_passes_find_one_set_each() {
    let passes = &run().passes;
    assert_eq!(
        passes.len(),
        11,
        "ten extensions and one that finds nothing"
    );
    let found: Vec<(char, u32, u32)> = passes
        .iter()
        .map(|p| (p.set(), p.level, p.found()))
        .collect();
    let expected = [
        ('B', 0, 15),
        ('F', 0, 768),
        ('B', 1, 3),
        ('F', 1, 27),
        ('B', 2, 3),
        ('F', 2, 81),
        ('B', 3, 5),
        ('F', 3, 11),
        ('B', 4, 3),
        ('F', 4, 119),
        ('B', 5, 0),
    ];
    assert_eq!(found, expected);
    for (k, p) in passes.iter().enumerate() {
        assert_eq!(p.extension as usize, k + 1);
        // Synchronous extension: an odd pass only adds to C, an even one only to G.
        assert_eq!(if p.set() == 'B' { p.new_f } else { p.new_b }, 0);
        assert_eq!(p.time_ns, p.cycles * 2_000);
        assert!(p.instructions > 0 && p.cycles >= p.instructions);
    }
    let in_passes: u64 = passes.iter().map(|p| p.cycles).sum();
    assert!(in_passes < run().cycles);
}

#[test]
fn the_tape_is_the_result_table() {
    let r = run();
    assert_eq!(r.tape.len(), COUNT);
    for (x, (&frame, &word)) in r.tape.iter().zip(&r.words).enumerate() {
        assert_eq!(u32::from(frame), word, "frame {x}");
    }
    let start = LType::new(0o2365).unwrap();
    assert_eq!(Outcome::from_word(r.words[start.index()]), Some(Outcome::U));
}

#[test]
fn the_image_holds_no_results() {
    let a = classifier::assemble().unwrap();
    let res = a.symbol("res").unwrap() as u16;
    let phi = a.symbol("phi").unwrap() as u16;
    for base in [res, phi] {
        assert!((0..COUNT as u16)
            .all(|x| !matches!(a.image.words.get(&(base + x)), Some(w) if w.get() != 0)));
    }
    // +mt+ and +ti+ are computed, not given: their words are empty in the image.
    let mt = a.symbol("mt").unwrap() as u16;
    assert!((0..82).all(|j| !matches!(a.image.words.get(&(mt + j)), Some(w) if w.get() != 0)));
}

/// The run's machine time is its cycles at 2 µs (its host time is `retro lgame bench
/// --emulated`'s to measure).
#[test]
fn machine_time_is_cycles_at_two_microseconds() {
    let r = run();
    assert_eq!(r.time_ns, r.cycles * 2_000);
}

#[test]
fn h_directly_gives_the_same_classification_at_a_higher_cost() {
    let direct = classifier::run_quietly(Options {
        direct: true,
        fast_io: true,
        ..Options::default()
    })
    .unwrap();
    assert_eq!(direct.words, run().words);
    assert_eq!(direct.paper, run().paper);
    let cost = |r: &Run| r.passes.iter().map(|p| p.cycles).sum::<u64>();
    let ratio = cost(&direct) as f64 / cost(run()) as f64;
    // Section 8: through phi the time is "1/3 or less".
    assert!(ratio > 3.0, "h directly costs {ratio:.1} times as much");
}
