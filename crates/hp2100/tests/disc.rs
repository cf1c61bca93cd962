//! The 12557A disc interface (`io/dp.rs`) against SIMH's: the program `asm/hp2100/dptest.asm`
//! drives the controller's commands under `tests/disc/dptest.sim`; its results and the image
//! it writes are SIMH's (`tests/disc/README.md` says how they were recorded), and so are those
//! of `asm/hp2100/dpcross.asm`, whose transfers cross from head to head and reach the end of
//! the cylinder (`tests/disc/dpcross.sim`). Also the
//! console's disc commands: a bad image refused by name, a write to a read-only image
//! reported, and `boot dpc`.

#[allow(dead_code)] // each test binary uses part of the shared module
mod dofiles;

use hp2100::scp::Console;
use std::path::{Path, PathBuf};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/disc")
}

/// A fresh directory for one test's files.
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("retro-disc-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// `asm/hp2100/dptest.asm` assembled by our assembler, as a tape in `dir`.
fn program(dir: &Path) -> PathBuf {
    program_of(dir, "dptest")
}

/// `asm/hp2100/NAME.asm` assembled by our assembler, as a tape in `dir`.
fn program_of(dir: &Path, name: &str) -> PathBuf {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../../asm/hp2100/{name}.asm"));
    let text = std::fs::read_to_string(&src).unwrap();
    let a = hp2100_asm::assemble(&[hp2100_asm::Source::new(format!("{name}.asm"), text)]);
    assert!(a.is_ok(), "{}", a.report);
    let tape = dir.join(format!("{name}.abs"));
    std::fs::write(&tape, a.tape()).unwrap();
    tape
}

/// The console's output for a script with arguments.
fn run(script: &Path, args: &[String]) -> (String, Console<Vec<u8>>) {
    let name = script.file_stem().unwrap().to_str().unwrap();
    let mut c = dofiles::console(name);
    let status = c
        .run_file(script, args)
        .unwrap_or_else(|e| panic!("{}: {e}", script.display()));
    assert_eq!(status, 0);
    let out = String::from_utf8_lossy(c.output()).replace('\r', "");
    (out, c)
}

/// The `ADDR:<tab>VALUE` lines of an address range's first two digits (`30`: results).
fn examined(text: &str, prefix: &str) -> Vec<String> {
    text.lines()
        .filter(|l| l.starts_with(prefix) && l.contains(":\t"))
        .map(str::to_string)
        .collect()
}

/// The image's sectors that are not all zeros, in the golden file's form.
fn sectors(image: &[u8]) -> Vec<String> {
    let mut out = Vec::new();
    for (s, sec) in image.chunks(256).enumerate() {
        if sec.iter().all(|&b| b == 0) {
            continue;
        }
        let (c, r) = (s / 48, s % 48);
        out.push(format!("sector {c} {} {}", r / 12, r % 12));
        let words: Vec<u16> = sec
            .chunks(2)
            .map(|b| u16::from_le_bytes([b[0], b[1]]))
            .collect();
        for row in words.chunks(8) {
            let row: Vec<String> = row.iter().map(|w| format!("{w:06o}")).collect();
            out.push(row.join(" "));
        }
    }
    out
}

#[test]
fn the_controllers_commands_give_simhs_results_and_image() {
    let d = scratch("cmds");
    let tape = program(&d);
    let image = d.join("disc.img");
    let args = [image.display().to_string(), tape.display().to_string()];
    let (out, c) = run(&dir().join("dptest.sim"), &args);
    let golden = std::fs::read_to_string(dir().join("dptest.simh4.txt")).unwrap();
    let (mine, simh) = (examined(&out, "30"), examined(&golden, "30"));
    assert_eq!(simh.len(), 24, "the recording has the results");
    assert_eq!(mine, simh, "ours (left) and SIMH's results at 3000-3027");

    let img = std::fs::read(&image).unwrap();
    assert_eq!(img.len(), 2_494_464, "-n makes a full-size image");
    let golden = std::fs::read_to_string(dir().join("dptest.simh4-sectors.txt")).unwrap();
    let simh: Vec<&str> = golden.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(sectors(&img), simh, "ours (left) and SIMH's image");

    // The first wait, the seek from cylinder 0 to 5: three steps and the settling, 70 ms,
    // counted in passes of the 9-cycle wait loop (`docs/hp2100a.md` §7).
    let passes =
        u64::from(c.machine.peek_core(0o3400)) + (u64::from(c.machine.peek_core(0o3401)) << 16);
    let ns = passes * 9 * 980;
    assert!((69_900_000..=70_100_000).contains(&ns), "seek 0-5: {ns} ns");
    std::fs::remove_dir_all(&d).unwrap();
}

/// Transfers that cross from head 0 to 1 and from 2 to 3, and run past head 1 and head 3 to
/// the end of the cylinder (`asm/hp2100/dpcross.asm`): SIMH's results and image.
#[test]
fn transfers_across_heads_and_cylinders_give_simhs_results_and_image() {
    let d = scratch("cross");
    let tape = program_of(&d, "dpcross");
    let image = d.join("disc.img");
    let args = [image.display().to_string(), tape.display().to_string()];
    let (out, _) = run(&dir().join("dpcross.sim"), &args);
    let golden = std::fs::read_to_string(dir().join("dpcross.simh4.txt")).unwrap();
    let (mine, simh) = (examined(&out, "30"), examined(&golden, "30"));
    assert_eq!(simh.len(), 24, "the recording has the results");
    assert_eq!(mine, simh, "ours (left) and SIMH's results at 3000-3027");
    // The read across the heads found what was written; the runs past the last head ended
    // with end of cylinder (status bit 5) and words left.
    assert_eq!(simh[6], "3006:\t000000", "words that differ");
    assert_eq!(simh[10], "3012:\t100041", "end of cylinder after head 3");
    assert_eq!(simh[12], "3014:\t100041", "end of cylinder after head 1");

    let img = std::fs::read(&image).unwrap();
    let golden = std::fs::read_to_string(dir().join("dpcross.simh4-sectors.txt")).unwrap();
    let simh: Vec<&str> = golden.lines().filter(|l| !l.starts_with('#')).collect();
    let heads: Vec<&str> = simh
        .iter()
        .copied()
        .filter(|l| l.starts_with("sector"))
        .collect();
    assert_eq!(
        heads,
        [
            "sector 9 0 10",
            "sector 9 0 11",
            "sector 9 1 0",
            "sector 9 1 1",
            "sector 9 2 11",
            "sector 9 3 0",
            "sector 9 3 1",
            "sector 9 3 11"
        ],
        "SIMH's image: the sectors written"
    );
    assert_eq!(sectors(&img), simh, "ours (left) and SIMH's image");
    std::fs::remove_dir_all(&d).unwrap();
}

/// A console with the disc interface and DMA, ready for a script's lines.
fn console() -> Console<Vec<u8>> {
    let mut c = Console::new(Vec::new());
    c.run_text(
        "setup",
        "set dpc enabled\nset dma1 enabled\nset runlimit 60 seconds\n",
    )
    .unwrap();
    c
}

#[test]
fn images_of_the_wrong_size_are_refused_naming_them() {
    let d = scratch("size");
    let odd = d.join("short.img");
    std::fs::write(&odd, vec![0u8; 1000]).unwrap();
    let mut c = console();
    let e = c
        .command("t", 1, &format!("attach dpc {}", odd.display()))
        .unwrap_err();
    assert!(
        e.msg.contains("short.img") && e.msg.contains("not a 2870A"),
        "{e}"
    );
    let e = c
        .command(
            "t",
            2,
            &format!("attach -e dpc1 {}", d.join("none.img").display()),
        )
        .unwrap_err();
    assert!(e.msg.contains("none.img"), "{e}");
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn a_write_to_a_read_only_image_is_refused_and_reported() {
    let d = scratch("ro");
    let image = d.join("ro.img");
    std::fs::File::create(&image)
        .unwrap()
        .set_len(2_494_464)
        .unwrap();
    let tape = program(&d);
    let script = d.join("ro.sim");
    std::fs::write(
        &script,
        "set cpu 16K\nset dma1 enabled\nset runlimit 30 seconds\nattach -r dpc %1\nattach ptr %2\nboot ptr\ngo 100\n",
    )
    .unwrap();
    let mut c = Console::new(Vec::new());
    // The refusal is reported after the run, as SIMH reports a failed command, and the
    // do-file goes on.
    c.run_file(
        &script,
        &[image.display().to_string(), tape.display().to_string()],
    )
    .unwrap();
    let e = String::from_utf8_lossy(c.output()).to_string();
    assert!(
        e.contains("ro.sim-7> go 100\n") && e.contains("ro.img") && e.contains("read-only"),
        "{e}"
    );
    assert!(
        std::fs::read(&image).unwrap().iter().all(|&b| b == 0),
        "the image is untouched"
    );
    // The drive refused it with flagged-cylinder status, as SIMH's does; the program, not
    // written for a protected drive, then waits for ever (its DMA output stays open) and
    // the run limit stops it.
    assert!(
        c.last_stop.is_some_and(|s| s.halt_code().is_none()),
        "{:?}",
        c.last_stop
    );
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn boot_dpc_reads_cylinder_0_and_calls_the_program() {
    let d = scratch("boot");
    let image = d.join("boot.img");
    let mut img = vec![0u8; 2_494_464];
    // Cylinder 0, head 2 (the fixed disc) and head 0 (the cartridge), sector 0 land at 2011:
    // 2055 holds the entry, 2100; the program halts with 102055 (fixed) or 102011.
    let put = |img: &mut Vec<u8>, head: usize, addr: usize, w: u16| {
        let at = (head * 12 * 128 + addr - 0o2011) * 2;
        img[at..at + 2].copy_from_slice(&w.to_le_bytes());
    };
    for (head, halt) in [(2, 0o102055), (0, 0o102011)] {
        put(&mut img, head, 0o2055, 0o2100);
        put(&mut img, head, 0o2101, halt);
    }
    // The last word of the cylinder's second track is read too.
    put(&mut img, 3, 0o2011 + 24 * 128 - 12 * 128 - 1, 0o7777);
    std::fs::write(&image, &img).unwrap();
    let mut c = console();
    c.run_text("t", &format!("attach dpc {}\nboot dpc\n", image.display()))
        .unwrap();
    assert_eq!(c.last_stop.and_then(|s| s.halt_code()), Some(0o102055));
    assert_eq!(c.machine.peek_core(0o2100), 0o37752, "JSB 2055,I's return");
    assert_eq!(c.machine.peek_core(0o2011 + 24 * 128 - 1), 0o7777);
    c.run_text("t", "boot -r dpc\n").unwrap();
    assert_eq!(c.last_stop.and_then(|s| s.halt_code()), Some(0o102011));
    // Booting needs an image on drive 0.
    c.run_text("t", "detach dpc\n").unwrap();
    let e = c.command("t", 2, "boot dpc").unwrap_err();
    assert!(e.msg.contains("attach dpc"), "{e}");
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn set_dpc_sc_moves_both_cards() {
    let mut c = console();
    c.run_text("t", "set dpc sc=30\n").unwrap();
    let sc = |c: &Console<Vec<u8>>, n| c.machine.select_code(hp2100::Machine::slot(n).unwrap());
    assert_eq!(sc(&c, "DPD"), (0o30, true));
    assert_eq!(sc(&c, "DPC"), (0o31, true));
    c.run_text("t", "set dpd sc=22\n").unwrap();
    assert_eq!(sc(&c, "DPC"), (0o23, true));
    // The reader is at 10: the move is taken, as SIMH takes it, and the machine will not run
    // until the cards are apart.
    c.run_text("t", "set dpc sc=10\ngo 100\nset dpc sc=22\n")
        .unwrap();
    let out = String::from_utf8_lossy(c.output()).to_string();
    assert!(
        out.contains("Select code 10 conflict (DPD and PTR)"),
        "{out}"
    );
    assert_eq!(sc(&c, "DPD"), (0o22, true));
    assert!(c.command("t", 2, "set dpc 13210A").is_err());
    c.run_text("t", "set dpc 12557A\nshow dpc\n").unwrap();
    let out = String::from_utf8_lossy(c.output()).to_string();
    assert!(out.contains("DPC0 not attached"), "{out}");
}

#[test]
fn the_disc_loader_image_is_a_fresh_assembly_of_its_source() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let text = std::fs::read_to_string(root.join("asm/hp2100/dbl.asm")).unwrap();
    let a = hp2100_asm::assemble(&[hp2100_asm::Source::new("asm/hp2100/dbl.asm", text)]);
    assert!(a.is_ok(), "{}", a.report);
    assert!(a
        .words
        .iter()
        .all(|&(addr, _)| (0o37700..=0o37777).contains(&addr)));
    assert_eq!(
        std::fs::read(root.join("roms/dbl.abs")).unwrap(),
        a.tape(),
        "roms/dbl.abs: reassemble with retro hp2100 asm asm/hp2100/dbl.asm -o roms/dbl.abs --listing roms/dbl.lst"
    );
}
