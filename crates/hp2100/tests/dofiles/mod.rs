//! What the tests that run a do-file here and on Open SIMH 4 share: where HP's software is,
//! SIMH's recorded teletype text, and our console's run of the same do-file.

use hp2100::scp::Console;
use std::path::{Path, PathBuf};

pub fn root() -> PathBuf {
    needs::root()
}

/// HP's software: `$HP2100_SOFTWARE_DIR`, else `../shared/hp2100-software` beside the checkout,
/// as the test's check found it (crate `needs`).
pub fn software() -> PathBuf {
    needs::folder("hp-software")
}

/// SIMH's recording `tests/simh/NAME.simh4.txt` without its provenance header, banner, halt
/// messages and `Goodbye`: the teletype's text.
pub fn simh_teletype(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/simh/{name}.simh4.txt"));
    let text = std::fs::read_to_string(&path).unwrap();
    let (_, out) = text.split_once("\n----\n").expect("a provenance header");
    let banner_end = "http://simh.trailing-edge.com/hp\n";
    let at = out.find(banner_end).expect("SIMH's banner") + banner_end.len();
    let mut tty = String::new();
    let mut rest = &out[at..];
    // SIMH's stop message is "\nProgrammed halt, ...\n" after whatever the teletype printed.
    while let Some(i) = rest.find("\nProgrammed halt, ") {
        tty.push_str(&rest[..i]);
        let end = rest[i + 1..]
            .find('\n')
            .map_or(rest.len(), |e| i + 1 + e + 1);
        rest = &rest[end..];
    }
    tty.push_str(rest.strip_suffix("Goodbye\n").unwrap_or(rest));
    tty
}

/// Our console's run of `tests/hp2100/NAME.do` with HP's folder and `scratch` as its
/// arguments: the bytes sent to the teletype.
pub fn ours(name: &str, scratch: &Path) -> Vec<u8> {
    let mut c = Console::new(Vec::new());
    let args = [
        software().display().to_string(),
        scratch.display().to_string(),
    ];
    let file = root().join(format!("tests/hp2100/{name}.do"));
    let status = c
        .run_file(&file, &args)
        .unwrap_or_else(|e| panic!("{e}\n{}", String::from_utf8_lossy(c.output())));
    assert_eq!(status, 0, "{name}");
    c.tty().host.inner().scripted.output().to_vec()
}

/// The text with the digits of each `JOB` and `END JOB` line (DOS-M's jobs' times, counted
/// with the time base generator while our teletype runs at its real speed) as `#`.
pub fn without_job_seconds(text: &str) -> String {
    text.split_inclusive('\n')
        .map(|line| {
            if line.starts_with("JOB ") || line.starts_with("END JOB ") {
                line.replace(|c: char| c.is_ascii_digit(), "#")
            } else {
                line.to_string()
            }
        })
        .collect()
}
