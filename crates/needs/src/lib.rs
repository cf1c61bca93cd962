//! The outside dependencies of the workspace's tests: programs, files and host facilities that
//! are not Rust crates. Each [`Need`] names what it is, how to install it, the switch that
//! requires it (`RETRO_REQUIRE_*`, all set by `.ci/run` when `CI=true`) and the test files that
//! use it.
//!
//! A test that needs one is checked **when it runs**, not when it is built: its test file is a
//! `harness = false` target whose `main` is [`tests!`] (feature `harness`, on the crate
//! `libtest-mimic`), which lists each test with the dependencies it needs. A test whose
//! dependency is missing then reports itself `ignored (<what is missing, how to install it>)`
//! and the summary counts it; with the dependency's switch set to `1` it fails instead, naming
//! what is missing. No test passes for lack of a dependency, and the answer follows the files
//! as they are now: removing or restoring one needs no rebuild.
//!
//! `cargo run -p needs -- check` prints the table (present or missing, switch, tests) and
//! fails when a required dependency is missing; `.ci/run` runs it before the tests.
//!
//! Notes:
//! 1. The workspace's root is found at run time: from `CARGO_MANIFEST_DIR` as cargo sets it for
//!    the program it runs (a test, a build script, `cargo run`), else the current directory, up
//!    to the folder whose `Cargo.toml` has `[workspace]`. A copied checkout so reports its own
//!    files, never those of the checkout a binary was built in.
//! 2. The tmpfs probe mounts and unmounts a 64 KiB tmpfs in a fresh temporary folder: that is
//!    what the full-disk test does, and being root is not enough in every container.
//! 3. No test is probed when it is built any more (a build script's cfg, which cargo caches, so
//!    that a dependency that came or went after the build was not seen): every test that needs
//!    something outside is listed in a [`tests!`].

#[cfg(feature = "harness")]
mod harness;
#[cfg(feature = "harness")]
pub use harness::{run, run_with_threads, Test};

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

/// How a dependency is found.
#[derive(Debug, Clone, Copy)]
pub enum Probe {
    /// Every one of these programs on `PATH` (or in Cargo's `bin` folder).
    Programs(&'static [&'static str]),
    /// Every one of these paths; relative ones are under the workspace's root.
    Paths(&'static [&'static str]),
    /// A folder given by an environment variable, else this path relative to the root.
    Folder(&'static str, &'static str),
    /// A tmpfs can be mounted (note 2).
    Tmpfs,
}

/// One outside dependency of the tests.
#[derive(Debug, Clone, Copy)]
pub struct Need {
    /// Short name, as [`tests!`]'s `#[needs("key")]` gives it.
    pub key: &'static str,
    /// What it is, for messages.
    pub what: &'static str,
    /// The environment variable that requires it when `1`.
    pub switch: &'static str,
    /// How to install it.
    pub install: &'static str,
    /// How it is found.
    pub probe: Probe,
    /// The test files (from the workspace's root) that use it.
    pub tests: &'static [&'static str],
}

/// Every outside dependency of the workspace's tests.
pub const NEEDS: &[Need] = &[
    Need {
        key: "slurm",
        what: "Slurm and munge",
        switch: "RETRO_REQUIRE_SLURM",
        install: "apt-get install slurm-wlm munge",
        probe: Probe::Programs(&["slurmctld", "slurmd", "sbatch", "munged", "mungekey"]),
        tests: &["crates/retro/tests/slurm.rs"],
    },
    Need {
        key: "figrid",
        what: "pbrain-figrid (crate figrid-board 1.2.0)",
        switch: "RETRO_REQUIRE_FIGRID",
        install: "cargo install --locked figrid-board --version 1.2.0 --features embed-weights",
        probe: Probe::Programs(&["pbrain-figrid"]),
        tests: &["crates/dohyo/tests/matches/figrid.rs"],
    },
    Need {
        key: "simh",
        what: "SIMH's hp2100",
        switch: "RETRO_REQUIRE_SIMH",
        install: "apt-get install simh",
        probe: Probe::Programs(&["hp2100"]),
        tests: &["crates/hp2100/tests/simh.rs"],
    },
    Need {
        key: "browser",
        what: "Chromium, Node.js and playwright-core",
        switch: "RETRO_REQUIRE_BROWSER",
        install: "apt-get install chromium nodejs npm; npm ci in crates/web/tests/browser",
        probe: Probe::Paths(&[
            "/usr/bin/chromium",
            "/usr/bin/node",
            "crates/web/tests/browser/node_modules/playwright-core",
        ]),
        tests: &["crates/web/tests/browser.rs"],
    },
    Need {
        key: "ipa-font",
        what: "the IPA Gothic font (Japanese text in the browser's screenshots)",
        switch: "RETRO_REQUIRE_BROWSER",
        install: "apt-get install fonts-ipafont-gothic",
        probe: Probe::Paths(&["/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf"]),
        tests: &["crates/web/tests/browser.rs"],
    },
    Need {
        key: "tmpfs",
        what: "a tmpfs mount (root with the right to mount)",
        switch: "RETRO_REQUIRE_TMPFS",
        install: "run the tests as root, in a container allowed to mount",
        probe: Probe::Tmpfs,
        tests: &["crates/dohyo/tests/guarantees.rs"],
    },
    Need {
        key: "script",
        what: "util-linux's script (a pseudo-terminal)",
        switch: "RETRO_REQUIRE_HOST",
        install: "apt-get install bsdutils",
        probe: Probe::Programs(&["script"]),
        tests: &["crates/retro/tests/console_terminal.rs"],
    },
    Need {
        key: "setpriv",
        what: "util-linux's setpriv",
        switch: "RETRO_REQUIRE_HOST",
        install: "apt-get install util-linux",
        probe: Probe::Programs(&["setpriv"]),
        tests: &["crates/retro/tests/referee_kill_cli.rs"],
    },
    Need {
        key: "dev-full",
        what: "/dev/full (a device whose writes fail as a full disk's do)",
        switch: "RETRO_REQUIRE_HOST",
        install: "a Linux host (mknod /dev/full c 1 7)",
        probe: Probe::Paths(&["/dev/full"]),
        tests: &["crates/retro/tests/output_cli.rs"],
    },
    Need {
        key: "hp-tapes",
        what: "HP's diagnostic tapes",
        switch: "RETRO_REQUIRE_HP_TAPES",
        install: "the shared material beside the checkout (../shared/hp2100-diagnostics) or $HP2100_DIAG_DIR",
        probe: Probe::Folder("HP2100_DIAG_DIR", "../shared/hp2100-diagnostics"),
        tests: &[
            "crates/hp2100/tests/diagnostics.rs",
            "crates/retro/tests/readme_cli.rs",
        ],
    },
    Need {
        key: "hp-software",
        what: "HP's software tapes and sources",
        switch: "RETRO_REQUIRE_HP_TAPES",
        install: "the shared material beside the checkout (../shared/hp2100-software) or $HP2100_SOFTWARE_DIR",
        probe: Probe::Folder("HP2100_SOFTWARE_DIR", "../shared/hp2100-software"),
        tests: &[
            "crates/hp2100/tests/simh_basic.rs",
            "crates/hp2100/tests/simh_dosm.rs",
            "crates/hp2100-asm/tests/hp_sources.rs",
            "crates/hp2100-software/tests/asmb.rs",
            "crates/hp2100-software/tests/simh.rs",
            "crates/nhex-hp2100/tests/dos.rs",
            "crates/retro/tests/hp2100_basic.rs",
            "crates/retro/tests/output_cli.rs",
            "crates/retro/tests/help_examples.rs",
            "crates/web/tests/browser.rs",
            "crates/web/tests/hp_software.rs",
            "crates/web/tests/hostile_bounds.rs",
        ],
    },
];

/// The workspace's root, found at run time (note 1).
///
/// # Panics
/// When neither `CARGO_MANIFEST_DIR` nor the current directory is inside a cargo workspace:
/// the tests are run from somewhere they cannot find their files.
pub fn root() -> PathBuf {
    static ROOT: OnceLock<PathBuf> = OnceLock::new();
    ROOT.get_or_init(|| {
        let start = std::env::var_os("CARGO_MANIFEST_DIR")
            .map(PathBuf::from)
            .or_else(|| std::env::current_dir().ok())
            .unwrap_or_default();
        workspace_of(&start).unwrap_or_else(|| {
            panic!(
                "no cargo workspace at or above {} (CARGO_MANIFEST_DIR or the current directory)",
                start.display()
            )
        })
    })
    .clone()
}

/// The nearest folder at or above `start` whose `Cargo.toml` declares a workspace.
fn workspace_of(start: &Path) -> Option<PathBuf> {
    start.ancestors().find_map(|d| {
        let toml = std::fs::read_to_string(d.join("Cargo.toml")).ok()?;
        toml.lines()
            .any(|l| l.trim() == "[workspace]")
            .then(|| d.to_path_buf())
    })
}

/// The dependency called `key`.
///
/// # Panics
/// When there is none: a mistake in a test, not in its input.
pub fn need(key: &str) -> &'static Need {
    NEEDS
        .iter()
        .find(|n| n.key == key)
        .unwrap_or_else(|| panic!("no outside dependency called {key}"))
}

/// The folders a program is looked for in: `PATH`, then Cargo's `bin` folders.
fn program_dirs() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).collect())
        .unwrap_or_default();
    if let Some(home) = std::env::var_os("CARGO_HOME") {
        dirs.push(PathBuf::from(home).join("bin"));
    }
    if let Some(home) = std::env::var_os("HOME") {
        dirs.push(PathBuf::from(home).join(".cargo/bin"));
    }
    dirs
}

/// Where the program `name` is, if anywhere.
pub fn program(name: &str) -> Option<PathBuf> {
    program_dirs()
        .into_iter()
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}

/// Whether a tmpfs can be mounted here (note 2).
fn tmpfs_mounts() -> bool {
    let dir = std::env::temp_dir().join(format!("needs-tmpfs-{}", std::process::id()));
    if std::fs::create_dir_all(&dir).is_err() {
        return false;
    }
    let quiet = |cmd: &mut Command| {
        cmd.stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    let mounted = quiet(
        Command::new("mount")
            .args(["-t", "tmpfs", "-o", "size=64k", "tmpfs"])
            .arg(&dir),
    );
    if mounted {
        quiet(Command::new("umount").arg(&dir));
    }
    let _ = std::fs::remove_dir(&dir);
    mounted
}

impl Need {
    /// The folder of a [`Probe::Folder`] dependency: its environment variable, else its path
    /// from the workspace's root, as it is now. A test hands this folder to the program it
    /// tests, so that what the test uses is what was checked.
    ///
    /// # Panics
    /// For a dependency found another way: a mistake in a test.
    pub fn folder(&self) -> PathBuf {
        match self.probe {
            Probe::Folder(var, default) => {
                std::env::var_os(var).map_or_else(|| root().join(default), PathBuf::from)
            }
            _ => panic!("{} is not a folder", self.key),
        }
    }

    /// Whether its switch is `1`.
    pub fn required(&self) -> bool {
        std::env::var_os(self.switch).is_some_and(|v| v == "1")
    }

    /// What of it is missing, or `None` when it is all here.
    pub fn missing(&self) -> Option<String> {
        match self.probe {
            Probe::Programs(names) => {
                let gone: Vec<&str> = names
                    .iter()
                    .copied()
                    .filter(|n| program(n).is_none())
                    .collect();
                (!gone.is_empty()).then(|| format!("not on PATH: {}", gone.join(" ")))
            }
            Probe::Paths(paths) => {
                let gone: Vec<&str> = paths
                    .iter()
                    .copied()
                    .filter(|p| !root().join(p).exists())
                    .collect();
                (!gone.is_empty()).then(|| format!("not found: {}", gone.join(" ")))
            }
            Probe::Folder(..) => {
                let dir = self.folder();
                (!dir.is_dir()).then(|| format!("no folder {}", dir.display()))
            }
            Probe::Tmpfs => (!tmpfs_mounts()).then(|| "cannot mount a tmpfs".to_string()),
        }
    }

    /// The message of a test that runs without it: required by its switch, or run on
    /// purpose (`--ignored`, `--include-ignored`).
    pub fn absence(&self, why: &str) -> String {
        let how = if self.required() {
            format!("{}=1 requires it", self.switch)
        } else {
            "the test was run although it is missing".to_string()
        };
        format!(
            "{} is missing ({why}); {how}. Install: {}",
            self.what, self.install
        )
    }

    /// Why a test without it is skipped: what is missing, how to install it and the switch
    /// that would make its absence a failure.
    pub fn skip_reason(&self, why: &str) -> String {
        format!(
            "needs {} ({why}; install: {}; {}=1 requires it)",
            self.what, self.install, self.switch
        )
    }
}

/// For a test that needs `key`: returns when it is here, else fails naming it.
///
/// # Panics
/// When the dependency is missing: the test was built to run (found, or required by its
/// switch), so its absence is a failure, never a silent pass.
pub fn require(key: &str) {
    let n = need(key);
    if let Some(why) = n.missing() {
        panic!("{}", n.absence(&why));
    }
}

/// The folder of the dependency `key` as it is now ([`Need::folder`]).
pub fn folder(key: &str) -> PathBuf {
    need(key).folder()
}

/// The report of `needs check`: one line per dependency, and whether a required one is missing.
pub fn report() -> (String, bool) {
    let mut text = String::new();
    let mut failed = false;
    for n in NEEDS {
        let state = match n.missing() {
            None => "present".to_string(),
            Some(why) if n.required() => {
                failed = true;
                format!("MISSING and required by {}=1 ({why})", n.switch)
            }
            Some(why) => format!("missing, its tests are skipped ({why})"),
        };
        text.push_str(&format!(
            "{:<11} {}: {state}\n            needed by {}; install: {}\n",
            n.key,
            n.what,
            n.tests.join(", "),
            n.install
        ));
    }
    (text, failed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_named_test_file_exists_and_each_key_is_unique() {
        for (i, n) in NEEDS.iter().enumerate() {
            assert!(NEEDS[..i].iter().all(|m| m.key != n.key), "{}", n.key);
            assert!(n.switch.starts_with("RETRO_REQUIRE_"), "{}", n.key);
            for t in n.tests {
                assert!(root().join(t).exists(), "{}: {t}", n.key);
            }
        }
    }

    #[test]
    fn the_root_is_found_from_the_current_files() {
        let root = root();
        assert!(
            root.join("crates/needs/Cargo.toml").is_file(),
            "{}",
            root.display()
        );
        // A copy elsewhere is its own workspace.
        let copy = std::env::temp_dir().join(format!("needs-root-{}", std::process::id()));
        std::fs::create_dir_all(copy.join("crates/x")).unwrap();
        std::fs::write(copy.join("Cargo.toml"), "[workspace]\nmembers = []\n").unwrap();
        std::fs::write(copy.join("crates/x/Cargo.toml"), "[package]\n").unwrap();
        assert_eq!(workspace_of(&copy.join("crates/x")), Some(copy.clone()));
        std::fs::remove_dir_all(&copy).unwrap();
    }

    #[test]
    fn a_missing_program_is_named() {
        let n = Need {
            key: "x",
            what: "x",
            switch: "RETRO_REQUIRE_NOTHING_AT_ALL",
            install: "-",
            probe: Probe::Programs(&["sh", "no-such-program-anywhere"]),
            tests: &[],
        };
        assert_eq!(
            n.missing().as_deref(),
            Some("not on PATH: no-such-program-anywhere")
        );
        assert!(!n.required());
        assert!(n
            .absence("gone")
            .contains("the test was run although it is missing"));
        assert!(n
            .skip_reason("gone")
            .contains("RETRO_REQUIRE_NOTHING_AT_ALL=1 requires it"));
    }

    #[test]
    fn a_missing_path_is_named_and_a_present_one_is_not() {
        let n = Need {
            key: "x",
            what: "x",
            switch: "RETRO_REQUIRE_NOTHING_AT_ALL",
            install: "-",
            probe: Probe::Paths(&["Cargo.toml", "no/such/file"]),
            tests: &[],
        };
        assert_eq!(n.missing().as_deref(), Some("not found: no/such/file"));
    }
}
