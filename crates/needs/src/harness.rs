//! The test harness of the test files that need something outside (feature `harness`): the
//! crate `libtest-mimic` gives the `cargo test` interface (filters, `--list`, `--ignored`,
//! the summary cargo reads), and each test's dependencies are checked here, when the tests
//! run. A well-kept crate rather than our own harness: the interface it copies is libtest's,
//! which changes with the toolchain.
//!
//! For each test, with every dependency it names present it runs as usual. With one missing:
//!
//! * its switch set to `1` (`RETRO_REQUIRE_*`): the test runs and fails at once, naming what
//!   is missing and how to install it;
//! * else: the test reports `ignored (needs ...: what is missing; install: ...; SWITCH=1
//!   requires it)`, counted in the summary's `ignored`. `--list --ignored` lists it and
//!   `--ignored` or `--include-ignored` run it, failing at once as above.
//!
//! Notes:
//! 1. libtest's `RUST_TEST_THREADS` is honoured when `--test-threads` is not given.
//! 2. libtest-mimic does not capture a test's output: what a test prints is seen as it runs.

use crate::{need, Need};
use libtest_mimic::{Arguments, Completion, Failed, Trial};
use std::process::ExitCode;

/// One test: its name as libtest would give it (`module::function`), the function, and the
/// keys of the dependencies it needs ([`crate::NEEDS`]).
pub struct Test {
    name: String,
    run: fn(),
    needs: &'static [&'static str],
}

impl Test {
    /// A test called by the path `name` (its segments), running `run`, needing `needs`.
    pub fn new(name: &[&str], run: fn(), needs: &'static [&'static str]) -> Test {
        for key in needs {
            need(key); // a key that names no dependency is a mistake: fail at once
        }
        Test {
            name: name.join("::"),
            run,
            needs,
        }
    }
}

/// Runs the tests with the command line's arguments; the process's exit status is the run's.
pub fn run(tests: Vec<Test>) -> ExitCode {
    let mut args = Arguments::from_args();
    if args.test_threads.is_none() {
        args.test_threads = std::env::var("RUST_TEST_THREADS")
            .ok()
            .and_then(|n| n.parse().ok());
    }
    // Probe each dependency once (the tmpfs probe mounts), and only when a test is kept.
    let mut cache: Vec<(&str, Option<String>)> = Vec::new();
    let mut probe = |key: &'static str| -> Option<String> {
        if let Some((_, m)) = cache.iter().find(|(k, _)| *k == key) {
            return m.clone();
        }
        let m = need(key).missing();
        cache.push((key, m.clone()));
        m
    };
    let on_purpose = args.list || args.ignored || args.include_ignored;
    let trials = tests
        .into_iter()
        .map(|t| {
            let gone: Vec<(&Need, String)> = t
                .needs
                .iter()
                .filter_map(|k| probe(k).map(|why| (need(k), why)))
                .collect();
            let f = t.run;
            if gone.is_empty() {
                return Trial::test(t.name, move || {
                    f();
                    Ok(())
                });
            }
            let absence: Vec<String> = gone.iter().map(|(n, why)| n.absence(why)).collect();
            let fail = move || Err(Failed::from(absence.join("\n")));
            if gone.iter().any(|(n, _)| n.required()) {
                Trial::test(t.name, fail)
            } else if on_purpose {
                Trial::test(t.name, fail).with_ignored_flag(true)
            } else {
                let reason: Vec<String> = gone.iter().map(|(n, why)| n.skip_reason(why)).collect();
                let reason = reason.join("; ");
                Trial::ignorable_test(t.name, move || Ok(Completion::ignored_with(reason)))
            }
        })
        .collect();
    libtest_mimic::run(&args, trials).exit_code()
}

/// The `main` of a test file whose tests are checked for their dependencies when they run
/// ([`run`]). Each test is a function's path, with `#[needs("key", ...)]` before it when it
/// needs something outside:
///
/// ```text
/// needs::tests! {
///     #[needs("hp-tapes")] every_diagnostic_passes,
///     a_test_that_needs_nothing,
/// }
/// ```
#[macro_export]
macro_rules! tests {
    ($( $(#[needs($($key:literal),+ $(,)?)])? $($f:ident)::+ ),* $(,)?) => {
        fn main() -> ::std::process::ExitCode {
            $crate::run(::std::vec![$(
                $crate::Test::new(
                    &[$(::std::stringify!($f)),+],
                    $($f)::+,
                    &[$($($key),+)?],
                )
            ),*])
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_test_missing_nothing_is_kept_and_an_unknown_key_is_refused() {
        assert!(std::panic::catch_unwind(|| Test::new(&["x"], || {}, &["no-such-need"])).is_err());
        let t = Test::new(&["m", "f"], || {}, &["dev-full"]);
        assert_eq!(t.name, "m::f");
    }
}
