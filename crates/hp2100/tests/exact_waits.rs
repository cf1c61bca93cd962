//! RUN's pass over waiting loops is exact (`hp2100::wait`): HP's software run through our
//! console's do-files with the pass on and off prints every character at the same 2100A
//! instant, takes every key at the same instant, and ends with the same cycle and instruction
//! counts and the same disc image: DOS-M's generation on the disc (the generator's dialogue,
//! the first of its tapes) and the system booted, HP BASIC prepared and a session with a
//! program read from tape, HP's Extended Assembler on paper tape, and HP's interrupt-driven
//! diagnostics (teleprinter, time base generator, DMA, power fail). NHEX's session is compared
//! both ways in `nhex-hp2100` (`machine.rs`).
//!
//! HP's tapes are read from `$HP2100_SOFTWARE_DIR` and `$HP2100_DIAG_DIR`, else from
//! `../shared` beside the checkout; without them the tests say so and are counted ignored
//! (crate `needs`). The whole generation both ways, slow by nature, is
//! `tests/exact_waits_whole.rs`, run on purpose.

#[allow(dead_code)] // each test binary uses part of the shared module
mod dofiles;

#[allow(dead_code)] // each test binary uses part of the shared module
mod exact;

use exact::{both_ways, diagnostics, do_file, run, software};

needs::tests! {
    #[needs("hp-software")] dos_m_generations_start_is_the_same_both_ways,
    #[needs("hp-software")] dos_m_booted_is_the_same_both_ways,
    #[needs("hp-software")] basic_prepared_and_a_session_are_the_same_both_ways,
    #[needs("hp-software")] hps_assembler_on_paper_tape_is_the_same_both_ways,
    #[needs("hp-tapes")] hps_interrupt_driven_diagnostics_are_the_same_both_ways,
}

use std::path::{Path, PathBuf};

/// `dosm-gen.do` up to its third tape, then the machine left at the generator's halt: the
/// dialogue, the disc's formatting and the first tapes, without the time of every tape.
fn generation_start(dir: &Path) -> PathBuf {
    let text = std::fs::read_to_string(do_file("dosm-gen.do")).unwrap();
    let cut = text
        .find("call module %1 24225-03_EX3\n")
        .expect("the generation's third tape");
    let sub = text.find("\n:module\n").expect("the module subroutine");
    let short = format!("{}exit\n{}", &text[..cut], &text[sub..]);
    let path = dir.join("dosm-gen-start.do");
    std::fs::write(&path, short).unwrap();
    path
}

fn dos_m_generations_start_is_the_same_both_ways() {
    // The shortened do-file lives outside the scratch folders, which are compared.
    let here = std::env::temp_dir().join(format!("hp2100-exact-start-{}", std::process::id()));
    std::fs::create_dir_all(&here).unwrap();
    let start = generation_start(&here);
    both_ways(
        "dosm-start",
        &[(start, "dosm-gen", vec![software()])],
        |_| {},
    );
    let _ = std::fs::remove_dir_all(&here);
}

fn dos_m_booted_is_the_same_both_ways() {
    // One generation (with the pass), then the boot both ways, each on its own copy.
    let made = std::env::temp_dir().join(format!("hp2100-exact-disc-{}", std::process::id()));
    std::fs::create_dir_all(&made).unwrap();
    let generated = run(
        &do_file("dosm-gen.do"),
        "dosm-gen",
        &[software(), made.display().to_string()],
        true,
    );
    assert!(generated.files.iter().any(|(n, _)| n == "dosm.dsk"));
    let image = std::fs::read(made.join("dosm.dsk")).unwrap();
    both_ways(
        "dosm-boot",
        &[(do_file("dosm-boot.do"), "dosm-boot", vec![software()])],
        |dir| std::fs::write(dir.join("dosm.dsk"), &image).unwrap(),
    );
    let _ = std::fs::remove_dir_all(&made);
}

fn basic_prepared_and_a_session_are_the_same_both_ways() {
    both_ways(
        "basic",
        &[
            (
                do_file("basic-prepare.do"),
                "basic-prepare",
                vec![software()],
            ),
            (
                do_file("basic-session.do"),
                "basic-session",
                vec![software()],
            ),
        ],
        |_| {},
    );
}

fn hps_assembler_on_paper_tape_is_the_same_both_ways() {
    // A short program with its listing (the teleprinter's waits) and its binary tape, as the
    // tape `asmb-nhex.do` reads.
    let source = "ASMB,A,B,L\n      ORG 100B\nSTART LDA MSG\n      OTA 11B\n      STC 11B,C\n      SFS 11B\n      JMP *-1\n      HLT 77B\nMSG   OCT 101\n      END START\n";
    let mut tape = Vec::new();
    for line in source.lines() {
        tape.extend_from_slice(line.as_bytes());
        tape.extend_from_slice(b"\r\n");
    }
    tape.resize(tape.len() + 100, 0);
    both_ways(
        "asmb",
        &[(
            do_file("bench/asmb-nhex.do"),
            "asmb-short",
            vec![software()],
        )],
        |dir| std::fs::write(dir.join("nhex-src.txt"), &tape).unwrap(),
    );
}

fn hps_interrupt_driven_diagnostics_are_the_same_both_ways() {
    for (name, extra) in [("tty.do", vec![]), ("tbg.do", vec![]), ("pwr.do", vec![])] {
        let mut args = vec![diagnostics()];
        args.extend(extra);
        let limit = name.trim_end_matches(".do");
        both_ways(name, &[(do_file(name), limit, args)], |_| {});
    }
}
