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
//! 1. The examples run in groups side by side, each group in a thread and a folder of its own,
//!    so that no two groups can write the same file: a group is one subcommand's examples, in
//!    the order its help lists them. An example that reads what an example of an earlier
//!    subcommand wrote says so in its comment (`retro quoridor merge ...  # after the
//!    experiment's example`); its subcommand's examples then join the group before it, and
//!    run after that group's.
//! 2. The examples that run HP's software (`retro hp2100 basic`, `retro hex play --dos`)
//!    need HP's tapes, which are not part of the project: they run in a test of their own,
//!    which reports itself ignored without the tapes (checked when it runs, crate `needs`) and
//!    fails without them under `RETRO_REQUIRE_HP_TAPES=1`. They are given the folder the check
//!    found (`$HP2100_SOFTWARE_DIR`).

mod common;

use common::{commands_of, root};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

needs::tests! {
    words_split_as_a_shell_splits_them,
    every_help_example_runs,
    #[needs("hp-software")] the_examples_that_run_hps_software_run,
}

/// Whether an example runs HP's software (note 2).
fn runs_hps_software(args: &[String]) -> bool {
    match args {
        [a, b, ..] if a == "hp2100" && b == "basic" => true,
        [a, b, rest @ ..] if a == "hex" && b == "play" => rest.iter().any(|w| w == "--dos"),
        _ => false,
    }
}

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
        .env("HP2100_SOFTWARE_DIR", needs::folder("hp-software"))
        .stdin(Stdio::null())
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The `retro ...` lines under `Examples:`, without `retro`, each with its comment (after
/// ` # `, or empty).
fn examples_with_comments(help: &str) -> Vec<(String, String)> {
    help.lines()
        .skip_while(|l| l.trim_end() != "Examples:")
        .skip(1)
        .take_while(|l| l.starts_with("  ") || l.trim().is_empty())
        .filter_map(|l| l.strip_prefix("  retro "))
        .map(|l| {
            let (e, comment) = l.split_once(" # ").unwrap_or((l, ""));
            (e.trim().to_string(), comment.trim().to_string())
        })
        .collect()
}

/// The `retro ...` lines under `Examples:`, without `retro`.
fn examples_of(help: &str) -> Vec<String> {
    examples_with_comments(help)
        .into_iter()
        .map(|(e, _)| e)
        .collect()
}

/// Whether an example reads what an earlier subcommand's example wrote (note 1).
fn follows_an_earlier_example(help: &str) -> bool {
    examples_with_comments(help)
        .iter()
        .any(|(_, c)| c.starts_with("after "))
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

fn words_split_as_a_shell_splits_them() {
    for (e, hps) in [
        ("hp2100 basic", true),
        ("hex play --dos", true),
        ("hex play --native", false),
        ("hp2100 run roms/nhex.abs", false),
    ] {
        assert_eq!(runs_hps_software(&words(e)), hps, "{e}");
    }
    assert_eq!(
        words("a 'b c' \"d\" ''"),
        ["a", "b c", "d", ""].map(String::from)
    );
    let help = "Usage: x\n\nExamples:\n  retro a b   # what\n  retro c\n\nOther:\n  retro d\n";
    assert_eq!(examples_of(help), ["a b", "c"]);
    assert!(!follows_an_earlier_example(help));
    assert!(follows_an_earlier_example(
        "Examples:\n  retro a c x   # after a b's example\n"
    ));
}

/// Examples run in order in a folder of their own (note 1).
struct Group {
    /// The group's first subcommand, `gomoku tournament`.
    name: String,
    examples: Vec<String>,
}

/// The groups of examples of every subcommand, and the subcommands without examples.
fn groups() -> (Vec<Group>, Vec<String>) {
    let (mut groups, mut without) = (Vec::<Group>::new(), Vec::new());
    let (_, top, _) = retro_in(&root(), &["--help".into()]);
    let commands = commands_of(&top);
    assert!(!commands.is_empty(), "no commands in retro --help:\n{top}");
    for g in commands {
        let (_, group, _) = retro_in(&root(), &[g.clone(), "--help".into()]);
        let mut last_of_g: Option<usize> = None;
        for sub in commands_of(&group) {
            let (code, help, err) = retro_in(&root(), &[g.clone(), sub.clone(), "--help".into()]);
            assert_eq!(code, 0, "retro {g} {sub} --help: {err}");
            let examples = examples_of(&help);
            if examples.is_empty() {
                without.push(format!("{g} {sub}"));
                continue;
            }
            for e in &examples {
                let args = words(e);
                assert_eq!(args[..2], [g.clone(), sub.clone()], "retro {g} {sub}: {e}");
            }
            match last_of_g {
                Some(i) if follows_an_earlier_example(&help) => groups[i].examples.extend(examples),
                _ => {
                    last_of_g = Some(groups.len());
                    groups.push(Group {
                        name: format!("{g} {sub}"),
                        examples,
                    });
                }
            }
        }
    }
    (groups, without)
}

/// Run a group's examples in order in a fresh temporary folder of its own; each must end
/// with status 0.
fn run_group(group: &Group) {
    let dir = common::tmp(&format!("examples-{}", group.name.replace(' ', "-")));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for d in ["roms", "asm", "tests", "docs"] {
        std::os::unix::fs::symlink(root().join(d), dir.join(d)).unwrap();
    }
    for e in &group.examples {
        let (code, stdout, err) = retro_in(&dir, &words(e));
        assert_eq!(
            code,
            0,
            "retro {e} (in {}; an example that reads an earlier subcommand's files says \
             `# after ...`):\n{stdout}\n{err}",
            dir.display()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The groups with only the examples that run HP's software (`true`) or only the others
/// (note 2); a group left with none is dropped.
fn split(groups: &[Group], hps: bool) -> Vec<Group> {
    groups
        .iter()
        .map(|g| Group {
            // The two tests run side by side: a group's two parts get folders of their own.
            name: if hps {
                format!("{}-hp", g.name)
            } else {
                g.name.clone()
            },
            examples: g
                .examples
                .iter()
                .filter(|e| runs_hps_software(&words(e)) == hps)
                .cloned()
                .collect(),
        })
        .filter(|g| !g.examples.is_empty())
        .collect()
}

/// Runs the groups side by side (note 1); the first failure is passed on once all have ended.
fn run_groups(groups: &[Group]) {
    std::thread::scope(|s| {
        let runs: Vec<_> = groups.iter().map(|g| s.spawn(|| run_group(g))).collect();
        // Every group ends before the first failure is passed on.
        let ends: Vec<_> = runs.into_iter().map(|r| r.join()).collect();
        for end in ends {
            if let Err(panic) = end {
                std::panic::resume_unwind(panic);
            }
        }
    });
}

fn the_examples_that_run_hps_software_run() {
    let (groups, _) = groups();
    let hps = split(&groups, true);
    assert!(!hps.is_empty(), "no example runs HP's software");
    run_groups(&hps);
}

fn every_help_example_runs() {
    let (all, without) = groups();
    // HP's software is left to its own test (note 2); these are its examples.
    let hps: Vec<String> = split(&all, true)
        .into_iter()
        .flat_map(|g| g.examples)
        .collect();
    assert_eq!(
        hps,
        ["hp2100 basic", "hex play --dos"],
        "the examples that run HP's software (tested apart)"
    );
    let groups = split(&all, false);
    run_groups(&groups);
    let ran: Vec<&str> = groups
        .iter()
        .flat_map(|g| g.examples.iter().map(String::as_str))
        .collect();
    assert!(
        without.is_empty(),
        "no examples in the help of: {without:?}"
    );
    // The subcommands a newcomer starts from are among them.
    for needed in [
        "hp2100 run",
        "hp2100 console",
        "hp2100 debug",
        "t3300 run",
        "t3300 asm",
        "t3300 debug",
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
                .any(|e| *e == needed || e.starts_with(&format!("{needed} "))),
            "retro {needed} --help has no example; ran {ran:?}"
        );
    }
}
