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
//! A test may also be ignored on purpose, as libtest's `#[ignore = "why"]` does, always or in
//! one configuration only (`#[ignore(debug_assertions) = "why"]`: ignored in a debug build).
//!
//! Notes:
//! 1. libtest's `RUST_TEST_THREADS` is honoured when `--test-threads` is not given.
//! 2. libtest-mimic does not capture a test's output: what a test prints is seen as it runs.
//! 3. A file whose tests mostly wait (on programs, on timeouts they set, on a server) may ask
//!    for more threads than the machine has cores (`threads = N;` first in [`tests!`]), so that
//!    the waits overlap instead of queueing behind each other two at a time. `--test-threads`
//!    and `RUST_TEST_THREADS` still win, so a run can be made one at a time.

use crate::{need, Need};
use libtest_mimic::{Arguments, Completion, Failed, Trial};
use std::process::ExitCode;

/// One test: its name as libtest would give it (`module::function`), the function, and the
/// keys of the dependencies it needs ([`crate::NEEDS`]).
pub struct Test {
    name: String,
    run: fn(),
    needs: &'static [&'static str],
    /// Why it is ignored on purpose, if it is.
    ignored: Option<&'static str>,
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
            ignored: None,
        }
    }

    /// The same test, ignored on purpose for the reason `why` when it is `Some` (libtest's
    /// `#[ignore = "why"]`): it runs only with `--ignored` or `--include-ignored`.
    #[must_use]
    pub fn ignored(mut self, why: Option<&'static str>) -> Test {
        self.ignored = why;
        self
    }
}

/// Runs the tests with the command line's arguments; the process's exit status is the run's.
pub fn run(tests: Vec<Test>) -> ExitCode {
    run_with_threads(tests, None)
}

/// [`run`], with `threads` test threads unless `--test-threads` or `RUST_TEST_THREADS` says
/// otherwise (note 3); `None`: as many as the machine has cores, as libtest.
pub fn run_with_threads(tests: Vec<Test>, threads: Option<usize>) -> ExitCode {
    let args = Arguments::from_args();
    let from_env = std::env::var("RUST_TEST_THREADS").ok();
    run_args(tests, args, from_env.as_deref(), threads)
}

/// The test threads to use: the command line's, else the environment's, else the file's.
fn threads_of(args: Option<usize>, env: Option<&str>, file: Option<usize>) -> Option<usize> {
    args.or_else(|| env.and_then(|n| n.parse().ok()))
        .or(file)
        .filter(|&n| n > 0)
}

fn run_args(
    tests: Vec<Test>,
    mut args: Arguments,
    env_threads: Option<&str>,
    threads: Option<usize>,
) -> ExitCode {
    args.test_threads = threads_of(args.test_threads, env_threads, threads);
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
                })
                .with_ignored_flag(t.ignored.is_some());
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
/// needs something outside, and `#[ignore = "why"]` or `#[ignore(CFG) = "why"]` (ignored when
/// `cfg!(CFG)` holds) when it is ignored on purpose. `threads = N;` first asks for `N` test
/// threads (note 3):
///
/// ```text
/// needs::tests! {
///     threads = 8;
///     #[needs("hp-tapes")] every_diagnostic_passes,
///     #[ignore(debug_assertions) = "wants --release"] a_long_search,
///     a_test_that_needs_nothing,
/// }
/// ```
#[macro_export]
macro_rules! tests {
    (threads = $n:expr; $($rest:tt)*) => {
        $crate::__tests_main!(::std::option::Option::Some($n); $($rest)*);
    };
    ($($rest:tt)*) => {
        $crate::__tests_main!(::std::option::Option::None; $($rest)*);
    };
}

/// [`tests!`]'s `main`, with the thread count first.
#[doc(hidden)]
#[macro_export]
macro_rules! __tests_main {
    ($threads:expr; $(
        $(#[needs($($key:literal),+ $(,)?)])?
        $(#[ignore $(($cfg:meta))? = $why:expr])?
        $($f:ident)::+
    ),* $(,)?) => {
        fn main() -> ::std::process::ExitCode {
            $crate::run_with_threads(::std::vec![$(
                $crate::Test::new(
                    &[$(::std::stringify!($f)),+],
                    $($f)::+,
                    &[$($($key),+)?],
                )
                .ignored($crate::__tests_why!($($(($cfg))? $why)?))
            ),*], $threads)
        }
    };
}

/// Why a test of [`tests!`] is ignored: never, always, or when a cfg holds.
#[doc(hidden)]
#[macro_export]
macro_rules! __tests_why {
    () => {
        ::std::option::Option::None
    };
    (($cfg:meta) $why:expr) => {
        if ::std::cfg!($cfg) {
            ::std::option::Option::Some($why)
        } else {
            ::std::option::Option::None
        }
    };
    ($why:expr) => {
        ::std::option::Option::Some($why)
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
        assert_eq!(t.ignored, None);
        assert_eq!(t.ignored(Some("why")).ignored, Some("why"));
    }

    #[test]
    fn the_command_line_then_the_environment_then_the_file_choose_the_threads() {
        assert_eq!(threads_of(Some(1), Some("3"), Some(8)), Some(1));
        assert_eq!(threads_of(None, Some("3"), Some(8)), Some(3));
        assert_eq!(threads_of(None, None, Some(8)), Some(8));
        assert_eq!(threads_of(None, Some("many"), Some(8)), Some(8));
        assert_eq!(threads_of(None, None, None), None);
        // 0 is libtest's "as many as cores".
        assert_eq!(threads_of(None, None, Some(0)), None);
    }
}
