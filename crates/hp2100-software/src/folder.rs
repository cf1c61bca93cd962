//! Where HP's software is: the folder of HP's tapes and sources (`basic/`, `tools/`, ...), as
//! `../shared/hp2100-software/README.md` lays it out. The project never copies these files;
//! every run reads them from the folder the operator names.
//!
//! Notes:
//!
//! 1. The folder is, in this order: the command's `--software DIR`, the environment variable
//!    [`ENV_VAR`], else [`DEFAULT_DIR`] relative to the current directory (a checkout's root
//!    beside the shared material, as the tests find it). When that folder is not there, the
//!    same place beside the checkout retro was built from is tried, so a command run from
//!    another directory still finds the shared material; the message for a missing tape
//!    names the folder relative to the current directory.
//! 2. A missing tape is named with the folder looked in and both ways of pointing elsewhere,
//!    so a person without HP's software learns what to get and where to put it.

use std::path::{Path, PathBuf};

/// The environment variable naming HP's software folder.
pub const ENV_VAR: &str = "HP2100_SOFTWARE_DIR";

/// The folder used when neither the option nor the variable names one (note 1).
pub const DEFAULT_DIR: &str = "../shared/hp2100-software";

/// HP's software folder (note 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Folder {
    dir: PathBuf,
}

/// A tape or source of HP's that is not in the folder, or cannot be read (note 2).
#[derive(Debug, thiserror::Error)]
#[error(
    "{what} is not in {dir}: cannot read {file}: {source}\n\
     HP's software is not part of retro; point to the folder that holds HP's tapes \
     (basic/, tools/) with --software DIR or the environment variable {ENV_VAR}"
)]
pub struct Missing {
    pub what: String,
    pub dir: String,
    pub file: String,
    pub source: std::io::Error,
}

impl Folder {
    /// The folder named by the operator, else by [`ENV_VAR`], else [`DEFAULT_DIR`].
    pub fn find(explicit: Option<&Path>) -> Folder {
        let dir = match explicit {
            Some(d) => d.to_path_buf(),
            None => match std::env::var_os(ENV_VAR) {
                Some(d) => PathBuf::from(d),
                None => [PathBuf::from(DEFAULT_DIR), Self::beside_checkout()]
                    .into_iter()
                    .find(|d| d.is_dir())
                    .unwrap_or_else(|| PathBuf::from(DEFAULT_DIR)),
            },
        };
        Folder { dir }
    }

    /// [`DEFAULT_DIR`] beside the checkout this crate was built from (note 1).
    fn beside_checkout() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../..")
            .join(DEFAULT_DIR)
    }

    /// The folder at `dir`.
    pub fn at(dir: impl Into<PathBuf>) -> Folder {
        Folder { dir: dir.into() }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The path of a file in the folder (`basic/hpbasic.abs`).
    pub fn path(&self, rel: &str) -> PathBuf {
        self.dir.join(rel)
    }

    /// Read a file of the folder; `what` names it for the operator (note 2).
    ///
    /// # Errors
    /// The file is missing or unreadable.
    pub fn read(&self, rel: &str, what: &str) -> Result<Vec<u8>, Missing> {
        let file = self.path(rel);
        std::fs::read(&file).map_err(|source| Missing {
            what: what.to_string(),
            dir: self.dir.display().to_string(),
            file: file.display().to_string(),
            source,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_tape_names_the_folder_and_both_ways_to_point_elsewhere() {
        let f = Folder::at("/no/such/folder");
        let e = f.read("basic/hpbasic.abs", "HP BASIC's tape").unwrap_err();
        let text = e.to_string();
        for part in [
            "HP BASIC's tape",
            "/no/such/folder",
            "/no/such/folder/basic/hpbasic.abs",
            "--software DIR",
            ENV_VAR,
        ] {
            assert!(text.contains(part), "{part}: {text}");
        }
    }

    #[test]
    fn the_operators_folder_comes_first() {
        let f = Folder::find(Some(Path::new("/here")));
        assert_eq!(f.dir(), Path::new("/here"));
        assert_eq!(f.path("basic/x.abs"), PathBuf::from("/here/basic/x.abs"));
    }
}
