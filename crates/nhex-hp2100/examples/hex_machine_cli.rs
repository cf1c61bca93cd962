//! The `retro hex` machine commands outside `retro`: `play [--input F] [--transcript F]
//! [--realtime] [--stats]` and `replay [--gpcc] [--svg F] FILE...`, running the very module
//! `crates/retro/src/hex_machine.rs` (so that it is built and exercised with this crate).

pub type CliResult = Result<std::process::ExitCode, Box<dyn std::error::Error>>;

#[path = "../../retro/src/hex_machine.rs"]
mod hex_machine;

use std::path::PathBuf;

fn main() -> CliResult {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |f: &str| args.iter().any(|a| a == f);
    let value = |f: &str| {
        args.iter()
            .position(|a| a == f)
            .and_then(|i| args.get(i + 1))
            .map(PathBuf::from)
    };
    match args.first().map(String::as_str) {
        Some("play") => hex_machine::play(
            value("--input").as_deref(),
            value("--transcript").as_deref(),
            flag("--realtime"),
            flag("--stats"),
        ),
        Some("replay") => {
            let mut files = Vec::new();
            let mut skip = false;
            for a in &args[1..] {
                if skip {
                    skip = false;
                } else if a == "--svg" {
                    skip = true;
                } else if !a.starts_with("--") {
                    files.push(PathBuf::from(a));
                }
            }
            hex_machine::replay(&files, value("--svg").as_deref(), flag("--gpcc"))
        }
        _ => Err("usage: hex_machine_cli play [--input F] [--transcript F] [--realtime] [--stats] | replay [--gpcc] [--svg F] FILE...".into()),
    }
}
