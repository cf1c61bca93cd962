//! Every subcommand's `--help` has examples, and every example runs: each `retro ...` line
//! under `Examples:` in the help of every subcommand is run as a newcomer would type it at the
//! repository's root, and ends with status 0.
//!
//! The examples run in a temporary folder that links the repository's `roms`, `asm`, `tests`
//! and `docs` folders, so the files they read are the repository's and the files they write
//! (relative names) land in the temporary folder; standard input is empty, so a game at the
//! teletype asks its first question and ends. `retro` is on the `PATH`, for the programs an
//! example gives the referee.
//!
//! Notes:
//! 1. The examples of one command (`gomoku`, `quoridor`, ...) run in the order the help lists
//!    them, so one may read what an earlier one wrote (`quoridor merge` after `quoridor
//!    experiment`). The commands run side by side, each in a thread and a folder of its own,
//!    so that no two examples can write the same file.

mod common;

use common::{commands_of, root};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Run `retro ARGS` in `dir` with empty standard input: (exit status, stdout, stderr).
fn retro_in(dir: &Path, args: &[String]) -> (i32, String, String) {
    let exe = PathBuf::from(env!("CARGO_BIN_EXE_retro"));
    let path = std::env::join_paths(std::iter::once(exe.parent().unwrap().to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .unwrap();
    let out = Command::new(&exe)
        .args(args)
        .current_dir(dir)
        .env("PATH", path)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The `retro ...` lines under `Examples:`, without `retro`.
fn examples_of(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| l.trim_end() != "Examples:")
        .skip(1)
        .take_while(|l| l.starts_with("  ") || l.trim().is_empty())
        .filter_map(|l| l.strip_prefix("  retro "))
        .map(|l| l.split(" # ").next().unwrap().trim().to_string())
        .collect()
}

/// Words as a shell splits them, with '...' and "..." quoting.
fn words(line: &str) -> Vec<String> {
    let (mut out, mut word, mut quote, mut any) = (Vec::new(), String::new(), None, false);
    for c in line.chars() {
        match (quote, c) {
            (None, '\'' | '"') => (quote, any) = (Some(c), true),
            (Some(q), c) if c == q => quote = None,
            (None, c) if c.is_whitespace() => {
                if any {
                    out.push(std::mem::take(&mut word));
                }
                any = false;
            }
            (_, c) => (word.push(c), any = true).1,
        };
    }
    assert!(quote.is_none(), "unclosed quote in {line}");
    if any {
        out.push(word);
    }
    out
}

#[test]
fn words_split_as_a_shell_splits_them() {
    assert_eq!(
        words("a 'b c' \"d\" ''"),
        ["a", "b c", "d", ""].map(String::from)
    );
    let help = "Usage: x\n\nExamples:\n  retro a b   # what\n  retro c\n\nOther:\n  retro d\n";
    assert_eq!(examples_of(help), ["a b", "c"]);
}

/// What one command's examples gave: those that ran (all with status 0) and the subcommands
/// without examples.
#[derive(Default)]
struct Ran {
    ran: Vec<String>,
    without: Vec<String>,
}

/// Run the examples of every subcommand of the command `g`, in their order, in a fresh
/// temporary folder of its own (note 1).
fn examples_of_command(g: &str) -> Ran {
    let dir = common::tmp(&format!("examples-{g}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for d in ["roms", "asm", "tests", "docs"] {
        std::os::unix::fs::symlink(root().join(d), dir.join(d)).unwrap();
    }
    let mut out = Ran::default();
    let (_, group, _) = retro_in(&dir, &[g.to_string(), "--help".into()]);
    for sub in commands_of(&group) {
        let (code, help, err) = retro_in(&dir, &[g.to_string(), sub.clone(), "--help".into()]);
        assert_eq!(code, 0, "retro {g} {sub} --help: {err}");
        let examples = examples_of(&help);
        if examples.is_empty() {
            out.without.push(format!("{g} {sub}"));
        }
        for e in examples {
            let args = words(&e);
            assert_eq!(args[..2], [g, sub.as_str()], "retro {g} {sub}: {e}");
            let (code, stdout, err) = retro_in(&dir, &args);
            assert_eq!(
                code,
                0,
                "retro {e} (in {}):\n{stdout}\n{err}",
                dir.display()
            );
            out.ran.push(e);
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    out
}

#[test]
fn every_help_example_runs() {
    let (_, top, _) = retro_in(&root(), &["--help".into()]);
    let groups = commands_of(&top);
    assert!(!groups.is_empty(), "no commands in retro --help:\n{top}");
    let (mut ran, mut without) = (Vec::new(), Vec::new());
    std::thread::scope(|s| {
        let runs: Vec<_> = groups
            .iter()
            .map(|g| s.spawn(move || examples_of_command(g)))
            .collect();
        // Every command ends before the first failure is passed on.
        let ends: Vec<_> = runs.into_iter().map(|r| r.join()).collect();
        for end in ends {
            match end {
                Ok(r) => {
                    ran.extend(r.ran);
                    without.extend(r.without);
                }
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
    });
    assert!(
        without.is_empty(),
        "no examples in the help of: {without:?}"
    );
    // The subcommands a newcomer starts from are among them.
    for needed in [
        "hp2100 run",
        "hp2100 console",
        "hp2100 debug",
        "tosbac run",
        "tosbac asm",
        "tosbac debug",
        "lgame classify",
        "lgame step",
        "hex play",
        "hex replay",
        "gomoku tournament",
        "gomoku dohyo",
        "gomoku play",
        "gomoku show",
        "quoridor match",
        "quoridor experiment",
        "quoridor play",
        "quoridor merge",
    ] {
        assert!(
            ran.iter()
                .any(|e| e == needed || e.starts_with(&format!("{needed} "))),
            "retro {needed} --help has no example; ran {ran:?}"
        );
    }
}
