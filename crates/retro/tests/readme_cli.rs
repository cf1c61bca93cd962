//! The README's commands, as a newcomer types them: every `retro ...` command the README names
//! is a command of the binary (its `--help` answers), the commands of its code blocks run, and
//! every subcommand's `--help` says what it does.

mod common;

use common::{commands_of, retro, retro_stdin, root};

needs::tests! {
    every_command_the_readme_names_exists,
    the_readme_code_blocks_run,
    #[needs("hp-tapes")] the_readme_s_diagnostics_example_runs,
    every_subcommand_says_what_it_does,
}

fn readme() -> String {
    std::fs::read_to_string(root().join("README.md")).unwrap()
}

/// The subcommand words at the start of `words` (`hex play FILE...` -> `hex play`): lower-case
/// words, before the first option, placeholder or `[`.
fn subcommand(words: &[&str]) -> Vec<String> {
    words
        .iter()
        .take_while(|w| {
            !w.is_empty()
                && w.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '|')
                && !w.starts_with('-')
        })
        .take(2)
        .map(|w| w.to_string())
        .collect()
}

/// Every `retro ...` of the README's text, with `a|b` alternatives spelled out.
fn named_commands(text: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for span in text.split('`').skip(1).step_by(2) {
        let span = span.replace("\\|", "|");
        let Some(rest) = span.strip_prefix("retro ") else {
            continue;
        };
        let words: Vec<&str> = rest.split_whitespace().collect();
        let sub = subcommand(&words);
        let mut expanded: Vec<Vec<String>> = vec![vec![]];
        for w in &sub {
            expanded = expanded
                .into_iter()
                .flat_map(|prefix| {
                    w.split('|').map(move |alt| {
                        let mut p = prefix.clone();
                        p.push(alt.to_string());
                        p
                    })
                })
                .collect();
        }
        out.extend(expanded.into_iter().filter(|c| !c.is_empty()));
    }
    out.sort();
    out.dedup();
    out
}

fn every_command_the_readme_names_exists() {
    let commands = named_commands(&readme());
    assert!(commands.len() > 30, "{commands:?}");
    for c in &commands {
        let mut args: Vec<&str> = c.iter().map(String::as_str).collect();
        args.push("--help");
        let (code, out, err) = retro(&args);
        assert_eq!(code, 0, "retro {}: {err}", args.join(" "));
        assert!(
            out.contains("Usage: retro"),
            "retro {}: {out}",
            args.join(" ")
        );
    }
}

fn the_readme_code_blocks_run() {
    let text = readme();
    let mut ran = 0;
    for line in text.lines() {
        let Some(rest) = line.trim().strip_prefix("cargo run --release -p retro -- ") else {
            continue;
        };
        let cmd = rest.split('#').next().unwrap().trim();
        let args: Vec<&str> = cmd.split_whitespace().collect();
        // A game at the teletype with nothing typed: it asks its first question and ends.
        let (code, out, err) = retro_stdin(&args, "");
        assert_eq!(code, 0, "retro {cmd}: {err}");
        assert!(!out.is_empty(), "retro {cmd} printed nothing");
        ran += 1;
    }
    assert!(ran >= 1, "the README's first block names a command");
}

/// The README's inline diagnostics example needs HP's tapes (not part of the repository): it
/// reports itself ignored without them (checked when it runs, crate `needs`), and
/// `RETRO_REQUIRE_HP_TAPES=1` requires them. The example names `../shared` as the README
/// does; the check found the tapes there unless `$HP2100_DIAG_DIR` points elsewhere.
fn the_readme_s_diagnostics_example_runs() {
    let text = std::fs::read_to_string(root().join("README.md")).unwrap();
    let example = "hp2100 script tests/hp2100/eau.do ../shared/hp2100-diagnostics";
    assert!(text.contains(example));
    let dir = root().join("../shared/hp2100-diagnostics");
    assert!(
        dir.is_dir(),
        "{}",
        needs::need("hp-tapes").absence(&format!("no folder {}", dir.display()))
    );
    let args: Vec<&str> = example.split_whitespace().collect();
    let (code, _, err) = retro(&args);
    assert_eq!(code, 0, "retro {example}: {err}");
}

fn every_subcommand_says_what_it_does() {
    let (_, top, _) = retro(&["--help"]);
    let groups: Vec<String> = commands_of(&top);
    assert!(groups.len() >= 6, "{top}");
    for g in &groups {
        let (code, out, _) = retro(&[g, "--help"]);
        assert_eq!(code, 0);
        for sub in commands_of(&out) {
            let (code, help, err) = retro(&[g, &sub, "--help"]);
            assert_eq!(code, 0, "retro {g} {sub} --help: {err}");
            // The first line after `retro GROUP --help` lists it with a description.
            let listed = out
                .lines()
                .find(|l| l.trim_start().starts_with(&format!("{sub} ")))
                .unwrap_or_default();
            assert!(
                listed.trim().len() > sub.len() + 3,
                "retro {g} --help lists {sub} with no description:\n{out}"
            );
            assert!(help.contains("Usage:"), "{help}");
        }
    }
}
